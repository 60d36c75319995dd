#include "engine/peg/pagoda.h"

#include <cmath>

#include "engine/peg/notation.h"

namespace gs::peg {

bool is_pagoda(const Board& board, const Pagoda& p) {
  if (static_cast<int>(p.weights.size()) != board.holes()) return false;
  for (const Jump& j : board.jumps())
    if (std::int64_t{p.weights[j.from]} + p.weights[j.over] < p.weights[j.to]) return false;
  return true;
}

std::int64_t weight_of(const Pagoda& p, Position pos) {
  std::int64_t total = 0;
  for_each_bit(pos, [&](int h) { total += p.weights[h]; });
  return total;
}

Pagoda image_of(const Pagoda& p, const BitPermutation& g) {
  Pagoda image{.weights = std::vector<std::int32_t>(p.weights.size())};
  for (std::size_t h = 0; h < p.weights.size(); ++h) image.weights[g(static_cast<int>(h))] = p.weights[h];
  return image;
}

std::string pagoda_text(const Board& board, const Pagoda& p) {
  std::string text;
  for (int h = 0; h < board.holes(); ++h)
    if (p.weights[h] != 0) text += (text.empty() ? "" : " ") + hole_name(board, h) + ":" + std::to_string(p.weights[h]);
  return text;
}

PagodaBound::PagodaBound(const std::vector<double>& weights, double threshold)
    : table_(std::size_t{8} * 256, 0.0), threshold_(threshold) {
  for (int k = 0; k < 8; ++k)
    for (int byte = 0; byte < 256; ++byte)
      for (int j = 0; j < 8; ++j) {
        const std::size_t h = 8 * k + j;
        if ((byte >> j) & 1 && h < weights.size()) table_[k * 256 + byte] += weights[h];
      }
}

// Integer weights sum exactly in doubles; the threshold sits between the finish's weight and the
// integer below it.
PagodaBound::PagodaBound(const Pagoda& p, int finish)
    : PagodaBound(std::vector<double>(p.weights.begin(), p.weights.end()), p.weights[finish] - 0.5) {}

PagodaBound PagodaBound::golden(const Board& board, int finish) {
  const int n = board.holes();
  std::vector<int> distance(n, -1);
  std::vector<int> queue = {finish};
  distance[finish] = 0;
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (const Jump& j : board.jumps())
      for (const auto& [a, b] : {std::pair{j.from, j.over}, std::pair{j.over, j.to}})
        if (a == queue[i] && distance[b] < 0) distance[b] = distance[a] + 1, queue.push_back(b);
  const double sigma = (std::sqrt(5.0) - 1) / 2;
  std::vector<double> weights(n, 0.0);
  for (int h = 0; h < n; ++h)
    if (distance[h] >= 0) weights[h] = std::pow(sigma, distance[h]);
  return PagodaBound(weights, 1.0 - 1e-9);
}

}  // namespace gs::peg
