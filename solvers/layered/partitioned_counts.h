// Sums of 128-bit weights per state, for building one layer (or one range of a layer) from many
// threads at the speed of memory. The states are split by value into partitions, cut at
// quantiles of a sample, each small enough for its hash table to stay in a core's cache, and
// each table sized to its partition's share of the sample (the states of a layer crowd into some
// value ranges: equal tables would overfill and grow there). All tables live in one slab kept
// from layer to layer, so a job faults its memory in once. Each
// thread stages its (state, weight) pairs per partition in its own buffers; a full buffer goes
// into its partition's table under that partition's lock, so a table takes its pairs in batches
// while it is in cache, and no insertion needs an atomic operation. sort() sorts each partition:
// the states then come out in increasing order, partition after partition.
//
// Weights past 2^64 are rare (a state reached by more than 2^64 move sequences): a pair carries
// the low 64 bits, and the high part goes to the partition directly. A table's cells hold a
// state and the low 64 bits of its sum (16 bytes: a partition's table stays within a core's
// first cache); the high 64 bits live in an array beside the cells, made for a partition only
// when one of its sums passes 2^64, and counted against the budget then (they come in the deep,
// small layers of a job, where the partitions' tables are small too). A caller that adds no
// weights (a set of states) gets cells of the state alone, 8 bytes, so twice as many states
// within the same budget.
//
// The tables refuse to grow past their share of the memory budget (full() turns true and
// further pairs are dropped): the caller then splits its work into more ranges and redoes it.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include <tbb/enumerable_thread_specific.h>

#include "engine/core/uint128.h"
#include "solvers/common/zeroed_array.h"

namespace gs {

struct PartitionedCountsOptions {
  bool weights = true;  // false: every weight added is 0 (a set of states)
};

class PartitionedCounts {
 public:
  // A state and its sum, as the sorted states come out.
  struct Slot {
    std::uint64_t state, lo, hi;
    uint128 count() const { return (static_cast<uint128>(hi) << 64) | lo; }
  };
  static constexpr std::uint64_t kPartitionStates = 1 << 10;

  using Options = PartitionedCountsOptions;
  explicit PartitionedCounts(std::size_t memory_bytes, Options options = {});
  // About how many states the tables hold within the budget.
  // (Tables are sized at 3/2 slots a state, with room to spare for an estimate that runs low.)
  std::uint64_t room() const { return table_budget_ / (cell_bytes() * 15 / 8); }

  // Empties the counts for about `estimate` states spread like `sample` (sorted; may be empty),
  // each of its states weighing as `weights` says (empty: 1 each).
  void start(std::span<const std::uint64_t> sample, std::uint64_t estimate, std::span<const float> weights = {});
  // Gives the tables' and staging memory back (the next start() takes it again).
  void release() {
    slab_.reset(), parts_.reset(), stages_.clear();
    part_count_ = 0;
  }

  // One thread's way in.
  class Stage {
   public:
    explicit Stage(PartitionedCounts& owner) : owner_(&owner) {}
    void reset(std::size_t parts, std::size_t batch);
    void add(std::uint64_t state, uint128 weight) {
      const std::size_t p = owner_->partition_of(state);
      if (const auto high = static_cast<std::uint64_t>(weight >> 64)) [[unlikely]]
        owner_->add_high(p, state, high);
      const std::uint32_t n = fill_[p]++;
      pairs_->data()[p * batch_ + n] = {state, static_cast<std::uint64_t>(weight)};
      if (n + 1 == batch_) owner_->take(p, *this);
    }

   private:
    friend class PartitionedCounts;
    struct Pair {
      std::uint64_t state, weight;  // the low 64 bits of the weight
    };
    PartitionedCounts* owner_;
    std::size_t batch_ = 0;
    // batch_ places per partition, on huge pages: a thread writes to thousands of partitions'
    // places at once, too many pages for the translation caches at 4 KiB a page.
    std::unique_ptr<ZeroedArray<Pair>> pairs_;
    std::vector<std::uint32_t> fill_;  // pairs staged per partition
  };
  Stage& local() {
    Stage& s = stages_.local();
    if (s.fill_.size() != part_count_ || s.batch_ != batch_) s.reset(part_count_, batch_);  // new this start
    return s;
  }

