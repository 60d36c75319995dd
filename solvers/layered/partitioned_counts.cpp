#include "solvers/layered/partitioned_counts.h"

#include <algorithm>
#include <bit>
#include <span>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace gs {

namespace {
constexpr std::size_t kAhead = 16;
}

PartitionedCounts::PartitionedCounts(std::size_t memory_bytes, Options options)
    : words_(options.weights ? 2 : 1),
      table_budget_(std::max<std::size_t>(memory_bytes / 4 * 3, std::size_t{1} << 16)),
      stage_budget_(std::clamp<std::size_t>(memory_bytes / 16, std::size_t{1} << 16, std::size_t{128} << 20)) {}

void PartitionedCounts::start(std::span<const std::uint64_t> sample, std::uint64_t estimate,
                              std::span<const float> weights) {
  const auto weight = [&](std::size_t i) { return weights.empty() ? 1.0 : static_cast<double>(weights[i]); };
  double total = 0.0;
  for (std::size_t i = 0; i < sample.size(); ++i) total += weight(i);
  // Buckets of state values over the sample's span; a partition takes whole buckets, cut at
  // weighted quantiles of the sample, so the partitions come in increasing order of their states.
  base_ = sample.empty() ? 0 : sample.front();
  const std::uint64_t span = sample.empty() ? 0 : sample.back() - base_;
  shift_ = 0;
  while ((span >> shift_) >= kBuckets) ++shift_;
  const std::uint64_t parts = std::clamp<std::uint64_t>(estimate / kPartitionStates, 1, sample.size() / 8 + 1);
  bucket_part_.assign(kBuckets, 0);
  std::size_t part = 0;
  double below = 0.0;  // the weight of the sample's states below this bucket's end
  const auto quantile = [&](std::uint64_t k) { return total * static_cast<double>(k) / static_cast<double>(parts); };
  for (std::uint64_t b = 0, next = 1, i = 0; b < kBuckets; ++b) {
    // The sample's states below this bucket's end: past the next quantile, the next partition.
    const uint128 end = base_ + (static_cast<uint128>(b + 1) << shift_);
    while (i < sample.size() && sample[i] < end) below += weight(i++);
    bucket_part_[b] = static_cast<std::uint16_t>(part);
    if (next < parts && below >= quantile(next)) {
      ++part;
      while (next < parts && below >= quantile(next)) ++next;
    }
  }
  part_count_ = part + 1;

  // Each partition's table: room for its share of the sample's states at a load of 2/3, within
  // the budget; every table in one slab.
  std::vector<double> share(part_count_, 0.0);
  for (std::size_t i = 0; i < sample.size(); ++i) share[partition_of(sample[i])] += weight(i);
  std::vector<std::size_t> place(part_count_ + 1, 0);
  const double per_sample = sample.empty() ? 0.0 : static_cast<double>(estimate) / total;
  const std::size_t cap = table_budget_ / 2 / cell_bytes() / part_count_ * 4 + 16;
  for (std::size_t p = 0; p < part_count_; ++p) {
    const double states = sample.empty() ? static_cast<double>(estimate) : per_sample * share[p];
    place[p + 1] = place[p] + std::min(static_cast<std::size_t>(states * 1.5), cap) + 16;
  }
  if (!slab_ || slab_->size() < place.back() * words_) {
    const std::size_t size = std::max(place.back() * words_, slab_ ? slab_->size() / 2 * 3 : 0);
    slab_.reset(), slab_ = std::make_unique<ZeroedArray<std::uint64_t>>(size, Pages::huge);
  }
  parts_ = std::make_unique<Part[]>(part_count_);
  tbb::parallel_for(std::size_t{0}, part_count_, [&](std::size_t p) {
    Part& part = parts_[p];
    part.cells = slab_->data() + place[p] * words_, part.capacity = place[p + 1] - place[p];
    std::fill(part.cells, part.cells + part.capacity * words_, 0);
  });
  table_bytes_ = place.back() * cell_bytes();
  full_ = table_bytes_ > table_budget_, overflow_ = false;
  offsets_.clear();

  const auto threads = static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
  // Batches of 1,024 pairs: larger ones cost memory and gain little (a table is in cache for
  // its batch either way).
  batch_ = std::clamp<std::size_t>(stage_budget_ / (part_count_ * threads * sizeof(Stage::Pair)), 64, 1024);
  for (Stage& s : stages_) s.reset(part_count_, batch_);
}

