#include "engine/core/gf2.h"

namespace gs {

std::vector<Bitboard> gf2_null_space(std::vector<Bitboard> rows, int columns) {
  // Reduced row echelon form; pivot_of[c] = row whose pivot is column c.
  std::vector<int> pivot_of(columns, -1);
  std::size_t rank = 0;
  for (int c = 0; c < columns && rank < rows.size(); ++c) {
    std::size_t r = rank;
    while (r < rows.size() && !has_bit(rows[r], c)) ++r;
    if (r == rows.size()) continue;
    std::swap(rows[r], rows[rank]);
    for (std::size_t i = 0; i < rows.size(); ++i)
      if (i != rank && has_bit(rows[i], c)) rows[i] ^= rows[rank];
    pivot_of[c] = static_cast<int>(rank++);
  }
  // One basis vector per free column f: x_f = 1, each pivot column takes the value its row needs.
  std::vector<Bitboard> basis;
  for (int f = 0; f < columns; ++f) {
    if (pivot_of[f] >= 0) continue;
    Bitboard x = bit(f);
    for (int c = 0; c < columns; ++c)
      if (pivot_of[c] >= 0 && has_bit(rows[pivot_of[c]], f)) x |= bit(c);
    basis.push_back(x);
  }
  return basis;
}

}  // namespace gs
