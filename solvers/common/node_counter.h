// Nodes counted by many threads: each adds to its own counter (a plain store, no shared cache
// line), and a reader (a progress report, the result) sums them.
#pragma once

#include <atomic>
#include <cstdint>

#include <tbb/enumerable_thread_specific.h>

namespace gs {

class NodeCounter {
 public:
  // Returns this thread's count so far.
  std::uint64_t add(std::uint64_t n = 1) {
    auto& mine = counts_.local();
    const std::uint64_t count = mine.load(std::memory_order_relaxed) + n;
    mine.store(count, std::memory_order_relaxed);
    return count;
  }

  std::uint64_t total() const {
    std::uint64_t sum = 0;
    for (const auto& c : counts_) sum += c.load(std::memory_order_relaxed);
    return sum;
  }

 private:
  tbb::enumerable_thread_specific<std::atomic<std::uint64_t>> counts_;
};

}  // namespace gs
