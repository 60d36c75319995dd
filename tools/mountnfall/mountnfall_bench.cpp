// The benchmark entries of Mount'n Fall (`gamesolver bench`), with the answers each run must give.
#include "tools/common/bench_entry.h"

namespace gs::tools {

std::vector<BenchEntry> mountnfall_bench_entries() {
  using enum Suite;
  return {
      // Mount'n Fall on 4x4 with triangles of 2: tables (the start is a draw) and the engine's
      // alpha-beta to a fixed depth.
      {"mountnfall",
       "4x4-t2",
       "retrograde",
       {"mountnfall", "build", "--size", "4", "--triangle", "2"},
       {{"/positions", "150930"}, {"/start/value", "\"draw\""}},
       "/positions",
       quick,
       true},
      {"mountnfall",
       "4x4-t2",
       "alpha-beta-depth-12",
       {"mountnfall", "analyse", "--size", "4", "--triangle", "2", "--depth", "12", "--exact"},
       {{"/score", "0"}},
       "/nodes",
       quick},
  };
}

}  // namespace gs::tools
