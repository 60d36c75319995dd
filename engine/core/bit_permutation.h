// A permutation of board points applied to whole bitboards by table lookup: one table of 256
// images per byte of the word, so mapping a 33-point board costs five loads and four ORs instead
// of a loop over set bits.
#pragma once

#include <algorithm>
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
  int bytes() const { return bytes_; }
  Bitboard byte_image(int k, int byte) const { return table_[k][byte]; }  // image of byte k of a board
  const std::vector<int>& image() const { return image_; }
  BitPermutation inverse() const;

 private:
  std::vector<int> image_;
  int bytes_ = 0;
  std::vector<std::array<Bitboard, 256>> table_;  // one per byte of the board: 2 KiB a byte
};

// A finite group of point permutations with canonical forms: the canonical form of a board is
// the smallest of its images. The images of every element come from one table per byte of the
// board whose row for a byte value holds that byte's image under each element side by side: a
// cache line per byte gives the byte's part of eight images, ORed eight at a time.
class SymmetryGroup {
 public:
  SymmetryGroup() = default;
  explicit SymmetryGroup(std::vector<BitPermutation> elements);  // elements[0] must be identity

  int order() const { return static_cast<int>(elements_.size()); }
  const BitPermutation& operator[](int g) const { return elements_[g]; }
  int inverse_of(int g) const { return inverse_[g]; }

  static constexpr int kMaxOrder = 64;
  Bitboard canonical(Bitboard b) const {
    Bitboard image[kMaxOrder];
    images(b, image);
    Bitboard best = b;  // the identity's image
    for (std::size_t g = 1; g < elements_.size(); ++g) best = std::min(best, image[g]);
    return best;
  }
  // out[g] = elements[g](b) for every element. N: the group's order when the caller knows it
  // at compile time (loops the compiler unrolls), 0 otherwise.
  template <int N = 0>
  void images(Bitboard b, Bitboard* out) const {
    const std::size_t n = N ? N : elements_.size();
    for (std::size_t g = 0; g < n; ++g) out[g] = 0;
    for (int k = 0; k < bytes_; ++k) {
      const Bitboard* row = &byte_images_[((static_cast<std::size_t>(k) << 8) | ((b >> (8 * k)) & 0xFF)) * n];
      for (std::size_t g = 0; g < n; ++g) out[g] |= row[g];
    }
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
  int bytes_ = 0;
  std::vector<Bitboard> byte_images_;  // [(byte k * 256 + value) * order + element]
};

}  // namespace gs
