// Peg solitaire as a puzzle for the generic solvers: the goal is one peg left on one of the
// allowed finish holes; states are canonicalised under a symmetry group that the caller chooses
// (a subgroup of the board's that fixes the finish set, and the start where counts need it).
#pragma once

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <vector>

#include "engine/core/game_search.h"
#include "engine/core/game_symmetry.h"
#include "engine/peg/board.h"
#include "engine/peg/pagoda.h"
#include "engine/peg/pagoda_bounds.h"

namespace gs::peg {

class PegPuzzle {
 public:
  using Position = peg::Position;
  using Move = const Jump*;

  PegPuzzle(const Board& board, Bitboard finishes, SymmetryGroup group)
      : board_(&board), finishes_(finishes), group_(std::move(group)), pagodas_(board.holes(), lowest_bit(finishes)) {
    for (const Jump& j : board.jumps())
      for (int g = 0; g < group_.order(); ++g) jump_images_.push_back(group_[g].apply(j.all));
    if (popcount(finishes) == 1) golden_ = PagodaBound::golden(board, lowest_bit(finishes));
  }

  // With a single finish, pagoda functions towards it prune: a position lighter than the finish
  // cannot end there (engine/peg/pagoda.h). Conway's golden pagoda is always one of them.
  bool cannot_finish(Position s) const {
    if (golden_ && golden_->doomed(s)) return true;
    if (pagodas_.doomed(s)) return true;
    for (const PagodaBound& b : large_)
      if (b.doomed(s)) return true;
    return false;
  }
  // More pagodas towards the single finish. Each is checked here too (is_pagoda): a weight that
  // grows along a jump would prune positions that can finish, and turn a solvable problem
  // unsolvable without a word.
  void add_pagoda(const Pagoda& p) {
    if (!is_pagoda(*board_, p)) throw std::logic_error("a pagoda function that grows along a jump");
    if (!pagodas_.add(p)) large_.emplace_back(p, lowest_bit(finishes_));
  }

  const Board& board() const { return *board_; }
  Bitboard finishes() const { return finishes_; }
  const SymmetryGroup& symmetries() const { return group_; }

  Position canonical(Position s) const { return group_.canonical(s); }
  // Every jump empties one more hole; the goal has one peg, so every solution of s takes
  // goal_ply() - ply(s) jumps.
  int ply(Position s) const { return board_->holes() - popcount(s); }
  int goal_ply() const { return board_->holes() - 1; }
  bool is_goal(Position s) const { return popcount(s) == 1 && (s & finishes_); }

  template <class F>
  void for_each_move(Position s, F&& f) const {
    board_->for_each_jump(s, [&](const Jump& j) { f(&j); });
  }
  static Position play(Position s, Move m) { return s ^ m->all; }
  template <class F>
  void for_each_unmove(Position s, F&& f) const {
    board_->for_each_unjump(s, [&](const Jump& j) { f(&j); });
  }
  static Position unplay(Position s, Move m) { return s ^ m->all; }
  template <class F>
  void for_each_move_from(Position s, int hole, F&& f) const {
    board_->for_each_jump_from(s, hole, [&](const Jump& j) { f(&j); });
  }
  template <class F>
  void for_each_unmove_onto(Position s, int hole, F&& f) const {
    board_->for_each_unjump_onto(s, hole, [&](const Jump& j) { f(&j); });
  }
  // The same neighbours with their canonical forms, cheaply: a jump toggles three holes, so the
  // images of a neighbour are the images of `s` XOR the images of the jump. One full symmetry
  // pass per position instead of one per neighbour.
  template <class F>
  void for_each_canonical_move(Position s, F&& f) const {
    for_each_canonical_neighbour(s, f, [&](auto&& visit) { board_->for_each_jump(s, visit); });
  }
  template <class F>
  void for_each_canonical_unmove(Position s, F&& f) const {
    for_each_canonical_neighbour(s, f, [&](auto&& visit) { board_->for_each_unjump(s, visit); });
  }

