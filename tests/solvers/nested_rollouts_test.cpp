// Nested rollouts (solvers/deal/nested_rollouts.h) against exhaustive search on a small game,
// and on Hopscotch deals against the rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/hopscotch/heuristic_player.h"
#include "engine/hopscotch/tableau.h"
#include "solvers/deal/nested_rollouts.h"

namespace {

// A toy game: from 0, add 1, 2 or 3 eight times; the score is the sum if it ends at a multiple
// of 7, else the sum's last digit; the rollout always adds 1. The maximum (21) takes a planned
// line that the rollout and one level above it miss. (Levels are heuristics: with ten moves,
// level 4 finds the maximum 28 and level 5 only 21.)
struct Steps {
  struct State {
    int sum = 0, moves = 0;
  };
  using Move = int;
  static constexpr int kMaxScore = 24;  // a bound no line reaches (3 x 8 is not a multiple of 7)
  static constexpr int kMoves = 8;
  std::vector<int> choices(const State& s) const {
    return s.moves == kMoves ? std::vector<int>{} : std::vector<int>{1, 2, 3};
  }
  void apply(State& s, int m) const { s.sum += m, ++s.moves; }
  int score(const State& s) const { return s.sum % 7 == 0 ? s.sum : s.sum % 10; }
  int rollout(State& s, std::vector<int>& line) const {
    while (s.moves < kMoves) apply(s, 1), line.push_back(1);
    return score(s);
  }
};

int best_by_brute_force(const Steps& g, Steps::State s) {
  const auto moves = g.choices(s);
  if (moves.empty()) return g.score(s);
  int best = -1;
  for (const int m : moves) {
    Steps::State c = s;
    g.apply(c, m);
    best = std::max(best, best_by_brute_force(g, c));
  }
  return best;
}

int replay(const Steps& g, const std::vector<int>& line) {
  Steps::State s;
  for (const int m : line) g.apply(s, m);
  EXPECT_TRUE(g.choices(s).empty());
  return g.score(s);
}

TEST(NestedRollouts, LinesReplayAndDeepLevelsReachTheBruteForceMaximum) {
  const Steps g;
  gs::NestedRollouts<Steps> search(g);
  const int best = best_by_brute_force(g, {});
  EXPECT_EQ(best, 21);
  for (int level = 0; level <= 3; ++level) {
    const auto r = search.run({}, level);
    EXPECT_EQ(replay(g, r.line), r.score) << level;
    EXPECT_LE(r.score, best) << level;
    EXPECT_GT(r.rollouts, 0u);
    EXPECT_EQ(r.score == best, level >= 2) << level;
  }
}

// On Hopscotch deals, every line is legal and reaches the score claimed; level 3 wins at least
// as many of deals 1-40 as level 2, and most of them.
TEST(NestedRollouts, HopscotchLinesAreLegalAndDeeperLevelsWinMore) {
  using gs::hopscotch::Tableau;
  const gs::hopscotch::KnownStockRollouts game;
  gs::NestedRollouts<gs::hopscotch::KnownStockRollouts> search(game);
  int won2 = 0, won3 = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const auto deal = gs::hopscotch::deal_from_seed(seed);
    const auto two = search.run(Tableau(deal), 2), three = search.run(Tableau(deal), 3);
    EXPECT_EQ(gs::hopscotch::score_by_the_rules(deal, two.line), two.score) << seed;
    EXPECT_EQ(gs::hopscotch::score_by_the_rules(deal, three.line), three.score) << seed;
    won2 += two.score == Tableau::kMaxScore, won3 += three.score == Tableau::kMaxScore;
  }
  EXPECT_GE(won3, won2);
  EXPECT_GT(won3, 30);
}

}  // namespace
