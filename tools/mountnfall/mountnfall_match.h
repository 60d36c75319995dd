// Matches between Mount'n Fall players (the search engine, the baseline) with alternating
// colours, and their Elo difference.
#pragma once

#include <nlohmann/json.hpp>

#include "tools/common/cli.h"

#include "tools/common/replay.h"

namespace gs::tools {

struct MatchOptions {
  cli::GlobalOptions global;
  int size = 8, triangle = 5;
  int games = 10;
  double seconds = 0.1;  // per move, both players
  int max_plies = 200;   // a game this long is scored as a draw
  std::string player = "engine", opponent = "baseline";
};

Report mountnfall_match(const MatchOptions& options);
// The frames of game `number` (1-based) of a match's --json result (DataError if it is not one).
Replay mountnfall_replay(const nlohmann::json& match, int number);
// A person against the engine on standard input and output.
int mountnfall_play(int size, int triangle, double seconds, bool human_white);

}  // namespace gs::tools
