// A dense index of placements of two kinds of pieces (a set A of a points, a set B of b other
// points) on a board, up to a group of symmetries: the class of A, then the rank of B (in the
// combinatorial number system) among the points A leaves free. A pair (A, B) is represented by
// the image whose A is the smallest set of its orbit and, among the maps achieving that, whose
// B is smallest; an index whose B is not that smallest image names no placement.
// Tigers and Goats: A = the tigers; Fox and Geese: A = the fox; Mount'n Fall: A = White's squares.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/bit_permutation.h"

namespace gs {

class PlacementIndex {
 public:
  // `group`: the symmetries to reduce by (element 0 the identity; at most 8 elements).
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
  // nullopt: not a representative.
  std::optional<std::pair<Bitboard, Bitboard>> unrank(std::uint64_t index, int b) const;

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

}  // namespace gs