  bool full() const { return full_.load(std::memory_order_relaxed); }
  bool overflow() const { return overflow_.load(std::memory_order_relaxed); }

  // Moves every staged pair into the tables; no thread may add meanwhile.
  void flush();
  // Sorts each partition by state; returns the number of states. The tables take no more pairs
  // until the next start().
  std::size_t sort();
  // After sort(): the sorted position of the first state above `state` (or at it, when not
  // `above`).
  std::size_t sorted_position(std::uint64_t state, bool above) const;
  // After sort(): f(slot) for the states of sorted positions [first, first + n), in order.
  template <class F>
  void for_each_sorted(std::size_t first, std::size_t n, F&& f) const {
    if (n == 0) return;
    std::size_t p = partition_at(first), i = first - offsets_[p];
    for (; n > 0; ++p, i = 0) {
      const Part& part = parts_[p];
      for (; i < part.size && n > 0; ++i, --n)
        f(Slot{state_at(part, i), weighted() ? sum_at(part, i) : 0, part.highs.empty() ? 0 : part.highs[i]});
    }
  }

 private:
  // A cell is words_ words: the state (0 = empty: no state of a layered puzzle is 0), then with
  // weights the low 64 bits of its sum.
  std::size_t words_;  // 2 with weights, 1 without
  // A cell's bytes in the budget: 16 with weights, 8 without (high parts are counted as made).
  std::size_t cell_bytes() const { return words_ * sizeof(std::uint64_t); }
  // A partition's table: its share of the slab, or storage of its own once it has grown.
  struct Part {
    std::uint64_t* cells = nullptr;  // capacity cells of words_ words
    std::size_t capacity = 0, size = 0;
    std::vector<std::uint64_t> own;
    std::vector<std::uint64_t> highs;  // empty, or the high 64 bits of cells[i]'s sum
    std::mutex lock;
  };
  static constexpr std::uint64_t kBuckets = 1 << 14;  // their partitions fit a core's first cache

  // Partitions are whole buckets of state values: the bucket of a state names its partition.
  std::size_t partition_of(std::uint64_t state) const {
    if (state < base_) return 0;
    const std::uint64_t b = (state - base_) >> shift_;
    return bucket_part_[b < kBuckets ? b : kBuckets - 1];
  }
  std::size_t partition_at(std::size_t sorted_index) const;
  bool weighted() const { return words_ == 2; }
  std::uint64_t state_at(const Part& part, std::size_t cell) const { return part.cells[cell * words_]; }
  // With weights: the low 64 bits of the cell's sum.
  static std::uint64_t& sum_at(const Part& part, std::size_t cell) { return part.cells[2 * cell + 1]; }
  static std::size_t home(std::uint64_t state, std::size_t capacity);
  void take(std::size_t p, Stage& stage);  // moves a stage's pairs of partition p into its table
  void drain(Part& part, Stage& stage, std::size_t p);
  void add_high(std::size_t p, std::uint64_t state, std::uint64_t high);
  void add_to_high(Part& part, std::size_t cell, std::uint64_t high);
  void charge(std::size_t bytes);  // memory taken past the slab: full() once past the budget
  std::size_t cell_of(Part& part, std::uint64_t state);
  void grow(Part& part, std::size_t capacity);
  void sort_part(Part& part, std::vector<Slot>& scratch, std::vector<Slot>& scratch2) const;

  std::size_t table_budget_, stage_budget_;
  std::size_t batch_ = 1024;                // staged pairs of one partition that go into its table at once
  std::vector<std::uint16_t> bucket_part_;  // per bucket of state values, in increasing order
  std::uint64_t base_ = 0;                  // the lowest value of bucket 0
  int shift_ = 0;                           // bucket of a state = (state - base_) >> shift_
  std::unique_ptr<Part[]> parts_;
  // Every partition's table, kept from one start() to the next: a layer's tables are faulted in
  // once, not allocated and freed for each layer.
  std::unique_ptr<ZeroedArray<std::uint64_t>> slab_;
  std::size_t part_count_ = 0;
  std::vector<std::size_t> offsets_;  // after sort(): first sorted position of each partition, and the total
  tbb::enumerable_thread_specific<Stage> stages_{[this] { return Stage(*this); }};
  std::atomic<std::size_t> table_bytes_{0};
  std::atomic<bool> full_{false}, overflow_{false};
};

}  // namespace gs
