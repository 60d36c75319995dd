// A fixed-size, lock-free set of canonical positions known to be dead (no goal below them),
// shared by every search thread. Buckets of four 64-bit slots; when a bucket is full a slot is
// overwritten, so the table forgets but never lies: a lookup only ever answers "dead" for a key
// that was inserted. Key 0 marks an empty slot and is never stored.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "solvers/common/hash.h"
#include "solvers/common/zeroed_array.h"

namespace gs {

class DeadTable {
 public:
  // capacity_bits: log2 of the number of slots (8 bytes each), zeroed lazily (ZeroedArray).
  explicit DeadTable(int capacity_bits, Pages pages = Pages::normal)
      : mask_((std::uint64_t{1} << capacity_bits) / kWays - 1), slots_(std::size_t{1} << capacity_bits, pages) {
    static_assert(std::atomic<std::uint64_t>::is_always_lock_free);
  }

  bool contains(std::uint64_t key) const {
    const auto* b = bucket(key);
    for (int i = 0; i < kWays; ++i)
      if (b[i].load(std::memory_order_relaxed) == key) return true;
    return false;
  }

  void prefetch(std::uint64_t key) const { __builtin_prefetch(bucket(key)); }

  void insert(std::uint64_t key) {
    auto* b = bucket(key);
    for (int i = 0; i < kWays; ++i) {
      std::uint64_t seen = b[i].load(std::memory_order_relaxed);
      if (seen == key) return;
      if (seen == 0 && b[i].compare_exchange_strong(seen, key, std::memory_order_relaxed)) return;
      if (seen == key) return;
    }
    b[(mix64(key) >> 60) % kWays].store(key, std::memory_order_relaxed);  // full: replace one
  }

  std::size_t bytes() const { return slots_.bytes(); }

  // Every key of this table inserted into `other` too.
  void copy_into(DeadTable& other) const {
    for (std::size_t i = 0; i < slots_.size(); ++i)
      if (const std::uint64_t key = slots_[i].load(std::memory_order_relaxed)) other.insert(key);
  }

  // Up to n keys from slots drawn at random (reproducibly, from `seed`): a sample of what the
  // searches proved dead, for learning what they have in common.
  std::vector<std::uint64_t> sample(std::size_t n, std::uint64_t seed) const {
    std::vector<std::uint64_t> keys;
    for (std::size_t probe = 0; probe < 64 * n && keys.size() < n; ++probe) {
      seed = mix64(seed + probe);
      const std::uint64_t key = slots_[seed % slots_.size()].load(std::memory_order_relaxed);
      if (key) keys.push_back(key);
    }
    return keys;
  }

 private:
  static constexpr int kWays = 4;
  std::atomic<std::uint64_t>* bucket(std::uint64_t key) { return slots_.data() + (mix64(key) & mask_) * kWays; }
  const std::atomic<std::uint64_t>* bucket(std::uint64_t key) const {
    return slots_.data() + (mix64(key) & mask_) * kWays;
  }

  std::uint64_t mask_;
  ZeroedArray<std::atomic<std::uint64_t>> slots_;
};

}  // namespace gs
