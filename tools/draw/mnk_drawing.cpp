#include "tools/draw/mnk_drawing.h"

namespace gs::draw {

Diagram mnk_diagram(const mnk::MnkGame& game, mnk::Position p, const std::vector<CellValue>& values) {
  Diagram d;
  d.squares = true;
  for (int cell = 0; cell < game.cells(); ++cell) {
    const int row = cell / game.m();
    d.points.push_back({.x = double(cell % game.m()), .y = double(row), .name = game.cell_name(cell)});
    if (p.x & bit(cell)) d.pieces.push_back({.point = cell, .kind = "x"});
    if (p.o & bit(cell)) d.pieces.push_back({.point = cell, .kind = "o"});
  }
  for (const CellValue& v : values) d.labels.push_back({.point = v.cell, .text = v.text, .kind = v.kind});
  d.caption = "m,n,k " + game.name() + ", " + (mnk::MnkGame::to_move(p) == mnk::Player::x ? "X" : "O") + " to move";
  return d;
}

}  // namespace gs::draw
