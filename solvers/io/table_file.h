// Solved-layer table files. A checked text header (see checked_text_file.h) followed by the
// payload, the layer's 16-bit entries (value and distance, little-endian), raw or zstd:
//
//   gamesolver-table v1 game=fox-hounds variant=8x8 layer=3 index=fox.houndset-by-advance.side
//   positions: 1234          entries in the layer (indices, with or without a position)
//   wins: 600
//   losses: 500
//   draws: 0
//   longest: 41
//   encoding: zstd
//   payload-bytes: 3456
//   payload: fnv1a64 0123456789abcdef
//   checksum: fnv1a64 fedcba9876543210
//   <payload>
//
// Files are written atomically. Reading refuses a file whose header checksum, payload checksum
// or size is wrong, or whose game, variant, layer, index scheme or size is not the expected one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gs {

struct TableHeader {
  std::string game, variant, index_scheme;
  int layer = 0;
  std::uint64_t positions = 0;  // entries
  std::uint64_t wins = 0, losses = 0, draws = 0;
  int longest = 0;
};

void write_table_file(const std::string& path, const TableHeader& header, const std::vector<std::uint16_t>& entries,
                      bool compress);

struct TableFile {
  TableHeader header;
  std::vector<std::uint16_t> entries;
};

// `expected`: game, variant, index_scheme, layer and positions must match. Throws DataError.
TableFile read_table_file(const std::string& path, const TableHeader& expected);

}  // namespace gs
