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

#include <array>
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
  // The largest c below the last point taken with ways(c, m, s) <= rank is one less than the
  // count of such c, and ways grows with c: the count over a whole row of the transposed table
  // (no branch to mispredict; the compiler vectorises it), capped by the last point.
  Bitboard unrank(std::uint64_t rank, int k, int s) const {
    Bitboard set = 0;
    std::size_t c = weights_.size(), sum = static_cast<std::size_t>(s);
    for (std::size_t m = static_cast<std::size_t>(k); m >= 1; --m) {
      const std::uint32_t* row = &by_point_[(m * sums_ + sum) * row_];
      const auto left = static_cast<std::uint32_t>(rank);
      std::uint32_t at_most = 0;
      for (std::size_t i = 0; i < row_; ++i) at_most += row[i] <= left;
      c = std::min<std::size_t>(c, at_most) - 1;
      rank -= ways_[at(c, m, sum)];
      sum -= static_cast<std::size_t>(weights_[c]);
      set |= bit(static_cast<int>(c));
    }
    return set;
  }

  // The set of rank 0 among the k-subsets weighing s (there must be one).
  Bitboard first(int k, int s) const {
    return first_[static_cast<std::size_t>(k) * sums_ + static_cast<std::size_t>(s)];
  }
  // The set ranked next after `set` among those of its size and weight (0 after the last), for
  // runs of ranks: the lowest points change, as in counting. Its lowest j points give way to a
  // j-subset with the same weight whose top point d lies between the j-th and the (j+1)-th
  // point, for the least j and d that have one; below d, the first subset that fills in the
  // weight (colex puts the set whose top point is least first, so its points lie below d).
  Bitboard next(Bitboard set) const {
    std::size_t j = 0;
    int s = 0;
    Bitboard rest = set;
    while (rest) {
      const int c = lowest_bit(rest);
      rest &= rest - 1;
      ++j;
      s += weights_[static_cast<std::size_t>(c)];
      const int above = rest ? lowest_bit(rest) : points();
      for (int d = c + 1; d < above; ++d) {
        const int left = s - weights_[static_cast<std::size_t>(d)];
        if (left >= 0 && ways_[at(static_cast<std::size_t>(d), j - 1, static_cast<std::size_t>(left))] > 0)
          return rest | bit(d) | first(static_cast<int>(j) - 1, left);
      }
    }
    return 0;
  }

  // The ranks of the sets reached from one set by moving one of its points (Fox and Geese: a
  // goose's step), each from the set's own terms. Terms below both the moved point and its
  // destination stay; so do those above both, but with the weight below them changed by the
  // move's (0 sideways, 1 a row down): their sums for those two changes are kept, so only the
  // points passed over are looked up again.
  class Moves {
   public:
    Moves(const WeightedSubsets& subsets, Bitboard set) : subsets_(&subsets), set_(set) {
      std::size_t m = 0, s = 0;
      for_each_bit(set, [&](int c) {
        points_[m] = static_cast<std::uint8_t>(c);
        sums_[m] = static_cast<std::uint16_t>(s);
        ranks_[m] = r_;
        s += subsets.weight_of(c);
        ++m;
        r_ += subsets.ways_[subsets.at(static_cast<std::size_t>(c), m, s)];
      });
      size_ = m;
      sums_[m] = static_cast<std::uint16_t>(s);
      ranks_[m] = r_;
      const bool heavier = s + 1 <= static_cast<std::size_t>(subsets.max_weight_);  // a move can weigh 1 more
      for (std::size_t i = size_ + 1; i-- > 0;) {
        above_[0][i] = r_ - ranks_[i];
        above_[1][i] = i == size_ || !heavier
                           ? 0
                           : above_[1][i + 1] + subsets.ways_[subsets.at(points_[i], i + 1, sums_[i + 1] + 1)];
      }
    }
    std::uint64_t rank() const { return r_; }
    // The rank of the set with point `from` (in it) moved to `to` (not in it).
    std::uint64_t rank_moved(int from, int to) const {
      const auto below = [&](int q) { return static_cast<std::size_t>(popcount(set_ & (bit(q) - 1))); };
      const std::size_t j = below(from), q = below(to);
      const int change =
          subsets_->weights_[static_cast<std::size_t>(to)] - subsets_->weights_[static_cast<std::size_t>(from)];
      std::size_t m = std::min(j, q), s = sums_[m];
      std::uint64_t r = ranks_[m];
      const auto add = [&](int c) {
        s += subsets_->weight_of(c);
        ++m;
        r += subsets_->ways_[subsets_->at(static_cast<std::size_t>(c), m, s)];
      };
      if (change == 0 || change == 1) {
        const auto& above = above_[static_cast<std::size_t>(change)];
        if (to > from) {
          for (std::size_t i = j + 1; i < q; ++i) add(points_[i]);
          add(to);
          return r + above[q];
        }
        add(to);
        for (std::size_t i = q; i < j; ++i) add(points_[i]);
        return r + above[j + 1];
      }
      bool placed = false;
      for (std::size_t i = m; i < size_; ++i) {
        const int c = points_[i];
        if (!placed && to < c) add(to), placed = true;
        if (c != from) add(c);
      }
      if (!placed) add(to);
      return r;
    }

   private:
    const WeightedSubsets* subsets_;
    Bitboard set_;
    std::size_t size_ = 0;
    std::uint64_t r_ = 0;
    // Only the first size_ (+ 1) entries are written and read: not zeroed, as a Moves is made
    // for every position a solver's pass looks at.
    std::array<std::uint8_t, 64> points_;                 // the set's points, ascending
    std::array<std::uint16_t, 65> sums_;                  // weight of the points before each
    std::array<std::uint64_t, 65> ranks_;                 // the rank's terms before each, summed
    std::array<std::array<std::uint64_t, 65>, 2> above_;  // [change]: the terms from each on, the weight below changed
  };

 private:
  std::size_t weight_of(int c) const { return static_cast<std::size_t>(weights_[static_cast<std::size_t>(c)]); }
  std::size_t at(std::size_t i, std::size_t j, std::size_t t) const { return (i * sizes_ + j) * sums_ + t; }
  std::uint64_t ways(int i, int j, int t) const {
    if (j < 0 || j > max_k_ || t < 0 || t > max_weight_) return 0;
    return ways_[at(static_cast<std::size_t>(i), static_cast<std::size_t>(j), static_cast<std::size_t>(t))];
  }

  std::vector<int> weights_;
  int max_k_, max_weight_;
  std::size_t sizes_, sums_;             // max_k + 1, max_weight + 1
  std::vector<std::uint32_t> ways_;      // [i][j][t]: 4 bytes keep the table in cache
  std::size_t row_;                      // points + 1, rounded up to whole vectors of 8
  std::vector<std::uint32_t> by_point_;  // [j][t][i]: ways_ transposed for unrank, padded with 2^32 - 1
  std::vector<Bitboard> first_;          // [j][t]: the set of rank 0 (0 when there is none)
};

}  // namespace gs
