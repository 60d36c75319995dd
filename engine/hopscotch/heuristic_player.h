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

// The same player with look-ahead by sampling: at each real choice (which reserve or foundation
// for the waste card, which of two competing reserve tops goes up) each play is tried on
// `samples` random orders of the unseen cards (the same orders for every play), finishing each
// imagined game by the rules above, and the play worth most is made: 100 a won game plus its
// score. Still blind to the real stock: only the multiset of unseen cards is used.
// Deterministic for a given `seed`. The imagined games are added to `imagined` when given.
int play_with_sampling(Tableau& tableau, int samples, std::uint64_t seed, std::vector<Play>* line = nullptr,
                       std::uint64_t* imagined = nullptr);

}  // namespace gs::hopscotch
