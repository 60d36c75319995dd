// Many integer pagoda functions towards one finish hole, tested together. A search that learns
// pagodas (tools/peg/pagoda_learning.h) ends up with dozens, and testing them one by one cost
// more than the rest of a node. Here sixteen pagodas share one pass: per byte of the position a
// table row holds the sixteen weights of those pegs as 16-bit lanes, so a position costs one
// vector sum per byte and per sixteen pagodas.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/peg/board.h"
#include "engine/peg/pagoda.h"

namespace gs::peg {

class PagodaBounds {
 public:
  PagodaBounds(int holes, int finish) : holes_(holes), finish_(finish) {}

  // Adds p (is_pagoda must hold: the caller checks it); false, and nothing added, when its
  // weights are too large for 16-bit sums.
  bool add(const Pagoda& p);
  int size() const { return count_; }

  // Whether some pagoda weighs pos below the finish: then no play from pos ends on it.
  bool doomed(Position pos) const {
    const int bytes = (holes_ + 7) / 8;
    for (const Block& b : blocks_) {
      Lanes sum = b.rows[pos & 0xFF];
      for (int k = 1; k < bytes; ++k) sum += b.rows[static_cast<std::size_t>(k) * 256 + ((pos >> (8 * k)) & 0xFF)];
      const Lanes below = sum < b.threshold;  // -1 in lanes that doom pos
      std::uint64_t any = 0;
      for (int i = 0; i < kLanes; ++i) any |= static_cast<std::uint16_t>(below[i]);
      if (any) return true;
    }
    return false;
  }

 private:
  static constexpr int kLanes = 16;
  typedef std::int16_t Lanes __attribute__((vector_size(2 * kLanes)));
  struct Block {
    std::vector<Lanes> rows = std::vector<Lanes>(std::size_t{8} * 256, Lanes{});  // [byte index * 256 + byte value]
    Lanes threshold;  // the finish's weight; lanes unused: minimum
  };

  int holes_, finish_;
  int count_ = 0;
  std::vector<Block> blocks_;
};

}  // namespace gs::peg
