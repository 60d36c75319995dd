// Append-only files of independent blocks, for data too large to hold in memory (a layer of
// sorted positions, their counts): a writer streams blocks to disk, a reader maps the file and
// hands out any block by number, checked as it is read.
//
//   gamesolver-blocks v1\n
//   <header length: 8 bytes><header text>     the caller's description (what, which problem)
//   <block 0> <block 1> ...                   the caller's bytes
//   <index: per block offset, size, count, first key, fnv1a64 of its bytes; 40 bytes each>
//   <footer: index offset, blocks, total count, fnv1a64 of header and index; 32 bytes>
//
// Integers are little-endian. `count` and `first key` are the caller's (items in the block, the
// first item's sort key) so that a reader can seek by key or position without unpacking blocks.
// The writer writes to a temporary file and renames it on finish(), so a file is whole or absent:
// a long job that stops midway finds only finished files when it resumes. A reader refuses a
// file whose magic, footer, index or header checksum is wrong (DataError), and a block whose
// checksum is wrong when that block is read.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace gs {

struct BlockInfo {
  std::uint64_t offset = 0, size = 0, count = 0, first_key = 0, checksum = 0;
};

class BlockFileWriter {
 public:
  // `durable`: finish() syncs the file to disk before renaming it (off for scratch files that a
  // crash loses anyway).
  BlockFileWriter(std::string path, std::string_view header, bool durable = true);
  BlockFileWriter(const BlockFileWriter&) = delete;
  BlockFileWriter& operator=(const BlockFileWriter&) = delete;
  ~BlockFileWriter();  // an unfinished file is removed

  void add(std::string_view bytes, std::uint64_t count, std::uint64_t first_key);
  // Writes the index and footer, then renames the file into place. Returns the file's size.
  std::uint64_t finish();

 private:
  void write(const void* data, std::size_t size);
  std::string path_, tmp_;
  std::FILE* file_ = nullptr;
  bool durable_;
  std::uint64_t position_ = 0, total_ = 0, header_hash_ = 0;
  std::vector<BlockInfo> index_;
};

class BlockFileReader {
 public:
  explicit BlockFileReader(const std::string& path);  // DataError when absent or damaged
  BlockFileReader(BlockFileReader&&) noexcept;
  BlockFileReader& operator=(BlockFileReader&&) noexcept;
  BlockFileReader(const BlockFileReader&) = delete;
  BlockFileReader& operator=(const BlockFileReader&) = delete;
  ~BlockFileReader();

  const std::string& header() const { return header_; }
  std::size_t blocks() const { return index_.size(); }
  std::uint64_t count() const { return total_; }  // items in all blocks
  std::uint64_t bytes() const { return size_; }
  const BlockInfo& info(std::size_t b) const { return index_[b]; }
  // The bytes of block b, checked against its checksum (DataError if altered).
  std::string_view block(std::size_t b) const;
  // Drops the pages that only block b occupies from this process's memory (in a file of 256 MiB
  // or more), once a caller has unpacked it: a pass over a file of many gigabytes then holds a
  // few blocks of it at a time, not the whole file (the pages stay in the page cache; reading
  // the block again maps them back).
  void release(std::size_t b) const;

 private:
  std::string path_, header_;
  const char* data_ = nullptr;
  std::uint64_t size_ = 0, total_ = 0;
  std::vector<BlockInfo> index_;
};

// True when `path` is a whole, readable block file (index and header intact).
bool block_file_ok(const std::string& path);

}  // namespace gs
