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
  sizes_ = static_cast<std::size_t>(max_k_) + 1;
  sums_ = static_cast<std::size_t>(max_weight_) + 1;
  const std::size_t n = weights_.size(), k = sizes_, t = sums_;
  ways_.assign((n + 1) * k * t, 0);
  auto at = [&](std::size_t i, std::size_t j, std::size_t s) -> std::uint32_t& { return ways_[(i * k + j) * t + s]; };
  at(0, 0, 0) = 1;
  for (std::size_t i = 0; i < n; ++i) {
    const auto w = static_cast<std::size_t>(weights_[i]);
    for (std::size_t j = 0; j < k; ++j)
      for (std::size_t s = 0; s < t; ++s) {
        const std::uint64_t without = at(i, j, s);  // point i left out, or taken
        const std::uint64_t with = j > 0 && s >= w ? at(i, j - 1, s - w) : 0;
        if (without + with > UINT32_MAX) throw std::logic_error("WeightedSubsets: a count passes 2^32");
        at(i + 1, j, s) = static_cast<std::uint32_t>(without + with);
      }
  }
  row_ = (n + 1 + 7) / 8 * 8;
  by_point_.assign(k * t * row_, UINT32_MAX);
  for (std::size_t i = 0; i <= n; ++i)
    for (std::size_t j = 0; j < k; ++j)
      for (std::size_t s = 0; s < t; ++s) by_point_[(j * t + s) * row_ + i] = at(i, j, s);
  first_.assign(k * t, 0);
  for (std::size_t j = 0; j < k; ++j)
    for (std::size_t s = 0; s < t; ++s)
      if (at(n, j, s) > 0) first_[j * t + s] = unrank(0, static_cast<int>(j), static_cast<int>(s));
}

int WeightedSubsets::weight(Bitboard set) const {
  int s = 0;
  for_each_bit(set, [&](int c) { s += weights_[static_cast<std::size_t>(c)]; });
  return s;
}

}  // namespace gs
