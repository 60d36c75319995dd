#include "engine/core/placement_index.h"

#include <algorithm>
#include <string>

#include "engine/core/combinatorics.h"
#include "engine/core/errors.h"

namespace gs {

PlacementIndex::PlacementIndex(int points, int a, const SymmetryGroup& group) : points_(points), a_(a), group_(group) {
  if (!tabulates(points, a))
    throw InputError("a placement index of " + std::to_string(a) + " of " + std::to_string(points) +
                     " points: more than " + std::to_string(kMostSets) + " sets");
  const auto sets = binomial(points, a);
  class_of_.resize(sets);
  for (std::uint64_t r = 0; r < sets; ++r) {
    const Bitboard set = unrank_k_subset(r, a);
    Bitboard least = set;
    for (int g = 0; g < group.order(); ++g) least = std::min(least, group[g].apply(set));
    for (int g = 0; g < group.order(); ++g)
      if (group[g].apply(set) == least) class_of_[r].onto |= static_cast<std::uint8_t>(1 << g);
    if (least == set) {  // the smallest set of its orbit comes first in rank order
      std::uint8_t fixing = 0;
      for (int g = 0; g < group.order(); ++g)
        if (group[g].apply(set) == set) fixing |= static_cast<std::uint8_t>(1 << g);
      stabiliser_.push_back(fixing);
      class_set_.push_back(set);
      free_set_.push_back(low_bits(points) & ~set);
    }
    class_of_[r].cls = least == set ? static_cast<std::uint32_t>(class_set_.size() - 1)
                                    : class_of_[static_cast<std::size_t>(rank_k_subset(least))].cls;
  }
}

std::pair<Bitboard, std::uint8_t> PlacementIndex::least_image(Bitboard b_set, std::uint8_t onto) const {
  if (onto == 1) return {b_set, 1};  // the set is its class's, with no other symmetry: the usual case
  Bitboard least = ~Bitboard{0};
  std::uint8_t maps = 0;
  for_each_bit(onto, [&](int g) {
    const Bitboard image = group_[g].apply(b_set);
    if (image < least) least = image, maps = 0;
    if (image == least) maps |= static_cast<std::uint8_t>(1 << g);
  });
  return {least, maps};
}

std::uint64_t PlacementIndex::size(int b) const { return class_set_.size() * binomial(points_ - a_, b); }

std::uint8_t PlacementIndex::maps_to_representative(Bitboard a_set, Bitboard b_set) const {
  return least_image(b_set, class_of_[static_cast<std::size_t>(rank_k_subset(a_set))].onto).second;
}

std::uint64_t PlacementIndex::rank(Bitboard a_set, Bitboard b_set) const {
  const SetClass& c = class_of_[static_cast<std::size_t>(rank_k_subset(a_set))];
  const Bitboard least = least_image(b_set, c.onto).first;  // B's image in the representative
  return c.cls * binomial(points_ - a_, popcount(b_set)) + rank_k_subset(compress_bits(least, free_set_[c.cls]));
}

std::uint64_t PlacementIndex::rank(Bitboard a_set, Bitboard b_set, std::uint8_t maps) const {
  const std::uint32_t cls = class_of_[static_cast<std::size_t>(rank_k_subset(a_set))].cls;
  const Bitboard least = group_[lowest_bit(maps)].apply(b_set);  // B's image in the representative
  return cls * binomial(points_ - a_, popcount(b_set)) + rank_k_subset(compress_bits(least, free_set_[cls]));
}

std::optional<std::pair<Bitboard, Bitboard>> PlacementIndex::unrank(std::uint64_t index, int b) const {
  const std::uint64_t per_class = binomial(points_ - a_, b);
  const auto cls = static_cast<std::size_t>(index / per_class);
  const Bitboard b_set = expand_bits(unrank_k_subset(index % per_class, b, points_ - a_), free_set_[cls]);
  if (!is_representative(static_cast<std::uint32_t>(cls), b_set)) return std::nullopt;
  return std::pair{class_set_[cls], b_set};
}

}  // namespace gs
