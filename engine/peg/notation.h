// Peg solitaire notation. Holes: column letter a, b, c, ... left to right, row number 1, 2, ...
// bottom to top (the English centre is d4). Jumps: "from-to" (d2-d4). Positions: either a grid
// ("x" peg, "o" empty hole, "." no hole, rows top to bottom separated by '/' or newlines) or a
// list of occupied holes separated by commas or spaces ("d2,d3,e4").
#pragma once

#include <string>
#include <vector>

#include "engine/peg/board.h"

namespace gs::peg {

std::string hole_name(const Board& board, int hole);
int parse_hole(const Board& board, const std::string& name);  // throws InputError

std::string jump_name(const Board& board, const Jump& jump);
// The jump "from-to" legal in `pos`; throws InputError if malformed, DataError if not legal.
const Jump& parse_jump(const Board& board, Position pos, const std::string& text);

Position parse_position(const Board& board, const std::string& text);  // throws InputError
Position parse_grid(const Board& board, const std::string& text);      // a grid only; throws InputError
std::string position_grid(const Board& board, Position pos);           // one line, rows joined by '/'
std::string position_diagram(const Board& board, Position pos);        // multi-line with coordinates
std::vector<std::string> hole_names(const Board& board, Bitboard holes);

// Number of moves in a jump sequence, a move being one peg's run of consecutive jumps.
int count_moves(const std::vector<Jump>& jumps);

}  // namespace gs::peg
