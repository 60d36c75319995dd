// Pagoda functions: a weight w(h) on each hole with w(from) + w(over) >= w(to) for every jump,
// so the total weight of the pegs never grows along play. A problem whose start weighs less
// than its finish is unsolvable, and so is every position on the way that does (Conway's
// resource counts; Beasley, "The Ins and Outs of Peg Solitaire", ch. 4). Weights may be negative.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/peg/board.h"

namespace gs::peg {

struct Pagoda {
  std::vector<std::int32_t> weights;  // one per hole
};

// Whether w(from) + w(over) >= w(to) holds for every jump of the board (exact, in integers).
bool is_pagoda(const Board& board, const Pagoda& p);
std::int64_t weight_of(const Pagoda& p, Position pos);
// The pagoda that symmetry g makes of p: weight p(h) on hole g(h). A pagoda towards f becomes
// one towards g(f).
Pagoda image_of(const Pagoda& p, const BitPermutation& g);
// "a1:2 b1:-1 ..." (holes of weight 0 left out), for reports that anyone can check by hand.
std::string pagoda_text(const Board& board, const Pagoda& p);

// A fast test "pos weighs less than the finish": byte tables, 8 lookups a position.
class PagodaBound {
 public:
  // An integer pagoda towards `finish`: pos is doomed when weight(pos) < weight(finish).
  PagodaBound(const Pagoda& p, int finish);
  // Conway's golden pagoda towards `finish`: weight sigma^d(h), sigma = (sqrt 5 - 1) / 2 and d the
  // distance from the finish along the board's lines. For a jump a over b into c,
  // w(a) + w(b) >= w(c) (an equality when the jump heads straight for the finish).
  static PagodaBound golden(const Board& board, int finish);

  bool doomed(Position pos) const {
    double total = 0;
    for (int k = 0; k < 8 && (pos >> (8 * k)); ++k)
      total += table_[static_cast<std::size_t>(k) * 256 + ((pos >> (8 * k)) & 0xFF)];
    return total < threshold_;
  }

 private:
  PagodaBound(const std::vector<double>& weights, double threshold);
  std::vector<double> table_;  // [byte index * 256 + byte value] = weight of those pegs
  double threshold_;
};

}  // namespace gs::peg
