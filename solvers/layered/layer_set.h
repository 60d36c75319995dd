// A set of canonical states of one layer, stored flat and sorted for streaming passes and
// binary-search lookups. States are ordered by (bucket, state) where bucket = top bits of a hash
// of the state: buckets are balanced whatever the states look like, so building a layer splits
// into independent per-bucket sorts, and a lookup searches one small bucket.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
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
  static std::size_t bucket_of(std::uint64_t s) { return bucket_of_hash(mix64(s)); }
  static std::size_t bucket_of_hash(std::uint64_t hash) { return hash >> (64 - kBucketBits); }

  // A few states per bucket, gathered before they are handed on a bucket at a time. The storage
  // is left uninitialised (only what was pushed is read): a buffer of a few states per bucket is
  // cheap to make however many buckets there are.
  class BucketBuffers {
   public:
    explicit BucketBuffers(std::size_t per_bucket)
        : per_bucket_(per_bucket), states_(new std::uint64_t[kBuckets * per_bucket]) {}
    // True when bucket b is full (take it).
    bool push(std::size_t b, std::uint64_t s) {
      states_[b * per_bucket_ + fill_[b]] = s;
      return ++fill_[b] == per_bucket_;
    }
    // Bucket b's states, emptied (the span holds until the next push to b).
    std::span<std::uint64_t> take(std::size_t b) {
      const std::span<std::uint64_t> held(&states_[b * per_bucket_], fill_[b]);
      fill_[b] = 0;
      return held;
    }

   private:
    std::size_t per_bucket_;
    std::unique_ptr<std::uint64_t[]> states_;
    std::vector<std::uint32_t> fill_ = std::vector<std::uint32_t>(kBuckets, 0);
  };

  // Collects states from many threads (duplicates allowed), then builds the set. Each thread
  // takes its Sink once per chunk of work (finding the thread's storage is not free) and adds to it.
  // A sink gathers a few states per bucket and hands them to the bucket all threads share, so a
  // state that arrives from both threads is held once after the bucket's next compaction.
  class Builder {
   public:
    class Sink {
     public:
      explicit Sink(Builder* owner) : owner_(owner) {}
      void add(std::uint64_t s) {
        const std::size_t b = bucket_of(s);
        if (buffers_.push(b, s)) flush(b);
      }

     private:
      friend class Builder;
      void flush(std::size_t b) { owner_->append(b, buffers_.take(b)); }
      Builder* owner_;
      BucketBuffers buffers_{32};
    };

    // max_bytes: what the buckets and then the set being joined may take (0: no bound).
    explicit Builder(std::size_t max_bytes = 0) : max_bytes_(max_bytes), local_([this] { return Sink(this); }) {}
    Builder(const Builder&) = delete;
    Builder& operator=(const Builder&) = delete;
    Sink& sink() { return local_.local(); }
    void add(std::uint64_t s) { sink().add(s); }
    // The buckets passed max_bytes: the states added since may be lost, and try_build() fails.
    bool exceeded() const { return exceeded_.load(std::memory_order_relaxed); }
    // The set of the states added, less those in any of `minus` (each bucket is sorted, then
    // subtracted, so the states that are dropped never take a second copy).
    LayerSet build(const std::vector<LayerSet>& minus = {}) { return *try_build(minus); }
    // The same, or none if the buckets, or the buckets with the joined set, would pass max_bytes.
    std::optional<LayerSet> try_build(const std::vector<LayerSet>& minus);

   private:
    // A bucket's states: a sorted prefix without duplicates, then the states added since.
    struct Bucket {
      std::mutex lock;
      std::vector<std::uint64_t> states;
      std::size_t sorted = 0;
    };
    // A full bucket drops its duplicates before it grows, so a layer that arrives in many copies
    // (runs of moves reach a state many ways) takes memory for its distinct states, at most about
    // twice over.
    void append(std::size_t b, std::span<const std::uint64_t> added) {
      if (exceeded()) return;
      const std::size_t n = added.size();
      Bucket& bucket = buckets_[b];
      const std::lock_guard<std::mutex> hold(bucket.lock);
      std::vector<std::uint64_t>& v = bucket.states;
      const std::size_t capacity = v.capacity();
      if (v.size() + n > v.capacity() && v.size() >= kCompactAt) {
        compact(bucket);
        if (4 * (v.size() + n) > 3 * v.capacity()) v.reserve(v.capacity() + v.capacity() / 2 + n);
      }
      v.insert(v.end(), added.begin(), added.end());
      const std::size_t grown = (v.capacity() - capacity) * sizeof(std::uint64_t);
      if (max_bytes_ && grown && bytes_.fetch_add(grown, std::memory_order_relaxed) + grown > max_bytes_)
        exceeded_ = true;
    }
    // Sorts the states added since the last compaction and merges them into the sorted prefix:
    // the prefix is never sorted again.
    static void compact(Bucket& bucket) {
      std::vector<std::uint64_t>& v = bucket.states;
      const auto tail = v.begin() + static_cast<std::ptrdiff_t>(bucket.sorted);
      std::sort(tail, v.end());
      std::vector<std::uint64_t> merged;
      merged.reserve(v.capacity());
      std::set_union(v.begin(), tail, tail, std::unique(tail, v.end()), std::back_inserter(merged));
      v.swap(merged);
      bucket.sorted = v.size();
    }
    static constexpr std::size_t kCompactAt = 4096;
    std::size_t max_bytes_;
    std::atomic<std::size_t> bytes_{0};  // the buckets' capacities (a compaction's copy is not counted)
    std::atomic<bool> exceeded_{false};
    std::unique_ptr<Bucket[]> buckets_ = std::make_unique<Bucket[]>(kBuckets);
    tbb::enumerable_thread_specific<Sink> local_;
  };

  LayerSet() : offsets_(kBuckets + 1, 0) {}
  std::size_t size() const { return states_.size(); }
  bool empty() const { return states_.empty(); }
  std::uint64_t operator[](std::size_t i) const { return states_[i]; }
  const std::vector<std::uint64_t>& states() const { return states_; }

  // Bucket b's states, sorted.
  std::span<const std::uint64_t> bucket(std::size_t b) const {
    return {states_.data() + offsets_[b], offsets_[b + 1] - offsets_[b]};
  }

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
  // Less the states of `minus`, if given.
  template <class Expand>
  LayerSet expand(Expand&& expand_state, const std::vector<LayerSet>& minus = {}) const {
    return *try_expand(expand_state, minus, 0);
  }
  // The same within max_bytes (Builder): none, and stopped early, if it would take more.
  template <class Expand>
  std::optional<LayerSet> try_expand(Expand&& expand_state, const std::vector<LayerSet>& minus,
                                     std::size_t max_bytes) const {
    Builder next(max_bytes);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, size(), 1024), [&](const auto& range) {
      if (next.exceeded()) return;
      auto& sink = next.sink();
      for (std::size_t i = range.begin(); i != range.end(); ++i) expand_state(states_[i], sink);
    });
    return next.try_build(minus);
  }

  // The states that expand_state would add from this set and that lie in `target`, without
  // building that expansion (it may be far larger than the memory): each thread gathers what it
  // adds a bucket at a time, sorts it and finds it in target's bucket in one forward sweep.
  // `first_hits`: stop after the first slice of this set's states (in order, kProbeSlice each)
  // that has any; the result is still the same with any number of threads.
  template <class Expand>
  LayerSet expand_within(const LayerSet& target, Expand&& expand_state, bool first_hits = false) const;
  static constexpr std::size_t kProbeSlice = std::size_t{1} << 16;
  static constexpr std::size_t kProbeBuffer = 2048;  // states a bucket gathers in expand_within

  // The states of this set that are also in `other`, by a merge in each bucket.
  LayerSet intersect(const LayerSet& other) const;
  std::size_t bytes() const { return states_.capacity() * sizeof(std::uint64_t); }

 private:
  std::vector<std::uint64_t> states_;
  std::vector<std::size_t> offsets_;  // bucket b holds states_[offsets_[b], offsets_[b+1])
  friend class Builder;
  static LayerSet from_buckets(std::vector<std::vector<std::uint64_t>>& buckets);
  // The sink of expand_within.
  class Probe {
   public:
    // A bitmap of the target's states by the low bits of their hash, 4 bits a state, in one
    // section per bucket: the states of a full buffer are tested against their bucket's section
    // (small enough for the cache), and most that are not in the target stop there, before the sort.
    class Filter {
     public:
      explicit Filter(const LayerSet& target)
          : section_bits_(std::bit_ceil(std::max<std::size_t>(4 * target.size() / kBuckets, 64))),
            bits_(kBuckets * section_bits_ / 64) {
        for (const std::uint64_t s : target.states_) {
          const std::uint64_t h = mix64(s);
          const std::size_t i = bucket_of_hash(h) * section_bits_ + (h & (section_bits_ - 1));
          bits_[i / 64] |= std::uint64_t{1} << (i % 64);
        }
      }
      bool may_hold(std::size_t bucket, std::uint64_t hash) const {
        const std::size_t i = bucket * section_bits_ + (hash & (section_bits_ - 1));
        return (bits_[i / 64] >> (i % 64)) & 1;
      }

     private:
      std::size_t section_bits_;
      std::vector<std::uint64_t> bits_;
    };

    // per_bucket: states a bucket gathers before it is tested (at most kProbeBuffer; fewer for a
    // small expansion, whose buffers would otherwise cost more to make than to fill).
    Probe(const LayerSet& target, const Filter& filter, Builder& hits, std::size_t per_bucket)
        : target_(target), filter_(filter), hits_(hits), buffers_(per_bucket) {}
    void add(std::uint64_t s) {
      const std::size_t b = bucket_of(s);
      if (buffers_.push(b, s)) found_ += flush(b);
    }
    // Tests bucket b's held states; returns how many are in the target. Distinct buckets of one
    // probe may be flushed by different threads at once.
    std::uint64_t flush(std::size_t b) {
      const std::span<std::uint64_t> held = buffers_.take(b);
      std::uint64_t* const first = held.data();
      std::uint64_t* const last =
          std::remove_if(first, first + held.size(), [&](std::uint64_t s) { return !filter_.may_hold(b, mix64(s)); });
      std::sort(first, last);
      const std::span<const std::uint64_t> in = target_.bucket(b);
      const std::uint64_t* at = in.data();
      const std::uint64_t* const end = in.data() + in.size();
      std::uint64_t found = 0;
      for (const std::uint64_t* q = first; q != last && at != end; ++q) {
        if (q != first && *q == q[-1]) continue;
        std::size_t step = 1;  // gallop: the next state sought is usually near the last
        while (at + step < end && at[step] < *q) at += step, step *= 2;
        at = std::lower_bound(at, std::min(at + step, end), *q);
        if (at != end && *at == *q) hits_.add(*q), ++found;
      }
      return found;
    }
    std::uint64_t found() const { return found_; }  // by the flushes of full buffers

   private:
    const LayerSet& target_;
    const Filter& filter_;
    Builder& hits_;
    BucketBuffers buffers_;
    std::uint64_t found_ = 0;
  };
  // Drops from `kept` (bucket b's states, sorted) those in bucket b of any of `others`.
  static void subtract_bucket(std::vector<std::uint64_t>& kept, const std::vector<LayerSet>& others, std::size_t b);
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

