// Atomic writes go to "NAME.tmp.PID-N" (N counts this process's temporaries, so two threads
// writing the same name never share one) and rename it over NAME; a process killed between the two
// leaves the temporary behind. The writer holds an exclusive lock (flock) on its temporary while
// it writes, which the kernel releases when the writer dies; a job that writes into a folder
// removes, when it starts, the temporaries whose lock it can take (a live writer's stay).
#pragma once

#include <string>

namespace gs {

// A fresh temporary name for `path`, unique among every writer of this process.
std::string temporary_path(const std::string& path);

// Taken by the writer right after creating its temporary; false if another process holds it.
bool lock_temporary(int fd);

// "NAME.tmp.PID-N" files in `dir` that no live writer holds are removed; returns how many.
int remove_stale_temporaries(const std::string& dir);

}  // namespace gs
