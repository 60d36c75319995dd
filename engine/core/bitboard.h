// Small helpers on 64-bit boards: one bit per point (hole, cell), bit i = point i.
#pragma once

#include <bit>
#include <cstdint>

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

}  // namespace gs