  // Calls f(move, canonical child) for every move of `s` (canonical), in no fixed order, and
  // returns the size of the orbit of `s`, read off the same images: |group| / |stabiliser|.
  template <class F>
  int for_each_canonical_move_in_orbit(Position s, F&& f) const {
    switch (group_.order()) {  // the common orders with loops unrolled
      case 8: return moves_in_orbit<8>(s, f);
      case 4: return moves_in_orbit<4>(s, f);
      case 2: return moves_in_orbit<2>(s, f);
      default: return moves_in_orbit<0>(s, f);
    }
  }
  // Calls f(move, canonical parent) for every move that leads to `s`, in no fixed order.
  template <class F>
  void for_each_canonical_unmove_unordered(Position s, F&& f) const {
    Bitboard images[kMaxSymmetries];
    group_.images(s, images);
    board_->for_each_unjump_unordered(s, [&](const Jump& j) { f(&j, best_image(images, j)); });
  }

  // Calls f(move, canonical parent, g) for every move that leads to `s`, in no fixed order, g
  // the index of an element that maps the parent to its canonical form.
  template <class F>
  void for_each_canonical_unmove_with_element(Position s, F&& f) const {
    Bitboard images[kMaxSymmetries];
    group_.images(s, images);
    const int order = group_.order();
    board_->for_each_unjump_unordered(s, [&](const Jump& j) {
      const Bitboard* toggles = &jump_images_[(&j - board_->jumps().data()) * order];
      Bitboard best = images[0] ^ toggles[0];
      int best_g = 0;
      for (int g = 1; g < order; ++g)
        if ((images[g] ^ toggles[g]) < best) best = images[g] ^ toggles[g], best_g = g;
      f(&j, best, best_g);
    });
  }

  static int move_origin(Move m) { return m->from; }
  static int move_landing(Move m) { return m->to; }

 private:
  static constexpr int kMaxSymmetries = 64;

  template <class F, class Jumps>
  void for_each_canonical_neighbour(Position s, F& f, Jumps&& jumps) const {
    Bitboard images[kMaxSymmetries];
    group_.images(s, images);
    jumps([&](const Jump& j) { f(&j, best_image(images, j)); });
  }
  template <int N, class F>
  int moves_in_orbit(Position s, F& f) const {
    Bitboard images[kMaxSymmetries];
    group_.images<N>(s, images);
    const int order = N ? N : group_.order();
    int fixing = 0;
    for (int g = 0; g < order; ++g) fixing += images[g] == s;
    board_->for_each_jump_unordered(s, [&](const Jump& j) { f(&j, best_image<N>(images, j)); });
    return order / fixing;
  }

  // The canonical form of s ^ j.all, from the images of s; N as for SymmetryGroup::images.
  template <int N = 0>
  Bitboard best_image(const Bitboard* images, const Jump& j) const {
    const int order = N ? N : group_.order();
    const Bitboard* toggles = &jump_images_[(&j - board_->jumps().data()) * order];
    Bitboard best = images[0] ^ toggles[0];
    for (int g = 1; g < order; ++g) best = std::min(best, images[g] ^ toggles[g]);
    return best;
  }

  const Board* board_;
  Bitboard finishes_;
  SymmetryGroup group_;
  std::vector<Bitboard> jump_images_;  // [jump index * order + g] = image of the jump's three holes
  std::optional<PagodaBound> golden_;  // with a single finish
  PagodaBounds pagodas_;               // added ones, sixteen at a time
  std::vector<PagodaBound> large_;     // added ones with weights too large for PagodaBounds
};

// The shared vocabulary it models (engine/core/game*.h); the peg tools assert the capabilities
// that live with their solvers.
static_assert(Puzzle<PegPuzzle> && Unmoves<PegPuzzle> && Symmetric<PegPuzzle> && PlyCounted<PegPuzzle>);

}  // namespace gs::peg
