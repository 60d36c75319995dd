// Tigers and Goats: rules, notation, perft against an independent generator, the symmetry-
// reduced index, and the retrograde tables against naive value iteration and against the
// unreduced index.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <unordered_map>

#include "engine/core/errors.h"
#include "engine/hunt/tigers_goats.h"
#include "solvers/common/perft.h"
#include "solvers/common/progress_rule.h"
#include "solvers/retrograde/layer_store.h"
#include "solvers/retrograde/retrograde_solver.h"
#include "tests/support/tigers_goats_naive.h"

#include "tests/support/sanitized.h"

namespace tigers_and_goats_test {

using namespace gs;
using gs::hunt::TigersAndGoats;
using Position = TigersAndGoats::Position;
using namespace gs::test;

TEST(TigersAndGoats, BoardHas56LinesAnd8Symmetries) {
  const TigersAndGoats g;
  int ends = 0;
  for (int p = 0; p < 25; ++p) ends += popcount(g.board().neighbours(p));
  EXPECT_EQ(ends / 2, 56);  // docs/rules/hunt-games.md: 56 lines in all
  EXPECT_EQ(g.board().symmetries().order(), 8);
  EXPECT_EQ(popcount(g.board().neighbours(g.board().point_at(3, 3))), 8);  // the centre
  EXPECT_EQ(popcount(g.board().neighbours(g.board().point_at(3, 2))), 4);  // (3,2): no diagonals
}

TEST(TigersAndGoats, RulesExampleAndNotation) {
  const TigersAndGoats g;
  const Position start = g.start();
  EXPECT_EQ(g.format(start), "T...T/...../...../...../T...T g 20 0");
  EXPECT_EQ(g.parse(g.format(start)), start);
  // Goat placed at (1,2); the tiger on (1,1) jumps to (1,3) capturing it; 19 goats in hand.
  Position placed;
  g.for_each_move(start, [&](const Position& next) {
    if (g.move_name(start, next) == "(1,2)") placed = next;
  });
  ASSERT_EQ(placed.in_hand, 19);
  bool captured = false;
  g.for_each_move(placed, [&](const Position& next) {
    if (g.move_name(placed, next) == "(1,1)x(1,3)") {
      captured = true;
      EXPECT_EQ(g.format(next), "..T.T/...../...../...../T...T g 19 1");
    }
  });
  EXPECT_TRUE(captured);
  for (const char* bad : {"T...T/...../...../...../T...T g 20", "T...T/...../...../...../T...T x 20 0",
                          "T...T/...../...../...../T.... g 20 0", "T...T/...../...../...../T...T g 19 0",
                          "T...T/..Z../...../...../T...T g 20 0", "T...T/...../....../...../T...T g 20 0"})
    EXPECT_THROW(g.parse(bad), InputError) << bad;
}

TEST(TigersAndGoats, CapturesWinAndBlockedTigersLose) {
  const TigersAndGoats g;
  EXPECT_EQ(g.terminal(g.parse("TGGGT/GGGGG/GGGGG/GG.../T...T g 0 5")), Outcome::kLoss);
  // Every tiger blocked: the tigers, to move, have no move (the solver scores it a loss).
  const Position blocked = g.parse("TGGGT/GGGGG/G.GGG/GGGGG/TGGGT t 0 0");
  int moves = 0;
  g.for_each_move(blocked, [&](const Position&) { ++moves; });
  EXPECT_EQ(moves, 0);
}

// Perft from the start against a generator written here on (row, column) pairs.
struct Plain {
  std::set<std::pair<int, int>> tigers, goats;
  int in_hand = 20;
  bool tigers_to_move = false;
};

bool on_line(int r, int c, int dr, int dc) { return dr == 0 || dc == 0 || (r + c) % 2 == 0; }

std::uint64_t plain_perft(const Plain& p, int depth) {
  if (depth == 0) return 1;
  auto inside = [](int r, int c) { return r >= 1 && r <= 5 && c >= 1 && c <= 5; };
  auto empty = [&](int r, int c) { return inside(r, c) && !p.tigers.count({r, c}) && !p.goats.count({r, c}); };
  std::uint64_t total = 0;
  auto recurse = [&](Plain q) {
    q.tigers_to_move = !p.tigers_to_move;
    total += plain_perft(q, depth - 1);
  };
  if (p.tigers_to_move) {
    for (const auto& [r, c] : p.tigers)
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          if ((dr == 0 && dc == 0) || !on_line(r, c, dr, dc)) continue;
          if (empty(r + dr, c + dc)) {
            Plain q = p;
            q.tigers.erase({r, c});
            q.tigers.insert({r + dr, c + dc});
            recurse(q);
          } else if (p.goats.count({r + dr, c + dc}) && empty(r + 2 * dr, c + 2 * dc)) {
            Plain q = p;
            q.tigers.erase({r, c});
            q.goats.erase({r + dr, c + dc});
            q.tigers.insert({r + 2 * dr, c + 2 * dc});
            recurse(q);
          }
        }
  } else if (p.in_hand > 0) {
    for (int r = 1; r <= 5; ++r)
      for (int c = 1; c <= 5; ++c)
        if (empty(r, c)) {
          Plain q = p;
          q.goats.insert({r, c});
          --q.in_hand;
          recurse(q);
        }
  } else {
    for (const auto& [r, c] : p.goats)
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc)
          if ((dr || dc) && on_line(r, c, dr, dc) && empty(r + dr, c + dc)) {
            Plain q = p;
            q.goats.erase({r, c});
            q.goats.insert({r + dr, c + dc});
            recurse(q);
          }
  }
  return total;
}

