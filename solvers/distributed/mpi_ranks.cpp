#include "solvers/distributed/mpi_ranks.h"

#include <mpi.h>

#include <chrono>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace gs {

namespace {

// MPI counts are ints: big slices go in pieces of 1 GiB.
constexpr std::uint64_t kPiece = std::uint64_t{1} << 30;

void check(int code, const char* what) {
  if (code != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

// Adds the time of one collective operation to the traffic.
class Timed {
 public:
  Timed(std::atomic<std::uint64_t>& nanoseconds, std::atomic<std::uint64_t>& operations)
      : nanoseconds_(nanoseconds), operations_(operations) {}
  ~Timed() {
    nanoseconds_ += static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start_).count());
    ++operations_;
  }

 private:
  std::atomic<std::uint64_t>&nanoseconds_, &operations_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace

MpiRanks::MpiRanks() {
  check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "MPI_Comm_rank");
  check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "MPI_Comm_size");
}

void MpiRanks::share(std::byte* data, const std::vector<std::uint64_t>& offsets) {
  const Timed timed(nanoseconds_, operations_);
  for (int r = 0; r < size_; ++r) {
    const std::uint64_t begin = offsets[static_cast<std::size_t>(r)], end = offsets[static_cast<std::size_t>(r) + 1];
    for (std::uint64_t at = begin; at < end; at += kPiece) {
      const auto n = static_cast<int>(std::min(kPiece, end - at));
      check(MPI_Bcast(data + at, n, MPI_BYTE, r, MPI_COMM_WORLD), "MPI_Bcast");
    }
    if (r == rank_)
      sent_ += (end - begin) * static_cast<std::uint64_t>(size_ - 1);
    else
      received_ += end - begin;
  }
}

std::vector<std::uint64_t> MpiRanks::gather_all(std::vector<std::uint64_t> mine) {
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(size_));
  {
    const Timed timed(nanoseconds_, operations_);
    const std::uint64_t n = mine.size();
    check(MPI_Allgather(&n, 1, MPI_UINT64_T, counts.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD), "MPI_Allgather");
  }
  std::vector<std::uint64_t> offsets{0};
  for (const auto c : counts) offsets.push_back(offsets.back() + c * sizeof(std::uint64_t));
  std::vector<std::uint64_t> all(offsets.back() / sizeof(std::uint64_t));
  std::copy(
      mine.begin(), mine.end(),
      all.begin() + static_cast<std::ptrdiff_t>(offsets[static_cast<std::size_t>(rank_)] / sizeof(std::uint64_t)));
  share(reinterpret_cast<std::byte*>(all.data()), offsets);
  return all;
}

std::uint64_t MpiRanks::max(std::uint64_t value) {
  const Timed timed(nanoseconds_, operations_);
  std::uint64_t out = 0;
  check(MPI_Allreduce(&value, &out, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
  return out;
}

void MpiRanks::barrier() {
  const Timed timed(nanoseconds_, operations_);
  check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
}

void start_mpi(int* argc, char*** argv) {
  int provided = 0;
  // Only the thread that runs the command calls MPI; oneTBB's workers never do.
  check(MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
}

void finish_mpi() { MPI_Finalize(); }

void abort_mpi(int code) {
  MPI_Abort(MPI_COMM_WORLD, code);
  std::_Exit(code);
}

}  // namespace gs

extern "C" gs::Ranks* gamesolver_mpi_start(int* argc, char*** argv) {
  gs::start_mpi(argc, argv);
  return new gs::MpiRanks();
}
extern "C" void gamesolver_mpi_finish() { gs::finish_mpi(); }
extern "C" void gamesolver_mpi_abort(int code) { gs::abort_mpi(code); }
