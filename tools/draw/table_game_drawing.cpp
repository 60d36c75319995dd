#include "tools/draw/table_game_drawing.h"

namespace gs::draw {

namespace {

// The points and lines of a hunt board, a point's name as the game's notation gives it.
Diagram hunt_board_diagram(const hunt::HuntBoard& board) {
  Diagram d;
  for (int p = 0; p < board.points(); ++p)
    d.points.push_back({.x = double(board.column(p) - 1), .y = double(board.row(p) - 1), .name = board.point_name(p)});
  for (int p = 0; p < board.points(); ++p)
    for_each_bit(board.neighbours(p), [&](int q) {
      if (q > p) d.lines.emplace_back(p, q);
    });
  return d;
}

}  // namespace

Diagram diagram_of(const hunt::FoxAndHounds& game, const hunt::FoxAndHounds::Position& p) {
  Diagram d;
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

Diagram diagram_of(const hunt::FoxAndGeese& game, const hunt::FoxAndGeese::Position& p) {
  Diagram d = hunt_board_diagram(game.board());
  d.pieces.push_back({.point = p.fox, .kind = "fox"});
  for_each_bit(p.geese, [&](int g) { d.pieces.push_back({.point = g, .kind = "goose"}); });
  d.caption = std::to_string(popcount(p.geese)) + " geese, " + (p.fox_to_move ? "fox" : "geese") + " to move";
  return d;
}

Diagram diagram_of(const hunt::TigersAndGoats& game, const hunt::TigersAndGoats::Position& p) {
  Diagram d = hunt_board_diagram(game.board());
  for_each_bit(p.tigers, [&](int t) { d.pieces.push_back({.point = t, .kind = "tiger"}); });
  for_each_bit(p.goats, [&](int g) { d.pieces.push_back({.point = g, .kind = "goat"}); });
  d.caption = std::to_string(p.in_hand) + " goats in hand, " + std::to_string(p.captured) + " captured, " +
              (p.tigers_to_move ? "tigers" : "goats") + " to move";
  return d;
}

Diagram diagram_of(const mountnfall::MountNFall& game, const mountnfall::Position& p) {
  Diagram d;
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

}  // namespace gs::draw
