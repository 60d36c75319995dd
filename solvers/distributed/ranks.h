// The processes that build one set of tables together (MPI ranks), as the solvers see them: a
// number, a count, and the few collective operations the distributed retrograde build needs.
// Every rank calls each operation at the same point of the same sequence (they are
// collectives), from the thread that started it. The base class is one process alone, whose
// operations change nothing; mpi_ranks.h is the MPI one.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace gs {

// What a rank has exchanged so far (bytes as the operations see them, whatever route the
// library takes), and the time spent inside the operations: sending, receiving and waiting for
// the slowest rank.
struct RankTraffic {
  std::uint64_t bytes_sent = 0, bytes_received = 0;
  double seconds = 0;
  std::uint64_t operations = 0;
};

class Ranks {
 public:
  virtual ~Ranks() = default;
  virtual int rank() const { return 0; }
  virtual int size() const { return 1; }

  // Bytes [offsets[r], offsets[r + 1]) of `data` are rank r's (offsets has size() + 1
  // entries); afterwards every rank holds all of them.
  virtual void share(std::byte* /*data*/, const std::vector<std::uint64_t>& /*offsets*/) {}
  // Every rank's words, in rank order, on every rank.
  virtual std::vector<std::uint64_t> gather_all(std::vector<std::uint64_t> mine) { return mine; }
  virtual std::uint64_t max(std::uint64_t value) { return value; }
  virtual void barrier() {}

  // Read from any thread (a progress report) while the operations run.
  RankTraffic traffic() const {
    return {.bytes_sent = sent_.load(std::memory_order_relaxed),
            .bytes_received = received_.load(std::memory_order_relaxed),
            .seconds = static_cast<double>(nanoseconds_.load(std::memory_order_relaxed)) * 1e-9,
            .operations = operations_.load(std::memory_order_relaxed)};
  }

 protected:
  std::atomic<std::uint64_t> sent_{0}, received_{0}, nanoseconds_{0}, operations_{0};
};

// The part [begin, end) of the indices [0, n) that a rank works on: nearly equal parts, cut at
// multiples of `align` (a table file's block, so each rank writes whole blocks).
inline std::pair<std::uint64_t, std::uint64_t> rank_slice(std::uint64_t n, int rank, int ranks, std::uint64_t align) {
  const std::uint64_t units = (n + align - 1) / align;
  const auto cut = [&](int r) {
    return std::min(n, units * static_cast<std::uint64_t>(r) / static_cast<std::uint64_t>(ranks) * align);
  };
  return {cut(rank), cut(rank + 1)};
}

}  // namespace gs
