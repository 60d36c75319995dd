// The ranks this process belongs to: itself alone, or an MPI job's when mpirun started it (and
// gamesolver was built with MPI). Only rank 0 reports the result (summary, JSON, pictures);
// every rank shows its own progress on stderr, named by its rank.
#pragma once

#include <string>
#include <vector>

#include "solvers/distributed/ranks.h"

namespace gs::cli {

// Call first in main. Starts MPI when mpirun started this process; a job of several ranks
// with a gamesolver built without MPI is refused (InputError).
void start_ranks(int* argc, char*** argv);
Ranks& ranks();
bool reports();  // rank 0

// Ends the process's part in the job: MPI finalised after a success; after a failure (code !=
// 0) every rank of the job is stopped, since the others may be waiting for this one.
int end_ranks(int code);

// Refuses (InputError) a subcommand that does not run across ranks when there are several:
// only table builds do (`hunt build`, `mountnfall build`).
void check_runs_across_ranks(const std::string& command, const std::vector<std::string>& rest);

}  // namespace gs::cli
