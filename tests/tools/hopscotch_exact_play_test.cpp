// Optimal play without seeing the stock (engine/hopscotch/unseen_stock_game.h solved by
// solvers/deal/expectimax.h) against second methods: a plain recursion over every legal play,
// with no memo, no canonical key, no pruning and no King rule; and, order by order, the player
// who sees the stock (an upper bound) and the common-sense rules (a lower bound).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <vector>

#include "engine/hopscotch/heuristic_player.h"
#include "engine/hopscotch/unseen_stock_game.h"
#include "solvers/deal/expectimax.h"
#include "tests/support/sanitized.h"

namespace {

using gs::Expectimax;
using gs::hopscotch::Deal;
using gs::hopscotch::deal_from_seed;
using gs::hopscotch::kDealSize;
using gs::hopscotch::Play;
using gs::hopscotch::Tableau;
using gs::hopscotch::UnseenStockGame;
using gs::testing::whole_or_sanitized;

// The game by the rules alone: every legal play, and after a dealt card each unseen card turned
// next with equal chance (copies of a rank counted apart). Positions are remembered by what is
// seen, reserves in place (without a memo, the orders in which full reserves empty at the end
// are too many).
class PlainValue {
 public:
  double operator()(const Tableau& t, bool drawing = false) {
    std::vector<int> seen{drawing, t.stock_empty() ? 0 : t.waste().rank};
    for (int f = 0; f < 4; ++f) seen.push_back(t.foundation_height(f));
    for (int p = 0; p < 4; ++p) {
      for (int i = 0; i < t.reserve_size(p); ++i) seen.push_back(t.rank_of(t.reserve_card(p, i)));
      seen.push_back(0);
    }
    if (const auto it = memo_.find(seen); it != memo_.end()) return it->second;
    double v = 0;
    if (drawing) {
      for (int i = t.dealt(); i < kDealSize; ++i) {
        Tableau drawn = t;
        drawn.turn_next(i);
        v += (*this)(drawn) / (kDealSize - t.dealt());
      }
    } else {
      bool any = false;
      t.for_each_play([&](const Play& play) {
        Tableau next = t;
        next.apply(play);
        v = std::max(v, (*this)(next, play.kind != Play::kReserveToFoundation && !next.stock_empty()));
        any = true;
      });
      if (!any) v = t.score() == Tableau::kMaxScore ? 1.0 : 0.0;
    }
    return memo_[seen] = v;
  }

 private:
  std::map<std::vector<int>, double> memo_;
};

// Deal `seed` played by the sampling player (few orders) until `left` cards are still to turn.
Tableau position_with_left(std::uint64_t seed, int left, std::vector<Play>* line = nullptr) {
  Tableau t(deal_from_seed(seed));
  gs::hopscotch::play_with_sampling(t, {.samples = 16, .seed = seed, .stop_with_left = left}, line);
  return t;
}

// The first `count` deals whose position with `left` cards to turn is neither won nor lost for
// sure (the interesting ones: most are decided by then).
std::vector<std::uint64_t> undecided_deals(int left, int count) {
  const UnseenStockGame game;
  Expectimax<UnseenStockGame> solver(game, 10'000'000);
  std::vector<std::uint64_t> seeds;
  for (std::uint64_t seed = 1; static_cast<int>(seeds.size()) < count && seed < 1000; ++seed) {
    solver.clear();
    if (const double v = solver.value({position_with_left(seed, left), false}); v > 0 && v < 1) seeds.push_back(seed);
  }
  return seeds;
}

TEST(HopscotchExactPlay, OptimalValueIsThePlainRecursions) {
  const UnseenStockGame game;
  Expectimax<UnseenStockGame> solver(game, 10'000'000);
  const int undecided = whole_or_sanitized(4, 2);
  const auto seeds = undecided_deals(5, undecided);
  ASSERT_EQ(seeds.size(), static_cast<std::size_t>(undecided));
  for (const std::uint64_t seed : seeds) {
    const Tableau t = position_with_left(seed, 5);
    EXPECT_NEAR(solver.value({t, false}), PlainValue()(t), 1e-12) << "deal " << seed;
  }
  // Decided positions too: the first six deals, whatever their value.
  for (std::uint64_t seed = 1; seed <= whole_or_sanitized(6U, 2U); ++seed) {
    const Tableau t = position_with_left(seed, 5);
    EXPECT_NEAR(solver.value({t, false}), PlainValue()(t), 1e-12) << "deal " << seed;
  }
}

// Every order of the cards after the turned one, as a deal of its own with the same past.
template <class F>
void for_each_order(std::uint64_t seed, int left, F&& f) {
  std::vector<Play> line;
  const Tableau t = position_with_left(seed, left, &line);
  std::vector<int> rest(static_cast<std::size_t>(kDealSize - t.dealt() - 1));
  std::iota(rest.begin(), rest.end(), t.dealt() + 1);
  const Deal deal = deal_from_seed(seed);
  std::vector<int> order = rest;
  do {
    Deal reordered = deal;
    for (std::size_t i = 0; i < rest.size(); ++i) reordered[static_cast<std::size_t>(rest[i])] = deal[order[i]];
    Tableau same_past(reordered);
    for (const Play& play : line) same_past.apply(play);
    f(same_past);
  } while (std::next_permutation(order.begin(), order.end()));
}

TEST(HopscotchExactPlay, OptimalValueLiesBetweenTheRulesAndTheStockSeen) {
  const UnseenStockGame unseen, known{.stock_known = true};
  Expectimax<UnseenStockGame> optimal(unseen, 10'000'000);
  const int undecided = whole_or_sanitized(8, 3);
  const auto seeds = undecided_deals(5, undecided);
  ASSERT_EQ(seeds.size(), static_cast<std::size_t>(undecided));
  int better = 0;  // positions where optimal play beats the rules
  for (const std::uint64_t seed : seeds) {
    const double exact = optimal.value({position_with_left(seed, 5), false});
    int orders = 0, by_rules = 0, seeing = 0;
    for_each_order(seed, 5, [&](const Tableau& t) {
      Tableau played = t;
      by_rules += gs::hopscotch::play_without_seeing_stock(played) == Tableau::kMaxScore;
      Expectimax<UnseenStockGame> clairvoyant(known, 10'000'000);
      seeing += clairvoyant.value({t, false}) == 1.0;
      ++orders;
    });
    EXPECT_EQ(orders, 24);
    EXPECT_GE(exact + 1e-12, static_cast<double>(by_rules) / orders) << "deal " << seed;
    EXPECT_LE(exact, static_cast<double>(seeing) / orders + 1e-12) << "deal " << seed;
    better += exact > static_cast<double>(by_rules) / orders + 1e-9;
  }
  EXPECT_GE(better, 1);
}

}  // namespace