TEST(TigersAndGoats, PerftMatchesAnIndependentGenerator) {
  const TigersAndGoats g;
  const Plain start{{{1, 1}, {1, 5}, {5, 1}, {5, 5}}, {}, 20, false};
  EXPECT_EQ(gs::perft(g, g.start(), 1), 21u);
  for (int depth = 2; depth <= 4; ++depth)
    EXPECT_EQ(gs::perft(g, g.start(), depth), plain_perft(start, depth)) << depth;
  // The sliding phase too: from a position with every goat placed.
  const Position sliding = g.parse("TGGGT/GGGGG/GG.GG/GGGGG/TG.GT g 0 1");
  Plain s{{{1, 1}, {1, 5}, {5, 1}, {5, 5}}, {}, 0, false};
  for (int p = 0; p < 25; ++p)
    if (has_bit(sliding.goats, p)) s.goats.insert({g.board().row(p), g.board().column(p)});
  for (int depth = 1; depth <= 4; ++depth) EXPECT_EQ(gs::perft(g, sliding, depth), plain_perft(s, depth)) << depth;
}

TEST(TigersAndGoats, ReducedIndexRoundTripsAndCountsClasses) {
  const TigersAndGoats g;
  EXPECT_EQ(g.tiger_classes(), 1666u);
  // The two smallest layers (1 and 0 captured): each index names its class's representative.
  std::uint64_t positions = 0;
  for (int layer : {3, 4}) {
    for (std::uint64_t i = 0; i < g.layer_size(layer); ++i)
      if (const auto p = g.unrank(layer, i)) {
        ++positions;
        ASSERT_EQ(g.locate(*p), (LayerIndex{layer, i}));
      }
  }
  EXPECT_EQ(positions, 666350u + 66962u);  // 1 and 0 captured, up to symmetry, both sides
}

// Returns the number of drawn positions.
int expect_tables_agree(const TigersAndGoats& reduced) {
  TigersAndGoats::Variant every_position = reduced.settings();
  every_position.reduced = false;
  const TigersAndGoats unreduced(every_position);
  const auto tables = solve_in_memory(reduced);
  const auto naive = naive_values(unreduced, all_positions(unreduced));
  int wins = 0, losses = 0, draws = 0;
  for (const auto& p : all_positions(unreduced)) {
    const LayerIndex at = reduced.locate(p);
    const ValueTable& t = tables[static_cast<std::size_t>(at.layer)];
    const auto [o, d] = naive.at(key(p));
    EXPECT_EQ(t.outcome(at.index), o) << reduced.format(p);
    if (o != Outcome::kDraw) {
      EXPECT_EQ(t.distance(at.index), d) << reduced.format(p);
    }
    if (::testing::Test::HasFailure()) return draws;
    (o == Outcome::kWin ? wins : o == Outcome::kLoss ? losses : draws) += 1;
  }
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
  return draws;
}

