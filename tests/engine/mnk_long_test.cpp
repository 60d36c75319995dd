// 5,5,4 is a draw (the published value); about 5 s on one thread, so labelled long.
#include <gtest/gtest.h>

#include "engine/mnk/packed_mnk.h"
#include "solvers/minimax/alpha_beta.h"

namespace gs::mnk {
namespace {

TEST(MnkLong, FiveByFiveFourInARowIsADraw) {
  const MnkGame g(5, 5, 4);
  const PackedMnk packed(g);
  AlphaBeta<PackedMnk> search(packed, {.threads = 1, .split_depth = 4, .table_bits = 24});
  EXPECT_EQ(search.value(0), Outcome::kDraw);
}

}  // namespace
}  // namespace gs::mnk
