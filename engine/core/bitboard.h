// Small helpers on 64-bit boards: one bit per point (hole, cell), bit i = point i.
#pragma once

#include <bit>
#include <cstdint>
#ifdef __BMI2__
#include <immintrin.h>
#endif

namespace gs {

using Bitboard = std::uint64_t;

constexpr Bitboard bit(int i) { return Bitboard{1} << i; }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr int lowest_bit(Bitboard b) { return std::countr_zero(b); }
constexpr bool has_bit(Bitboard b, int i) { return (b >> i) & 1U; }
constexpr Bitboard low_bits(int n) { return n >= 64 ? ~Bitboard{0} : bit(n) - 1; }

// Calls f(i) for every set bit i, lowest first.
template <class F>
constexpr void for_each_bit(Bitboard b, F&& f) {
  while (b) {
    f(lowest_bit(b));
    b &= b - 1;
  }
}

// The bits of b at the set points of mask, packed to the low end in order (BMI2's pext), and
// the inverse: the low bits of b spread onto the set points of mask (pdep).
inline Bitboard compress_bits(Bitboard b, Bitboard mask) {
#ifdef __BMI2__
  return _pext_u64(b, mask);
#else
  Bitboard out = 0;
  for (int j = 0; mask; mask &= mask - 1, ++j)
    if (b & mask & -mask) out |= bit(j);
  return out;
#endif
}
inline Bitboard expand_bits(Bitboard b, Bitboard mask) {
#ifdef __BMI2__
  return _pdep_u64(b, mask);
#else
  Bitboard out = 0;
  for (int j = 0; mask; mask &= mask - 1, ++j)
    if (has_bit(b, j)) out |= mask & -mask;
  return out;
#endif
}

}  // namespace gs
