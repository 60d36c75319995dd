// The m,n,k-game on one machine word (boards of at most 32 cells), as the table-building solvers
// see a two-player game: states, moves, terminal values and symmetries.
#pragma once

#include <optional>

#include "engine/mnk/mnk_game.h"

namespace gs::mnk {

class PackedMnk {
 public:
  using State = std::uint64_t;
  using Move = int;  // the cell played

  explicit PackedMnk(const MnkGame& game) : game_(&game) {}
  const MnkGame& game() const { return *game_; }

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

  // Moves worth searching, best first, for alpha-beta: a move that completes a line alone; else
  // the cell that blocks the opponent's only immediate threat (any other move loses at once);
  // else all moves, blocking-free ones ordered by how many lines pass through the cell.
  template <class F>
  void for_each_search_move(State s, F&& f) const {
    const Position p = MnkGame::unpack(s);
    const bool x_moves = MnkGame::to_move(p) == Player::x;
    const Bitboard mine = x_moves ? p.x : p.o, theirs = x_moves ? p.o : p.x;
    const Bitboard empty = game_->full() & ~(p.x | p.o);
    Bitboard threats = 0;
    for (int cell : game_->cells_by_centrality()) {
      if (!has_bit(empty, cell)) continue;
      if (game_->has_line(mine | bit(cell))) {
        f(cell, MnkGame::pack(game_->play(p, cell)));
        return;
      }
      if (game_->has_line(theirs | bit(cell))) threats |= bit(cell);
    }
    if (threats) {
      const int cell = lowest_bit(threats);  // with two threats every move loses: one will do
      f(cell, MnkGame::pack(game_->play(p, cell)));
      return;
    }
    for (int cell : game_->cells_by_centrality())
      if (has_bit(empty, cell)) f(cell, MnkGame::pack(game_->play(p, cell)));
  }

 private:
  const MnkGame* game_;
};

}  // namespace gs::mnk
