#include "engine/core/bit_permutation.h"

#include <bit>
#include <stdexcept>

namespace gs {

namespace {

std::vector<int> inverse_image(const std::vector<int>& image) {
  std::vector<int> inv(image.size());
  for (std::size_t i = 0; i < image.size(); ++i) inv[image[i]] = static_cast<int>(i);
  return inv;
}

}  // namespace

BitPermutation::BitPermutation(const std::vector<int>& image) : image_(image) {
  const int n = static_cast<int>(image.size());
  if (n > 64) throw std::invalid_argument("a bit permutation maps at most 64 points");
  bytes_ = (n + 7) / 8;
  table_.assign(bytes_, {});
  // Each byte's image is the image of the byte without its lowest bit, plus that bit's image:
  // 256 ORs a table instead of 2,048 bit tests (the tables are built at every start-up).
  for (int k = 0; k < bytes_; ++k)
    for (int byte = 1; byte < 256; ++byte) {
      const int point = 8 * k + std::countr_zero(static_cast<unsigned>(byte));
      table_[k][byte] = table_[k][byte & (byte - 1)] | (point < n ? bit(image[point]) : 0);
    }
}

BitPermutation BitPermutation::inverse() const { return BitPermutation(inverse_image(image_)); }

SymmetryGroup::SymmetryGroup(std::vector<BitPermutation> elements) : elements_(std::move(elements)) {
  if (elements_.size() > kMaxOrder) throw std::invalid_argument("a symmetry group has at most 64 elements");
  const std::size_t n = elements_.size();
  bytes_ = n == 0 ? 0 : elements_[0].bytes();
  byte_images_.assign(static_cast<std::size_t>(bytes_) * 256 * n, 0);
  for (int k = 0; k < bytes_; ++k)
    for (int byte = 0; byte < 256; ++byte)
      for (std::size_t g = 0; g < n; ++g)
        byte_images_[((static_cast<std::size_t>(k) << 8) | static_cast<std::size_t>(byte)) * n + g] =
            elements_[g].byte_image(k, byte);
  inverse_.assign(elements_.size(), -1);
  for (std::size_t g = 0; g < elements_.size(); ++g) {
    const std::vector<int> inv = inverse_image(elements_[g].image());  // without building its tables
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
  Bitboard image[kMaxOrder];
  images(b, image);
  int fixing = 0;
  for (int g = 0; g < order(); ++g) fixing += image[g] == b;
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
