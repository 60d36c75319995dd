// Integer mixing for hash tables and bucketing of 64-bit board words.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace gs {

// splitmix64's finaliser: every input bit affects every output bit.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

// Keys of several words (positions too wide for one machine word).
template <std::size_t N>
constexpr std::uint64_t mix_words(const std::array<std::uint64_t, N>& words) {
  std::uint64_t h = 0;
  for (std::uint64_t w : words) h = mix64(h ^ w);
  return h;
}

}  // namespace gs
