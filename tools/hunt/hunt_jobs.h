// The jobs of `gamesolver hunt`: each returns its Report (JSON and summary).
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "tools/common/table_jobs.h"

namespace gs::tools {

struct HuntOptions : table_jobs::TableJobOptions {
  std::string game = "fox-hounds";
  int size = 0;            // board size; 0: the real game's (Fox and Hounds 8, Tigers and Goats 5)
  int max_geese = 8;       // Fox and Geese: endgames with 4 to max_geese geese
  int goats = 20;          // Tigers and Goats: goats in all
  int win_captures = 5;    // Tigers and Goats: captures that win
  bool whole_game = true;  // Tigers and Goats: the placement phase too, not only the sliding phase
  int rule = 120;          // Tigers and Goats: plies without progress that draw; 0: no such rule
};

Report hunt_build(const HuntOptions& options);
Report hunt_probe(const HuntOptions& options);
Report hunt_stats(const HuntOptions& options);
Report hunt_sums(const HuntOptions& options);
// A person at the terminal against the tables' perfect player; `side` is the person's (default:
// the side to move first). Returns the exit code.
int hunt_play(const HuntOptions& options, const std::string& side);
// `valid` tells the caller the exit code.
Report hunt_verify(const HuntOptions& options, bool& valid);

}  // namespace gs::tools
