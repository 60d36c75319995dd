// Where the streamed layer passes keep their sets and statistics, by file name: on disk (state
// files written whole and renamed into place, checked text files), or in memory while the sets
// held there stay within a limit. A job whose layers fit in memory then encodes, writes, checks
// and reads back nothing; one that outgrows the limit writes what it holds to the files it
// would have written (spill) and goes on on disk, as if it had been on disk from the start.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "solvers/layered/state_file.h"

namespace gs {

class LayerSetStore {
 public:
  // `memory_limit` 0: on disk only. `durable`: files synced to disk as they are finished.
  LayerSetStore(std::size_t memory_limit, bool durable) : memory_(memory_limit > 0), durable_(durable) {}

  bool in_memory() const { return memory_; }
  bool exists(const std::string& path) const;
  // A whole set (a block file whose index and header are intact, or a set held in memory).
  bool whole(const std::string& path) const;
  void remove(const std::string& path);

  // `counts` empty: the states alone.
  StateFileReader reader(const std::string& states, const std::string& counts = "") const;
  StateFileWriter writer(const std::string& states, const std::string& counts, const std::string& header);
  void write_text(const std::string& path, const std::string& text);
  std::string read_text(const std::string& path) const;  // a checked text file of at most kSmallFileLimit

  std::uint64_t memory_bytes() const;  // of the sets held in memory
  // When the sets held in memory pass `limit` bytes: writes each to its file and holds nothing
  // in memory from then on. True when it did.
  bool spill_if_over(std::size_t limit);

 private:
  bool memory_;
  bool durable_;
  std::map<std::string, std::shared_ptr<MemoryStates>> states_;
  std::map<std::string, std::shared_ptr<MemoryCounts>> counts_;
  std::map<std::string, std::string> counts_of_;  // states path -> its counts path
  std::map<std::string, std::string> texts_;
  std::vector<HugePageVector<uint128>> spare_counts_;  // removed counts, their memory reused by the next writer
};

}  // namespace gs
