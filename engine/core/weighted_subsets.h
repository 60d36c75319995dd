// The combinatorial number system restricted to one weight: the k-subsets of points 0..n-1
// (weights w(0..n-1), small non-negative integers) whose weights sum to s, ranked densely in
// [0, count(k, s)) in colex order. With ways(i, j, t) the j-subsets of the first i points
// weighing t, the subsets ordered before {c1 < ... < ck} are, for each m, those agreeing above
// c_m whose m-th point lies below it: their m lowest points are an m-subset of {0..c_m - 1}
// weighing s_m = w(c_1) + ... + w(c_m), so
//   rank = ways(c_1, 1, s_1) + ways(c_2, 2, s_2) + ... + ways(c_k, k, s_k),
// and unranking takes, from m = k down, the largest c with ways(c, m, s_m) <= what is left
// (ways grows with c). With every weight 1 this is rank_k_subset (combinatorics.h) per size.
// Fox and Geese: geese ranked among the fox's free points by their row sum, which never falls.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/bitboard.h"

namespace gs {

class WeightedSubsets {
 public:
  // `weights`: one per point (at most 64); `max_k`: the largest subset ranked; every count
  // below 2^32 (std::logic_error otherwise).
  WeightedSubsets(std::vector<int> weights, int max_k);

  int points() const { return static_cast<int>(weights_.size()); }
  int weight(Bitboard set) const;
  // k-subsets of all the points weighing s (0 outside the range).
  std::uint64_t count(int k, int s) const { return ways(points(), k, s); }
  // Among the subsets of its size and weight (at most max_k points).
  std::uint64_t rank(Bitboard set) const {
    std::uint64_t r = 0;
    std::size_t m = 0, s = 0;
    for_each_bit(set, [&](int c) {
      s += static_cast<std::size_t>(weights_[static_cast<std::size_t>(c)]);
      r += ways_[at(static_cast<std::size_t>(c), ++m, s)];
    });
    return r;
  }
  Bitboard unrank(std::uint64_t rank, int k, int s) const {
    Bitboard set = 0;
    std::size_t c = weights_.size(), sum = static_cast<std::size_t>(s);
    for (std::size_t m = static_cast<std::size_t>(k); m >= 1; --m) {
      do --c;
      while (ways_[at(c, m, sum)] > rank);
      rank -= ways_[at(c, m, sum)];
      sum -= static_cast<std::size_t>(weights_[c]);
      set |= bit(static_cast<int>(c));
    }
    return set;
  }

 private:
  std::size_t at(std::size_t i, std::size_t j, std::size_t t) const { return (i * sizes_ + j) * sums_ + t; }
  std::uint64_t ways(int i, int j, int t) const {
    if (j < 0 || j > max_k_ || t < 0 || t > max_weight_) return 0;
    return ways_[at(static_cast<std::size_t>(i), static_cast<std::size_t>(j), static_cast<std::size_t>(t))];
  }

  std::vector<int> weights_;
  int max_k_, max_weight_;
  std::size_t sizes_, sums_;         // max_k + 1, max_weight + 1
  std::vector<std::uint32_t> ways_;  // [i][j][t]: 4 bytes keep the table in cache
};

}  // namespace gs