// A multiplicative hash scaled to the capacity: the states of a partition differ in their low
// bits, and the multiply carries those to the high bits the scaling keeps.
[[gnu::always_inline]] inline std::size_t PartitionedCounts::home(std::uint64_t state, std::size_t capacity) {
  return static_cast<std::size_t>((static_cast<uint128>(state * 0x9E3779B97F4A7C15ULL) * capacity) >> 64);
}

[[gnu::always_inline]] inline std::size_t PartitionedCounts::cell_of(Part& part, std::uint64_t state) {
  while (true) {
    const std::size_t capacity = part.capacity;
    for (std::size_t i = home(state, capacity);; i = i + 1 == capacity ? 0 : i + 1) {
      std::uint64_t& c = part.cells[i * words_];
      if (c == state) return i;
      if (c != 0) continue;
      if (part.size < capacity / 5 * 4) {  // a load of 4/5 at most
        c = state, ++part.size;
        return i;
      }
      grow(part, capacity + capacity / 2);
      break;
    }
  }
}

void PartitionedCounts::grow(Part& part, std::size_t capacity) {
  std::vector<std::uint64_t> table(capacity * words_);
  std::vector<std::uint64_t> highs(part.highs.empty() ? 0 : capacity);
  for (std::size_t k = 0; k < part.capacity; ++k)
    if (const std::uint64_t state = state_at(part, k); state != 0)
      for (std::size_t i = home(state, capacity);; i = i + 1 == capacity ? 0 : i + 1)
        if (table[i * words_] == 0) {
          std::copy_n(part.cells + k * words_, words_, table.data() + i * words_);
          if (!highs.empty()) highs[i] = part.highs[k];
          break;
        }
  // A table that leaves the slab leaves its place there taken: all of the new one is added.
  const std::size_t added = (capacity - (part.own.empty() ? 0 : part.capacity)) * cell_bytes() +
                            (highs.size() - part.highs.size()) * sizeof(std::uint64_t);
  part.own.swap(table), part.highs.swap(highs);
  part.cells = part.own.data(), part.capacity = capacity;
  charge(added);
}

void PartitionedCounts::charge(std::size_t bytes) {
  if (table_bytes_.fetch_add(bytes) + bytes > table_budget_) full_ = true;
}

void PartitionedCounts::add_to_high(Part& part, std::size_t cell, std::uint64_t high) {
  if (part.highs.empty()) part.highs.assign(part.capacity, 0), charge(part.capacity * sizeof(std::uint64_t));
  if (__builtin_add_overflow(part.highs[cell], high, &part.highs[cell])) overflow_ = true;
}

void PartitionedCounts::Stage::reset(std::size_t parts, std::size_t batch) {
  batch_ = batch;
  // Grown by half again at least, so a job's growing layers fault in new pages a few times only.
  if (!pairs_ || pairs_->size() < parts * batch) {
    const std::size_t size = std::max(parts * batch, pairs_ ? pairs_->size() / 2 * 3 : 0);
    pairs_.reset(), pairs_ = std::make_unique<ZeroedArray<Pair>>(size, Pages::huge);
  }
  fill_.assign(parts, 0);
}

void PartitionedCounts::drain(Part& part, Stage& stage, std::size_t p) {
  const Stage::Pair* pairs = stage.pairs_->data() + p * stage.batch_;
  const std::size_t n = stage.fill_[p];
  stage.fill_[p] = 0;
  if (full()) return;
  for (std::size_t i = 0; i < n; ++i) {
    // The table is larger than the caches keep between two batches: fetch ahead.
    if (i + kAhead < n) __builtin_prefetch(&part.cells[home(pairs[i + kAhead].state, part.capacity) * words_], 1);
    const std::size_t c = cell_of(part, pairs[i].state);
    if (!weighted()) continue;
    if (__builtin_add_overflow(sum_at(part, c), pairs[i].weight, &sum_at(part, c))) [[unlikely]]
      add_to_high(part, c, 1);
  }
}

