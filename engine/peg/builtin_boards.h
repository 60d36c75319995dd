// The boards shipped in data/boards, compiled into the binary by cmake/embed_boards.cmake.
#pragma once

#include <string>
#include <vector>

namespace gs::peg {

struct BuiltinBoardText {
  std::string name;
  std::string text;
};

const std::vector<BuiltinBoardText>& builtin_board_texts();

}  // namespace gs::peg
