// What the layered solvers (analysis, layer search, fewest moves) ask of a puzzle. One game
// models these, peg solitaire, so they live here with the solvers that read them
// (solvers/common/capabilities.h says why).
#pragma once

#include <concepts>

#include "engine/core/bit_permutation.h"
#include "engine/core/game.h"
#include "engine/core/game_symmetry.h"
#include "solvers/common/capabilities.h"

namespace gs {

// A puzzle whose positions can be enumerated layer by layer from canonical forms (peg
// solitaire: each move takes one peg away), with its symmetry group as point permutations (to
// map sets of points: the finish set, a move's holes).
template <class P>
concept LayeredPuzzle = Puzzle<P> && CanonicalMoves<P> && requires(const P& p) {
  { p.symmetries() } -> std::same_as<const SymmetryGroup&>;
};

// Moves made by one piece: a run of moves each starting where the last landed counts as one
// "move" for fewest-moves searches (peg solitaire). for_each_move_from(p, point, f) calls f for
// the legal moves of p that start on point, in the game's order; for_each_unmove_onto for the
// moves that lead to p and land on point.
template <class G>
concept PieceMoves = Unmoves<G> && requires(const G& g, const typename G::Move& m, const typename G::Position& p) {
  { g.move_origin(m) } -> std::convertible_to<int>;
  { g.move_landing(m) } -> std::convertible_to<int>;
  g.for_each_move_from(p, 0, [](const typename G::Move&) {});
  g.for_each_unmove_onto(p, 0, [](const typename G::Move&) {});
};

// Canonical unmoves that also name the symmetry taking each parent to its canonical form (peg
// solitaire reads it off the images it already has): the streamed fewest-moves entry maps a
// parent's landing set through it instead of canonicalising again.
template <class G>
concept ElementUnmoves = requires(const G& g, const typename G::Position& p) {
  g.for_each_canonical_unmove_with_element(p, [](const typename G::Move&, const typename G::Position&, int) {});
};

}  // namespace gs
