#include "solvers/retrograde/sliced_table_write.h"

#include <fcntl.h>
#include <unistd.h>
#include <system_error>

#include <cerrno>
#include <cstring>

#include <tbb/parallel_for.h>

#include "engine/core/errors.h"
#include "solvers/io/output_file.h"
#include "solvers/io/stale_temporaries.h"

namespace gs {

namespace {

[[noreturn]] void fail(const std::string& path, int error) {
  throw DataError("cannot write " + path + ": " + std::generic_category().message(error));
}

void write_at(int fd, const std::string& bytes, std::uint64_t offset, const std::string& path) {
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::pwrite(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(path, n < 0 ? errno : ENOSPC);
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace

std::string write_table_file_in_slices(const std::string& path, const TableHeader& header,
                                       const std::vector<std::uint16_t>& entries, bool compress, Ranks& ranks,
                                       std::uint64_t begin, std::uint64_t end) {
  const std::uint64_t first = begin / kTableBlockPositions,
                      last = (end + kTableBlockPositions - 1) / kTableBlockPositions;
  std::vector<std::string> mine(last - first);
  tbb::parallel_for(first, last, [&](std::uint64_t b) {
    mine[b - first] = std::move(encode_table_blocks(header, entries, b, b + 1, compress).front());
  });
  std::vector<std::uint64_t> words;
  for (const auto& block : mine) words.push_back(block.size()), words.push_back(table_block_checksum(block));
  const std::vector<std::uint64_t> all = ranks.gather_all(std::move(words));  // in rank order: block order
  std::vector<std::uint64_t> sizes, checksums;
  for (std::size_t k = 0; k + 1 < all.size(); k += 2) sizes.push_back(all[k]), checksums.push_back(all[k + 1]);
  std::string checksum;
  const std::string head = table_file_head(header, compress, sizes, checksums, checksum);
  std::uint64_t offset = head.size();
  for (std::uint64_t b = 0; b < first; ++b) offset += sizes[b];

  const std::uint64_t writer = ranks.max(ranks.rank() == 0 ? static_cast<std::uint64_t>(::getpid()) : 0);
  const std::string tmp = path + ".tmp." + std::to_string(writer);
  int fd = -1;
  if (ranks.rank() == 0) {
    fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) fail(tmp, errno);
    lock_temporary(fd);  // rank 0's until renamed or dead
    write_at(fd, head, 0, tmp);
  }
  ranks.barrier();  // the file exists
  if (ranks.rank() != 0) {
    fd = ::open(tmp.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) fail(tmp, errno);
  }
  for (const auto& block : mine) {
    write_at(fd, block, offset, tmp);
    offset += block.size();
  }
  if (::fsync(fd) != 0) fail(tmp, errno);
  if (ranks.rank() != 0 && ::close(fd) != 0) fail(tmp, errno);
  ranks.barrier();  // every block on disk
  if (ranks.rank() == 0) {
    if (::close(fd) != 0) fail(tmp, errno);
    rename_into_place(tmp, path, path);
  }
  ranks.barrier();  // the layer's file in place for every rank
  return checksum;
}

}  // namespace gs
