// Fox and Geese's draw rule (120 moves without a capture) on the 4-goose endgames against the
// counter-carrying plain solver (tests/naive_rule.h): every position at every counter. Too slow
// for the fast suite (the plain solver visits every position at every counter).
#include <gtest/gtest.h>

#include "engine/hunt/fox_geese.h"
#include "tests/support/naive_rule.h"

namespace {

using gs::hunt::FoxAndGeese;
using namespace gs::test;

TEST(FoxAndGeeseRuleLong, DrawRuleAgreesWithACounterCarryingSolver) {
  const FoxAndGeese reduced(4), unreduced({.max_geese = 4, .reduced = false});
  EXPECT_GT(expect_rule_tables_agree(reduced, unreduced, 4), 0u);  // a short limit draws wins
  expect_rule_tables_agree(reduced, unreduced, 8);
}

}  // namespace
