// What searches ask of a game (engine/core/game.h) beyond its moves: a proof that no goal is
// reachable, a distance to the goal or a ply count, moves by piece, search order, evaluation and
// the moves that are noisy.
#pragma once

#include <concepts>
#include <cstdint>

#include "engine/core/game.h"

namespace gs {

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

// Every move adds one to a count of the position (placement games: the ply; peg solitaire,
// falling: the pegs), so positions fall into layers that moves cross in one direction.
template <class G>
concept PlyCounted = requires(const G& g, const typename G::Position& p) {
  { g.ply(p) } -> std::convertible_to<int>;
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

// The moves a search should try, best first; may leave out moves that cannot do better than
// those it lists (m,n,k: a winning move alone, or the block of the opponent's only threat).
template <class G>
concept SearchMoves = Game<G> && requires(const G& g, const typename G::Position& p) {
  g.for_each_search_move(p, [](const typename G::Move&) {});
};

// A static evaluation for the side to move (well inside a search's win score).
template <class G>
concept Evaluated = requires(const G& g, const typename G::Position& p) {
  { g.evaluate(p) } -> std::convertible_to<int>;
};

// A hash of a position that is not a machine word (transposition tables, repetitions).
template <class G>
concept Hashed = requires(const G& g, const typename G::Position& p) {
  { g.hash(p) } -> std::convertible_to<std::uint64_t>;
};

// Moves that change the evaluation sharply (captures): tried first and searched past the depth
// limit until the position is quiet.
template <class G>
concept NoisyMoves = Game<G> && requires(const G& g, const typename G::Position& p, const typename G::Move& m) {
  { g.noisy(p, m) } -> std::convertible_to<bool>;
};

}  // namespace gs
