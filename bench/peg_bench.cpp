// Peg solitaire benchmarks: engine verbs (jump generation, canonicalisation) and whole jobs as
// the command runs them. Run: build/bench/gamesolver_bench [--benchmark_filter=REGEX]
#include <benchmark/benchmark.h>

#include <random>

#include "engine/peg/board_file.h"
#include "engine/peg/notation.h"
#include "engine/peg/puzzle.h"
#include "solvers/dfs/dfs_solver.h"
#include "tools/peg/peg_jobs.h"

namespace gs::peg {
namespace {

std::vector<Position> random_positions(const Board& board, int count) {
  std::mt19937_64 rng(42);
  std::vector<Position> out;
  out.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) out.push_back(rng() & rng() & board.all_holes());  // about a quarter full
  return out;
}

void BM_JumpGeneration(benchmark::State& state) {
  const Board board = load_board("english");
  const auto positions = random_positions(board, 4096);
  std::size_t i = 0;
  for (auto _ : state) {
    int n = 0;
    board.for_each_jump(positions[i++ & 4095], [&](const Jump&) { ++n; });
    benchmark::DoNotOptimize(n);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_JumpGeneration);

void BM_Canonicalise(benchmark::State& state) {
  const Board board = load_board("english");
  const auto positions = random_positions(board, 4096);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(board.symmetries().canonical(positions[i++ & 4095]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Canonicalise);

void BM_DfsSolve(benchmark::State& state, const char* board_name, int threads) {
  const Board board = load_board(board_name);
  const Position start = board.all_holes() & ~bit(*board.default_start());
  const Bitboard finish = board.default_finish() ? bit(*board.default_finish()) : board.all_holes();
  const PegPuzzle puzzle(board, finish, board.symmetries().stabiliser({finish}));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    DfsSolver<PegPuzzle> solver(puzzle, {.threads = threads, .split_depth = 6, .table_bits = 22});
    nodes += solver.solve(start).nodes;
  }
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_DfsSolve, english_1thread, "english", 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DfsSolve, english_2threads, "english", 2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DfsSolve, triangle5, "triangle5", 1)->Unit(benchmark::kMillisecond);

// A search with millions of nodes: French board, d6 vacant, last peg anywhere.
void BM_DfsSolveFrenchD6(benchmark::State& state) {
  const Board board = load_board("french");
  const Position start = board.all_holes() & ~bit(parse_hole(board, "d6"));
  const PegPuzzle puzzle(board, board.all_holes(), board.symmetries());
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    DfsSolver<PegPuzzle> solver(puzzle,
                                {.threads = static_cast<int>(state.range(0)), .split_depth = 6, .table_bits = 26});
    nodes += solver.solve(start).nodes;
  }
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DfsSolveFrenchD6)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

// Whole jobs, as `gamesolver peg` runs them (one iteration each: they take seconds).
tools::PegJobOptions quiet() {
  tools::PegJobOptions o;
  o.global.json = "-";
  o.global.quiet = true;
  o.threads = 2;
  return o;
}

// One solution of the default problem as the command finds it (pagoda learning search, one
// thread), solved again and again in one process: the figure to set beside a peer's own loop
// of solves (bench/peers/fastpegsolitaire.py).
void BM_PegSolve(benchmark::State& state, const char* board_name) {
  tools::PegRequestOptions request;
  request.board = board_name;
  const auto resolved = tools::resolve_peg_request(request);
  tools::PegJobOptions options = quiet();
  options.threads = 1;
  for (auto _ : state)
    if (!tools::peg_solve(resolved, options).json["solved"].get<bool>()) state.SkipWithError("not solved");
}
BENCHMARK_CAPTURE(BM_PegSolve, english, "english")->Unit(benchmark::kMicrosecond);

void BM_PegAnalyze(benchmark::State& state, const char* board_name) {
  tools::PegRequestOptions request;
  request.board = board_name;
  const auto resolved = tools::resolve_peg_request(request);
  double positions = 0;
  for (auto _ : state) positions += tools::peg_analyze(resolved, quiet()).json["positions"]["canonical"].get<double>();
  state.counters["positions/s"] = benchmark::Counter(positions, benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_PegAnalyze, triangle7, "triangle7")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_PegAnalyze, english, "english")->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

void BM_PegAllStarts(benchmark::State& state, const char* board_name) {
  const Board board = load_board(board_name);
  for (auto _ : state) benchmark::DoNotOptimize(tools::peg_all_starts(board, quiet()));
}
BENCHMARK_CAPTURE(BM_PegAllStarts, triangle6, "triangle6")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_PegAllStarts, english, "english")->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

void BM_PegFewestMoves(benchmark::State& state, const char* board_name) {
  tools::PegRequestOptions request;
  request.board = board_name;
  const auto resolved = tools::resolve_peg_request(request);
  for (auto _ : state) benchmark::DoNotOptimize(tools::peg_fewest_moves(resolved, quiet()));
}
BENCHMARK_CAPTURE(BM_PegFewestMoves, english, "english")->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

}  // namespace
}  // namespace gs::peg
