// What searches ask of a game (engine/core/game.h) beyond its moves: a ply count and the moves
// to try first. (A proof that no goal is reachable, the distance to the goal, moves by piece, a
// hash, evaluation and noisy moves have one model each and live with their solvers:
// solvers/common/capabilities.h, solvers/layered/layered_puzzle.h, solvers/minimax/negamax.h.)
#pragma once

#include <concepts>
#include <cstdint>

#include "engine/core/game.h"

namespace gs {

// Every move adds one to a count of the position (placement games: the stones placed; peg
// solitaire: the empty holes), so positions fall into layers that moves cross in one direction.
template <class G>
concept PlyCounted = requires(const G& g, const typename G::Position& p) {
  { g.ply(p) } -> std::convertible_to<int>;
};

// The moves a search should try, best first; may leave out moves that cannot do better than
// those it lists (m,n,k: a winning move alone, or the block of the opponent's only threat).
template <class G>
concept SearchMoves = Game<G> && requires(const G& g, const typename G::Position& p) {
  g.for_each_search_move(p, [](const typename G::Move&) {});
};

}  // namespace gs
