// Mount'n Fall in the table games' vocabulary, without an index: a move is named by the position
// it reaches, sides are named, moves have their notation and the squares a player points at.
// Replaying a game record needs no more, on any board; MountNFallIndex adds the tables' index.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/value.h"
#include "engine/mountnfall/mountnfall.h"

namespace gs::mountnfall {

class MountNFallPlay {
 public:
  using Position = mountnfall::Position;
  using Move = Position;  // a move is named by the position it reaches (see engine/core/game.h)

  static constexpr const char* kName = "mountnfall";
  static constexpr const char* kSides[2] = {"white", "black"};

  MountNFallPlay(int size, int triangle) : game_(size, triangle) {}

  const MountNFall& game() const { return game_; }
  std::string variant() const {
    return std::to_string(game_.size()) + "x" + std::to_string(game_.size()) + "-t" + std::to_string(game_.triangle());
  }
  Position start() const { return game_.start(); }
  std::vector<Position> starts() const {  // White to move first, and Black
    Position black = game_.start();
    black.white_to_move = false;
    return {game_.start(), black};
  }
  std::string format(const Position& p) const { return game_.format(p); }
  Position parse(const std::string& text) const { return game_.parse(text); }
  std::string move_name(const Position& from, const Position& to) const;
  // The squares named ("c2") a player points at to make the move to `to` (MountNFall::move_squares).
  std::pair<std::string, std::string> move_points(const Position& from, const Position& to) const;
  int side(const Position& p) const { return p.white_to_move ? 0 : 1; }

  // Nothing is decided before a move: a side with no legal move loses, which the solvers see.
  std::optional<Outcome> terminal(const Position&) const { return std::nullopt; }

  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    game_.for_each_move(p, [&](const mountnfall::Move& m) { f(game_.play(p, m)); });
  }
  Position play(const Position&, const Move& m) const { return m; }
  template <class F>
  void for_each_unmove(const Position& p, F&& f) const {
    game_.for_each_previous(p, f);
  }
  Position unplay(const Position&, const Move& m) const { return m; }

 private:
  // The move from `from` that reaches `to`, if one does.
  std::optional<mountnfall::Move> move_to(const Position& from, const Position& to) const;

  MountNFall game_;
};

// What the solvers may ask of it (engine/core/game*.h).
static_assert(TwoPlayerGame<MountNFallPlay> && Unmoves<MountNFallPlay> && Notation<MountNFallPlay>);

}  // namespace gs::mountnfall
