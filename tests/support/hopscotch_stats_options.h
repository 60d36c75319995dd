// The options `gamesolver hopscotch stats` runs with when given no flags (quiet, 2 threads), for
// the tests that call the job in process.
#pragma once

#include "tools/hopscotch/hopscotch_jobs.h"

namespace gs::test {

inline gs::tools::HopscotchOptions stats_defaults() {
  gs::tools::HopscotchOptions options;
  options.global.quiet = true;
  options.threads = 2;
  options.node_limit = 300000;  // the first round's budget; then growing rounds
  options.growing_budget = true;
  return options;
}

}  // namespace gs::test
