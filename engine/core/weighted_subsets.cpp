#include "engine/core/weighted_subsets.h"

#include <algorithm>
#include <numeric>

#include "engine/core/errors.h"

namespace gs {

WeightedSubsets::WeightedSubsets(std::vector<int> weights, int max_k)
    : weights_(std::move(weights)), max_k_(max_k), max_weight_(0) {
  if (weights_.size() > 64 || max_k < 0 || std::any_of(weights_.begin(), weights_.end(), [](int w) { return w < 0; }))
    throw std::logic_error("WeightedSubsets: at most 64 points of non-negative weight");
  std::vector<int> heaviest = weights_;
  std::sort(heaviest.rbegin(), heaviest.rend());
  max_weight_ = std::accumulate(
      heaviest.begin(), heaviest.begin() + std::min<std::size_t>(heaviest.size(), static_cast<std::size_t>(max_k)), 0);
  const std::size_t n = weights_.size(), k = static_cast<std::size_t>(max_k_) + 1,
                    t = static_cast<std::size_t>(max_weight_) + 1;
  ways_.assign((n + 1) * k * t, 0);
  auto at = [&](std::size_t i, std::size_t j, std::size_t s) -> std::uint64_t& { return ways_[(i * k + j) * t + s]; };
  at(0, 0, 0) = 1;
  for (std::size_t i = 0; i < n; ++i) {
    const auto w = static_cast<std::size_t>(weights_[i]);
    for (std::size_t j = 0; j < k; ++j)
      for (std::size_t s = 0; s < t; ++s) {
        const std::uint64_t without = at(i, j, s);  // point i left out, or taken
        const std::uint64_t with = j > 0 && s >= w ? at(i, j - 1, s - w) : 0;
        at(i + 1, j, s) = without + with;
      }
  }
}

int WeightedSubsets::weight(Bitboard set) const {
  int s = 0;
  for_each_bit(set, [&](int c) { s += weights_[static_cast<std::size_t>(c)]; });
  return s;
}

std::uint64_t WeightedSubsets::rank(Bitboard set) const {
  std::uint64_t r = 0;
  int m = 0, s = 0;
  for_each_bit(set, [&](int c) {
    s += weights_[static_cast<std::size_t>(c)];
    r += ways(c, ++m, s);
  });
  return r;
}

Bitboard WeightedSubsets::unrank(std::uint64_t rank, int k, int s) const {
  Bitboard set = 0;
  int c = points();
  for (int m = k; m >= 1; --m) {
    do --c;
    while (ways(c, m, s) > rank);
    rank -= ways(c, m, s);
    s -= weights_[static_cast<std::size_t>(c)];
    set |= bit(c);
  }
  return set;
}

}  // namespace gs
