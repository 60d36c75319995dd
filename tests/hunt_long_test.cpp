// The published size of the Tigers and Goats sliding phase (tens of millions of indices).
#include <gtest/gtest.h>

#include "engine/hunt/tigers_goats.h"

namespace {

TEST(TigersAndGoatsLong, SlidingPhaseHas88260972PositionsUpToSymmetry) {
  const gs::hunt::TigersAndGoats g;
  std::uint64_t positions = 0;
  for (int layer = 0; layer < g.layer_count(); ++layer)
    for (std::uint64_t i = 0; i < g.layer_size(layer); ++i) positions += g.unrank(layer, i).has_value();
  EXPECT_EQ(positions, 88260972u);  // every goat placed, 0 to 4 captured, either side to move
}

}  // namespace
