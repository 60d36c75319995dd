#include "engine/hopscotch/placement.h"

#include <algorithm>

namespace gs::hopscotch {

int placement_cost(const Tableau& t, int rank, int p) {
  constexpr int kChain = 0, kLater = 3, kEmpty = 3, kCovering = 30;
  if (t.reserve_size(p) == 0) return rank == kRanks ? 0 : kEmpty;
  const int below = t.rank_of(t.reserve_card(p, t.reserve_size(p) - 1));
  if (rank == kRanks && below == kRanks) return 0;
  // Best: a foundation takes this card and then, soon after, the card below it.
  int chain = kFoundationSize;
  for (int f = 0; f < kFoundations; ++f)
    if (t.foundation_height(f) <= foundation_slot(f, rank) && foundation_slot(f, rank) < foundation_slot(f, below))
      chain = std::min(chain, foundation_slot(f, below) - foundation_slot(f, rank) - 1);
  if (chain < kFoundationSize) return kChain + chain;
  const int mine = t.wait(rank), under = t.wait(below);
  return mine <= under ? kLater + under - mine : kCovering + mine - under;
}

}  // namespace gs::hopscotch
