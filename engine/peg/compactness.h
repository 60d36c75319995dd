// How spread out the pegs of a position are: the number of (peg, empty hole) pairs that are
// neighbours on a line of the board, the length of the border between pegs and holes. Pegs in one
// block can still clear each other; pegs strewn apart are stranded. A beam search that keeps the
// most compact positions of each layer (tools/peg/peg_beam.h) finds solutions where a depth-first
// search runs out of budget. A heuristic only: nothing is proved by it.
#pragma once

#include <vector>

#include "engine/peg/board.h"

namespace gs::peg {

class Compactness {
 public:
  explicit Compactness(const Board& board);
  int border(Position pos) const {
    int length = 0;
    for_each_bit(pos, [&](int h) { length += popcount(neighbours_[h] & ~pos); });
    return length;
  }

 private:
  std::vector<Bitboard> neighbours_;  // per hole: the holes next to it on a line of jumps
};

}  // namespace gs::peg
