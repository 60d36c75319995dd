// What a single-agent puzzle must provide to the game-independent solvers. States are machine
// words; a move is a small value type; symmetries act on state words and on point masks.
#pragma once

#include <concepts>
#include <cstdint>
#include <utility>

#include "engine/core/bit_permutation.h"

namespace gs {

template <class P>
concept Puzzle = requires(const P& p, typename P::State s, typename P::Move m) {
  requires std::same_as<typename P::State, std::uint64_t>;
  { p.canonical(s) } -> std::same_as<typename P::State>;
  { p.is_goal(s) } -> std::convertible_to<bool>;
  p.for_each_move(s, [](typename P::Move, typename P::State) {});
};

// A puzzle whose moves each go from layer n to layer n - 1 (peg solitaire: one peg fewer), so
// its reachable states can be enumerated layer by layer, and whose moves can be undone.
template <class P>
concept LayeredPuzzle = Puzzle<P> && requires(const P& p, typename P::State s, typename P::Move m) {
  { p.layer(s) } -> std::convertible_to<int>;
  { p.symmetries() } -> std::same_as<const SymmetryGroup&>;
  p.for_each_predecessor(s, [](typename P::Move, typename P::State) {});
  // The same neighbours, already in canonical form (a puzzle can often do this faster than
  // canonicalising each neighbour).
  p.for_each_canonical_move(s, [](typename P::Move, typename P::State) {});
  p.for_each_canonical_predecessor(s, [](typename P::Move, typename P::State) {});
  // The point a move starts from and the point it lands on: a run of moves by one piece, each
  // starting where the last landed, counts as one "move" for fewest-moves searches.
  { p.move_origin(m) } -> std::convertible_to<int>;
  { p.move_landing(m) } -> std::convertible_to<int>;
};

}  // namespace gs
