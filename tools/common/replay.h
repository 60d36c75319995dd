// A game or solution as a sequence of pictures, for `gamesolver view` (tools/view/): one SVG
// frame for the start and one after each move, each with a caption. Each game builds its own
// from its files (peg solution files, Hopscotch play files, Mount'n Fall match records, hunt
// game records).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tools/draw/diagram.h"

namespace gs::tools {

struct Replay {
  std::string title;
  std::vector<std::string> frames;    // SVG documents, the start first
  std::vector<std::string> captions;  // one a frame
  std::string final_position;         // in the game's notation: what the last frame shows
};

// The frames of a game played move by move from its start: each position after a move is drawn
// with that move's arrow (found by comparing it with the position before).
class DiagramReplay {
 public:
  DiagramReplay(Replay& replay, draw::Diagram start) : replay_(replay), before_(std::move(start)) {
    replay_.frames.push_back(draw::diagram_svg(before_));
    replay_.captions.push_back("start");
  }
  int moves() const { return static_cast<int>(replay_.captions.size()) - 1; }
  void add(draw::Diagram after, const std::string& move) {
    draw::Diagram::Arrow arrow = draw::move_arrow(before_, after);
    arrow.kind = "best";
    before_ = after;
    after.arrows.push_back(arrow);
    replay_.frames.push_back(draw::diagram_svg(after));
    replay_.captions.push_back(std::to_string(moves() + 1) + ". " + move);
  }

 private:
  Replay& replay_;
  draw::Diagram before_;
};

}  // namespace gs::tools
