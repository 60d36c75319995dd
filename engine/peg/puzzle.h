// Peg solitaire as a puzzle for the generic solvers: the goal is one peg left on one of the
// allowed finish holes; states are canonicalised under a symmetry group that the caller chooses
// (a subgroup of the board's that fixes the finish set, and the start where counts need it).
#pragma once

#include "engine/peg/board.h"

namespace gs::peg {

class PegPuzzle {
 public:
  using State = Position;
  using Move = const Jump*;

  PegPuzzle(const Board& board, Bitboard finishes, SymmetryGroup group)
      : board_(&board), finishes_(finishes), group_(std::move(group)) {}

  const Board& board() const { return *board_; }
  Bitboard finishes() const { return finishes_; }
  const SymmetryGroup& symmetries() const { return group_; }

  State canonical(State s) const { return group_.canonical(s); }
  bool is_goal(State s) const { return popcount(s) == 1 && (s & finishes_); }
  int layer(State s) const { return popcount(s); }

  template <class F>
  void for_each_move(State s, F&& f) const {
    board_->for_each_jump(s, [&](const Jump& j) { f(&j, s ^ j.all); });
  }
  template <class F>
  void for_each_predecessor(State s, F&& f) const {
    board_->for_each_unjump(s, [&](const Jump& j) { f(&j, s ^ j.all); });
  }
  static int move_origin(Move m) { return m->from; }
  static int move_landing(Move m) { return m->to; }

 private:
  const Board* board_;
  Bitboard finishes_;
  SymmetryGroup group_;
};

}  // namespace gs::peg
