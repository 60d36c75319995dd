// The jobs of `gamesolver hopscotch`: each returns its Report (JSON and summary).
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/hopscotch/cards.h"
#include "tools/common/cli.h"
#include "tools/common/replay.h"

namespace gs::tools {

struct HopscotchOptions {
  cli::GlobalOptions global;
  int threads = 1;
  std::uint64_t node_limit = 0;   // per deal, 0 = none
  std::uint64_t retry_nodes = 0;  // stats: node limit of a second try of the unresolved deals (0 = none)
  // stats: after node_limit, rounds of 4 times more nodes each for the deals still unresolved,
  // until none is (stats' default: every deal decided, with no flag).
  bool growing_budget = false;
  int memo_bits = 20;     // per thread: 2^N entries of 40 bytes
  int rollout_level = 4;  // known stock: the highest level of nested rollouts tried (0: the search alone)
  int samples = 256;      // normal play: imagined stock orders per decision (0 = the plain heuristic)
  // normal play: the last cards played optimally (tools/hopscotch, ExactEndgame; 0 = none)
  int exact_last = 6;
};

// Decides one deal with the stock order known; writes the play to `output` when given. With
// `normal_play`, plays it instead without seeing the stock; `seed` draws the orders it imagines
// (the deal's number, so that the game is the one `stats --normal` plays).
Report hopscotch_solve(const hopscotch::Deal& deal, const std::string& label, const HopscotchOptions& options,
                       const std::string& output, bool normal_play, std::uint64_t seed);
// A person plays the deal in the terminal (standard input), with the player's advice on request.
int hopscotch_play(const hopscotch::Deal& deal, const std::string& label, std::uint64_t seed,
                   const HopscotchOptions& options);
// Replays a play file; `valid` tells the caller the exit code.
Report hopscotch_verify(const std::string& path, const HopscotchOptions& options, bool& valid);
// The frames of a play file: the tableau before the first play and after each (DataError if
// the file is damaged or a play is illegal).
Replay hopscotch_replay(const std::string& path);
// Solves the deals numbered seed .. seed + deals - 1 in parallel, with the stock order known.
Report hopscotch_stats(std::uint64_t deals, std::uint64_t seed, const HopscotchOptions& options);
// Plays the same deals without seeing the stock (heuristic_player.h), in parallel: the win rate
// with its interval, and the time a deal takes. The same games with any number of threads. With
// exact_last, the player's last cards measured against optimal play (unseen_stock_game.h).
Report hopscotch_normal_stats(std::uint64_t deals, std::uint64_t seed, const HopscotchOptions& options);

}  // namespace gs::tools