void PartitionedCounts::add_high(std::size_t p, std::uint64_t state, std::uint64_t high) {
  const std::lock_guard hold(parts_[p].lock);
  if (full()) return;
  add_to_high(parts_[p], cell_of(parts_[p], state), high);
}

void PartitionedCounts::take(std::size_t p, Stage& stage) {
  const std::lock_guard hold(parts_[p].lock);
  drain(parts_[p], stage, p);
}

void PartitionedCounts::flush() {
  tbb::parallel_for(std::size_t{0}, part_count_, [&](std::size_t p) {
    for (Stage& s : stages_) drain(parts_[p], s, p);
  });
}

// Sorts a partition's states by a least-significant-digit radix sort on their offsets from the
// lowest: a partition spans a narrow range of values, so a few passes of 8 bits, each without a
// branch to mispredict (a comparison sort of small arrays spends its time in mispredictions).
void PartitionedCounts::sort_part(Part& part, std::vector<Slot>& scratch, std::vector<Slot>& scratch2) const {
  scratch.resize(part.size), scratch2.resize(part.size);
  std::uint64_t lo = ~std::uint64_t{0}, hi = 0;
  std::size_t n = 0;
  for (std::size_t k = 0; k < part.capacity; ++k)
    if (const std::uint64_t state = part.cells[k * words_]; state != 0) {
      scratch[n++] = {state, weighted() ? sum_at(part, k) : 0, part.highs.empty() ? 0 : part.highs[k]};
      lo = std::min(lo, state), hi = std::max(hi, state);
    }
  const std::uint64_t span = n == 0 ? 0 : hi - lo;
  int passes = 0;
  while (passes < 8 && (span >> (8 * passes)) != 0) ++passes;
  Slot *from = scratch.data(), *to = scratch2.data();
  for (int pass = 0; pass < passes; ++pass) {
    std::size_t count[257] = {};
    const int shift = 8 * pass;
    for (std::size_t i = 0; i < n; ++i) ++count[((from[i].state - lo) >> shift & 0xFF) + 1];
    for (int b = 0; b < 256; ++b) count[b + 1] += count[b];
    for (std::size_t i = 0; i < n; ++i) to[count[(from[i].state - lo) >> shift & 0xFF]++] = from[i];
    std::swap(from, to);
  }
  // The sorted states at the front of the partition's table (it takes no more pairs).
  for (std::size_t i = 0; i < n; ++i) {
    part.cells[i * words_] = from[i].state;
    if (weighted()) sum_at(part, i) = from[i].lo;
    if (!part.highs.empty()) part.highs[i] = from[i].hi;
  }
}

std::size_t PartitionedCounts::sort() {
  tbb::enumerable_thread_specific<std::vector<Slot>> scratch, scratch2;
  tbb::parallel_for(std::size_t{0}, part_count_,
                    [&](std::size_t p) { sort_part(parts_[p], scratch.local(), scratch2.local()); });
  offsets_.assign(part_count_ + 1, 0);
  for (std::size_t p = 0; p < part_count_; ++p) offsets_[p + 1] = offsets_[p] + parts_[p].size;
  return offsets_.back();
}

std::size_t PartitionedCounts::sorted_position(std::uint64_t state, bool above) const {
  // A partition holds a range of values: the state's own is the only one that can hold it.
  const std::size_t p = partition_of(state);
  std::size_t lo = 0, hi = parts_[p].size;  // the first cell past the state (above) or not below it
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    const std::uint64_t s = state_at(parts_[p], mid);
    if (above ? s <= state : s < state)
      lo = mid + 1;
    else
      hi = mid;
  }
  return offsets_[p] + lo;
}

std::size_t PartitionedCounts::partition_at(std::size_t sorted_index) const {
  return static_cast<std::size_t>(std::upper_bound(offsets_.begin(), offsets_.end(), sorted_index) - offsets_.begin()) -
         1;
}

}  // namespace gs
