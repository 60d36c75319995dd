// Where a dealt card that fits no foundation should go, by common sense: the cost of putting a
// card of a rank on a reserve. The search orders its moves by it, and the normal-play player
// (heuristic_player.h) plays by it.
#pragma once

#include "engine/hopscotch/tableau.h"

namespace gs::hopscotch {

// Best (lowest) first: onto a card that some foundation needs right after this one (a chain),
// else onto a card needed later than this one (the closer the better), a King onto an empty
// reserve or another King, an empty reserve, and last covering a card needed sooner.
int placement_cost(const Tableau& tableau, int rank, int p);

}  // namespace gs::hopscotch
