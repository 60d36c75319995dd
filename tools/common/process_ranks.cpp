#include "tools/common/process_ranks.h"

#include <cstdlib>
#include <memory>

#include "engine/core/errors.h"
#ifdef GAMESOLVER_MPI
#include "solvers/distributed/mpi_ranks.h"
#endif

namespace gs::cli {

namespace {

std::unique_ptr<Ranks>& the_ranks() {
  static std::unique_ptr<Ranks> ranks = std::make_unique<Ranks>();
  return ranks;
}
[[maybe_unused]] bool mpi_started = false;

// Open MPI's mpirun (and other launchers through PMIx or PMI) tell their processes so.
int ranks_in_environment() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_SIZE", "PMI_SIZE"})
    if (const char* value = std::getenv(name)) return std::atoi(value);
  return std::getenv("PMIX_RANK") || std::getenv("PMI_RANK") ? 2 : 1;
}

}  // namespace

void start_ranks([[maybe_unused]] int* argc, [[maybe_unused]] char*** argv) {
  const int launched = ranks_in_environment();
  if (launched <= 1) return;  // alone (mpirun -n 1 too: nothing to share)
#ifdef GAMESOLVER_MPI
  start_mpi(argc, argv);
  mpi_started = true;
  the_ranks() = std::make_unique<MpiRanks>();
#else
  throw InputError("this gamesolver was built without MPI, so it cannot run as " + std::to_string(launched) +
                   " ranks (install libopenmpi-dev and build again; see README \"Builds on a cluster\")");
#endif
}

Ranks& ranks() { return *the_ranks(); }
bool reports() { return ranks().rank() == 0; }

int end_ranks(int code) {
#ifdef GAMESOLVER_MPI
  if (mpi_started) {
    if (code != 0) abort_mpi(code);
    finish_mpi();
  }
#endif
  return code;
}

void check_runs_across_ranks(const std::string& command, const std::vector<std::string>& rest) {
  if (ranks().size() == 1) return;
  const bool build = (command == "hunt" || command == "mountnfall") && !rest.empty() && rest[0] == "build";
  if (!build)
    throw InputError("only 'hunt build' and 'mountnfall build' run across MPI ranks; run '" + command +
                     "' without mpirun");
}

}  // namespace gs::cli