inline std::optional<LayerSet> LayerSet::Builder::try_build(const std::vector<LayerSet>& minus) {
  for (Sink& sink : local_)
    for (std::size_t b = 0; b < kBuckets; ++b) sink.flush(b);
  if (exceeded()) return std::nullopt;
  std::vector<std::vector<std::uint64_t>> merged(kBuckets);
  tbb::parallel_for(std::size_t{0}, kBuckets, [&](std::size_t b) {
    compact(buckets_[b]);
    std::vector<std::uint64_t>& out = merged[b];
    out.swap(buckets_[b].states);
    if (!minus.empty()) subtract_bucket(out, minus, b);
    out.shrink_to_fit();
  });
  // Joining holds the sorted buckets and the set at once.
  std::size_t states = 0;
  for (const auto& bucket : merged) states += bucket.size();
  if (max_bytes_ && 2 * sizeof(std::uint64_t) * states > max_bytes_) return std::nullopt;
  return from_buckets(merged);
}

inline void LayerSet::subtract_bucket(std::vector<std::uint64_t>& kept, const std::vector<LayerSet>& others,
                                      std::size_t b) {
  std::vector<std::uint64_t> rest;
  for (const LayerSet& other : others) {
    rest.clear();
    rest.reserve(kept.size());
    const std::span<const std::uint64_t> in = other.bucket(b);
    std::set_difference(kept.begin(), kept.end(), in.begin(), in.end(), std::back_inserter(rest));
    if (rest.size() != kept.size()) kept.swap(rest);
  }
}

