// Mount'n Fall benchmarks: perft from the 8x8 start, search speed, the small-board solve.
#include <benchmark/benchmark.h>

#include "engine/mountnfall/mountnfall_index.h"
#include "solvers/minimax/negamax.h"
#include "solvers/retrograde/retrograde_solver.h"

namespace gs::mountnfall {
namespace {

// Counts the last ply in bulk (the size of the move list), unlike gs::perft: the figure README
// quotes as perft speed.
std::uint64_t perft(const MountNFall& g, const Position& p, int depth) {
  if (depth == 0) return 1;
  std::vector<Move> moves;
  list_moves(g, p, moves);
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  for (const Move& m : moves) total += perft(g, g.play(p, m), depth - 1);
  return total;
}

void BM_MountNFallPerft(benchmark::State& state) {
  const MountNFall g;
  std::uint64_t leaves = 0;
  for (auto _ : state) leaves = perft(g, g.start(), static_cast<int>(state.range(0)));
  state.SetItemsProcessed(static_cast<std::int64_t>(leaves) * state.iterations());
  state.counters["leaves"] = static_cast<double>(leaves);
}
BENCHMARK(BM_MountNFallPerft)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

// Nodes per second of the engine's search from the 8x8 start for 2 s, on 1 and 2 threads
// (depth reached as a counter).
void BM_MountNFallSearch(benchmark::State& state) {
  const MountNFall g;
  std::uint64_t nodes = 0;
  int depth = 0;
  for (auto _ : state) {
    NegamaxSearch<MountNFall> search(g, 22, static_cast<int>(state.range(0)));
    SearchLimits limits;
    limits.seconds = 2;
    const auto report = search.search(g.start(), limits);
    nodes += report.nodes;
    depth = report.depth;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(nodes));
  state.counters["depth"] = depth;
}
BENCHMARK(BM_MountNFallSearch)->Arg(1)->Arg(2)->Iterations(1)->Unit(benchmark::kMillisecond);

// Retrograde solve of the N x N board with triangles of side 2 (positions up to symmetry).
void BM_MountNFallSolve(benchmark::State& state) {
  const MountNFallIndex index(static_cast<int>(state.range(0)), 2);
  std::uint64_t positions = 0;
  for (auto _ : state)
    for (const auto& t : solve_in_memory(index)) positions += count_layer(t).positions;
  state.SetItemsProcessed(static_cast<std::int64_t>(positions));
}
BENCHMARK(BM_MountNFallSolve)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gs::mountnfall
