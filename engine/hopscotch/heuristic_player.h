// Normal play: a player who does not see the stock. It looks only at what a person at the table
// sees (the waste card, the foundations, the reserves) and plays common-sense Hopscotch:
//   1. every card that fits a foundation goes there at once, reserve tops first;
//   2. otherwise the waste card goes to the reserve where it costs least
//      (placement_cost, placement.h): on a card needed later than itself, the closer the better;
//      a King to an empty reserve; an empty reserve before covering a card needed sooner.
#pragma once

#include <vector>

#include "engine/hopscotch/tableau.h"

namespace gs::hopscotch {

// Plays the deal from `tableau` to the end; returns the final score. The plays are appended to
// `line` when given.
int play_without_seeing_stock(Tableau& tableau, std::vector<Play>* line = nullptr);

// The same player with look-ahead by sampling: where the waste card must go to a reserve, each
// reserve is tried on `samples` random orders of the unseen cards (the same orders for every
// reserve), finishing each game by the rules above, and the reserve with the best total score
// is chosen. Still blind to the real stock: only the multiset of unseen cards is used.
// Deterministic for a given `seed`.
int play_with_sampling(Tableau& tableau, int samples, std::uint64_t seed, std::vector<Play>* line = nullptr);

}  // namespace gs::hopscotch
