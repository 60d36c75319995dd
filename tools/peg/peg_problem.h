// A peg solitaire request as the command line states it, resolved against a board: the start
// position and the set of allowed finish holes, with the labels used in output and files.
#pragma once

#include <optional>
#include <string>

#include "engine/peg/board.h"
#include "engine/peg/position_class.h"

namespace gs::tools {

struct PegRequest {
  peg::Board board;
  peg::Position start = 0;   // 0 with any_start
  bool any_start = false;    // every single vacancy at once (--start any; --fewest-moves only)
  std::string start_label;   // "d4" for a single vacancy, "any", else the position grid
  Bitboard finishes = 0;     // allowed holes for the last peg
  std::string finish_label;  // "d4" or "any"
};

struct PegRequestOptions {
  std::string board = "english";
  std::optional<std::string> start;     // hole left empty
  std::optional<std::string> position;  // grid or hole list
  std::optional<std::string> finish;    // hole or "any"
  bool any_start_allowed = false;       // the mode takes --start any
};

PegRequest resolve_peg_request(const PegRequestOptions& options);  // throws InputError
PegRequest make_peg_request(const peg::Board& board, peg::Position start, const std::string& finish);

// The label for a start position: its vacant hole when it has exactly one, else its grid.
std::string start_label(const peg::Board& board, peg::Position start);

}  // namespace gs::tools
