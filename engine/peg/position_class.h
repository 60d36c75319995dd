// Position classes: every jump toggles three holes (from, over, to), so for any weight vector f
// over GF(2) with f(from) + f(over) + f(to) = 0 for every jump, the parity of f over the pegs
// never changes. The classes are the values of a basis of all such f (the null space of the
// jump-incidence matrix); two positions in different classes can never reach each other. On the
// English board this is the classic 16-class rule of three.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/peg/board.h"

namespace gs::peg {

class PositionClasses {
 public:
  explicit PositionClasses(const Board& board);
  std::uint64_t of(Position pos) const;
  std::uint64_t count() const { return std::uint64_t{1} << basis_.size(); }  // basis has at most 32 vectors
  // The single-peg finishes a position could ever reach (those of its class).
  Bitboard feasible_finishes(Position pos) const;

 private:
  std::vector<Bitboard> basis_;
  int holes_;
};

}  // namespace gs::peg
