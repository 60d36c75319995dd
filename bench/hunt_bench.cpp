// Hunt-game benchmarks: moves and un-moves, ranking and unranking, retrograde solves.
#include <benchmark/benchmark.h>

#include <random>

#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"
#include "solvers/common/perft.h"
#include "solvers/retrograde/retrograde_solver.h"

namespace gs::hunt {
namespace {

// Positions of a game's layer drawn at random (the representatives of random indices).
template <class G>
std::vector<typename G::Position> sample(const G& g, int layer, int count) {
  std::mt19937_64 rng(11);
  std::vector<typename G::Position> out;
  while (static_cast<int>(out.size()) < count)
    if (const auto p = g.unrank(layer, rng() % g.layer_size(layer))) out.push_back(*p);
  return out;
}

template <class G>
void moves(benchmark::State& state, const G& g, int layer, bool backwards) {
  const auto positions = sample(g, layer, 1024);
  std::size_t i = 0;
  std::int64_t generated = 0;
  for (auto _ : state) {
    const auto& p = positions[i++ & 1023];
    auto count = [&](const typename G::Position& q) { benchmark::DoNotOptimize(q), ++generated; };
    if (backwards)
      g.for_each_unmove(p, count);
    else
      g.for_each_move(p, count);
  }
  state.SetItemsProcessed(generated);
}

template <class G>
void rank_unrank(benchmark::State& state, const G& g, int layer) {
  const auto positions = sample(g, layer, 1024);
  std::size_t i = 0;
  for (auto _ : state) {
    const LayerIndex at = g.locate(positions[i++ & 1023]);
    benchmark::DoNotOptimize(g.unrank(at.layer, at.index));
  }
  state.SetItemsProcessed(state.iterations());
}

const TigersAndGoats& tigers() {
  static const TigersAndGoats g;
  return g;
}
const FoxAndGeese& geese() {
  static const FoxAndGeese g;
  return g;
}

void BM_TigersGoatsMoves(benchmark::State& s) { moves(s, tigers(), 0, false); }
void BM_TigersGoatsUnmoves(benchmark::State& s) { moves(s, tigers(), 0, true); }
void BM_TigersGoatsRankUnrank(benchmark::State& s) { rank_unrank(s, tigers(), 0); }
void BM_FoxGeeseMoves(benchmark::State& s) { moves(s, geese(), 4, false); }
void BM_FoxGeeseUnmoves(benchmark::State& s) { moves(s, geese(), 4, true); }
void BM_FoxGeeseRankUnrank(benchmark::State& s) { rank_unrank(s, geese(), 4); }
BENCHMARK(BM_TigersGoatsMoves);
BENCHMARK(BM_TigersGoatsUnmoves);
BENCHMARK(BM_TigersGoatsRankUnrank);
BENCHMARK(BM_FoxGeeseMoves);
BENCHMARK(BM_FoxGeeseUnmoves);
BENCHMARK(BM_FoxGeeseRankUnrank);

// Perft from the start (solvers/common/perft.h).
template <class G>
void perft_bench(benchmark::State& state, const G& g) {
  std::uint64_t leaves = 0;
  for (auto _ : state) leaves = gs::perft(g, g.start(), static_cast<int>(state.range(0)));
  state.SetItemsProcessed(static_cast<std::int64_t>(leaves) * state.iterations());
  state.counters["leaves"] = static_cast<double>(leaves);
}
void BM_TigersGoatsPerft(benchmark::State& s) { perft_bench(s, tigers()); }
void BM_FoxGeesePerft(benchmark::State& s) { perft_bench(s, geese()); }
void BM_FoxHoundsPerft(benchmark::State& s) { perft_bench(s, FoxAndHounds()); }
BENCHMARK(BM_TigersGoatsPerft)->Arg(6)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FoxGeesePerft)->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FoxHoundsPerft)->Arg(14)->Unit(benchmark::kMillisecond);

// Whole solves in memory; items are positions (indices that name one).
template <class G>
void solve(benchmark::State& state, const G& g) {
  std::uint64_t positions = 0;
  for (auto _ : state)
    for (const auto& t : solve_in_memory(g)) positions += count_layer(t).positions;
  state.SetItemsProcessed(static_cast<std::int64_t>(positions));
  state.counters["bytes_per_position"] = 2.0;
}
void BM_FoxHoundsSolve(benchmark::State& s) { solve(s, FoxAndHounds()); }
void BM_FoxGeeseSolve4to6(benchmark::State& s) { solve(s, FoxAndGeese(6)); }
BENCHMARK(BM_FoxHoundsSolve)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FoxGeeseSolve4to6)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace gs::hunt
