// The retrograde solver's fast paths for games whose layers most moves stay in: the exits of a
// layer found without ranking the moves that stay, and exits found back from where they lead.
// One game models each (Fox and Geese), so they live with their solver (solvers/common/
// capabilities.h says why).
#pragma once

#include <concepts>

#include "engine/core/game.h"
#include "engine/core/game_tables.h"
#include "engine/core/layer_index.h"

namespace gs {

// Indexed games that find, located, the moves leaving a position's layer without ranking those
// that stay (Fox and Geese: a fox's step or a goose's sideways step stays).
template <class G>
concept LocatedExits = requires(const G& g, const typename G::Position& p) {
  {
    g.for_each_located_exit(p, [](const typename G::Position&, LayerIndex) {})
    } -> std::same_as<bool>;
};

// Calls f(next, where) for every move of p (in `layer`) that leaves the layer, where =
// game.locate(next); returns whether some move stays in it.
template <class G, class F>
bool for_each_located_exit(const G& game, const typename G::Position& p, int layer, F&& f) {
  if constexpr (LocatedExits<G>) {
    return game.for_each_located_exit(p, f);
  } else {
    bool inside = false;
    for_each_located_successor(game, p, [&](const typename G::Position& next, LayerIndex at) {
      if (at.layer == layer)
        inside = true;
      else
        f(next, at);
    });
    return inside;
  }
}

// Indexed games some of whose exits are found back from where they lead: every move from
// `layer` into `earlier` is an un-move (for_each_unmove) of its destination (Fox and Geese: a
// goose's step down, not a capture). The retrograde solver's first pass then looks up only the
// other exits, `for_each_located_unreversed_exit` (which returns, as for_each_located_exit does,
// whether some move stays in the layer), and makes wins of the predecessors of the losses of
// such an earlier layer: far fewer than the positions that would look up their moves there.
template <class G>
concept ReversedExits = LocatedExits<G> && LayerDependencies<G> &&
    requires(const G& g, const typename G::Position& p, int layer) {
  { g.exits_reversed(layer, layer) } -> std::convertible_to<bool>;
  {
    g.for_each_located_unreversed_exit(p, [](const typename G::Position&, LayerIndex) {})
    } -> std::same_as<bool>;
};

}  // namespace gs
