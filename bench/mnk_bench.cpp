// m,n,k benchmarks: line detection, canonical forms, move generation, strong and weak solves.
#include <benchmark/benchmark.h>

#include <random>

#include "engine/mnk/packed_mnk.h"
#include "solvers/minimax/alpha_beta.h"
#include "solvers/minimax/strong_solver.h"

namespace gs::mnk {
namespace {

std::vector<std::uint64_t> random_states(const MnkGame& g, int count) {
  std::mt19937_64 rng(5);
  std::vector<std::uint64_t> out;
  for (int i = 0; i < count; ++i) {
    const Bitboard x = rng() & rng() & g.full();
    out.push_back(PackedMnk::pack({x, rng() & rng() & g.full() & ~x}));
  }
  return out;
}

void BM_MnkLineDetection(benchmark::State& state) {
  const MnkGame g(5, 5, 4);
  const auto states = random_states(g, 4096);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(g.has_line(PackedMnk::unpack(states[i++ & 4095]).x));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MnkLineDetection);

void BM_MnkCanonical(benchmark::State& state) {
  const MnkGame g(5, 5, 4);
  const auto states = random_states(g, 4096);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(PackedMnk(g).canonical(states[i++ & 4095]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MnkCanonical);

void BM_MnkSearchMoves(benchmark::State& state) {
  const MnkGame g(5, 5, 4);
  const PackedMnk packed(g);
  const auto states = random_states(g, 4096);
  std::size_t i = 0;
  for (auto _ : state) {
    int n = 0;
    const std::uint64_t s = states[i++ & 4095];
    packed.for_each_search_move(s, [&](int cell) {
      benchmark::DoNotOptimize(packed.play(s, cell));
      ++n;
    });
    benchmark::DoNotOptimize(n);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MnkSearchMoves);

void BM_MnkStrong(benchmark::State& state) {
  const MnkGame g(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)), static_cast<int>(state.range(2)));
  const PackedMnk packed(g);
  for (auto _ : state) {
    const StrongSolution<PackedMnk> solution(packed);
    benchmark::DoNotOptimize(solution.value_at(0, 0));
  }
}
BENCHMARK(BM_MnkStrong)->Args({3, 3, 3})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MnkStrong)->Args({4, 4, 4})->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

void BM_MnkWeak(benchmark::State& state) {
  const MnkGame g(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)), static_cast<int>(state.range(2)));
  const PackedMnk packed(g);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    AlphaBeta<PackedMnk> search(packed,
                                {.threads = static_cast<int>(state.range(3)), .split_depth = 4, .table_bits = 24});
    benchmark::DoNotOptimize(search.value(0));
    nodes += search.nodes();
  }
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MnkWeak)->Args({4, 4, 4, 1})->Args({4, 4, 4, 2})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MnkWeak)
    ->Args({5, 5, 4, 1})
    ->Args({5, 5, 4, 2})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();

}  // namespace
}  // namespace gs::mnk
