// A board position as a picture, described without any game in it: points (holes, squares or
// line crossings) with their names, the board's lines, pieces on points, labels (a value on an
// empty cell), marks (a jumped peg) and arrows (a move, with its value). Each game says how its
// positions look (tools/draw/<game>_drawing.h); this file turns the description into SVG, so
// every game's pictures share one look and the browser test reads every game's pieces the same
// way: each piece is an element with data-point (the point's name) and data-piece (its kind).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/core/value.h"

namespace gs::draw {

struct Diagram {
  struct Point {
    double x = 0, y = 0;  // in cells, y down
    std::string name;     // as the game names it ("d4", "(3,2)", "c5")
  };
  struct Piece {
    int point = 0;
    std::string kind;  // peg, fox, goose, hound, tiger, goat, x, o, white, black
    std::string text;  // drawn on the piece (a stack's height), may be empty
  };
  struct Label {  // text on a point, without a piece (an m,n,k cell's value)
    int point = 0;
    std::string text;
    std::string kind;  // win, draw, loss or "" (colours the text)
  };
  struct Mark {  // a ring around a point
    int point = 0;
    std::string kind;  // from (a moving piece), jumped (taken), to
  };
  struct Arrow {  // from == to: a piece put on the point (a ring with the label)
    int from = 0, to = 0;
    std::string kind;  // win, draw, loss, best or "" (colours the arrow)
    std::string label;
  };

  std::string caption;  // under the board
  std::vector<Point> points;
  std::vector<std::pair<int, int>> lines;  // board lines between points (hunt boards)
  bool squares = false;                    // points drawn as chequered squares (m,n,k, Mount'n Fall)
  std::vector<Piece> pieces;
  std::vector<Label> labels;
  std::vector<Mark> marks;
  std::vector<Arrow> arrows;
};

struct SvgLayout {
  double cell = 40;   // pixels between neighbouring points
  bool names = true;  // print point names along the board
};

// A standalone SVG document of one diagram.
std::string diagram_svg(const Diagram& diagram, const SvgLayout& layout = {});
// Many diagrams in rows of `columns` (a solution move by move), each with its caption.
std::string diagram_sheet_svg(const std::vector<Diagram>& diagrams, int columns, const std::string& title,
                              const SvgLayout& layout = {.cell = 18, .names = false});

// The arrow of the move from `before` to `after` (diagrams of the same board): from the point a
// piece left to the point where a piece of its kind arrived (for a move that changes several
// points, such as a collapse or a pile-up, the farthest such point); from == to where a piece
// was put on the board.
Diagram::Arrow move_arrow(const Diagram& before, const Diagram& after);

// "W7" (a win in 7 plies for the side moving), "L12", "D": a move's value on a picture.
std::string short_value(Value v);

// Text for XML: & < > " escaped.
std::string xml_escaped(const std::string& text);

}  // namespace gs::draw
