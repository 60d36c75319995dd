// The benchmark entries of Hopscotch (`gamesolver bench`), with the answers each run must give.
#include "tools/common/bench_entry.h"

namespace gs::tools {

std::vector<BenchEntry> hopscotch_bench_entries() {
  using enum Suite;
  return {
      // Hopscotch: deal 1 decided by the search alone, deal 7248 by nested rollouts (the search
      // alone takes 170 M nodes), 20 deals, all won with the stock known, and the player that
      // does not see the stock.
      {"hopscotch",
       "deal-1",
       "search",
       {"hopscotch", "--seed", "1", "--rollout-level", "0"},
       {{"/won", "true"}, {"/score", "48"}},
       "/nodes",
       quick},
      {"hopscotch",
       "deal-7248",
       "nested-rollouts",
       {"hopscotch", "--seed", "7248"},
       {{"/won", "true"}, {"/score", "48"}},
       "/rollouts",
       standard},
      {"hopscotch",
       "deals-1-20",
       "rollouts-and-search",
       {"hopscotch", "stats", "--deals", "20"},
       {{"/won", "20"}},
       "/nodes",
       standard},
      {"hopscotch",
       "deals-1-100",
       "normal-play",
       {"hopscotch", "stats", "--normal", "--deals", "100"},
       {{"/won", "77"}},
       "/imagined_games",
       standard},
  };
}

}  // namespace gs::tools
