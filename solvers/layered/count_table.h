// A concurrent hash table from states to 128-bit counts, of fixed capacity, for building one
// layer (or one range of a layer) from many threads: insert adds to a state's count, creating
// it at zero. Open addressing with linear probing; a slot is claimed by compare-and-swap on its
// key (0 = empty: no state of a layered puzzle is 0), counts are added with two 64-bit atomic
// adds and an explicit carry, so concurrent adds of the same state sum exactly whatever their
// order. Batches are prefetched before they are inserted: a layer of a big board is far larger
// than the caches, so nearly every insertion is a cache miss, and a batch overlaps them.
//
// The table refuses to fill past 4/5 of its capacity (full() turns true and further inserts are
// dropped): the caller then splits its work into more ranges and redoes it.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>

#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>

#include "engine/core/uint128.h"
#include "solvers/common/hash.h"
#include "solvers/common/zeroed_array.h"

namespace gs {

class CountTable {
 public:
  struct Slot {
    std::uint64_t state, lo, hi;
    uint128 count() const { return (static_cast<uint128>(hi) << 64) | lo; }
  };
  struct Entry {
    std::uint64_t state;
    uint128 weight;
  };

  // Room for `capacity` slots; use() picks how many to use.
  explicit CountTable(std::size_t capacity) : slots_(std::max<std::size_t>(capacity, 64), Pages::huge) {}

  std::size_t allocated() const { return slots_.size(); }
  std::size_t limit() const { return capacity_ / 5 * 4; }
  bool full() const { return full_.load(std::memory_order_relaxed); }
  bool overflow() const { return overflow_.load(std::memory_order_relaxed); }

  // Empties the table and uses its first `capacity` slots (at most allocated()).
  void use(std::size_t capacity) {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, dirty_, 1 << 16), [&](const auto& r) {
      std::memset(static_cast<void*>(slots_.data() + r.begin()), 0, (r.end() - r.begin()) * sizeof(Slot));
    });
    capacity_ = dirty_ = capacity;
    size_ = 0, full_ = false, overflow_ = false;
  }

  // Adds each entry's weight to its state's count.
  void insert(const Entry* entries, std::size_t n) {
    if (full()) return;
    std::size_t home[kBatch];
    std::size_t added = 0;
    for (std::size_t start = 0; start < n; start += kBatch) {
      const std::size_t m = std::min(kBatch, n - start);
      for (std::size_t i = 0; i < m; ++i) {
        home[i] = home_of(entries[start + i].state);
        __builtin_prefetch(&slots_[home[i]], 1);
      }
      for (std::size_t i = 0; i < m; ++i) added += insert_one(entries[start + i], home[i]);
    }
    if (added != 0 && size_.fetch_add(added, std::memory_order_relaxed) + added > limit()) full_ = true;
  }

  bool contains(std::uint64_t state) const {
    for (std::size_t i = home_of(state);; i = next(i)) {
      const std::uint64_t k =
          std::atomic_ref(const_cast<std::uint64_t&>(slots_[i].state)).load(std::memory_order_relaxed);
      if (k == state) return true;
      if (k == 0) return false;
    }
  }

  // Moves the occupied slots to the front, sorted by state; returns how many. The table must be
  // reset with use() before its next inserts.
  std::size_t sort() {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < capacity_; ++i)
      if (slots_[i].state != 0) slots_[kept++] = slots_[i];
    tbb::parallel_sort(slots_.data(), slots_.data() + kept,
                       [](const Slot& a, const Slot& b) { return a.state < b.state; });
    return kept;
  }
  const Slot& operator[](std::size_t i) const { return slots_[i]; }

 private:
  static constexpr std::size_t kBatch = 64;

  // The hash scaled to the capacity (a multiply, not a modulo: any capacity, no power of two).
  std::size_t home_of(std::uint64_t state) const {
    return static_cast<std::size_t>((static_cast<uint128>(mix64(state)) * capacity_) >> 64);
  }
  std::size_t next(std::size_t i) const { return i + 1 == capacity_ ? 0 : i + 1; }

  // 1 when the state was new.
  int insert_one(const Entry& e, std::size_t i) {
    int added = 0;
    for (;; i = next(i)) {
      std::atomic_ref key(slots_[i].state);
      std::uint64_t k = key.load(std::memory_order_relaxed);
      if (k == 0) {
        if (key.compare_exchange_strong(k, e.state, std::memory_order_relaxed)) {
          added = 1;
          break;
        }
      }
      if (k == e.state) break;
    }
    if (e.weight == 0) return added;
    const auto wl = static_cast<std::uint64_t>(e.weight), wh = static_cast<std::uint64_t>(e.weight >> 64);
    const std::uint64_t old = std::atomic_ref(slots_[i].lo).fetch_add(wl, std::memory_order_relaxed);
    const std::uint64_t carry = old + wl < old ? 1 : 0;
    std::uint64_t high = 0;
    if (__builtin_add_overflow(wh, carry, &high)) overflow_ = true;
    if (high == 0) return added;  // the common case: one locked add, not two
    const std::uint64_t old_high = std::atomic_ref(slots_[i].hi).fetch_add(high, std::memory_order_relaxed);
    if (old_high + high < old_high) overflow_ = true;
    return added;
  }

  ZeroedArray<Slot> slots_;
  std::size_t capacity_ = 0, dirty_ = 0;  // slots in use; a prefix holding every nonzero slot
  std::atomic<std::size_t> size_{0};
  std::atomic<bool> full_{false}, overflow_{false};
};

}  // namespace gs
