// The one vocabulary between games and solvers, in layers: this header (the game, its kinds,
// unmoves and notation), then game_symmetry.h, game_search.h, game_tables.h and deal_game.h, each
// built on this one. Engines and solvers both include them; every engine header ends with
// static_asserts of what its games model.
// A game is a class with two types and two verbs:
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

// Notation: positions read and printed (a round trip gives the same text), moves printed.
template <class G>
concept Notation = requires(const G& g, const std::string& text, const typename G::Position& p,
                            const typename G::Move& m) {
  { g.parse(text) } -> std::same_as<typename G::Position>;
  { g.format(p) } -> std::convertible_to<std::string>;
  { g.move_name(p, m) } -> std::convertible_to<std::string>;
};

}  // namespace gs
