// Deal games: single-player games with perfect information that end with a score, searched on
// one mutable state (apply and undo). Apart from engine/core/game.h: a deal game is not a Game.
// (Win-only rules and stages have one model, Hopscotch, and live with the deal searches:
// solvers/deal/.)
#pragma once

#include <concepts>

namespace gs {

// A single-player game with perfect information that ends with a score (a solitaire deal whose
// stock order is known), searched on one mutable state: apply and undo instead of play (a state
// is a few hundred bytes, too big to copy per move), and the moves into the game's fixed-size
// list (the search walks it while applying and undoing; a callback would add a copy per node).

template <class G>
concept DealGame = requires(G game, const G& view, const typename G::Move& move, typename G::MoveList& moves) {
  typename G::Key;
  { G::kMaxScore } -> std::convertible_to<int>;
  { view.key() } -> std::same_as<typename G::Key>;        // canonical: equal keys, equal futures
  { view.exact_key() } -> std::same_as<typename G::Key>;  // no symmetry reduction
  { view.score() } -> std::convertible_to<int>;           // final score if the game ended here; never falls
  // No continuation scores more; may stop refining once it is at most the argument.
  { view.upper_bound(0) } -> std::convertible_to<int>;
  view.generate_moves(moves);  // empty = the game is over
  game.apply(move);
  game.undo(move);
};

}  // namespace gs
