#include "engine/mountnfall/mountnfall_index.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/core/combinatorics.h"
#include "engine/core/errors.h"
#include "engine/core/lattice.h"

namespace gs::mountnfall {

namespace {

// Ways to split n pawns into k stacks in square order (compositions): C(n - 1, k - 1).
std::uint64_t splits(int n, int k) { return n == 0 ? (k == 0 ? 1 : 0) : binomial(n - 1, k - 1); }

// Lays n pawns as the composition of rank `rank` (its partial sums but the last, as a subset of
// {1 .. n - 1}) on the squares of `stacks`, in square order, with the sign of their colour.
void place_stacks(Position& p, Bitboard stacks, std::uint64_t rank, int n, int sign) {
  Bitboard bars = unrank_k_subset(rank, popcount(stacks) - 1) | bit(n - 1);
  int last = 0;
  for_each_bit(stacks, [&](int s) {
    const int b = lowest_bit(bars);
    bars &= bars - 1;
    p.cells[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(sign * (b + 1 - last));
    last = b + 1;
  });
}

// The 8 symmetries of the n x n square as square permutations (or the identity alone).
SymmetryGroup square_group(int n, bool all) {
  std::vector<GridPoint> points;
  points.reserve(static_cast<std::size_t>(n) * static_cast<std::size_t>(n));
  for (int s = 0; s < n * n; ++s) points.push_back({s / n, s % n});
  std::vector<BitPermutation> elements;
  for (const auto& perm :
       lattice_symmetries(points, {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}}))
    if (all || elements.empty()) elements.emplace_back(perm);
  return SymmetryGroup(std::move(elements));
}

}  // namespace

MountNFallIndex::MountNFallIndex(int size, int triangle, bool reduce)
    : MountNFallPlay(size, triangle), squares_(size * size), most_(triangle * (triangle + 1) / 2), reduce_(reduce) {
  const int most_squares = std::min(most_, squares_);
  for (int kw = 0; kw <= most_squares; ++kw)
    if (!PlacementIndex::tabulates(squares_, kw))
      throw InputError("Mount'n Fall " + variant() + " is too large for exact tables: White's " + std::to_string(kw) +
                       " squares have " + std::to_string(binomial(squares_, kw)) + " placements, more than " +
                       std::to_string(PlacementIndex::kMostSets) + " (use a smaller board or triangle)");
  const SymmetryGroup group = square_group(size, reduce);
  for (int kw = 0; kw <= most_squares; ++kw) placements_.emplace_back(squares_, kw, group);
  std::vector<std::pair<int, int>> counts;
  for (int w = 0; w <= most_; ++w)
    for (int b = 0; b <= most_; ++b) counts.push_back({w, b});
  std::stable_sort(counts.begin(), counts.end(),
                   [](auto x, auto y) { return x.first + x.second < y.first + y.second; });
  layer_of_.assign(static_cast<std::size_t>(most_ + 1) * static_cast<std::size_t>(most_ + 1), -1);
  std::uint64_t total = 0;
  // A count past 64 bits would wrap into a smaller, wrong index: refused instead.
  const auto checked = [&](bool overflow) {
    if (overflow)
      throw InputError("Mount'n Fall " + variant() + " is too large for exact tables: more than 2^64 positions");
  };
  for (const auto& [w, b] : counts) {
    Layer layer{w, b, 0, {}};
    for (int kw = w ? 1 : 0; kw <= std::min(w, squares_); ++kw)
      for (int kb = b ? 1 : 0; kb <= std::min(b, squares_ - kw); ++kb) {
        Group g{kw, kb, layer.size, splits(w, kw), splits(b, kb)};
        std::uint64_t n = placements_[static_cast<std::size_t>(kw)].size(kb);
        checked(__builtin_mul_overflow(n, 2 * g.white_splits, &n) || __builtin_mul_overflow(n, g.black_splits, &n) ||
                __builtin_add_overflow(layer.size, n, &layer.size));
        layer.groups.push_back(g);
      }
    checked(__builtin_add_overflow(total, layer.size, &total));
    layer_of_[static_cast<std::size_t>(w) * static_cast<std::size_t>(most_ + 1) + static_cast<std::size_t>(b)] =
        static_cast<int>(layers_.size());
    layers_.push_back(std::move(layer));
  }
}

Position MountNFallIndex::image(const Position& p, int g) const {
  Position q;
  q.white_to_move = p.white_to_move;
  const BitPermutation& perm = placements_.front().group()[g];
  for (int s = 0; s < squares_; ++s) q.cells[static_cast<std::size_t>(perm(s))] = p.cells[static_cast<std::size_t>(s)];
  return q;
}

std::pair<std::uint64_t, std::uint64_t> MountNFallIndex::split_ranks(const Position& p) const {
  Bitboard bars[2] = {0, 0};  // partial sums of the heights but the last, as place_stacks reads them
  int sums[2] = {0, 0}, last[2] = {-1, -1};
  for (int s = 0; s < squares_; ++s) {
    const int cell = p.cells[static_cast<std::size_t>(s)];
    if (cell == 0) continue;
    const int side = cell > 0 ? 0 : 1;
    if (last[side] >= 0) bars[side] |= bit(last[side]);
    sums[side] += cell > 0 ? cell : -cell;
    last[side] = sums[side] - 1;
  }
  return {rank_k_subset(bars[0]), rank_k_subset(bars[1])};
}

const MountNFallIndex::Group& MountNFallIndex::group_of(const Layer& layer, int white_squares,
                                                        int black_squares) const {
  for (const Group& g : layer.groups)
    if (g.white_squares == white_squares && g.black_squares == black_squares) return g;
  throw std::logic_error("MountNFallIndex: no group");
}

std::string MountNFallIndex::layer_name(int layer) const {
  const Layer& l = layers_[static_cast<std::size_t>(layer)];
  return std::to_string(l.white) + " white, " + std::to_string(l.black) + " black pawns";
}

LayerIndex MountNFallIndex::locate(const Position& p) const {
  Bitboard white = 0, black = 0;
  int w = 0, b = 0;
  for (int s = 0; s < squares_; ++s) {
    const int cell = p.cells[static_cast<std::size_t>(s)];
    if (cell > 0) white |= bit(s), w += cell;
    if (cell < 0) black |= bit(s), b -= cell;
  }
  const int layer =
      layer_of_[static_cast<std::size_t>(w) * static_cast<std::size_t>(most_ + 1) + static_cast<std::size_t>(b)];
  const Layer& l = layers_[static_cast<std::size_t>(layer)];
  const int kw = popcount(white), kb = popcount(black);
  const Group& g = group_of(l, kw, kb);
  const PlacementIndex& placement = placements_[static_cast<std::size_t>(kw)];
  // The stacks of the smallest image among the maps onto the squares' representative.
  const std::uint8_t maps = placement.maps_to_representative(white, black);
  std::pair<std::uint64_t, std::uint64_t> heights{~0ULL, ~0ULL};
  for_each_bit(maps, [&](int e) { heights = std::min(heights, split_ranks(image(p, e))); });
  std::uint64_t index = placement.rank(white, black, maps);
  index = index * g.white_splits + heights.first;
  index = index * g.black_splits + heights.second;
  return {layer, g.offset + index * 2 + (p.white_to_move ? 0 : 1)};
}

std::optional<Position> MountNFallIndex::unrank(int layer, std::uint64_t index) const {
  const Layer& l = layers_[static_cast<std::size_t>(layer)];
  const auto it = std::upper_bound(l.groups.begin(), l.groups.end(), index,
                                   [](std::uint64_t i, const Group& g) { return i < g.offset; });
  const Group& g = *(it - 1);
  std::uint64_t rest = index - g.offset;
  Position p;
  p.white_to_move = rest % 2 == 0;
  rest /= 2;
  const std::uint64_t black_split = rest % g.black_splits;
  rest /= g.black_splits;
  const std::uint64_t white_split = rest % g.white_splits;
  rest /= g.white_splits;
  const PlacementIndex& placement = placements_[static_cast<std::size_t>(g.white_squares)];
  const auto squares = placement.unrank(rest, g.black_squares);
  if (!squares) return std::nullopt;
  const auto [white, black] = *squares;
  if (g.white_squares) place_stacks(p, white, white_split, l.white, 1);
  if (g.black_squares) place_stacks(p, black, black_split, l.black, -1);
  // A representative's stacks are the smallest of the images that keep its squares.
  const std::pair<std::uint64_t, std::uint64_t> mine{white_split, black_split};
  bool smallest = true;
  for_each_bit(placement.maps_to_representative(white, black),
               [&](int e) { smallest = smallest && !(split_ranks(image(p, e)) < mine); });
  if (!smallest) return std::nullopt;
  return p;
}

}  // namespace gs::mountnfall
