// Solved-layer table files, format v2: a checked text header (see checked_text_file.h), a block
// index, then the layer in blocks of 65,536 positions, each stored raw or zstd-compressed on its
// own so that a probe reads and unpacks one block, never the whole layer:
//
//   gamesolver-table v2 game=fox-hounds variant=8x8 layer=3 index=fox.houndset-by-advance.side
//   positions: 1234          entries in the layer (indices, with or without a position)
//   wins: 600
//   losses: 500
//   draws: 0
//   longest: 41
//   encoding: zstd
//   block-positions: 65536
//   distance-bytes: 1        1 when every distance is below 256, else 2
//   blocks: 1
//   payload-bytes: 3456      the blocks, after the index
//   block-index: fnv1a64 0123456789abcdef
//   checksum: fnv1a64 fedcba9876543210
//   <block index: blocks + 1 offsets into the payload, then each block's fnv1a64; 8 bytes each>
//   <payload>
//
// A block unpacks to the value of each position, 2 bits (0 no position, then the Outcome code:
// 1 win, 2 loss, 3 draw), four to a byte, then the distances of its wins and losses only, in
// index order, little-endian. Files are written atomically. Reading refuses a file whose header,
// index or block checksum or size is wrong, or whose game, variant, layer, index scheme or size is
// not the expected one.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gs {

struct TableHeader {
  std::string game, variant, index_scheme;
  int layer = 0;
  std::uint64_t positions = 0;  // entries
  std::uint64_t wins = 0, losses = 0, draws = 0;
  int longest = 0;
  // The header's own fnv1a64 (16 hex digits), set when a file is written or read. The header
  // holds the block index's checksum, which holds each block's: it names the whole file.
  std::string checksum;
  // Not in the file: for a rule table stated from the plain one (solvers/probe/stated_layer.h),
  // the plain file's checksum; its counts are the plain table's, `longest` the bound on play
  // without progress.
  std::string stated_from;
};

// `entries`: per index, the Outcome code in bits 0-1 and the distance above (ValueTable's form).
// Returns the header's checksum.
std::string write_table_file(const std::string& path, const TableHeader& header,
                             const std::vector<std::uint16_t>& entries, bool compress);

// The pieces of write_table_file, for writers that write a file in parts (the ranks of a
// distributed build, each its own blocks; solvers/retrograde/sliced_table_write.h):
inline constexpr std::uint64_t kTableBlockPositions = 65536;
// The stored form of blocks [first, last) of a layer's entries (header: its `longest`).
std::vector<std::string> encode_table_blocks(const TableHeader& header, const std::vector<std::uint16_t>& entries,
                                             std::uint64_t first, std::uint64_t last, bool compress);
std::uint64_t table_block_checksum(std::string_view stored);
// The file up to the payload (header, checksum line, block index) for blocks of these stored
// sizes and checksums; sets `checksum` to the header's.
std::string table_file_head(const TableHeader& header, bool compress, const std::vector<std::uint64_t>& sizes,
                            const std::vector<std::uint64_t>& checksums, std::string& checksum);

struct TableFile {
  TableHeader header;
  std::vector<std::uint16_t> entries;
};

// The whole layer. `expected`: game, variant, index_scheme, layer and positions must match.
// Throws DataError.
TableFile read_table_file(const std::string& path, const TableHeader& expected);

// The same a block at a time, without the whole layer in memory: `start(header)` once the header
// is checked, then `block(entries)` for each block in index order; the header's counts are
// checked against the values at the end. Returns the header. Throws DataError.
TableHeader read_table_blocks(const std::string& path, const TableHeader& expected,
                              const std::function<void(const TableHeader&)>& start,
                              const std::function<void(std::span<const std::uint16_t>)>& block);

// Checks the whole file (header, block index, every block's checksum) without unpacking it;
// returns its header. Throws DataError.
TableHeader check_table_file(const std::string& path, const TableHeader& expected);

// One layer file open for probing: the header and block index are read and checked once; an
// entry reads, checks and unpacks only its block (the last few are kept). Not thread-safe.
class TableBlocks {
 public:
  TableBlocks(const std::string& path, const TableHeader& expected);
  TableBlocks(TableBlocks&&) noexcept;
  TableBlocks& operator=(TableBlocks&&) noexcept;
  ~TableBlocks();

  const TableHeader& header() const;
  std::uint16_t entry(std::uint64_t index);  // as in TableFile::entries
  // Every block's stored bytes against the block index, one block in memory at a time
  // (DataError naming the first damaged block).
  void check_blocks();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace gs
