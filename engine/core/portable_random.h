// A random generator whose output is the same on every platform and compiler: splitmix64 for
// the bits and rejection sampling for bounded integers. The standard library fixes the bits of
// std::mt19937_64 but not of its distributions or of std::shuffle, so reproducible deals and
// samples use this instead.
#pragma once

#include <cstdint>
#include <utility>

namespace gs {

class PortableRandom {
 public:
  explicit PortableRandom(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // Uniform in [0, bound), bound > 0: draws below the largest multiple of bound are kept.
  std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    std::uint64_t x;
    do x = next();
    while (x >= limit);
    return x % bound;
  }

  // Fisher-Yates, from the last element down.
  template <class Range>
  void shuffle(Range& range) {
    for (std::size_t i = std::size(range); i > 1; --i) std::swap(range[i - 1], range[below(i)]);
  }

 private:
  std::uint64_t state_;
};

}  // namespace gs
