#include "engine/core/bit_permutation.h"

#include <stdexcept>

namespace gs {

BitPermutation::BitPermutation(const std::vector<int>& image) : image_(image) {
  const int n = static_cast<int>(image.size());
  if (n > 64) throw std::invalid_argument("a bit permutation maps at most 64 points");
  bytes_ = (n + 7) / 8;
  for (int k = 0; k < bytes_; ++k) {
    for (int byte = 0; byte < 256; ++byte) {
      Bitboard out = 0;
      for (int j = 0; j < 8; ++j) {
        const int point = 8 * k + j;
        if ((byte >> j) & 1 && point < n) out |= bit(image[point]);
      }
      table_[k][byte] = out;
    }
  }
}

BitPermutation BitPermutation::inverse() const {
  std::vector<int> inv(image_.size());
  for (std::size_t i = 0; i < image_.size(); ++i) inv[image_[i]] = static_cast<int>(i);
  return BitPermutation(inv);
}

SymmetryGroup::SymmetryGroup(std::vector<BitPermutation> elements) : elements_(std::move(elements)) {
  inverse_.assign(elements_.size(), -1);
  for (std::size_t g = 0; g < elements_.size(); ++g) {
    const auto inv = elements_[g].inverse().image();
    for (std::size_t h = 0; h < elements_.size(); ++h)
      if (elements_[h].image() == inv) inverse_[g] = static_cast<int>(h);
    if (inverse_[g] < 0) throw std::invalid_argument("symmetry set is not closed under inverse");
  }
}

std::pair<Bitboard, int> SymmetryGroup::canonical_with_element(Bitboard b) const {
  Bitboard best = b;
  int best_g = 0;
  for (std::size_t g = 1; g < elements_.size(); ++g) {
    Bitboard image = elements_[g].apply(b);
    if (image < best) {
      best = image;
      best_g = static_cast<int>(g);
    }
  }
  return {best, best_g};
}

int SymmetryGroup::orbit_size(Bitboard b) const {
  int fixing = 0;
  for (const auto& e : elements_) fixing += e.apply(b) == b;
  return order() / fixing;
}

SymmetryGroup SymmetryGroup::stabiliser(const std::vector<Bitboard>& fixed) const {
  std::vector<BitPermutation> kept;
  for (const auto& e : elements_) {
    bool fixes_all = true;
    for (Bitboard b : fixed) fixes_all = fixes_all && e.apply(b) == b;
    if (fixes_all) kept.push_back(e);
  }
  return SymmetryGroup(std::move(kept));
}

}  // namespace gs
