#include "engine/mountnfall/mountnfall_index.h"

#include <algorithm>

#include "engine/core/combinatorics.h"

namespace gs::mountnfall {

namespace {

// Ways to split n pawns into k stacks in square order (compositions): C(n - 1, k - 1).
std::uint64_t splits(int n, int k) { return n == 0 ? (k == 0 ? 1 : 0) : binomial(n - 1, k - 1); }

// A composition's rank: its partial sums (but the last) as a subset of {1 .. n - 1}.
std::uint64_t rank_split(const std::vector<int>& heights) {
  Bitboard bars = 0;
  int sum = 0;
  for (std::size_t i = 0; i + 1 < heights.size(); ++i) bars |= bit((sum += heights[i]) - 1);
  return rank_k_subset(bars);
}

std::vector<int> unrank_split(std::uint64_t rank, int n, int k) {
  std::vector<int> heights;
  int last = 0;
  for_each_bit(unrank_k_subset(rank, k - 1), [&](int b) {
    heights.push_back(b + 1 - last);
    last = b + 1;
  });
  heights.push_back(n - last);
  return heights;
}

}  // namespace

MountNFallIndex::MountNFallIndex(int size, int triangle)
    : game_(size, triangle), squares_(size * size), most_(triangle * (triangle + 1) / 2) {
  std::vector<std::pair<int, int>> counts;
  for (int w = 0; w <= most_; ++w)
    for (int b = 0; b <= most_; ++b) counts.push_back({w, b});
  std::stable_sort(counts.begin(), counts.end(), [](auto x, auto y) { return x.first + x.second < y.first + y.second; });
  layer_of_.assign(static_cast<std::size_t>((most_ + 1) * (most_ + 1)), -1);
  for (const auto& [w, b] : counts) {
    Layer layer{w, b, 0, {}};
    for (int kw = w ? 1 : 0; kw <= std::min(w, squares_); ++kw)
      for (int kb = b ? 1 : 0; kb <= std::min(b, squares_ - kw); ++kb) {
        Group g{kw, kb, layer.size, binomial(squares_ - kw, kb), splits(w, kw), splits(b, kb)};
        layer.size += 2 * binomial(squares_, kw) * g.black_sets * g.white_splits * g.black_splits;
        layer.groups.push_back(g);
      }
    layer_of_[static_cast<std::size_t>(w * (most_ + 1) + b)] = static_cast<int>(layers_.size());
    layers_.push_back(std::move(layer));
  }
}

std::string MountNFallIndex::move_name(const Position& from, const Position& to) const {
  std::vector<Move> moves;
  game_.legal_moves(from, moves);
  for (const Move& m : moves)
    if (game_.play(from, m) == to) return game_.move_name(m);
  return "?";
}

std::string MountNFallIndex::layer_name(int layer) const {
  const Layer& l = layers_[static_cast<std::size_t>(layer)];
  return std::to_string(l.white) + " white, " + std::to_string(l.black) + " black pawns";
}

LayerIndex MountNFallIndex::locate(const Position& p) const {
  Bitboard white = 0, black = 0;
  std::vector<int> white_heights, black_heights;
  int w = 0, b = 0;
  for (int s = 0; s < squares_; ++s) {
    const int cell = p.cells[static_cast<std::size_t>(s)];
    if (cell > 0) white |= bit(s), white_heights.push_back(cell), w += cell;
    if (cell < 0) black |= bit(s), black_heights.push_back(-cell), b += -cell;
  }
  const int layer = layer_of_[static_cast<std::size_t>(w * (most_ + 1) + b)];
  const Layer& l = layers_[static_cast<std::size_t>(layer)];
  const int kw = popcount(white), kb = popcount(black);
  const Group* g = nullptr;
  for (const Group& candidate : l.groups)
    if (candidate.white_squares == kw && candidate.black_squares == kb) g = &candidate;
  Bitboard black_among_free = 0;  // black squares numbered among the squares without white
  for_each_bit(black, [&](int s) { black_among_free |= bit(popcount(~white & low_bits(s))); });
  std::uint64_t index = rank_k_subset(white);
  index = index * g->black_sets + rank_k_subset(black_among_free);
  index = index * g->white_splits + (kw ? rank_split(white_heights) : 0);
  index = index * g->black_splits + (kb ? rank_split(black_heights) : 0);
  return {layer, g->offset + index * 2 + (p.white_to_move ? 0 : 1)};
}

std::optional<Position> MountNFallIndex::unrank(int layer, std::uint64_t index) const {
  const Layer& l = layers_[static_cast<std::size_t>(layer)];
  const auto it = std::upper_bound(l.groups.begin(), l.groups.end(), index, [](std::uint64_t i, const Group& g) { return i < g.offset; });
  const Group& g = *(it - 1);
  std::uint64_t rest = index - g.offset;
  Position p;
  p.white_to_move = rest % 2 == 0;
  rest /= 2;
  const std::uint64_t black_split = rest % g.black_splits;
  rest /= g.black_splits;
  const std::uint64_t white_split = rest % g.white_splits;
  rest /= g.white_splits;
  const std::uint64_t black_set = rest % g.black_sets;
  const Bitboard white = unrank_k_subset(rest / g.black_sets, g.white_squares);
  std::vector<int> free;
  for (int s = 0; s < squares_; ++s)
    if (!has_bit(white, s)) free.push_back(s);
  Bitboard black = 0;
  for_each_bit(unrank_k_subset(black_set, g.black_squares), [&](int j) { black |= bit(free[static_cast<std::size_t>(j)]); });
  if (g.white_squares) {
    const auto heights = unrank_split(white_split, l.white, g.white_squares);
    std::size_t i = 0;
    for_each_bit(white, [&](int s) { p.cells[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(heights[i++]); });
  }
  if (g.black_squares) {
    const auto heights = unrank_split(black_split, l.black, g.black_squares);
    std::size_t i = 0;
    for_each_bit(black, [&](int s) { p.cells[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(-heights[i++]); });
  }
  return p;
}

}  // namespace gs::mountnfall
