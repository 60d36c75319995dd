// Peg solitaire solution files (text, checksummed, written atomically):
//
//   gamesolver-peg-solution v1 board=english start=d4 finish=d4
//   jumps: orthogonal
//   grid: ..ooo../..ooo../ooooooo/ooooooo/ooooooo/..ooo../..ooo..
//   start-position: ..xxx../..xxx../xxxxxxx/xxxoxxx/xxxxxxx/..xxx../..xxx..
//   moves: 18
//   jump: f4-d4
//   ...
//   checksum: fnv1a64 0123456789abcdef
//
// The board is embedded (geometry and grid), so a file verifies on its own; a file naming a
// built-in board must carry that board's grid.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/peg/board.h"
#include "tools/peg/peg_problem.h"

namespace gs::tools {

inline constexpr const char* kPegSolutionMagic = "gamesolver-peg-solution";  // a solution file's first word

std::string format_peg_solution(const PegRequest& request, const std::vector<peg::Jump>& jumps);

struct PegVerification {
  bool valid = false;
  std::string reason;  // why not, when invalid
  std::string board, start, finish;
  int jumps = 0, moves = 0;
  peg::Position final_position = 0;
  // What a replay draws: the board of the file, its start and its legal jumps in order.
  std::optional<peg::Board> board_of_file;
  peg::Position start_position = 0;
  std::vector<peg::Jump> played;
};

// Throws DataError when the file is unreadable, unsigned, altered or malformed; an illegal jump
// or a wrong finish gives valid = false with the reason.
PegVerification verify_peg_solution(const std::string& path);

}  // namespace gs::tools
