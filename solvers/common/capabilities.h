// Capabilities that one game models and several solvers read. The vocabulary's rule
// (engine/core/game.h): a concept with two models is shared in engine/core; a concept with one
// lives with the solvers that read it, here when several do, and moves to engine/core when a
// second game models it. Engines include no solver, so an engine does not assert these: the tool
// that hands the game to the solver does (a fast path whose signature drifted would otherwise be
// skipped without a word).
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>

#include "engine/core/game.h"
#include "engine/core/game_search.h"
#include "engine/core/game_symmetry.h"
#include "engine/core/game_tables.h"

namespace gs {

// A cheap proof that no goal can be reached from p (peg solitaire: a pagoda function). Read by
// the depth-first and beam searches and the streamed layers.
template <class G>
concept Doomed = requires(const G& g, const typename G::Position& p) {
  { g.cannot_finish(p) } -> std::convertible_to<bool>;
};

// A ply count whose goal is one fixed ply (peg solitaire: a jump empties one more hole, and the
// goal has every hole but one empty), so every path from p to a goal takes exactly
// moves_left(game, p) moves and states can be grouped by their distance to the goal before any
// search. Read by the depth-first and beam searches.
template <class G>
concept Graded = PlyCounted<G> && requires(const G& g) {
  { g.goal_ply() } -> std::convertible_to<int>;
};

template <Graded G>
int moves_left(const G& game, const typename G::Position& p) {
  return game.goal_ply() - game.ply(p);
}

// Moves and unmoves with the canonical form of the position they reach, found faster than
// canonicalising each (peg solitaire: a jump toggles three holes, so the images of a neighbour
// are the images of p toggled by the jump's images). Read by the depth-first search and the
// layered solvers.
template <class G>
concept CanonicalMoves = Unmoves<G> && Symmetric<G> && requires(const G& g, const typename G::Position& p) {
  g.for_each_canonical_move(p, [](const typename G::Move&, const typename G::Position&) {});
  g.for_each_canonical_unmove(p, [](const typename G::Move&, const typename G::Position&) {});
};

// A hash of a position that is not a machine word (Mount'n Fall). Read by df-pn's and negamax's
// transposition tables and the repetition check of played games.
template <class G>
concept Hashed = requires(const G& g, const typename G::Position& p) {
  { g.hash(p) } -> std::convertible_to<std::uint64_t>;
};

// Indexed games that name a position by a machine word (equal positions, equal keys) and list
// the positions their index ranks as one: p's images under the index's symmetries, p among them
// (Fox and Geese: p and its mirror image). Read by verify's filter of lost positions
// (solvers/retrograde/loss_filter.h), which holds every image so that a move's destination is
// looked up as it is, with no representative to find.
template <class G>
concept ImagedPositions = requires(const G& g, const typename G::Position& p) {
  { g.key(p) } -> std::convertible_to<std::uint64_t>;
  g.for_each_image(p, [](const typename G::Position&) {});
};

// Indexed games that unrank a run of indices faster than one by one (Fox and Geese: both sides
// to move of one placement share its unranking). Read by the retrograde solver, verify and reach.
template <class G>
concept RangeUnrank = requires(const G& g, int layer, std::uint64_t index) {
  g.for_each_unranked(layer, index, index, [](std::uint64_t, const std::optional<typename G::Position>&) {});
};

// Calls f(i, game.unrank(layer, i)) for each i in [begin, end), in order.
template <Indexed G, class F>
void for_each_unranked(const G& game, int layer, std::uint64_t begin, std::uint64_t end, F&& f) {
  if constexpr (RangeUnrank<G>) {
    game.for_each_unranked(layer, begin, end, f);
  } else {
    for (std::uint64_t i = begin; i != end; ++i) f(i, game.unrank(layer, i));
  }
}

}  // namespace gs
