// Plain solvers for Tigers and Goats tests: every position of a small variant, valued by naive
// value iteration (no symmetry, no layers), with and without the draw rule's counter.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/hunt/tigers_goats.h"
#include "solvers/common/progress_rule.h"
#include "solvers/probe/value_table.h"
#include "solvers/retrograde/layer_store.h"
#include "solvers/retrograde/retrograde_solver.h"
#include "tests/support/naive_rule.h"

namespace gs::test {

using hunt::TigersAndGoats;
using Position = TigersAndGoats::Position;

using Key = std::uint64_t;  // boards of at most 25 points
inline Key key(const Position& p) {
  return p.tigers | p.goats << 25 | Key(p.captured) << 50 | Key(p.tigers_to_move) << 54 | Key(p.in_hand) << 55;
}

// Every position of a variant's tables, from the unreduced index.
inline std::vector<Position> all_positions(const TigersAndGoats& unreduced) {
  std::vector<Position> out;
  for (int layer = 0; layer < unreduced.layer_count(); ++layer)
    for (std::uint64_t i = 0; i < unreduced.layer_size(layer); ++i)
      if (const auto p = unreduced.unrank(layer, i)) out.push_back(*p);
  return out;
}

// Naive value iteration: round d decides, from the values known before it, the positions with
// a lost successor (wins at d) and those whose successors all win (losses at d). Each round
// looks again at the positions still open.
inline std::unordered_map<Key, std::pair<Outcome, int>> naive_values(const TigersAndGoats& g,
                                                                     const std::vector<Position>& all) {
  std::unordered_map<Key, std::pair<Outcome, int>> known;
  std::vector<Position> open = all, still;
  for (int d = 0;; ++d) {
    std::unordered_map<Key, std::pair<Outcome, int>> now;
    still.clear();
    for (const Position& p : open) {
      if (const auto end = g.terminal(p)) {
        now[key(p)] = {*end, 0};
        continue;
      }
      bool win = false, all_won = true, moves = false;
      g.for_each_move(p, [&](const Position& next) {
        moves = true;
        std::optional<Outcome> v = g.terminal(next);  // terminal: distance 0, known before round 1
        if (!v)
          if (const auto it = known.find(key(next)); it != known.end()) v = it->second.first;
        win = win || v == Outcome::kLoss;
        all_won = all_won && v == Outcome::kWin;
      });
      if (!moves)
        now[key(p)] = {Outcome::kLoss, 0};
      else if (d > 0 && win)  // a move takes a ply: nothing else ends at 0
        now[key(p)] = {Outcome::kWin, d};
      else if (d > 0 && all_won)
        now[key(p)] = {Outcome::kLoss, d};
      else
        still.push_back(p);
    }
    if (now.empty() && d > 0) break;
    known.insert(now.begin(), now.end());
    open.swap(still);
  }
  for (const Position& p : all) known.try_emplace(key(p), Outcome::kDraw, 0);
  return known;
}

// The rule on a Tigers and Goats variant against the plain solver with the counter.
inline std::uint64_t expect_rule_tables_agree(const TigersAndGoats& reduced, int limit) {
  TigersAndGoats::Variant every_position = reduced.settings();
  every_position.reduced = false;
  return expect_rule_tables_agree(reduced, TigersAndGoats(every_position), limit);
}

// Rule tables built on disk. Where condition (Z) of progress_rule.h holds (no value changes at
// counter 0 in the sliding phase), the layers with goats in hand are stated from the plain
// tables, and probing them gives exactly the solver's value and distance to progress, at every
// counter; where it fails (a limit of 4 changes values), every layer is solved.
inline void expect_stated_tables_equal_solved(const TigersAndGoats& g, int limit, bool stating,
                                              std::uint64_t stride = 1) {
  const std::string dir = ::testing::TempDir() + "/tg-stated-" + std::to_string(limit);
  std::filesystem::remove_all(dir);
  const UnderProgressRule<TigersAndGoats> ruled(g, limit);
  LayerStore<TigersAndGoats>(g, dir).build(g.layer_count() - 1, true, [](int, bool) {});
  int stated = 0;
  {
    LayerStore<UnderProgressRule<TigersAndGoats>> store(ruled, dir);
    store.build(ruled.layer_count() - 1, true, [&](int layer, bool) { stated += store.stated(layer) != nullptr; });
  }
  int bounded = 0;
  for (int layer = 0; layer < g.layer_count(); ++layer) bounded += g.quiet_plies(layer) > 0;
  EXPECT_EQ(stated, stating ? bounded : 0);
  const auto solved = solve_in_memory(ruled);
  LayerTables<UnderProgressRule<TigersAndGoats>> tables(ruled, dir);
  std::uint64_t compared = 0;
  for (int layer = 0; layer < g.layer_count(); ++layer) {
    for (std::uint64_t i = 0; i < g.layer_size(layer); ++i) {
      const auto p = g.unrank(layer, i);
      if (!p) continue;
      const Value want = solved[static_cast<std::size_t>(layer)].value(i), have = tables.value(*p);
      ASSERT_EQ(have, want) << g.format(*p) << " (" << g.layer_name(layer) << ")";
      ++compared;
      // Every position's value; the moves at five counters of every `stride`-th (a probe of
      // every successor, the test's cost on bigger boards).
      if ((i + static_cast<std::uint64_t>(layer)) % stride != 0) continue;
      for (const int counter : {0, 1, limit / 2, limit - 2, limit - 1}) {
        const auto moves = tables.moves(*p, counter);
        ASSERT_EQ(ruled.value_at(have, counter).outcome, moves.empty() ? have.outcome : moves.front().second.outcome)
            << g.format(*p) << " counter " << counter;
      }
    }
  }
  EXPECT_GT(compared, 1000u);
  std::filesystem::remove_all(dir);
}

}  // namespace gs::test
