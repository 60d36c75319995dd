// Mount'n Fall 4x4 with triangles of side 2: the retrograde tables (up to symmetry) against
// naive value iteration over every position (no un-moves, no ply passes, no symmetry).
#include <gtest/gtest.h>

#include <unordered_map>

#include "engine/mountnfall/mountnfall_index.h"
#include "solvers/retrograde/retrograde_solver.h"

namespace {

using namespace gs;
using gs::mountnfall::MountNFallIndex;
using Position = gs::mountnfall::Position;

TEST(MountNFallLong, Small4x4TablesAgreeWithNaiveValueIteration) {
  const MountNFallIndex index = MountNFallIndex::every_position(4, 2), reduced(4, 2);
  const auto tables = solve_in_memory(reduced);
  // Naive: a dense array per layer, rounds d = 0, 1, ... from the values known before each round.
  std::vector<std::vector<std::pair<Outcome, int>>> known(static_cast<std::size_t>(index.layer_count()));
  for (int l = 0; l < index.layer_count(); ++l)
    known[static_cast<std::size_t>(l)].assign(index.layer_size(l), {Outcome::kUnknown, 0});
  for (int d = 0;; ++d) {
    std::vector<std::pair<LayerIndex, std::pair<Outcome, int>>> now;
    for (int l = 0; l < index.layer_count(); ++l)
      for (std::uint64_t i = 0; i < index.layer_size(l); ++i) {
        if (known[static_cast<std::size_t>(l)][i].first != Outcome::kUnknown) continue;
        const auto p = index.unrank(l, i);
        bool moves = false, win = false, all_won = true;
        index.for_each_move(*p, [&](const Position& next) {
          moves = true;
          const LayerIndex at = index.locate(next);
          const Outcome o = known[static_cast<std::size_t>(at.layer)][at.index].first;
          win = win || o == Outcome::kLoss;
          all_won = all_won && o == Outcome::kWin;
        });
        if (!moves)
          now.push_back({{l, i}, {Outcome::kLoss, 0}});
        else if (d > 0 && win)
          now.push_back({{l, i}, {Outcome::kWin, d}});
        else if (d > 0 && all_won)
          now.push_back({{l, i}, {Outcome::kLoss, d}});
      }
    if (now.empty() && d > 0) break;
    for (const auto& [at, v] : now) known[static_cast<std::size_t>(at.layer)][at.index] = v;
  }
  std::uint64_t draws = 0;
  for (int l = 0; l < index.layer_count(); ++l)
    for (std::uint64_t i = 0; i < index.layer_size(l); ++i) {
      auto [o, d] = known[static_cast<std::size_t>(l)][i];
      if (o == Outcome::kUnknown) o = Outcome::kDraw, d = 0, ++draws;
      const LayerIndex at = reduced.locate(*index.unrank(l, i));
      const ValueTable& t = tables[static_cast<std::size_t>(at.layer)];
      ASSERT_EQ(t.outcome(at.index), o) << index.game().format(*index.unrank(l, i));
      if (o != Outcome::kDraw) {
        ASSERT_EQ(t.distance(at.index), d) << index.game().format(*index.unrank(l, i));
      }
    }
  EXPECT_GT(draws, 0u);
}

}  // namespace
