// The benchmark entries of the hunt games (`gamesolver bench`), with the answers each run must give.
#include "tools/common/bench_entry.h"

namespace gs::tools {

std::vector<BenchEntry> hunt_bench_entries() {
  using enum Suite;
  return {
      // Hunt games: retrograde tables. Fox and Hounds: the fox loses in 44 plies.
      {"hunt",
       "fox-hounds",
       "retrograde",
       {"hunt", "build", "--game", "fox-hounds"},
       {{"/positions", "2013760"}, {"/start/value", "\"loss\""}, {"/start/distance", "44"}},
       "/positions",
       quick,
       true},
      // Retrograde tables against proof-number search of the same start, without tables.
      {"hunt",
       "fox-hounds-6",
       "retrograde",
       {"hunt", "build", "--game", "fox-hounds", "--size", "6"},
       {{"/positions", "24480"}, {"/start/value", "\"win\""}},
       "/positions",
       quick,
       true},
      {"hunt",
       "fox-hounds-6",
       "df-pn",
       {"hunt", "prove", "--game", "fox-hounds", "--size", "6"},
       {{"/value", "\"win\""}},
       "/nodes",
       quick},
      {"hunt",
       "fox-hounds",
       "df-pn",
       {"hunt", "prove", "--game", "fox-hounds"},
       {{"/value", "\"loss\""}},
       "/nodes",
       standard},
      {"hunt",
       "fox-geese-4-5",
       "retrograde",
       {"hunt", "build", "--game", "fox-geese", "--max-geese", "5", "--rule", "0"},
       {{"/positions", "7839242"}, {"/wins", "971144"}, {"/losses", "209303"}},
       "/positions",
       quick,
       true},
      {"hunt",
       "tigers-goats-4x4-g6",
       "retrograde",
       {"hunt", "build", "--game", "tigers-goats", "--size", "4", "--goats", "6", "--win-captures", "3", "--rule", "0"},
       {{"/positions", "4461852"}, {"/start/value", "\"loss\""}, {"/start/distance", "22"}},
       "/positions",
       standard,
       true},
      // The sliding phase: 88,260,972 positions (the published count).
      {"hunt",
       "tigers-goats-sliding",
       "retrograde",
       {"hunt", "build", "--game", "tigers-goats", "--phase", "sliding", "--rule", "0"},
       {{"/positions", "88260972"}},
       "/positions",
       standard,
       true},
      {"hunt",
       "fox-geese-4-8",
       "retrograde",
       {"hunt", "build", "--game", "fox-geese", "--rule", "0"},
       {{"/positions", "495999084"}},
       "/positions",
       full,
       true},
  };
}

}  // namespace gs::tools
