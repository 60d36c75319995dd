// The published size of the Tigers and Goats sliding phase (tens of millions of indices), and
// whole-game variants against their first builds.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/hunt/tigers_goats.h"
#include "solvers/retrograde/retrograde_solver.h"

namespace {

TEST(TigersAndGoatsLong, SlidingPhaseHas88260972PositionsUpToSymmetry) {
  const gs::hunt::TigersAndGoats g;
  std::uint64_t positions = 0;
  for (int layer = 0; layer < g.layer_count(); ++layer)
    for (std::uint64_t i = 0; i < g.layer_size(layer); ++i) positions += g.unrank(layer, i).has_value();
  EXPECT_EQ(positions, 88260972u);  // every goat placed, 0 to 4 captured, either side to move
}

}  // namespace

namespace {

// Whole-game variants from the empty board against the counts recorded when they were first
// built, before the placement phase was split by the side to move: then every (goats in hand,
// captured) layer held both sides and was solved by the ply-by-ply passes; now the goats-to-move
// and tigers-to-move halves are solved in one pass each. Same totals, same start.
struct Recorded {
  int size, goats, win;
  std::uint64_t positions, wins, losses, draws;
  int longest, start_loss;
};

void expect_recorded(const Recorded& r) {
  const gs::hunt::TigersAndGoats g(
      {.size = r.size, .goats = r.goats, .win_captures = r.win, .phase = gs::hunt::TigersAndGoats::Phase::whole});
  const auto tables = gs::solve_in_memory(g);
  gs::LayerStats total;
  for (const auto& t : tables) {
    const gs::LayerStats s = gs::count_layer(t);
    total.positions += s.positions, total.wins += s.wins, total.losses += s.losses, total.draws += s.draws;
    total.longest = std::max(total.longest, s.longest);
  }
  EXPECT_EQ(total.positions, r.positions);
  EXPECT_EQ(total.wins, r.wins);
  EXPECT_EQ(total.losses, r.losses);
  EXPECT_EQ(total.draws, r.draws);
  EXPECT_EQ(total.longest, r.longest);
  const gs::LayerIndex at = g.locate(g.start());
  EXPECT_EQ(tables[static_cast<std::size_t>(at.layer)].value(at.index), (gs::Value{gs::Outcome::kLoss, r.start_loss}));
}

TEST(TigersAndGoatsLong, WholeGameVariantsMatchTheirFirstBuilds) {
  expect_recorded({4, 10, 4, 13864012, 6831905, 6438708, 593399, 76, 40});
  expect_recorded({5, 5, 3, 117100302, 58550151, 58550151, 0, 46, 34});
}

}  // namespace
