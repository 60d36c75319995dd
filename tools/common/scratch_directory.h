// A job's own temporary directory, $TMPDIR/gamesolver-PREFIX-PID: gone when the job ends, also
// on SIGINT and SIGTERM (a handler empties and removes it, then lets the signal end the
// process), and swept by the next job when a SIGKILL or a crash left it: the directory's lock
// (directory_lock.h) dies with its holder, so one whose lock can be taken is a dead job's.
#pragma once

#include <optional>
#include <string>

#include "solvers/io/directory_lock.h"

namespace gs::cli {

class ScratchDirectory {
 public:
  explicit ScratchDirectory(const std::string& prefix);
  ~ScratchDirectory();
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::optional<DirectoryLock> lock_;
};

}  // namespace gs::cli
