// A plain solver for games under a draw rule on moves without progress (progress_rule.h): every
// position of a small variant at every counter, by value iteration, no symmetry, no layers.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "engine/core/value.h"
#include "solvers/common/progress_rule.h"
#include "solvers/retrograde/retrograde_solver.h"

namespace gs::test {

// The draw rule, checked against a plain solver that carries the counter of plies without
// progress in its states: every position of the unreduced index with every counter 0..limit-1,
// outcomes by value iteration, no symmetry, no layers, no distances. A move that reaches the
// limit without winning is a draw; a progress move (the game's: a placement, a capture) starts
// the counter again.
template <class G>
class NaiveRuleValues {
 public:
  using Position = typename G::Position;
  NaiveRuleValues(const G& unreduced, int limit) : g_(unreduced), limit_(limit) {
    for (int layer = 0; layer < g_.layer_count(); ++layer) {
      offset_.push_back(total_);
      total_ += g_.layer_size(layer);
    }
    value_.assign(total_ * static_cast<std::uint64_t>(limit), Outcome::kUnknown);
    stuck_.assign(total_, false);
    for (int layer = 0; layer < g_.layer_count(); ++layer)
      for (std::uint64_t i = 0; i < g_.layer_size(layer); ++i)
        if (const auto p = g_.unrank(layer, i)) stuck_[offset_[static_cast<std::size_t>(layer)] + i] = !has_move(*p);
    for (bool changed = true; changed;) {
      changed = false;
      for (int layer = 0; layer < g_.layer_count(); ++layer)
        for (std::uint64_t i = 0; i < g_.layer_size(layer); ++i)
          if (const auto p = g_.unrank(layer, i))
            for (int n = 0; n < limit; ++n)
              changed = decide(*p, layer, offset_[static_cast<std::size_t>(layer)] + i, n) || changed;
    }
  }

  // The value with the counter at n (draw when never decided).
  Outcome at(const Position& p, int n) const {
    const Outcome o = value_[state(index(p), n)];
    return o == Outcome::kUnknown ? Outcome::kDraw : o;
  }

 private:
  std::uint64_t index(const Position& p) const {
    const LayerIndex at = g_.locate(p);
    return offset_[static_cast<std::size_t>(at.layer)] + at.index;
  }
  std::uint64_t state(std::uint64_t index, int n) const {
    return index * static_cast<std::uint64_t>(limit_) + static_cast<std::uint64_t>(n);
  }
  bool has_move(const Position& p) const {
    bool any = false;
    g_.for_each_move(p, [&](const Position&) { any = true; });
    return any;
  }
  // The value of the move from p (in layer `from`) to q for the side to move at q, or unknown.
  Outcome after(int from, const Position& q, int n) const {
    if (const auto end = g_.terminal(q)) return *end;
    const LayerIndex at = g_.locate(q);
    const std::uint64_t to = offset_[static_cast<std::size_t>(at.layer)] + at.index;
    if (stuck_[to]) return Outcome::kLoss;  // the move won
    const int next = progresses(g_, from, at.layer) ? 0 : n + 1;
    if (next >= limit_) return Outcome::kDraw;  // the limit, reached without a win
    return value_[state(to, next)];
  }
  bool decide(const Position& p, int layer, std::uint64_t index, int n) {
    Outcome& v = value_[state(index, n)];
    if (v != Outcome::kUnknown) return false;
    if (const auto end = g_.terminal(p)) return v = *end, true;
    bool win = false, all_won = true;
    g_.for_each_move(p, [&](const Position& q) {
      const Outcome o = after(layer, q, n);
      win = win || o == Outcome::kLoss;
      all_won = all_won && o == Outcome::kWin;
    });
    if (win) return v = Outcome::kWin, true;
    if (all_won) return v = Outcome::kLoss, true;  // no move at all included
    return false;
  }

  const G& g_;
  int limit_;
  std::vector<std::uint64_t> offset_;
  std::uint64_t total_ = 0;
  std::vector<Outcome> value_;
  std::vector<bool> stuck_;  // no move (the side to move has lost, unless terminal() says otherwise)
};

// The rule tables of `reduced` (solved in memory) read at every counter give the plain
// solver's value on every position of `unreduced`. Returns how many positions the rule changes
// from the plain tables' value at counter 0.
template <class G>
std::uint64_t expect_rule_tables_agree(const G& reduced, const G& unreduced, int limit) {
  const UnderProgressRule<G> ruled(reduced, limit);
  const auto rule = solve_in_memory(ruled), plain = solve_in_memory(reduced);
  const NaiveRuleValues<G> naive(unreduced, limit);
  std::uint64_t changed = 0, compared = 0;
  for (int layer = 0; layer < unreduced.layer_count(); ++layer)
    for (std::uint64_t i = 0; i < unreduced.layer_size(layer); ++i) {
      const auto p = unreduced.unrank(layer, i);
      if (!p) continue;
      const LayerIndex at = reduced.locate(*p);
      const Value stored = rule[static_cast<std::size_t>(at.layer)].value(at.index);
      for (int counter = 0; counter < limit; ++counter) {
        const Outcome o = ruled.value_at(stored, counter).outcome;
        EXPECT_EQ(o, naive.at(*p, counter)) << reduced.format(*p) << " counter " << counter;
        if (::testing::Test::HasFailure()) return changed;
        if (counter == 0) changed += o != plain[static_cast<std::size_t>(at.layer)].outcome(at.index);
        ++compared;
      }
    }
  EXPECT_GT(compared, 1000u);
  return changed;
}

}  // namespace gs::test
