#include "engine/core/placement_index.h"

#include <algorithm>

#include "engine/core/combinatorics.h"

namespace gs {

PlacementIndex::PlacementIndex(int points, int a, const SymmetryGroup& group) : points_(points), a_(a), group_(group) {
  const auto sets = binomial(points, a);
  class_of_.resize(sets);
  to_class_.resize(sets);
  for (std::uint64_t r = 0; r < sets; ++r) {
    const Bitboard set = unrank_k_subset(r, a);
    Bitboard least = set;
    for (int g = 0; g < group.order(); ++g) least = std::min(least, group[g].apply(set));
    for (int g = 0; g < group.order(); ++g)
      if (group[g].apply(set) == least) to_class_[r] |= static_cast<std::uint8_t>(1 << g);
    if (least == set) {  // the smallest set of its orbit comes first in rank order
      std::uint8_t fixing = 0;
      for (int g = 0; g < group.order(); ++g)
        if (group[g].apply(set) == set) fixing |= static_cast<std::uint8_t>(1 << g);
      stabiliser_.push_back(fixing);
      class_set_.push_back(set);
      std::vector<int> free;
      for (int p = 0; p < points; ++p)
        if (!has_bit(set, p)) free.push_back(p);
      free_points_.push_back(free);
    }
    class_of_[r] = least == set ? static_cast<std::uint32_t>(class_set_.size() - 1)
                                : class_of_[static_cast<std::size_t>(rank_k_subset(least))];
  }
}

std::uint64_t PlacementIndex::size(int b) const { return class_set_.size() * binomial(points_ - a_, b); }

std::uint8_t PlacementIndex::maps_to_representative(Bitboard a_set, Bitboard b_set) const {
  const std::uint8_t onto_class = to_class_[static_cast<std::size_t>(rank_k_subset(a_set))];
  Bitboard least = ~Bitboard{0};  // the smallest image of B among the maps onto the class's A
  std::uint8_t maps = 0;
  for_each_bit(onto_class, [&](int g) {
    const Bitboard image = group_[g].apply(b_set);
    if (image < least) least = image, maps = 0;
    if (image == least) maps |= static_cast<std::uint8_t>(1 << g);
  });
  return maps;
}

std::uint64_t PlacementIndex::rank(Bitboard a_set, Bitboard b_set) const {
  return rank(a_set, b_set, maps_to_representative(a_set, b_set));
}

std::uint64_t PlacementIndex::rank(Bitboard a_set, Bitboard b_set, std::uint8_t maps) const {
  const std::uint32_t cls = class_of_[static_cast<std::size_t>(rank_k_subset(a_set))];
  const Bitboard least = group_[lowest_bit(maps)].apply(b_set);  // B's image in the representative
  const Bitboard a_class = class_set_[cls];
  Bitboard compressed = 0;  // B as a subset of the free points, in order
  for_each_bit(least, [&](int q) { compressed |= bit(popcount(~a_class & low_bits(q))); });
  return cls * binomial(points_ - a_, popcount(b_set)) + rank_k_subset(compressed);
}

std::optional<std::pair<Bitboard, Bitboard>> PlacementIndex::unrank(std::uint64_t index, int b) const {
  const std::uint64_t per_class = binomial(points_ - a_, b);
  const auto cls = static_cast<std::size_t>(index / per_class);
  const auto& free = free_points_[cls];
  Bitboard b_set = 0;
  for_each_bit(unrank_k_subset(index % per_class, b), [&](int j) { b_set |= bit(free[static_cast<std::size_t>(j)]); });
  bool smallest = true;
  for_each_bit(stabiliser_[cls], [&](int g) { smallest = smallest && group_[g].apply(b_set) >= b_set; });
  if (!smallest) return std::nullopt;
  return std::pair{class_set_[cls], b_set};
}

}  // namespace gs
