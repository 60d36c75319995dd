#include "tools/draw/peg_drawing.h"

#include <cmath>

#include "engine/peg/notation.h"

namespace gs::draw {

Diagram peg_diagram(const peg::Board& board, peg::Position pos, const peg::Jump* next) {
  Diagram d;
  const bool triangular = board.geometry() == peg::JumpGeometry::triangular;
  for (int h = 0; h < board.holes(); ++h) {
    const GridPoint g = board.point(h);
    // Skew coordinates: row r's holes sit half a hole left of row r - 1's.
    d.points.push_back({.x = triangular ? g.col - 0.5 * g.row : double(g.col),
                        .y = triangular ? g.row * std::sqrt(3.0) / 2 : double(g.row),
                        .name = peg::hole_name(board, h)});
    if (pos & bit(h)) d.pieces.push_back({.point = h, .kind = "peg"});
  }
  if (next) {
    d.marks.push_back({.point = next->from, .kind = "from"});
    d.marks.push_back({.point = next->over, .kind = "jumped"});
    d.arrows.push_back({.from = next->from, .to = next->to, .kind = "best"});
  }
  return d;
}

std::vector<Diagram> peg_solution_frames(const peg::Board& board, peg::Position start,
                                         const std::vector<peg::Jump>& jumps) {
  std::vector<Diagram> frames;
  peg::Position pos = start;
  for (std::size_t i = 0; i < jumps.size(); ++i) {
    frames.push_back(peg_diagram(board, pos, &jumps[i]));
    frames.back().caption = std::to_string(i + 1) + ". " + peg::jump_name(board, jumps[i]);
    pos ^= jumps[i].all;
  }
  frames.push_back(peg_diagram(board, pos));
  frames.back().caption = std::to_string(std::popcount(pos)) + (std::popcount(pos) == 1 ? " peg" : " pegs");
  return frames;
}

std::string peg_solution_svg(const peg::Board& board, peg::Position start, const std::vector<peg::Jump>& jumps,
                             const std::string& title) {
  const auto frames = peg_solution_frames(board, start, jumps);
  const int columns = frames.size() <= 12 ? 4 : frames.size() <= 40 ? 6 : 8;
  return diagram_sheet_svg(frames, columns, title);
}

}  // namespace gs::draw
