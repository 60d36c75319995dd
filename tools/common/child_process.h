// Running another program (usually this one, for a measurement of its own) and collecting what
// it printed, how long it took and its peak memory, which only the parent can measure exactly:
// getrusage of a child that has been waited for.
#pragma once

#include <string>
#include <vector>

namespace gs::cli {

struct ChildResult {
  int exit_code = 0;  // 128 + the signal number when a signal ended it
  std::string out;    // everything it wrote on stdout
  std::string err;    // the last few KiB of what it wrote on stderr
  double wall_seconds = 0;
  double peak_mib = 0;  // its peak resident memory
};

// Runs argv (argv[0] a path) with stdin closed and waits for it. Throws DataError when the
// program cannot be started.
ChildResult run_child(const std::vector<std::string>& argv);

// The path of the running executable (to run it again as a child).
std::string self_executable();

}  // namespace gs::cli
