#include "tools/mountnfall/mountnfall_drawing.h"

namespace gs::mountnfall {

draw::Diagram diagram_of(const MountNFall& game, const Position& p) {
  draw::Diagram d;
  d.squares = true;
  const int n = game.size();
  for (int rank = n - 1; rank >= 0; --rank)  // rank n at the top, as the notation prints it
    for (int file = 0; file < n; ++file) {
      const int square = rank * n + file;
      d.points.push_back({.x = double(file), .y = double(n - 1 - rank), .name = game.square_name(square)});
      const int cell = p.cells[static_cast<std::size_t>(square)];
      if (cell != 0)
        d.pieces.push_back({.point = static_cast<int>(d.points.size()) - 1,
                            .kind = cell > 0 ? "white" : "black",
                            .text = std::to_string(cell > 0 ? cell : -cell)});
    }
  d.caption = std::string(p.white_to_move ? "White" : "Black") + " to move";
  return d;
}

}  // namespace gs::mountnfall
