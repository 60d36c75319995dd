// A set of canonical states of one layer, stored flat and sorted for streaming passes and
// binary-search lookups. States are ordered by (bucket, state) where bucket = top bits of a hash
// of the state: buckets are balanced whatever the states look like, so building a layer splits
// into independent per-bucket sorts, and a lookup searches one small bucket.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "solvers/common/hash.h"

namespace gs {

class LayerSet {
 public:
  static constexpr int kBucketBits = 10;
  static constexpr std::size_t kBuckets = std::size_t{1} << kBucketBits;
  static std::size_t bucket_of(std::uint64_t s) { return mix64(s) >> (64 - kBucketBits); }

  // Collects states from many threads (duplicates allowed), then builds the set.
  class Builder {
   public:
    void add(std::uint64_t s) { local_.local()[bucket_of(s)].push_back(s); }
    LayerSet build();

   private:
    tbb::enumerable_thread_specific<std::vector<std::vector<std::uint64_t>>> local_{
        [] { return std::vector<std::vector<std::uint64_t>>(kBuckets); }};
  };

  LayerSet() : offsets_(kBuckets + 1, 0) {}
  std::size_t size() const { return states_.size(); }
  bool empty() const { return states_.empty(); }
  std::uint64_t operator[](std::size_t i) const { return states_[i]; }
  const std::vector<std::uint64_t>& states() const { return states_; }

  // Index of s, or npos.
  static constexpr std::size_t npos = ~std::size_t{0};
  std::size_t find(std::uint64_t s) const {
    const std::size_t b = bucket_of(s);
    const auto first = states_.begin() + offsets_[b], last = states_.begin() + offsets_[b + 1];
    const auto it = std::lower_bound(first, last, s);
    return it != last && *it == s ? static_cast<std::size_t>(it - states_.begin()) : npos;
  }
  bool contains(std::uint64_t s) const { return find(s) != npos; }

  // The states of this set that are also in `other`, by a merge in each bucket.
  LayerSet intersect(const LayerSet& other) const;
  std::size_t bytes() const { return states_.capacity() * sizeof(std::uint64_t); }

 private:
  std::vector<std::uint64_t> states_;
  std::vector<std::size_t> offsets_;  // bucket b holds states_[offsets_[b], offsets_[b+1])
  friend class Builder;
  static LayerSet from_buckets(std::vector<std::vector<std::uint64_t>>& buckets);
};

inline LayerSet LayerSet::from_buckets(std::vector<std::vector<std::uint64_t>>& buckets) {
  LayerSet set;
  for (std::size_t b = 0; b < kBuckets; ++b) set.offsets_[b + 1] = set.offsets_[b] + buckets[b].size();
  set.states_.resize(set.offsets_[kBuckets]);
  tbb::parallel_for(std::size_t{0}, kBuckets, [&](std::size_t b) {
    std::copy(buckets[b].begin(), buckets[b].end(), set.states_.begin() + set.offsets_[b]);
    std::vector<std::uint64_t>().swap(buckets[b]);
  });
  return set;
}

inline LayerSet LayerSet::Builder::build() {
  std::vector<std::vector<std::uint64_t>> merged(kBuckets);
  tbb::parallel_for(std::size_t{0}, kBuckets, [&](std::size_t b) {
    std::size_t total = 0;
    for (auto& per_thread : local_) total += per_thread[b].size();
    auto& out = merged[b];
    out.reserve(total);
    for (auto& per_thread : local_) {
      out.insert(out.end(), per_thread[b].begin(), per_thread[b].end());
      std::vector<std::uint64_t>().swap(per_thread[b]);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    out.shrink_to_fit();
  });
  return from_buckets(merged);
}

inline LayerSet LayerSet::intersect(const LayerSet& other) const {
  std::vector<std::vector<std::uint64_t>> buckets(kBuckets);
  tbb::parallel_for(std::size_t{0}, kBuckets, [&](std::size_t b) {
    std::set_intersection(states_.begin() + offsets_[b], states_.begin() + offsets_[b + 1],
                          other.states_.begin() + other.offsets_[b], other.states_.begin() + other.offsets_[b + 1],
                          std::back_inserter(buckets[b]));
  });
  return from_buckets(buckets);
}

}  // namespace gs
