#include "tools/peg/pagoda_search.h"

#include <cmath>

#include "solvers/lp/simplex.h"

namespace gs::tools {

std::optional<peg::Pagoda> pagoda_proof(const peg::Board& board, peg::Position start, int finish) {
  // p(h) = u(h) - v(h) with u, v in [0, 1]: the origin (all weights 0) is feasible.
  const int n = board.holes();
  const std::size_t columns = 2 * static_cast<std::size_t>(n);
  LinearProgram lp{.variables = 2 * n, .objective = std::vector<double>(columns, 0.0)};
  auto add_weight = [&](std::vector<double>& row, int hole, double k) {
    row[hole] += k;
    row[n + hole] -= k;
  };
  add_weight(lp.objective, finish, 1);
  for_each_bit(start, [&](int h) { add_weight(lp.objective, h, -1); });
  for (const peg::Jump& j : board.jumps()) {
    std::vector<double> row(columns, 0.0);
    add_weight(row, j.to, 1);
    add_weight(row, j.from, -1);
    add_weight(row, j.over, -1);
    lp.rows.push_back(std::move(row));
    lp.bounds.push_back(0);
  }
  for (int v = 0; v < 2 * n; ++v) {
    std::vector<double> row(columns, 0.0);
    row[v] = 1;
    lp.rows.push_back(std::move(row));
    lp.bounds.push_back(1);
  }
  const auto solution = maximise(lp);
  if (!solution || solution->value < 1e-7) return std::nullopt;
  for (int scale = 1; scale <= 64; ++scale) {
    peg::Pagoda p{.weights = std::vector<std::int32_t>(n)};
    for (int h = 0; h < n; ++h)
      p.weights[h] = static_cast<std::int32_t>(std::lround(scale * (solution->x[h] - solution->x[n + h])));
    if (peg::is_pagoda(board, p) && peg::weight_of(p, start) < p.weights[finish]) return p;
  }
  return std::nullopt;
}

}  // namespace gs::tools
