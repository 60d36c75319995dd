#include "tools/hunt/hunt_drawing.h"

namespace gs::hunt {

namespace {

// The points and lines of a hunt board, a point's name as the game's notation gives it.
draw::Diagram hunt_board_diagram(const HuntBoard& board) {
  draw::Diagram d;
  for (int p = 0; p < board.points(); ++p)
    d.points.push_back({.x = double(board.column(p) - 1), .y = double(board.row(p) - 1), .name = board.point_name(p)});
  for (int p = 0; p < board.points(); ++p)
    for_each_bit(board.neighbours(p), [&](int q) {
      if (q > p) d.lines.emplace_back(p, q);
    });
  return d;
}

}  // namespace

draw::Diagram diagram_of(const FoxAndHounds& game, const FoxAndHounds::Position& p) {
  draw::Diagram d;
  d.squares = true;
  // Every square of the board, the game's (dark) squares named as its notation names them.
  const int n = game.size();
  std::vector<int> point_of(static_cast<std::size_t>(game.squares()), -1);
  for (int r = 1; r <= n; ++r)
    for (int c = 1; c <= n; ++c) {
      int square = -1;
      for (int s = 0; s < game.squares(); ++s)
        if (game.row(s) == r && game.column(s) == c) square = s;
      d.points.push_back({.x = double(c - 1), .y = double(r - 1), .name = square >= 0 ? game.square_name(square) : ""});
      if (square >= 0) point_of[static_cast<std::size_t>(square)] = static_cast<int>(d.points.size()) - 1;
    }
  d.pieces.push_back({.point = point_of[static_cast<std::size_t>(p.fox)], .kind = "fox"});
  for_each_bit(Bitboard{p.hounds},
               [&](int s) { d.pieces.push_back({.point = point_of[static_cast<std::size_t>(s)], .kind = "hound"}); });
  d.caption = std::string(p.fox_to_move ? "fox" : "hounds") + " to move";
  return d;
}

draw::Diagram diagram_of(const FoxAndGeese& game, const FoxAndGeese::Position& p) {
  draw::Diagram d = hunt_board_diagram(game.board());
  d.pieces.push_back({.point = p.fox, .kind = "fox"});
  for_each_bit(p.geese, [&](int g) { d.pieces.push_back({.point = g, .kind = "goose"}); });
  d.caption = std::to_string(popcount(p.geese)) + " geese, " + (p.fox_to_move ? "fox" : "geese") + " to move";
  return d;
}

draw::Diagram diagram_of(const TigersAndGoats& game, const TigersAndGoats::Position& p) {
  draw::Diagram d = hunt_board_diagram(game.board());
  for_each_bit(p.tigers, [&](int t) { d.pieces.push_back({.point = t, .kind = "tiger"}); });
  for_each_bit(p.goats, [&](int g) { d.pieces.push_back({.point = g, .kind = "goat"}); });
  d.caption = std::to_string(p.in_hand) + " goats in hand, " + std::to_string(p.captured) + " captured, " +
              (p.tigers_to_move ? "tigers" : "goats") + " to move";
  return d;
}

}  // namespace gs::hunt
