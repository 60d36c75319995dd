#include "engine/peg/compactness.h"

namespace gs::peg {

Compactness::Compactness(const Board& board) : neighbours_(board.holes(), 0) {
  // Neighbours: the first two holes of a jump, either way round.
  for (const Jump& j : board.jumps()) {
    neighbours_[j.from] |= bit(j.over);
    neighbours_[j.over] |= bit(j.from);
  }
}

}  // namespace gs::peg
