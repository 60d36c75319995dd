// The one vocabulary between games and solvers. A game is a class with two types and two verbs:
//
//   Position                       a value type, usually machine words
//   Move                           a small value type
//   for_each_move(p, f)            calls f(move) for every legal move of p, in the game's order
//   play(p, m) -> Position         the position after the move
//
// The end of a two-player game is told one way, `terminal(p)`, an Outcome for the side to move
// (engine/core/value.h, with the one value type, Value = outcome + plies to the end); a puzzle
// has its goal test. Every other ability is an optional capability, named below: a solver
// states the ones it needs in its requires-clause, and asks for nothing else.
//
// Games whose moves are named by the positions they join (the hunt games, the tables of Mount'n
// Fall) use the position at the move's other end as the Move: play(p, m) = m, unplay(p, m) = m.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/bit_permutation.h"
#include "engine/core/layer_index.h"
#include "engine/core/value.h"

namespace gs {

template <class G>
concept Game = requires(const G& g, const typename G::Position& p, const typename G::Move& m) {
  g.for_each_move(p, [](const typename G::Move&) {});
  { g.play(p, m) } -> std::same_as<typename G::Position>;
};

// Calls f(move, next) for every move of p: the loop of most solvers.
template <Game G, class F>
void for_each_successor(const G& game, const typename G::Position& p, F&& f) {
  game.for_each_move(p, [&](const typename G::Move& m) { f(m, game.play(p, m)); });
}

// Indexed games whose moves come with the place they lead to, computed faster than locate()
// one by one (Tigers and Goats: a placement's rank from the position's own).
template <class G>
concept LocatedMoves = requires(const G& g, const typename G::Position& p) {
  g.for_each_located_move(p, [](const typename G::Position&, LayerIndex) {});
};

// Calls f(next, where) for every move of p, where = game.locate(next).
template <class G, class F>
void for_each_located_successor(const G& game, const typename G::Position& p, F&& f) {
  if constexpr (LocatedMoves<G>)
    game.for_each_located_move(p, f);
  else
    for_each_successor(game, p, [&](const auto&, const typename G::Position& next) { f(next, game.locate(next)); });
}

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

// The moves of p, in the game's order, into `out` (cleared first): for callers that keep a list.
template <Game G>
void list_moves(const G& game, const typename G::Position& p, std::vector<typename G::Move>& out) {
  out.clear();
  game.for_each_move(p, [&](const typename G::Move& m) { out.push_back(m); });
}

// ---- Kinds of game -------------------------------------------------------------------------

// Two players alternate; values are for the side to move.
template <class G>
concept TwoPlayerGame = Game<G> && requires(const G& g, const typename G::Position& p) {
  { g.start() } -> std::same_as<typename G::Position>;
  { g.terminal(p) } -> std::same_as<std::optional<Outcome>>;  // decided before any move
};

// One player; positions are 64-bit words.
template <class G>
concept Puzzle = Game<G> && requires(const G& g, const typename G::Position& p) {
  requires std::same_as<typename G::Position, std::uint64_t>;
  { g.is_goal(p) } -> std::convertible_to<bool>;
};

// ---- Capabilities --------------------------------------------------------------------------

// A cheap proof that no goal can be reached from p (peg solitaire: a pagoda function).
template <class G>
concept Doomed = requires(const G& g, const typename G::Position& p) {
  { g.cannot_finish(p) } -> std::convertible_to<bool>;
};

// Every path from p to a goal takes exactly moves_left(p) moves (peg solitaire: pegs - 1), so
// states can be grouped by their distance to the goal before any search.
template <class G>
concept Graded = requires(const G& g, const typename G::Position& p) {
  { g.moves_left(p) } -> std::convertible_to<int>;
};

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

// Every move adds one to a count of the position (placement games: the ply; peg solitaire,
// falling: the pegs), so positions fall into layers that moves cross in one direction.
template <class G>
concept PlyCounted = requires(const G& g, const typename G::Position& p) {
  { g.ply(p) } -> std::convertible_to<int>;
};

// Moves undone: f(move) for every move that leads to p, and the position before it.
template <class G>
concept Unmoves = Game<G> && requires(const G& g, const typename G::Position& p, const typename G::Move& m) {
  g.for_each_unmove(p, [](const typename G::Move&) {});
  { g.unplay(p, m) } -> std::same_as<typename G::Position>;
};

// Calls f(move, previous) for every move that leads to p.
template <Unmoves G, class F>
void for_each_predecessor(const G& game, const typename G::Position& p, F&& f) {
  game.for_each_unmove(p, [&](const typename G::Move& m) { f(m, game.unplay(p, m)); });
}

// Moves and unmoves with the canonical form of the position they reach, found faster than
// canonicalising each (peg solitaire: a jump toggles three holes, so the images of a neighbour
// are the images of p toggled by the jump's images).
template <class G>
concept CanonicalMoves = Unmoves<G> && Symmetric<G> && requires(const G& g, const typename G::Position& p) {
  g.for_each_canonical_move(p, [](const typename G::Move&, const typename G::Position&) {});
  g.for_each_canonical_unmove(p, [](const typename G::Move&, const typename G::Position&) {});
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

// The symmetry group as point permutations (for solvers that map sets of points).
template <class G>
concept PointSymmetries = requires(const G& g) {
  { g.symmetries() } -> std::same_as<const SymmetryGroup&>;
};

// A puzzle whose positions can be enumerated layer by layer from canonical forms (peg
// solitaire: each move takes one peg away), with its symmetry group at hand.
template <class P>
concept LayeredPuzzle = Puzzle<P> && CanonicalMoves<P> && PointSymmetries<P>;

// The moves a search should try, best first; may leave out moves that cannot do better than
// those it lists (m,n,k: a winning move alone, or the block of the opponent's only threat).
template <class G>
concept SearchMoves = Game<G> && requires(const G& g, const typename G::Position& p) {
  g.for_each_search_move(p, [](const typename G::Move&) {});
};

// A static evaluation for the side to move (well inside a search's win score) and a hash.
template <class G>
concept Evaluated = requires(const G& g, const typename G::Position& p) {
  { g.evaluate(p) } -> std::convertible_to<int>;
  { g.hash(p) } -> std::convertible_to<std::uint64_t>;
};

// Moves that change the evaluation sharply (captures): tried first and searched past the depth
// limit until the position is quiet.
template <class G>
concept NoisyMoves = Game<G> && requires(const G& g, const typename G::Position& p, const typename G::Move& m) {
  { g.noisy(p, m) } -> std::convertible_to<bool>;
};

// Positions split into layers solved in order, each with a dense index: what the retrograde
// solver needs. `locate` ranks a position (layer -1: a terminal position outside the tables);
// `unrank` gives nothing for an index that names no position.
template <class G>
concept Indexed = TwoPlayerGame<G> && Unmoves<G> &&
    requires(const G& g, const typename G::Position& p, int layer, std::uint64_t index) {
  { g.layer_count() } -> std::convertible_to<int>;
  { g.layer_size(layer) } -> std::convertible_to<std::uint64_t>;
  { g.locate(p) } -> std::same_as<LayerIndex>;
  { g.unrank(layer, index) } -> std::same_as<std::optional<typename G::Position>>;
};

// Indexed games that unrank a run of indices faster than one by one (Fox and Geese: both sides
// to move of one placement share its unranking).
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

// What probing stored tables needs (solvers/probe): names for the table files' headers, the
// layers' sizes, ranking, and the terminal test for positions outside the tables.
template <class G>
concept Tabled = requires(const G& g, const typename G::Position& p, int layer) {
  { G::kName } -> std::convertible_to<std::string>;
  { G::kIndexScheme } -> std::convertible_to<std::string>;
  { g.variant() } -> std::convertible_to<std::string>;
  { g.layer_count() } -> std::convertible_to<int>;
  { g.layer_size(layer) } -> std::convertible_to<std::uint64_t>;
  { g.locate(p) } -> std::same_as<LayerIndex>;
  { g.terminal(p) } -> std::same_as<std::optional<Outcome>>;
};

// The earlier layers whose positions a layer's moves can reach: a table builder drops a layer
// from memory once no layer still to be solved reads it.
template <class G>
concept LayerDependencies = Indexed<G> && requires(const G& g, int layer) {
  { g.layers_read(layer) } -> std::convertible_to<std::vector<int>>;
};

// A draw rule on moves without progress (Tigers and Goats: 120 plies without a placement or a
// capture; Fox and Geese: without a capture). Whether a move from one layer to another is
// progress; a move that stays in its layer never is.
template <class G>
concept ProgressLayers = Indexed<G> && requires(const G& g, int from_layer, int to_layer) {
  { g.progress(from_layer, to_layer) } -> std::convertible_to<bool>;
};

// Layers whose play without progress is bounded: from any position of the layer, every line
// reaches a progress move or the end within quiet_plies(layer) plies (-1: no bound). Tigers and
// Goats while goats are in hand: a goat's move is a placement (1), a tiger's step is followed by
// one (2). Under the draw rule such a layer's values can be stated from the plain tables
// (solvers/common/progress_rule.h).
template <class G>
concept QuietBounded = ProgressLayers<G> && requires(const G& g, int layer) {
  { g.quiet_plies(layer) } -> std::convertible_to<int>;
};

// An indexed game whose tables are stored.
template <class G>
concept Stored = Indexed<G> && Tabled<G>;

// Notation: positions read and printed (a round trip gives the same text), moves printed.
template <class G>
concept Notation = requires(const G& g, const std::string& text, const typename G::Position& p,
                            const typename G::Move& m) {
  { g.parse(text) } -> std::same_as<typename G::Position>;
  { g.format(p) } -> std::convertible_to<std::string>;
  { g.move_name(p, m) } -> std::convertible_to<std::string>;
};

// Table reports: the sides' names, whose turn it is, what a layer holds, and other starts.
template <class G>
concept Reported = Stored<G> && Notation<G> && requires(const G& g, const typename G::Position& p, int layer) {
  { G::kSides[0] } -> std::convertible_to<std::string>;
  { g.side(p) } -> std::convertible_to<int>;
  { g.layer_name(layer) } -> std::convertible_to<std::string>;
  { g.starts() } -> std::convertible_to<std::vector<typename G::Position>>;
  { g.tabulated(p) } -> std::convertible_to<bool>;  // inside the tables (not a position before them)
};

// ---- Deal games ----------------------------------------------------------------------------
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
