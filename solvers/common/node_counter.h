// Nodes counted by many threads: each adds to its own counter (a plain store, no shared cache
// line), and a reader (a progress report, the result) sums them.
#pragma once

#include <atomic>
#include <cstdint>

#include <tbb/enumerable_thread_specific.h>

namespace gs {

class NodeCounter {
 public:
  void add(std::uint64_t n = 1) {
    auto& mine = counts_.local();
    mine.store(mine.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
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
