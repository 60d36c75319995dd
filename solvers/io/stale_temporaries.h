// Atomic writes go to "NAME.tmp.PID" and rename it over NAME; a process killed between the two
// leaves the temporary behind. The writer holds an exclusive lock (flock) on its temporary while
// it writes, which the kernel releases when the writer dies; a job that writes into a folder
// removes, when it starts, the temporaries whose lock it can take (a live writer's stay).
#pragma once

#include <string>

namespace gs {

// Taken by the writer right after creating its temporary; false if another process holds it.
bool lock_temporary(int fd);

// "NAME.tmp.PID" files in `dir` that no live writer holds are removed; returns how many.
int remove_stale_temporaries(const std::string& dir);

}  // namespace gs
