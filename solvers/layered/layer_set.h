// A set of canonical states of one layer, stored flat and sorted for streaming passes and
// binary-search lookups. States are ordered by (bucket, state) where bucket = top bits of a hash
// of the state: buckets are balanced whatever the states look like, so building a layer splits
// into independent per-bucket sorts, and a lookup searches one small bucket.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "solvers/common/hash.h"

namespace gs {

class LayerSet {
 public:
  static constexpr int kBucketBits = 10;
  static constexpr std::size_t kBuckets = std::size_t{1} << kBucketBits;
  static std::size_t bucket_of(std::uint64_t s) { return mix64(s) >> (64 - kBucketBits); }

  // Collects states from many threads (duplicates allowed), then builds the set. Each thread
  // takes its Sink once per chunk of work (finding the thread's storage is not free) and adds to it.
  class Builder {
   public:
    class Sink {
     public:
      // A full bucket drops its duplicates before it grows, so a layer that arrives in many
      // copies (runs of moves reach a state many ways) takes memory for its distinct states.
      void add(std::uint64_t s) {
        std::vector<std::uint64_t>& v = buckets_[bucket_of(s)];
        if (v.size() == v.capacity() && v.size() >= kCompactAt) {
          sort_unique(v, false);
          if (v.size() > v.capacity() / 2) v.reserve(2 * v.capacity());
        }
        v.push_back(s);
      }

     private:
      static constexpr std::size_t kCompactAt = 4096;
      friend class Builder;
      std::vector<std::vector<std::uint64_t>> buckets_ = std::vector<std::vector<std::uint64_t>>(kBuckets);
    };
    Sink& sink() { return local_.local(); }
    void add(std::uint64_t s) { sink().add(s); }
    LayerSet build();

   private:
    tbb::enumerable_thread_specific<Sink> local_;
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

  // A new set from every state of this one in parallel: expand(state, sink) adds states to sink.
  template <class Expand>
  LayerSet expand(Expand&& expand_state) const {
    Builder next;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, size(), 1024), [&](const auto& range) {
      auto& sink = next.sink();
      for (std::size_t i = range.begin(); i != range.end(); ++i) expand_state(states_[i], sink);
    });
    return next.build();
  }

  // The states of this set that are also in `other`, by a merge in each bucket.
  LayerSet intersect(const LayerSet& other) const;
  // The states of this set that are in none of `others`.
  LayerSet subtract(const std::vector<LayerSet>& others) const;
  std::size_t bytes() const { return states_.capacity() * sizeof(std::uint64_t); }

 private:
  std::vector<std::uint64_t> states_;
  std::vector<std::size_t> offsets_;  // bucket b holds states_[offsets_[b], offsets_[b+1])
  friend class Builder;
  static LayerSet from_buckets(std::vector<std::vector<std::uint64_t>>& buckets);
  static void sort_unique(std::vector<std::uint64_t>& v, bool shrink = true);
};

// Most added states are duplicates (a layer of English peg solitaire receives about seven copies
// of each state), so drop them with a cache-sized hash table before sorting what is left.
inline void LayerSet::sort_unique(std::vector<std::uint64_t>& v, bool shrink) {
  if (v.size() > 256) {
    const std::size_t capacity = std::bit_ceil(v.size() * 2);
    std::vector<std::uint64_t> table(capacity, 0);
    bool has_zero = false;
    std::size_t kept = 0;
    for (const std::uint64_t x : v) {
      if (x == 0) {  // 0 marks an empty slot, so track the state 0 apart
        if (!has_zero) v[kept++] = 0;
        has_zero = true;
        continue;
      }
      std::size_t h = mix64(x) & (capacity - 1);
      while (table[h] != 0 && table[h] != x) h = (h + 1) & (capacity - 1);
      if (table[h] == 0) {
        table[h] = x;
        v[kept++] = x;
      }
    }
    v.resize(kept);
  }
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  if (shrink) v.shrink_to_fit();
}

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
    for (auto& sink : local_) total += sink.buckets_[b].size();
    auto& out = merged[b];
    out.reserve(total);
    for (auto& sink : local_) {
      out.insert(out.end(), sink.buckets_[b].begin(), sink.buckets_[b].end());
      std::vector<std::uint64_t>().swap(sink.buckets_[b]);
    }
    sort_unique(out);
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

inline LayerSet LayerSet::subtract(const std::vector<LayerSet>& others) const {
  std::vector<std::vector<std::uint64_t>> buckets(kBuckets);
  tbb::parallel_for(std::size_t{0}, kBuckets, [&](std::size_t b) {
    std::vector<std::uint64_t> kept(states_.begin() + offsets_[b], states_.begin() + offsets_[b + 1]), rest;
    for (const LayerSet& other : others) {
      rest.clear();
      std::set_difference(kept.begin(), kept.end(), other.states_.begin() + other.offsets_[b],
                          other.states_.begin() + other.offsets_[b + 1], std::back_inserter(rest));
      kept.swap(rest);
    }
    buckets[b] = std::move(kept);
  });
  return from_buckets(buckets);
}

}  // namespace gs
