// The ranks of an MPI job (Open MPI), for builds started by mpirun: see ranks.h. Compiled only
// with GAMESOLVER_MPI; MPI is started by start_mpi() (tools/common/process_ranks.cpp), which
// this class assumes.
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
  std::uint64_t sum(std::uint64_t value) override;
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
