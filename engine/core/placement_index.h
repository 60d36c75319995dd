// A dense index of placements of two kinds of pieces (a set A of a points, a set B of b other
// points) on a board, up to a group of symmetries: the class of A, then the rank of B (in the
// combinatorial number system) among the points A leaves free. A pair (A, B) is represented by
// the image whose A is the smallest set of its orbit and, among the maps achieving that, whose
// B is smallest; an index whose B is not that smallest image names no placement.
// Tigers and Goats: A = the tigers; Fox and Geese: A = the fox; Mount'n Fall: A = White's squares.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/bit_permutation.h"
#include "engine/core/combinatorics.h"

namespace gs {

class PlacementIndex {
 public:
  static constexpr int kMaxPoints = 64;
  // The most sets A it tabulates (a class and its maps for each: 8 bytes a set, 1 GiB).
  static constexpr std::uint64_t kMostSets = std::uint64_t{1} << 27;
  static bool tabulates(int points, int a) { return binomial(points, a) <= kMostSets; }
  // `group`: the symmetries to reduce by (element 0 the identity; at most 8 elements).
  // Throws InputError past kMostSets.
  PlacementIndex(int points, int a, const SymmetryGroup& group);

  std::uint64_t classes() const { return class_set_.size(); }
  std::uint64_t size(int b) const;  // indices for placements with |B| = b
  std::uint64_t rank(Bitboard a_set, Bitboard b_set) const;
  // The elements mapping (A, B) onto its representative (bit g set); for a representative, its
  // stabiliser. Games with more to a position than A and B break ties among these.
  std::uint8_t maps_to_representative(Bitboard a_set, Bitboard b_set) const;
  // rank() for a caller that already has maps_to_representative(a_set, b_set).
  std::uint64_t rank(Bitboard a_set, Bitboard b_set, std::uint8_t maps) const;
  const SymmetryGroup& group() const { return group_; }
  // f(q, rank(a_set, b_set | q)) for each point q of `added` (points A and B leave free): the
  // ranks of B grown by one point, in O(1) each when A is its class's set and nothing but the
  // identity maps it there (the usual case; otherwise by rank()). Placements, in games with
  // them, reach these.
  template <class F>
  void for_each_added(Bitboard a_set, Bitboard b_set, Bitboard added, F&& f) const;
  // nullopt: not a representative.
  std::optional<std::pair<Bitboard, Bitboard>> unrank(std::uint64_t index, int b) const;

  // For indices of a game's own (Fox and Geese by row sum): the class of A and B's image in it;
  // a class's set of A and the points it leaves free; whether B is its class's representative.
  struct Representative {
    std::uint32_t cls;
    Bitboard b_set;
  };
  Representative representative(Bitboard a_set, Bitboard b_set) const {
    const SetClass& c = class_of_[static_cast<std::size_t>(rank_k_subset(a_set))];
    return {c.cls, least_image(b_set, c.onto).first};
  }
  Bitboard class_set(std::uint32_t cls) const { return class_set_[cls]; }
  Bitboard free_set(std::uint32_t cls) const { return free_set_[cls]; }
  bool is_representative(std::uint32_t cls, Bitboard b_set) const {
    bool smallest = true;
    for_each_bit(stabiliser_[cls], [&](int g) { smallest = smallest && group_[g].apply(b_set) >= b_set; });
    return smallest;
  }

 private:
  int points_, a_;
  SymmetryGroup group_;  // a copy: the index stays valid when its owner moves
  struct SetClass {
    std::uint32_t cls;
    std::uint8_t onto;  // bit g when element g maps the set onto its class's set
  };
  std::vector<SetClass> class_of_;  // by rank of A
  std::vector<Bitboard> class_set_;
  std::vector<Bitboard> free_set_;        // per class: the points its set leaves free
  std::vector<std::uint8_t> stabiliser_;  // per class
  // The smallest image of B among the maps in `onto` (bit g set), and the maps giving it.
  std::pair<Bitboard, std::uint8_t> least_image(Bitboard b_set, std::uint8_t onto) const;
};

// In the combinatorial number system, B grown by a point q' (B's points being b_0 < b_1 < ...
// among the free points) ranks as sum_{b_i < q'} C(b_i, i+1) + C(q', m+1) + sum_{b_i > q'}
// C(b_i, i+2), m the number of B's points below q': the sums below and above are prefix and
// suffix sums of B alone, taken once for every q.
template <class F>
void PlacementIndex::for_each_added(Bitboard a_set, Bitboard b_set, Bitboard added, F&& f) const {
  const SetClass& c = class_of_[static_cast<std::size_t>(rank_k_subset(a_set))];
  if (c.onto != 1) {
    for_each_bit(added, [&](int q) { f(q, rank(a_set, b_set | bit(q))); });
    return;
  }
  const Bitboard free = free_set_[c.cls];
  const Bitboard compressed = compress_bits(b_set, free);
  const int k = popcount(b_set);
  std::uint64_t below[kMaxPoints + 1], above[kMaxPoints + 1];  // below[m]: first m points; above[m]: the rest
  below[0] = 0;
  int i = 0;
  for_each_bit(compressed, [&](int b) {
    below[i + 1] = below[i] + binomial(b, i + 1);
    ++i;
  });
  above[k] = 0;
  i = k;
  for (Bitboard rest = compressed; rest;) {  // from the highest point down
    const int b = 63 - std::countl_zero(rest);
    rest ^= bit(b);
    --i;
    above[i] = above[i + 1] + binomial(b, i + 2);
  }
  const std::uint64_t first = c.cls * binomial(points_ - a_, k + 1);
  for_each_bit(added, [&](int q) {
    const int at = popcount(free & low_bits(q));  // q among the free points
    const int m = popcount(compressed & low_bits(at));
    f(q, first + below[m] + binomial(at, m + 1) + above[m]);
  });
}

}  // namespace gs
