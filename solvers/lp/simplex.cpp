#include "solvers/lp/simplex.h"

#include <cmath>
#include <stdexcept>

namespace gs {

std::optional<LpSolution> maximise(const LinearProgram& lp, int max_pivots) {
  constexpr double kEps = 1e-9;
  const int m = static_cast<int>(lp.rows.size()), n = lp.variables, width = n + m + 1;
  if (static_cast<int>(lp.objective.size()) != n || static_cast<int>(lp.bounds.size()) != m)
    throw std::invalid_argument("linear program: sizes do not match");
  // Tableau rows 0..m-1: [A | I | b]; row m: [-c | 0 | value]. Slack j of row i is column n + i.
  std::vector<double> t(static_cast<std::size_t>((m + 1) * width), 0.0);
  auto at = [&](int r, int c) -> double& {
    return t[static_cast<std::size_t>(r) * static_cast<std::size_t>(width) + static_cast<std::size_t>(c)];
  };
  std::vector<int> basis(m);
  for (int r = 0; r < m; ++r) {
    if (static_cast<int>(lp.rows[r].size()) != n || lp.bounds[r] < 0)
      throw std::invalid_argument("linear program: a row of the wrong size or a negative bound");
    for (int c = 0; c < n; ++c) at(r, c) = lp.rows[r][c];
    at(r, n + r) = 1;
    at(r, width - 1) = lp.bounds[r];
    basis[r] = n + r;
  }
  for (int c = 0; c < n; ++c) at(m, c) = -lp.objective[c];

  for (int pivot = 0;; ++pivot) {
    if (pivot == max_pivots) return std::nullopt;
    int enter = -1;
    for (int c = 0; c < width - 1 && enter < 0; ++c)
      if (at(m, c) < -kEps) enter = c;
    if (enter < 0) break;  // optimal
    int leave = -1;
    double best = 0;
    for (int r = 0; r < m; ++r) {
      if (at(r, enter) <= kEps) continue;
      const double ratio = at(r, width - 1) / at(r, enter);
      if (leave < 0 || ratio < best - kEps || (std::abs(ratio - best) <= kEps && basis[r] < basis[leave]))
        leave = r, best = ratio;
    }
    if (leave < 0) return std::nullopt;  // unbounded
    const double p = at(leave, enter);
    for (int c = 0; c < width; ++c) at(leave, c) /= p;
    for (int r = 0; r <= m; ++r) {
      if (r == leave) continue;
      const double f = at(r, enter);
      if (f == 0) continue;
      for (int c = 0; c < width; ++c) at(r, c) -= f * at(leave, c);
    }
    basis[leave] = enter;
  }
  LpSolution solution{.value = at(m, width - 1), .x = std::vector<double>(n, 0.0)};
  for (int r = 0; r < m; ++r)
    if (basis[r] < n) solution.x[basis[r]] = at(r, width - 1);
  return solution;
}

}  // namespace gs
