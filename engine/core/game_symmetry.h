// Symmetries of a game (engine/core/game.h): canonical forms and class sizes. (Canonical moves
// and the group as point permutations have one model, peg solitaire, and live with their
// solvers: solvers/common/capabilities.h, solvers/layered/layered_puzzle.h.)
#pragma once

#include <concepts>

#include "engine/core/game.h"

namespace gs {

// Symmetries: one representative per class of positions that play alike.
template <class G>
concept Symmetric = requires(const G& g, const typename G::Position& p) {
  { g.canonical(p) } -> std::same_as<typename G::Position>;
};

// The size of a position's class under the symmetries (to count positions from representatives).
template <class G>
concept CountedClasses = Symmetric<G> && requires(const G& g, const typename G::Position& p) {
  { g.orbit_size(p) } -> std::convertible_to<int>;
};

}  // namespace gs
