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

// The q-quantile (0 < q <= 1) by the nearest-rank method: the smallest value with at least a
// fraction q of the values at or below it.
inline double percentile(std::vector<double> values, double q) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(values.size())));
  return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

}  // namespace gs::tools
