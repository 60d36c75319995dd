// Small statistics for reports: binomial confidence intervals and percentiles.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

namespace gs::tools {

// Wilson score interval for `successes` out of `trials` (95 % with z = 1.96): unlike the normal
// approximation it stays inside [0, 1] and behaves near 0 and 1.
inline std::pair<double, double> wilson_interval(std::size_t successes, std::size_t trials, double z = 1.96) {
  if (trials == 0) return {0.0, 1.0};
  const double n = static_cast<double>(trials), p = static_cast<double>(successes) / n;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

// The mean of `values` with its 95 % interval by the normal approximation (z = 1.96): for means
// of many bounded values, such as probabilities over thousands of deals.
struct MeanInterval {
  double mean = 0, low = 0, high = 0;
};
inline MeanInterval mean_interval(const std::vector<double>& values, double z = 1.96) {
  if (values.empty()) return {};
  const double n = static_cast<double>(values.size());
  double sum = 0, squares = 0;
  for (const double v : values) sum += v, squares += v * v;
  const double mean = sum / n, variance = values.size() > 1 ? std::max(0.0, (squares - n * mean * mean) / (n - 1)) : 0;
  const double half = z * std::sqrt(variance / n);
  return {mean, mean - half, mean + half};
}

// The q-quantile (0 < q <= 1) by the nearest-rank method: the smallest value with at least a
// fraction q of the values at or below it.
inline double percentile(std::vector<double> values, double q) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(values.size())));
  return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

}  // namespace gs::tools
