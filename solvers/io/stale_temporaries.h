// Atomic writes go to "NAME.tmp.PID" and rename it over NAME; a process killed between the two
// leaves the temporary behind. A job that writes into a folder removes, when it starts, the
// temporaries whose writer is no longer running (a live writer's are left alone).
#pragma once

#include <string>

namespace gs {

// "NAME.tmp.PID" files in `dir` whose PID names no running process are removed; returns how many.
int remove_stale_temporaries(const std::string& dir);

}  // namespace gs
