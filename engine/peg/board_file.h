// Board files: optional "key: value" lines (name, jumps, start, finish), '#' comments, then the
// grid, one line per row from the top, 'o' for a hole and '.' for no hole (spaces ignored).
//
//   name: english
//   jumps: orthogonal        # orthogonal | diagonal | triangular
//   ..ooo..
//   ...
#pragma once

#include <string>
#include <vector>

#include "engine/peg/board.h"

namespace gs::peg {

// `origin` names the text in error messages (a file name or "built-in board x").
BoardSpec parse_board_spec(const std::string& text, const std::string& origin);
std::string format_board_spec(const BoardSpec& spec);

std::vector<std::string> builtin_board_names();
// A built-in board by name, or a board file by path; throws InputError.
Board load_board(const std::string& name_or_path);

}  // namespace gs::peg
