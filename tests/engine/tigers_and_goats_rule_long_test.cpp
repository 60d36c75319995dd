// The draw rule on 4x4 boards against the counter-carrying solver (tigers_goats_naive.h): too
// slow for the fast suite (the plain solver visits every position at every counter).
#include <gtest/gtest.h>

#include "tests/support/tigers_goats_naive.h"

namespace {

using namespace gs::test;

// A whole game from the empty board and a sliding phase with draws (4x4, 10 goats).
TEST(TigersAndGoatsRuleLong, DrawRuleOn4x4AgreesWithACounterCarryingSolver) {
  EXPECT_GT(expect_rule_tables_agree(
                TigersAndGoats({.size = 4, .goats = 3, .win_captures = 2, .phase = TigersAndGoats::Phase::whole}), 5),
            0u);
  EXPECT_GT(expect_rule_tables_agree(TigersAndGoats({.size = 4, .goats = 10, .win_captures = 2}), 6), 0u);
}

// Layers with goats in hand stated from the plain tables under the 120-ply rule, probed at
// several counters: the solver's values and distances, on a whole 4x4 game (the moves of one
// position in 5: 2.8 million).
TEST(TigersAndGoatsRuleLong, StatedLayersOn4x4EqualTheSolvedOnes) {
  expect_stated_tables_equal_solved(
      TigersAndGoats({.size = 4, .goats = 10, .win_captures = 4, .phase = TigersAndGoats::Phase::whole}), 120, true, 5);
}

}  // namespace
