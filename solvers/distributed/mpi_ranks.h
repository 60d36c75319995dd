// The ranks of an MPI job (Open MPI), for builds started by mpirun: see ranks.h. Built with
// GAMESOLVER_MPI as a module of its own (libgamesolver_mpi.so) that gamesolver loads only under
// mpirun (tools/common/process_ranks.cpp), so a process run alone loads no MPI library (Open
// MPI's six libraries cost every process about 4 ms to load). Its entry points are C functions,
// below.
#pragma once

#include "solvers/distributed/ranks.h"

namespace gs {

class MpiRanks final : public Ranks {
 public:
  MpiRanks();
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  void share(std::byte* data, const std::vector<std::uint64_t>& offsets) override;
  std::vector<std::uint64_t> gather_all(std::vector<std::uint64_t> mine) override;
  std::uint64_t max(std::uint64_t value) override;
  void barrier() override;

 private:
  int rank_ = 0, size_ = 1;
};

// MPI's start and end. abort_mpi ends every rank of the job (a rank that fails must not leave
// the others waiting in a collective operation).
void start_mpi(int* argc, char*** argv);
void finish_mpi();
[[noreturn]] void abort_mpi(int code);

}  // namespace gs

// The module's entry points, found by name (dlsym): start MPI and return this process's ranks;
// finalise; abort the job.
extern "C" gs::Ranks* gamesolver_mpi_start(int* argc, char*** argv);
extern "C" void gamesolver_mpi_finish();
extern "C" void gamesolver_mpi_abort(int code);
