// The saved progress of a resumable `hunt reach` (tools/common/table_reach.h): the layers done,
// with their rows, and the marks of every layer still to do, in one directory. A checkpoint is
// whole or absent: the marks files are written first, each atomically, then reach.json is renamed
// over the last one. Marks only ever grow and only name reached positions, so marks newer than
// the reach.json beside them are still true, and a run resumed from them ends with the same
// counts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solvers/io/directory_lock.h"

namespace gs::tools {

struct ReachProgress {
  int next = -1;                                  // the layer to do next; -1: every layer is done
  nlohmann::json rows = nlohmann::json::array();  // the layers done, in the order done
  std::uint64_t total = 0, index_total = 0, expanded = 0;
};

class ReachCheckpoint {
 public:
  // Takes DIR's lock (one job at a time). `identity` names the game, variant and index scheme:
  // a checkpoint of another one is refused.
  ReachCheckpoint(const std::string& dir, std::string identity);

  // The last checkpoint, if DIR holds one (DataError when it is another game's or damaged).
  std::optional<ReachProgress> load() const;
  // A layer's marks, `words` 64-bit words (DataError when missing, damaged or of another size).
  std::vector<std::uint64_t> load_marks(int layer, std::size_t words) const;

  void save_marks(int layer, const std::vector<std::uint64_t>& words) const;
  // Writes reach.json last, then removes the marks files of layers done.
  void save(const ReachProgress& progress) const;

 private:
  std::string marks_path(int layer) const;
  std::string dir_, identity_;
  DirectoryLock lock_;
};

}  // namespace gs::tools