// 3x3 with 5 goats, tigers winning at 3 captures (three layers); 4x4 with 10 goats, tigers
// winning at 2 (two layers, with draws: endless play, and moves into a drawn earlier layer).
TEST(TigersAndGoatsRetrograde, ReducedTablesAgreeWithNaiveValueIteration) {
  expect_tables_agree(TigersAndGoats({.size = 3, .goats = 5, .win_captures = 3}));
  EXPECT_GT(expect_tables_agree(TigersAndGoats({.size = 4, .goats = 10, .win_captures = 2})), 0);
}

// The whole game, placement phase included, from the empty board: every position of 3x3
// variants (every goat in hand down to none) against naive value iteration.
TEST(TigersAndGoatsRetrograde, WholeGameAgreesWithNaiveValueIteration) {
  expect_tables_agree(
      TigersAndGoats({.size = 3, .goats = 5, .win_captures = 3, .phase = TigersAndGoats::Phase::whole}));
  expect_tables_agree(
      TigersAndGoats({.size = 3, .goats = 4, .win_captures = 2, .phase = TigersAndGoats::Phase::whole}));
}

// On 4x4 with 4 goats, the tables up to symmetry give every position the value and distance of
// the tables of every position; and the start's value is the same in both.
TEST(TigersAndGoatsRetrograde, WholeGameReducedEqualsUnreduced) {
  const TigersAndGoats reduced({.size = 4, .goats = 4, .win_captures = 2, .phase = TigersAndGoats::Phase::whole}),
      unreduced({.size = 4, .goats = 4, .win_captures = 2, .reduced = false, .phase = TigersAndGoats::Phase::whole});
  ASSERT_EQ(reduced.layer_count(), unreduced.layer_count());
  const auto small = solve_in_memory(reduced), full = solve_in_memory(unreduced);
  std::uint64_t compared = 0;
  for (int layer = 0; layer < unreduced.layer_count(); ++layer)
    for (std::uint64_t i = 0; i < unreduced.layer_size(layer); ++i) {
      const auto p = unreduced.unrank(layer, i);
      if (!p) continue;
      const LayerIndex at = reduced.locate(*p);
      ASSERT_EQ(at.layer, layer);
      const ValueTable &s = small[static_cast<std::size_t>(at.layer)], &f = full[static_cast<std::size_t>(layer)];
      ASSERT_EQ(s.value(at.index), f.value(i)) << unreduced.format(*p);
      ++compared;
    }
  EXPECT_GT(compared, 100000u);
  const LayerIndex start = reduced.locate(reduced.start());
  EXPECT_EQ(reduced.layer_name(start.layer), "4 in hand, 0 captured, goats to move");
}

}  // namespace tigers_and_goats_test

namespace tigers_and_goats_test {

// A build keeps in memory only the layer being solved and the layers it reads, and still writes
// the tables of a solve in memory.
TEST(TigersAndGoatsRetrograde, BuildHoldsOnlyTheLayersItReads) {
  const TigersAndGoats g({.size = 4, .goats = 4, .win_captures = 2, .phase = TigersAndGoats::Phase::whole});
  const std::string dir =
      (std::filesystem::temp_directory_path() / ("gs-tg-drop-" + std::to_string(getpid()))).string();
  std::filesystem::remove_all(dir);
  LayerStore<TigersAndGoats> store(g, dir);
  std::size_t most = 0;
  store.build(g.layer_count() - 1, true, [&](int, bool) { most = std::max(most, store.loaded()); });
  // The layer just solved, the two it reads, and the tigers-to-move layer of the same goats in
  // hand with one more capture, which the next placement's layer reads.
  EXPECT_LE(most, 4u);
  EXPECT_LT(most, static_cast<std::size_t>(g.layer_count()));
  const auto tables = solve_in_memory(g);
  for (int layer = 0; layer < g.layer_count(); ++layer)
    EXPECT_EQ(store.table(layer).entries(), tables[static_cast<std::size_t>(layer)].raw()) << g.layer_name(layer);
  std::filesystem::remove_all(dir);
}

}  // namespace tigers_and_goats_test

