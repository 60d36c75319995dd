#include "engine/peg/position_class.h"

#include "engine/core/gf2.h"

namespace gs::peg {

PositionClasses::PositionClasses(const Board& board) : holes_(board.holes()) {
  std::vector<Bitboard> rows;
  for (const Jump& j : board.jumps()) rows.push_back(j.all);
  basis_ = gf2_null_space(rows, board.holes());
  if (basis_.size() > 32) basis_.resize(32);  // boards with almost no jumps: keep the class word small
}

std::uint64_t PositionClasses::of(Position pos) const {
  std::uint64_t cls = 0;
  for (std::size_t i = 0; i < basis_.size(); ++i) cls |= std::uint64_t(popcount(pos & basis_[i]) & 1) << i;
  return cls;
}

Bitboard PositionClasses::feasible_finishes(Position pos) const {
  const auto cls = of(pos);
  Bitboard out = 0;
  for (int h = 0; h < holes_; ++h)
    if (of(bit(h)) == cls) out |= bit(h);
  return out;
}

}  // namespace gs::peg