template <class Expand>
LayerSet LayerSet::expand_within(const LayerSet& target, Expand&& expand_state, bool first_hits) const {
  Builder hits;
  const Probe::Filter filter(target);
  const std::size_t slice = first_hits ? kProbeSlice : std::max<std::size_t>(size(), 1);
  // About as many states a bucket as a slice's expansion gives it (a state has a few successors).
  const std::size_t per_bucket =
      std::clamp<std::size_t>(std::bit_ceil(8 * std::min(slice, size()) / kBuckets + 1), 32, kProbeBuffer);
  tbb::enumerable_thread_specific<Probe> probes([&] { return Probe(target, filter, hits, per_bucket); });
  std::uint64_t found = 0;  // by the flushes at the ends of slices
  for (std::size_t first = 0; first < size(); first += slice) {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(first, std::min(size(), first + slice), 1024),
                      [&](const auto& range) {
                        Probe& probe = probes.local();
                        for (std::size_t i = range.begin(); i != range.end(); ++i) expand_state(states_[i], probe);
                      });
    // What the buffers still hold, every bucket in parallel (one thread flushing them all left
    // the other idle at the end of every slice).
    std::atomic<std::uint64_t> flushed{0};
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, kBuckets, 16), [&](const auto& buckets) {
      std::uint64_t n = 0;
      for (std::size_t b = buckets.begin(); b != buckets.end(); ++b)
        for (Probe& probe : probes) n += probe.flush(b);
      flushed += n;
    });
    found += flushed.load();
    std::uint64_t found_full = 0;
    for (const Probe& probe : probes) found_full += probe.found();
    if (first_hits && found + found_full) break;
  }
  return hits.build();
}

inline LayerSet LayerSet::intersect(const LayerSet& other) const {
  std::vector<std::vector<std::uint64_t>> buckets(kBuckets);
  tbb::parallel_for(std::size_t{0}, kBuckets, [&](std::size_t b) {
    const std::span<const std::uint64_t> mine = bucket(b), theirs = other.bucket(b);
    std::set_intersection(mine.begin(), mine.end(), theirs.begin(), theirs.end(), std::back_inserter(buckets[b]));
  });
  return from_buckets(buckets);
}

}  // namespace gs
