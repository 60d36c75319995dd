// Hopscotch with the stock known, on 1,000 deals: the defaults (nested rollouts around the
// search, growing budgets) decide every deal as the search alone with the deciding flags of
// docs/results.md does.
#include <gtest/gtest.h>

#include "tests/support/hopscotch_stats_options.h"
#include "tools/hopscotch/hopscotch_jobs.h"

namespace {

TEST(HopscotchLong, DefaultsDecideAThousandDealsAsTheSearchAlone) {
  const gs::tools::HopscotchOptions defaults = gs::test::stats_defaults();
  const auto fast = gs::tools::hopscotch_stats(1000, 1, defaults).json;
  gs::tools::HopscotchOptions deciding = defaults;
  deciding.rollout_level = 0;
  deciding.growing_budget = false;
  deciding.node_limit = 3000000;
  deciding.retry_nodes = 100000000;
  deciding.memo_bits = 24;
  const auto searched = gs::tools::hopscotch_stats(1000, 1, deciding).json;
  EXPECT_EQ(fast["unresolved"], 0);
  EXPECT_EQ(fast["won"], searched["won"]);
  EXPECT_EQ(fast["lost"], searched["lost"]);
  EXPECT_EQ(fast["lost_scores"], searched["lost_scores"]);
  EXPECT_EQ(searched["rollouts"], 0);
}

}  // namespace
