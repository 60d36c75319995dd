// Peg solitaire as a puzzle for the generic solvers: the goal is one peg left on one of the
// allowed finish holes; states are canonicalised under a symmetry group that the caller chooses
// (a subgroup of the board's that fixes the finish set, and the start where counts need it).
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/peg/board.h"

namespace gs::peg {

class PegPuzzle {
 public:
  using Position = peg::Position;
  using Move = const Jump*;

  PegPuzzle(const Board& board, Bitboard finishes, SymmetryGroup group)
      : board_(&board), finishes_(finishes), group_(std::move(group)) {
    for (const Jump& j : board.jumps())
      for (int g = 0; g < group_.order(); ++g) jump_images_.push_back(group_[g].apply(j.all));
    if (popcount(finishes) == 1) build_pagoda(lowest_bit(finishes));
  }

  // Conway's pagoda towards a single finish f: weight sigma^d(h) with sigma = (sqrt 5 - 1) / 2 and d
  // the distance along the board's lines. For a jump a over b into c, w(a) + w(b) >= w(c) (the
  // golden ratio makes it an equality when the jump heads straight for f), so the total weight
  // of the pegs never grows; it ends at w(f) = 1, so a position below 1 cannot finish.
  bool cannot_finish(Position s) const {
    if (pagoda_.empty()) return false;
    double total = 0;
    for (int k = 0; k < 8 && (s >> (8 * k)); ++k) total += pagoda_[k * 256 + ((s >> (8 * k)) & 0xFF)];
    return total < 1.0 - 1e-9;
  }

  const Board& board() const { return *board_; }
  Bitboard finishes() const { return finishes_; }
  const SymmetryGroup& symmetries() const { return group_; }

  Position canonical(Position s) const { return group_.canonical(s); }
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

  static int move_origin(Move m) { return m->from; }
  static int move_landing(Move m) { return m->to; }

 private:
  static constexpr int kMaxSymmetries = 64;

  void build_pagoda(int finish) {
    const int n = board_->holes();
    std::vector<int> distance(n, -1);
    std::vector<int> queue = {finish};
    distance[finish] = 0;
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (const Jump& j : board_->jumps())
        for (const auto& [a, b] : {std::pair{j.from, j.over}, std::pair{j.over, j.to}})
          if (a == queue[i] && distance[b] < 0) distance[b] = distance[a] + 1, queue.push_back(b);
    const double sigma = (std::sqrt(5.0) - 1) / 2;
    pagoda_.assign(8 * 256, 0.0);
    for (int k = 0; k < 8; ++k)
      for (int byte = 0; byte < 256; ++byte)
        for (int j = 0; j < 8; ++j) {
          const int h = 8 * k + j;
          if ((byte >> j) & 1 && h < n && distance[h] >= 0) pagoda_[k * 256 + byte] += std::pow(sigma, distance[h]);
        }
  }

  template <class F, class Jumps>
  void for_each_canonical_neighbour(Position s, F& f, Jumps&& jumps) const {
    Bitboard images[kMaxSymmetries];
    group_.images(s, images);
    const int order = group_.order();
    jumps([&](const Jump& j) {
      const Bitboard* toggles = &jump_images_[(&j - board_->jumps().data()) * order];
      Bitboard best = images[0] ^ toggles[0];
      for (int g = 1; g < order; ++g) best = std::min(best, images[g] ^ toggles[g]);
      f(&j, best);
    });
  }

  const Board* board_;
  Bitboard finishes_;
  SymmetryGroup group_;
  std::vector<Bitboard> jump_images_;  // [jump index * order + g] = image of the jump's three holes
  std::vector<double> pagoda_;         // [byte index * 256 + byte value] = weight of those pegs
};

}  // namespace gs::peg
