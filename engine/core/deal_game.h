// Deal games: single-player games with perfect information that end with a score, searched on
// one mutable state (apply and undo). Apart from engine/core/game.h: a deal game is not a Game.
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

// A game whose moves or keys may be narrowed while only a win matters: every won state stays
// won, but scores short of a win may differ, so facts learnt meanwhile hold for a win only.
template <class G>
concept WinOnlyRules = requires(G game) {
  game.set_win_only(true);
};

template <class G>
void set_win_only(G& game, bool on) {
  if constexpr (WinOnlyRules<G>) game.set_win_only(on);
}

// A deal game whose moves come in stages (each card dealt from the stock starts one), whose
// states can be stored as keys and loaded back, and which can say how promising a state looks:
// what a breadth-first or beam search needs.
template <class G>
concept StagedDealGame = DealGame<G> && requires(G game, const G& view, const typename G::Key& key) {
  { view.stage() } -> std::convertible_to<int>;    // never falls; a move keeps it or raises it by one
  { view.promise() } -> std::convertible_to<int>;  // higher = more likely to reach a high score
  game.load(key);                                  // the state the key describes (same deal)
  requires std::totally_ordered<typename G::Key>;
};

}  // namespace gs
