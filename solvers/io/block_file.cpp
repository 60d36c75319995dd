#include "solvers/io/block_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <utility>

#include "engine/core/errors.h"
#include "solvers/io/checked_text_file.h"
#include "solvers/io/little_endian.h"
#include "solvers/io/stale_temporaries.h"

namespace gs {

namespace {

constexpr std::string_view kBlockMagic = "gamesolver-blocks v1\n";
constexpr std::size_t kIndexEntry = 40, kFooter = 32;

}  // namespace

BlockFileWriter::BlockFileWriter(std::string path, std::string_view header, bool durable)
    : path_(std::move(path)), tmp_(temporary_path(path_)), durable_(durable) {
  file_ = std::fopen(tmp_.c_str(), "wb");
  if (!file_) throw DataError("cannot write " + path_);
  lock_temporary(fileno(file_));  // ours until renamed or dead (stale_temporaries.h)
  std::string start(kBlockMagic);
  put_le64(start, header.size());
  start += header;
  header_hash_ = fnv1a64(start);
  write(start.data(), start.size());
}

BlockFileWriter::~BlockFileWriter() {
  if (file_) {
    std::fclose(file_);
    std::filesystem::remove(tmp_);
  }
}

void BlockFileWriter::write(const void* data, std::size_t size) {
  if (size != 0 && std::fwrite(data, 1, size, file_) != size)
    throw DataError("cannot write " + path_ + " (disk full?)");
  position_ += size;
}

void BlockFileWriter::add(std::string_view bytes, std::uint64_t count, std::uint64_t first_key) {
  index_.push_back(
      {.offset = position_, .size = bytes.size(), .count = count, .first_key = first_key, .checksum = fnv1a64(bytes)});
  total_ += count;
  write(bytes.data(), bytes.size());
}

std::uint64_t BlockFileWriter::finish() {
  std::string tail;
  for (const BlockInfo& b : index_) {
    put_le64(tail, b.offset), put_le64(tail, b.size), put_le64(tail, b.count), put_le64(tail, b.first_key);
    put_le64(tail, b.checksum);
  }
  const std::uint64_t index_offset = position_;
  put_le64(tail, index_offset);
  put_le64(tail, index_.size());
  put_le64(tail, total_);
  put_le64(tail, fnv1a64(tail, header_hash_));  // header, index, and the footer's first fields
  write(tail.data(), tail.size());
  const bool flushed = std::fflush(file_) == 0 && (!durable_ || fsync(fileno(file_)) == 0);
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  std::error_code ec;
  if (flushed && closed) std::filesystem::rename(tmp_, path_, ec);
  if (!flushed || !closed || ec) {
    std::filesystem::remove(tmp_);
    throw DataError("cannot write " + path_ + (ec ? ": " + ec.message() : std::string(" (disk full?)")));
  }
  return position_;
}

BlockFileReader::BlockFileReader(const std::string& path) : path_(path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) throw DataError("cannot read " + path);
  struct stat st {};
  fstat(fd, &st);
  size_ = static_cast<std::uint64_t>(st.st_size);
  if (size_ < kBlockMagic.size() + 8 + kFooter) {
    ::close(fd);
    throw DataError(path + ": not a gamesolver block file (too short)");
  }
  void* p = mmap(nullptr, size_, PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);
  if (p == MAP_FAILED) throw DataError("cannot map " + path);
  data_ = static_cast<const char*>(p);
  madvise(p, size_, MADV_SEQUENTIAL);
  auto fail = [&](const std::string& why) {
    munmap(const_cast<char*>(data_), size_);
    data_ = nullptr;
    throw DataError(path + ": " + why);
  };
  if (std::string_view(data_, kBlockMagic.size()) != kBlockMagic) fail("not a gamesolver block file");
  const std::uint64_t header_size = get_le64(data_ + kBlockMagic.size());
  const char* footer = data_ + size_ - kFooter;
  const std::uint64_t index_offset = get_le64(footer), blocks = get_le64(footer + 8);
  total_ = get_le64(footer + 16);
  const std::uint64_t header_end = kBlockMagic.size() + 8 + header_size;
  if (header_end > size_ || index_offset < header_end || index_offset + blocks * kIndexEntry + kFooter != size_)
    fail("damaged (sizes do not add up)");
  std::uint64_t h = fnv1a64(std::string_view(data_, header_end));
  h = fnv1a64(std::string_view(data_ + index_offset, size_ - index_offset - 8), h);
  if (h != get_le64(footer + 24)) fail("header or index checksum mismatch (file altered or damaged)");
  header_.assign(data_ + kBlockMagic.size() + 8, header_size);
  index_.resize(blocks);
  for (std::uint64_t b = 0; b < blocks; ++b) {
    const char* e = data_ + index_offset + b * kIndexEntry;
    index_[b] = {get_le64(e), get_le64(e + 8), get_le64(e + 16), get_le64(e + 24), get_le64(e + 32)};
    if (index_[b].offset < header_end || index_[b].offset + index_[b].size > index_offset) fail("damaged block index");
  }
}

BlockFileReader::BlockFileReader(BlockFileReader&& o) noexcept { *this = std::move(o); }
BlockFileReader& BlockFileReader::operator=(BlockFileReader&& o) noexcept {
  std::swap(path_, o.path_), std::swap(header_, o.header_), std::swap(data_, o.data_);
  std::swap(size_, o.size_), std::swap(total_, o.total_), std::swap(index_, o.index_);
  return *this;
}
BlockFileReader::~BlockFileReader() {
  if (data_) munmap(const_cast<char*>(data_), size_);
}

std::string_view BlockFileReader::block(std::size_t b) const {
  const BlockInfo& info = index_[b];
  const std::string_view bytes(data_ + info.offset, info.size);
  if (fnv1a64(bytes) != info.checksum)
    throw DataError(path_ + ": block " + std::to_string(b) + " checksum mismatch (file altered or damaged)");
  return bytes;
}

void BlockFileReader::release(std::size_t b) const {
  if (size_ < (std::uint64_t{256} << 20)) return;  // a small file costs less held than released block by block
  static const auto page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
  const BlockInfo& info = index_[b];
  const std::uint64_t first = (info.offset + page - 1) / page * page, last = (info.offset + info.size) / page * page;
  if (first < last) madvise(const_cast<char*>(data_) + first, last - first, MADV_DONTNEED);
}

bool block_file_ok(const std::string& path) {
  try {
    BlockFileReader reader(path);
    return true;
  } catch (const DataError&) {
    return false;
  }
}

}  // namespace gs
