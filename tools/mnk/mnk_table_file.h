// m,n,k table files: the strong solution written as checked text (solvers/io/checked_text_file.h):
//
//   gamesolver-mnk-table v1 m=3 n=3 k=3 positions=765 index=canonical-packed
//   <packed canonical position in hex> <value for the side to move: 1, 0, -1> <distance in plies>
//   ...
//   checksum: fnv1a64 <hex>
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/core/value.h"
#include "engine/mnk/mnk_game.h"

namespace gs::tools {

struct MnkTable {
  int m = 0, n = 0, k = 0;
  std::unordered_map<std::uint64_t, Value> values;  // by packed canonical position
};

struct MnkTableRecord {
  std::uint64_t position;  // packed, canonical
  Value value;
};

void write_mnk_table(const std::string& path, int m, int n, int k, const std::vector<MnkTableRecord>& records);
// Throws DataError for a file that is damaged or not an m,n,k table.
MnkTable read_mnk_table(const std::string& path);
// Whether the file at `path` begins as an m,n,k table does (for a directory of several kinds).
bool looks_like_mnk_table(const std::string& path);

// Lookups in a table of `game` (the table's m, n, k): the value of p for the side to move, and
// p's moves with their values for the mover (a win in d + 1 plies where the reply loses in d),
// best first: wins before draws before losses, the fastest win, the longest draw or loss. Both
// throw DataError where the table lacks a position (MnkGame::parse refuses those no game reaches).
Value mnk_table_value(const MnkTable& table, const mnk::MnkGame& game, mnk::Position p);
struct MnkTableMove {
  int cell;
  Value value;
};
std::vector<MnkTableMove> mnk_table_moves(const MnkTable& table, const mnk::MnkGame& game, mnk::Position p);

}  // namespace gs::tools
