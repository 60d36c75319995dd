// The m,n,k-game: m columns, n rows, k in a row wins; X moves first; tic-tac-toe is 3,3,3.
// Cells are numbered row by row from the top-left (cell = row * m + col). A position is two
// bitboards; packed_mnk.h puts it on one machine word for the solvers.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/bit_permutation.h"
#include "engine/core/bitboard.h"

namespace gs::mnk {

struct Position {
  Bitboard x = 0, o = 0;
  friend bool operator==(const Position&, const Position&) = default;
};

enum class Player { x, o };

class MnkGame {
 public:
  MnkGame(int m, int n, int k);  // throws InputError when out of range (1..8, k <= max(m, n))

  int m() const { return m_; }
  int n() const { return n_; }
  int k() const { return k_; }
  int cells() const { return m_ * n_; }
  Bitboard full() const { return low_bits(cells()); }
  std::string name() const { return std::to_string(m_) + "," + std::to_string(n_) + "," + std::to_string(k_); }
  const SymmetryGroup& symmetries() const { return symmetries_; }
  // Cells sorted by the number of possible lines through them, most first (move ordering).
  const std::vector<int>& cells_by_centrality() const { return cells_by_centrality_; }
  // Every line of k cells, as the set of its cells.
  const std::vector<Bitboard>& lines() const { return lines_; }

  // k in a row among the set bits, by shifting the whole word once per cell of the line.
  bool has_line(Bitboard b) const {
    for (const LineDirection& d : directions_) {
      Bitboard run = b & d.starts;
      for (int i = 1; i < k_ && run; ++i) run &= b >> (i * d.shift);
      if (run) return true;
    }
    return false;
  }

  static Player to_move(Position p) { return popcount(p.x) == popcount(p.o) ? Player::x : Player::o; }
  static int ply(Position p) { return popcount(p.x) + popcount(p.o); }
  // Terminal: the last mover made a line (a loss for the side to move) or the board is full.
  bool won_by_last_mover(Position p) const { return has_line(to_move(p) == Player::x ? p.o : p.x); }
  bool is_terminal(Position p) const { return won_by_last_mover(p) || ((p.x | p.o) == full()); }

  Position play(Position p, int cell) const {
    if (to_move(p) == Player::x)
      p.x |= bit(cell);
    else
      p.o |= bit(cell);
    return p;
  }
  template <class F>
  void for_each_move(Position p, F&& f) const {
    for_each_bit(full() & ~(p.x | p.o), [&](int cell) { f(cell, play(p, cell)); });
  }

  // The cells worth searching, best first, for alpha-beta: a cell that completes a line alone;
  // else the cell that blocks the opponent's only immediate threat (any other move loses at
  // once; with two threats every move loses and one will do); else every empty cell, by the
  // number of lines through it.
  template <class F>
  void for_each_search_cell(Position p, F&& f) const {
    const bool x_moves = to_move(p) == Player::x;
    const Bitboard mine = x_moves ? p.x : p.o, theirs = x_moves ? p.o : p.x;
    const Bitboard empty = full() & ~(p.x | p.o);
    Bitboard threats = 0;
    for (int cell : cells_by_centrality_) {
      if (!has_bit(empty, cell)) continue;
      if (has_line(mine | bit(cell))) return f(cell);
      if (has_line(theirs | bit(cell))) threats |= bit(cell);
    }
    if (threats) return f(lowest_bit(threats));
    for (int cell : cells_by_centrality_)
      if (has_bit(empty, cell)) f(cell);
  }

  // Whether a position fits one 64-bit word (PackedMnk); larger boards take WideMnk.
  bool packable() const { return cells() <= 32; }
  Position image(Position p, int g) const { return {symmetries_[g].apply(p.x), symmetries_[g].apply(p.o)}; }

  // Notation: rows top to bottom separated by '/', cells X, O and '.', e.g. "X.O/.X./...".
  Position parse(const std::string& text) const;  // throws InputError, also for unreachable positions
  std::string format(Position p) const;
  std::string cell_name(int cell) const;          // column letter and row number from the bottom: a1
  int parse_cell(const std::string& name) const;  // throws InputError

 private:
  struct LineDirection {
    int shift;        // index distance between neighbours on the line
    Bitboard starts;  // cells where a line of k fits in this direction
  };
  int m_, n_, k_;
  std::vector<LineDirection> directions_;
  std::vector<int> cells_by_centrality_;
  std::vector<Bitboard> lines_;
  SymmetryGroup symmetries_;
};

}  // namespace gs::mnk
