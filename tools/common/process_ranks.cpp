#include "tools/common/process_ranks.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>

#include "engine/core/errors.h"
#include "solvers/io/checked_text_file.h"

namespace gs::cli {

namespace {

std::unique_ptr<Ranks>& the_ranks() {
  static std::unique_ptr<Ranks> ranks = std::make_unique<Ranks>();
  return ranks;
}

// The MPI module (solvers/distributed/mpi_ranks.h), loaded only under mpirun.
struct MpiModule {
  Ranks* (*start)(int*, char***) = nullptr;
  void (*finish)() = nullptr;
  void (*abort)(int) = nullptr;
};
MpiModule mpi;

// Open MPI's mpirun (and other launchers through PMIx or PMI) tell their processes so.
// Read at start-up, before any thread runs (so getenv's lack of thread safety does not matter).
int ranks_in_environment() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_SIZE", "PMI_SIZE"})
    if (const char* value = std::getenv(name)) return std::atoi(value);  // NOLINT(concurrency-mt-unsafe)
  return std::getenv("PMIX_RANK") || std::getenv("PMI_RANK") ? 2 : 1;    // NOLINT(concurrency-mt-unsafe)
}

// Beside the executable (the build folder, or wherever both were installed).
MpiModule load_mpi_module(int launched) {
  const std::string why = "this gamesolver cannot run as " + std::to_string(launched) + " ranks: ";
  std::error_code error;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::string path = (exe.parent_path() / "libgamesolver_mpi.so").string();
  if (!std::filesystem::exists(path))
    throw InputError(why + "it was built without MPI (no " + path +
                     "; install libopenmpi-dev and build again, see docs/cluster.md)");
  void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!module)
    throw DataError(why + "cannot load " + path + ": " + dlerror());  // NOLINT(concurrency-mt-unsafe): at start-up
  MpiModule m;
  m.start = reinterpret_cast<Ranks* (*)(int*, char***)>(dlsym(module, "gamesolver_mpi_start"));
  m.finish = reinterpret_cast<void (*)()>(dlsym(module, "gamesolver_mpi_finish"));
  m.abort = reinterpret_cast<void (*)(int)>(dlsym(module, "gamesolver_mpi_abort"));
  if (!m.start || !m.finish || !m.abort) throw DataError(why + path + " is not gamesolver's MPI module");
  return m;
}

}  // namespace

void start_ranks(int* argc, char*** argv) {
  const int launched = ranks_in_environment();
  if (launched <= 1) return;  // alone (mpirun -n 1 too: nothing to share)
  mpi = load_mpi_module(launched);
  the_ranks().reset(mpi.start(argc, argv));
}

Ranks& ranks() { return *the_ranks(); }
bool reports() { return ranks().rank() == 0; }

int end_ranks(int code) {
  if (mpi.start) {
    if (code != 0) mpi.abort(code);
    mpi.finish();
  }
  return code;
}

void check_runs_across_ranks(const std::string& command, const std::vector<std::string>& rest) {
  if (ranks().size() == 1) return;
  // Every rank must run the same command: ranks given different ones (mpirun's "-n 1 A : -n 1 B")
  // would wait forever in collective steps the others never reach. Compared first, by every rank
  // alike, through the digest's largest and smallest value over the ranks.
  std::string words = command;
  for (const std::string& word : rest) words += '\0' + word;
  const std::uint64_t digest = fnv1a64(words);
  const std::uint64_t largest = ranks().max(digest), smallest = ~ranks().max(~digest);
  if (largest != smallest)
    throw InputError("the MPI ranks were given different commands: every rank must run the same gamesolver command");
  const bool build = (command == "hunt" || command == "mountnfall") && !rest.empty() && rest[0] == "build";
  if (!build)
    throw InputError("only 'hunt build' and 'mountnfall build' run across MPI ranks; run '" + command +
                     "' without mpirun");
}

}  // namespace gs::cli
