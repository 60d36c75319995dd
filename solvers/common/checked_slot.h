// A table slot that threads read and write without locks: one data word, and the key's words
// each stored XORed with a scramble of the data. A slot torn between two writers then fails its
// key check and reads as a miss (or, with probability 2^-64, as noise), never as the data of
// another key. An empty slot matches only the key whose words equal the scrambles of 0, which
// no caller can tell from noise. All-zero bytes are an empty slot (see ZeroedArray).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

#include "solvers/common/hash.h"

namespace gs {

template <int Words>
class CheckedSlot {
 public:
  using Key = std::array<std::uint64_t, Words>;

  // The data stored with `key`, if this slot holds it.
  bool load(const Key& key, std::uint64_t& data) const {
    const std::uint64_t d = data_.load(std::memory_order_relaxed);
    for (int w = 0; w < Words; ++w)
      if ((check_[w].load(std::memory_order_relaxed) ^ scramble(d, w)) != key[w]) return false;
    data = d;
    return true;
  }

  void store(const Key& key, std::uint64_t data) {
    data_.store(data, std::memory_order_relaxed);
    for (int w = 0; w < Words; ++w) check_[w].store(key[w] ^ scramble(data, w), std::memory_order_relaxed);
  }

 private:
  static std::uint64_t scramble(std::uint64_t data, int w) { return mix64(data + 0x9e3779b97f4a7c15ULL * (w + 1)); }

  std::atomic<std::uint64_t> check_[Words];
  std::atomic<std::uint64_t> data_;
};

}  // namespace gs
