#include "engine/peg/pagoda_bounds.h"

#include <cstdlib>
#include <limits>

namespace gs::peg {

bool PagodaBounds::add(const Pagoda& p) {
  // Every partial sum must fit: at most 64 holes of at most this weight each.
  constexpr int kMaxWeight = std::numeric_limits<std::int16_t>::max() / 64;
  for (std::int32_t w : p.weights)
    if (std::abs(w) > kMaxWeight) return false;
  const int lane = count_ % kLanes;
  if (lane == 0) {
    Block b;
    for (int i = 0; i < kLanes; ++i) b.threshold[i] = std::numeric_limits<std::int16_t>::min();
    blocks_.push_back(std::move(b));
  }
  Block& b = blocks_.back();
  for (int k = 0; k < 8; ++k)
    for (int byte = 0; byte < 256; ++byte) {
      int sum = 0;
      for (int j = 0; j < 8; ++j)
        if ((byte >> j) & 1 && 8 * k + j < holes_) sum += p.weights[8 * k + j];
      b.rows[k * 256 + byte][lane] = static_cast<std::int16_t>(sum);
    }
  b.threshold[lane] = static_cast<std::int16_t>(p.weights[finish_]);
  ++count_;
  return true;
}

}  // namespace gs::peg
