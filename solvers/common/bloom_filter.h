// A set of 64-bit keys that may answer "maybe" for a key it does not hold, never "no" for one it
// holds: a blocked Bloom filter. Each key sets 8 bits in one 64-byte block (one cache line), so
// a query costs one memory access, and callers that know their next keys fetch their blocks
// ahead. Many threads may add at once (each bit is set by an atomic or). False "maybe"s, measured
// on keys that crowd together as a layer's states do: about 1 query in 10,000 at 24 bits a key,
// 2.6 at 20 bits, 28 at 13 (a plain Bloom filter does better with as many bits, at 8 memory
// accesses a query).
//
// For exhaustive checks that then confirm every "maybe" exactly: the filter decides nothing.
//
// A filter of many GB answers a key at random in memory: each access misses the caches and the
// address translation caches too. Batches of keys (add_all, query_all) are served region by
// region instead (2 MiB of blocks, whose translations stay cached while its keys are served),
// after a counting sort of the batch by region.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "engine/core/uint128.h"
#include "solvers/common/hash.h"
#include "solvers/common/zeroed_array.h"

namespace gs {

class BloomFilter {
 public:
  // About `bits_per_key` bits for each of `keys` keys, within `max_bytes` (at least one block).
  BloomFilter(std::uint64_t keys, std::size_t max_bytes, int bits_per_key = 24)
      : blocks_(std::make_unique<ZeroedArray<Block>>(
            std::clamp<std::uint64_t>(keys * static_cast<std::uint64_t>(bits_per_key) / 512, 1,
                                      std::max<std::size_t>(1, max_bytes / sizeof(Block))),
            Pages::huge)) {}

  std::size_t bytes() const { return blocks_->bytes(); }

  void add(std::uint64_t key) {
    const std::uint64_t h = mix64(key), g = mix64(h);
    Block& b = (*blocks_)[block(h)];
    for (int i = 0; i < 8; ++i)
      std::atomic_ref<std::uint64_t>(b.words[i]).fetch_or(bit(g, i), std::memory_order_relaxed);
  }
  bool may_contain(std::uint64_t key) const {
    const std::uint64_t h = mix64(key), g = mix64(h);
    const Block& b = (*blocks_)[block(h)];
    bool all = true;
    for (int i = 0; i < 8; ++i) all &= (b.words[i] & bit(g, i)) != 0;
    return all;
  }
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&(*blocks_)[block(mix64(key))]); }

  // Adds every key of `keys`, which it leaves in another order; `scratch` is a buffer to keep.
  void add_all(std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& scratch) {
    serve(keys, scratch, [&](std::uint64_t key) { add(key); });
  }
  // maybe(key) for each key of `keys` that the filter may hold, region by region.
  template <class Maybe>
  void query_all(std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& scratch, Maybe&& maybe) const {
    serve(keys, scratch, [&](std::uint64_t key) {
      if (may_contain(key)) maybe(key);
    });
  }

 private:
  struct alignas(64) Block {
    std::uint64_t words[8];
  };
  // The block of a hash, scaled to the number of blocks (any number, not only powers of two).
  std::size_t block(std::uint64_t h) const {
    return static_cast<std::size_t>((static_cast<uint128>(h) * blocks_->size()) >> 64);
  }
  // One bit in each of the block's 8 words, chosen by 6 bits each of a second hash (the first
  // chose the block).
  static std::uint64_t bit(std::uint64_t g, int i) { return std::uint64_t{1} << (g >> (6 * i) & 63); }

  static constexpr int kRegionShift = 15;  // 2^15 blocks of 64 bytes: 2 MiB a region
  std::size_t region(std::uint64_t key) const { return block(mix64(key)) >> kRegionShift; }

  // f(key) for every key, the keys ordered by region (a counting sort into scratch), each
  // key's block fetched some keys ahead.
  template <class F>
  void serve(std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& scratch, F&& f) const {
    std::span<const std::uint64_t> ordered = keys;
    if (blocks_->size() > (std::size_t{1} << kRegionShift)) {
      std::vector<std::size_t> place(((blocks_->size() - 1) >> kRegionShift) + 2, 0);
      for (const std::uint64_t k : keys) ++place[region(k) + 1];
      for (std::size_t r = 1; r < place.size(); ++r) place[r] += place[r - 1];
      scratch.resize(keys.size());
      for (const std::uint64_t k : keys) scratch[place[region(k)]++] = k;
      ordered = scratch;
    }
    constexpr std::size_t kAhead = 16;
    for (std::size_t i = 0; i < std::min(kAhead, ordered.size()); ++i) prefetch(ordered[i]);
    for (std::size_t i = 0; i < ordered.size(); ++i) {
      if (i + kAhead < ordered.size()) prefetch(ordered[i + kAhead]);
      f(ordered[i]);
    }
    keys.clear();
  }

  std::unique_ptr<ZeroedArray<Block>> blocks_;
};

}  // namespace gs
