// A permutation of board points applied to whole bitboards by table lookup: one table of 256
// images per byte of the word, so mapping a 33-point board costs five loads and four ORs instead
// of a loop over set bits.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/core/bitboard.h"

namespace gs {

class BitPermutation {
 public:
  BitPermutation() = default;
  // image[i] = the point that point i maps to; every point below image.size() must be mapped.
  explicit BitPermutation(const std::vector<int>& image);

  Bitboard apply(Bitboard b) const {
    Bitboard out = 0;
    for (int k = 0; k < bytes_; ++k) out |= table_[k][(b >> (8 * k)) & 0xFF];  // bytes_ == table_.size()
    return out;
  }
  int operator()(int point) const { return image_[point]; }
  const std::vector<int>& image() const { return image_; }
  BitPermutation inverse() const;

 private:
  std::vector<int> image_;
  int bytes_ = 0;
  std::vector<std::array<Bitboard, 256>> table_;  // one per byte of the board: 2 KiB a byte
};

// A finite group of point permutations with canonical forms: the canonical form of a board is
// the smallest of its images.
class SymmetryGroup {
 public:
  SymmetryGroup() = default;
  explicit SymmetryGroup(std::vector<BitPermutation> elements);  // elements[0] must be identity

  int order() const { return static_cast<int>(elements_.size()); }
  const BitPermutation& operator[](int g) const { return elements_[g]; }
  int inverse_of(int g) const { return inverse_[g]; }

  Bitboard canonical(Bitboard b) const {
    Bitboard best = b;
    for (std::size_t g = 1; g < elements_.size(); ++g) {
      Bitboard image = elements_[g].apply(b);
      if (image < best) best = image;
    }
    return best;
  }
  // out[g] = elements[g](b) for every element.
  void images(Bitboard b, Bitboard* out) const {
    for (std::size_t g = 0; g < elements_.size(); ++g) out[g] = elements_[g].apply(b);
  }
  // Canonical form and the index of one element g with elements[g](b) == canonical.
  std::pair<Bitboard, int> canonical_with_element(Bitboard b) const;
  // Number of images of b (orbit size) = order / |stabiliser of b|.
  int orbit_size(Bitboard b) const;
  // The subgroup of elements that map every board in `fixed` to itself.
  SymmetryGroup stabiliser(const std::vector<Bitboard>& fixed) const;

 private:
  std::vector<BitPermutation> elements_;
  std::vector<int> inverse_;
};

}  // namespace gs
