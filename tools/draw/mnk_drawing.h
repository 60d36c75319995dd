// m,n,k positions as diagrams: the board's cells, the stones, and on each empty cell the value
// of playing there for the side to move (where it is known).
#pragma once

#include <string>
#include <vector>

#include "engine/mnk/mnk_game.h"
#include "tools/draw/diagram.h"

namespace gs::draw {

struct CellValue {
  int cell = 0;
  std::string text;  // "win", "W7", "best"
  std::string kind;  // win, draw, loss or best
};

Diagram mnk_diagram(const mnk::MnkGame& game, mnk::Position p, const std::vector<CellValue>& values = {});

}  // namespace gs::draw
