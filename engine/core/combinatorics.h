// Binomial coefficients and the combinatorial number system: a k-subset of {0..63} (a board
// word with k bits set) ranks to a dense index in [0, C(n, k)) and back, in colex order:
// rank({c1 < c2 < ... < ck}) = C(c1, 1) + C(c2, 2) + ... + C(ck, k).
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/bitboard.h"

namespace gs {

namespace detail {
inline constexpr auto kBinomials = [] {
  std::array<std::array<std::uint64_t, 65>, 65> c{};
  for (int n = 0; n <= 64; ++n) {
    c[n][0] = 1;
    for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k < n ? c[n - 1][k] : 0);
  }
  return c;
}();
}  // namespace detail

// C(n, k) for 0 <= n <= 64 (0 when k < 0 or k > n). C(64, 32) < 2^63.
constexpr std::uint64_t binomial(int n, int k) { return k < 0 || k > n ? 0 : detail::kBinomials[n][k]; }

constexpr std::uint64_t rank_k_subset(Bitboard set) {
  std::uint64_t rank = 0;
  int j = 0;
  for_each_bit(set, [&](int c) { rank += binomial(c, ++j); });
  return rank;
}

// The k-subset of {0..n-1} of rank `rank` (0 <= rank < C(n, k)).
constexpr Bitboard unrank_k_subset(std::uint64_t rank, int k, int n = 64) {
  Bitboard set = 0;
  int c = n;
  for (int j = k; j >= 1; --j) {
    do --c;
    while (binomial(c, j) > rank);
    rank -= binomial(c, j);
    set |= bit(c);
  }
  return set;
}

}  // namespace gs