namespace tigers_and_goats_test {

// Whole games of 3x3 boards under limits of a few plies: the rule tables read at every counter
// give the counter-carrying solver's value, and the rule changes values at counter 0 (a limit of
// 40 changes none on this board). Larger boards: tigers_goats_rule_long_test.cpp.
TEST(TigersAndGoatsRetrograde, DrawRuleAgreesWithACounterCarryingSolver) {
  EXPECT_GT(expect_rule_tables_agree(
                TigersAndGoats({.size = 3, .goats = 4, .win_captures = 2, .phase = TigersAndGoats::Phase::whole}), 4),
            0u);
  EXPECT_GT(expect_rule_tables_agree(
                TigersAndGoats({.size = 3, .goats = 3, .win_captures = 2, .phase = TigersAndGoats::Phase::whole}), 6),
            0u);
  EXPECT_EQ(expect_rule_tables_agree(
                TigersAndGoats({.size = 3, .goats = 4, .win_captures = 2, .phase = TigersAndGoats::Phase::whole}), 40),
            0u);
}

TEST(TigersAndGoatsRetrograde, LayersWithGoatsInHandAreStatedUnderTheRule) {
  expect_stated_tables_equal_solved(
      TigersAndGoats({.size = 3, .goats = 4, .win_captures = 2, .phase = TigersAndGoats::Phase::whole}), 40, true);
  expect_stated_tables_equal_solved(
      TigersAndGoats({.size = 3, .goats = 4, .win_captures = 2, .phase = TigersAndGoats::Phase::whole}), 4, false);
}

TEST(TigersAndGoatsRetrograde, DrawRuleLimitIsChecked) {
  EXPECT_THROW(UnderProgressRule<TigersAndGoats>(TigersAndGoats({.size = 3, .goats = 4, .win_captures = 2}), 1),
               InputError);
}

}  // namespace tigers_and_goats_test

namespace tigers_and_goats_test {

// Moves located on the way (placements ranked from the position's own goat set) land where
// locate() puts them, in the same order, reduced by symmetry or not.
TEST(TigersAndGoats, LocatedMovesAgreeWithLocate) {
  for (const bool reduce : {true, false}) {
    const TigersAndGoats g(
        {.size = 4, .goats = 8, .win_captures = 3, .reduced = reduce, .phase = TigersAndGoats::Phase::whole});
    std::uint64_t compared = 0;
    const std::uint64_t stride = gs::testing::whole_or_sanitized<std::uint64_t>(7, 23);
    for (int layer = 0; layer < g.layer_count(); ++layer)
      for (std::uint64_t i = 0; i < g.layer_size(layer); i += stride)
        if (const auto p = g.unrank(layer, i)) {
          std::vector<std::pair<Position, LayerIndex>> plain, located;
          g.for_each_move(*p, [&](const Position& next) { plain.emplace_back(next, g.locate(next)); });
          g.for_each_located_move(*p, [&](const Position& next, LayerIndex at) { located.emplace_back(next, at); });
          ASSERT_EQ(plain.size(), located.size()) << g.format(*p);
          for (std::size_t m = 0; m < plain.size(); ++m) {
            ASSERT_EQ(plain[m].first, located[m].first) << g.format(*p);
            ASSERT_EQ(plain[m].second, located[m].second) << g.format(*p) << " -> " << g.format(plain[m].first);
          }
          compared += plain.size();
        }
    EXPECT_GT(compared, gs::testing::whole_or_sanitized(100000u, 30000u));
  }
}

}  // namespace tigers_and_goats_test
