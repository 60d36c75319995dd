// A game or solution as a sequence of pictures, for `gamesolver view` (tools/view/): one SVG
// frame for the start and one after each move, each with a caption. Each game builds its own
// from its files (peg solution files, Hopscotch play files, Mount'n Fall match records, hunt
// game records).
#pragma once

#include <string>
#include <vector>

namespace gs::tools {

struct Replay {
  std::string title;
  std::vector<std::string> frames;    // SVG documents, the start first
  std::vector<std::string> captions;  // one a frame
  std::string final_position;         // in the game's notation: what the last frame shows
};

}  // namespace gs::tools
