// Symmetries of a game (engine/core/game.h): canonical forms, class sizes, canonical moves, the
// group as point permutations, and the puzzles enumerated layer by layer from canonical forms.
#pragma once

#include <concepts>

#include "engine/core/bit_permutation.h"
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

// Moves and unmoves with the canonical form of the position they reach, found faster than
// canonicalising each (peg solitaire: a jump toggles three holes, so the images of a neighbour
// are the images of p toggled by the jump's images).
template <class G>
concept CanonicalMoves = Unmoves<G> && Symmetric<G> && requires(const G& g, const typename G::Position& p) {
  g.for_each_canonical_move(p, [](const typename G::Move&, const typename G::Position&) {});
  g.for_each_canonical_unmove(p, [](const typename G::Move&, const typename G::Position&) {});
};

// The symmetry group as point permutations (for solvers that map sets of points).
template <class G>
concept PointSymmetries = requires(const G& g) {
  { g.symmetries() } -> std::same_as<const SymmetryGroup&>;
};

// A puzzle whose positions can be enumerated layer by layer from canonical forms (peg
// solitaire: each move takes one peg away), with its symmetry group at hand.
template <class P>
concept LayeredPuzzle = Puzzle<P> && CanonicalMoves<P> && PointSymmetries<P>;

}  // namespace gs
