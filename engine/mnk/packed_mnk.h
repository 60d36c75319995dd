// The m,n,k-game on one machine word (boards of at most 32 cells), as the table-building solvers
// see a two-player game: states, moves, terminal values and symmetries.
#pragma once

#include <algorithm>
#include <optional>

#include "engine/mnk/mnk_game.h"
#include "engine/core/uint128.h"

namespace gs::mnk {

class PackedMnk {
 public:
  using State = std::uint64_t;
  using Move = int;  // the cell played

  explicit PackedMnk(const MnkGame& game) : game_(&game) {}
  const MnkGame& game() const { return *game_; }
  static State pack(Position p) { return MnkGame::pack(p); }
  static Position unpack(State s) { return MnkGame::unpack(s); }

  State start() const { return 0; }
  State canonical(State s) const { return game_->canonical(s); }
  int orbit_size(State s) const { return game_->orbit_size(s); }
  int ply(State s) const { return MnkGame::ply(MnkGame::unpack(s)); }
  // Value for the side to move at a terminal state: -1 (the last mover made a line) or 0 (full).
  std::optional<int> terminal_value(State s) const {
    const Position p = MnkGame::unpack(s);
    if (game_->won_by_last_mover(p)) return -1;
    if ((p.x | p.o) == game_->full()) return 0;
    return std::nullopt;
  }
  template <class F>
  void for_each_move(State s, F&& f) const {
    game_->for_each_move(MnkGame::unpack(s), [&](int cell, Position child) { f(cell, MnkGame::pack(child)); });
  }

  // Moves worth searching, best first (MnkGame::for_each_search_cell).
  template <class F>
  void for_each_search_move(State s, F&& f) const {
    const Position p = MnkGame::unpack(s);
    game_->for_each_search_cell(p, [&](int cell) { f(cell, MnkGame::pack(game_->play(p, cell))); });
  }

 private:
  const MnkGame* game_;
};

}  // namespace gs::mnk

namespace gs::mnk {

// Any board up to 8x8 on a 128-bit word (X in the low half, O in the high half), for the
// alpha-beta search; the table-building solvers keep to PackedMnk.
class WideMnk {
 public:
  using State = uint128;
  using Move = int;

  explicit WideMnk(const MnkGame& game) : game_(&game) {}
  const MnkGame& game() const { return *game_; }

  static State pack(Position p) { return State(p.x) | (State(p.o) << 64); }
  static Position unpack(State s) { return {static_cast<Bitboard>(s), static_cast<Bitboard>(s >> 64)}; }
  State canonical(State s) const {
    const Position p = unpack(s);
    State best = s;
    for (int g = 1; g < game_->symmetries().order(); ++g) best = std::min(best, pack(game_->image(p, g)));
    return best;
  }
  std::optional<int> terminal_value(State s) const {
    const Position p = unpack(s);
    if (game_->won_by_last_mover(p)) return -1;
    if ((p.x | p.o) == game_->full()) return 0;
    return std::nullopt;
  }
  template <class F>
  void for_each_move(State s, F&& f) const {
    game_->for_each_move(unpack(s), [&](int cell, Position child) { f(cell, pack(child)); });
  }
  template <class F>
  void for_each_search_move(State s, F&& f) const {
    const Position p = unpack(s);
    game_->for_each_search_cell(p, [&](int cell) { f(cell, pack(game_->play(p, cell))); });
  }

 private:
  const MnkGame* game_;
};

}  // namespace gs::mnk
