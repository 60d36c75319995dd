// Hopscotch benchmarks: the engine's verbs on mid-game tableaux, whole-deal solves, normal play.
#include <benchmark/benchmark.h>

#include "engine/hopscotch/heuristic_player.h"
#include "engine/hopscotch/search_tableau.h"
#include "solvers/deal/layered_deal_search.h"
#include "solvers/deal/max_score_search.h"

namespace gs::hopscotch {
namespace {

// Tableaux after the normal-play heuristic has dealt 24 cards of deals 1..64: reserves of
// typical size.
std::vector<SearchTableau> mid_game_tableaux() {
  std::vector<SearchTableau> out;
  for (std::uint64_t seed = 1; seed <= 64; ++seed) {
    Tableau guide(deal_from_seed(seed));
    std::vector<Play> line;
    play_without_seeing_stock(guide, &line);
    SearchTableau t(deal_from_seed(seed));
    for (const Play& m : line) {
      if (t.dealt() == 24) break;
      t.apply(m);
    }
    out.push_back(t);
  }
  return out;
}

void BM_HopscotchMoveGeneration(benchmark::State& state) {
  const auto tableaux = mid_game_tableaux();
  std::size_t i = 0;
  MoveList moves;
  for (auto _ : state) {
    tableaux[i++ & 63].generate_moves(moves);
    benchmark::DoNotOptimize(moves.size);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_HopscotchMoveGeneration);

// One item: `measure` of the next mid-game tableau, in turn.
template <class Measure>
void over_mid_game_tableaux(benchmark::State& state, Measure measure) {
  const auto tableaux = mid_game_tableaux();
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(measure(tableaux[i++ & 63]));
  state.SetItemsProcessed(state.iterations());
}

void BM_HopscotchCanonicalKey(benchmark::State& state) {
  over_mid_game_tableaux(state, [](const SearchTableau& t) { return t.key(); });
}
BENCHMARK(BM_HopscotchCanonicalKey);

void BM_HopscotchUpperBound(benchmark::State& state) {
  over_mid_game_tableaux(state, [](const SearchTableau& t) { return t.upper_bound(); });
}
BENCHMARK(BM_HopscotchUpperBound);

// Deals 1..64 decided one after another with one memo (as one thread of `stats` does), with a
// node limit of 300,000 per deal. Items are search nodes.
void BM_HopscotchSolveDeals(benchmark::State& state) {
  MaxScoreSearch<SearchTableau> search(20);
  MaxScoreOptions options;
  options.node_limit = 300'000;
  std::uint64_t nodes = 0, won = 0;
  for (auto _ : state)
    for (std::uint64_t seed = 1; seed <= 64; ++seed) {
      SearchTableau t(deal_from_seed(seed));
      const auto r = search.solve(t, options);
      nodes += r.nodes;
      won += r.outcome == decltype(r)::kWon;
    }
  state.SetItemsProcessed(static_cast<std::int64_t>(nodes));
  state.counters["won_per_64"] = static_cast<double>(won) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_HopscotchSolveDeals)->Unit(benchmark::kMillisecond)->Iterations(1);

// One beam of 1,000 states a stage over seeded deals 37, 581, 4142, 5706 and 9559 (the hardest
// of 1-10,000 for the depth-first probes). Items are states examined (their bound asked).
void BM_HopscotchBeam(benchmark::State& state) {
  LayeredSearchOptions options;
  options.width = 1000;
  std::uint64_t nodes = 0, won = 0;
  for (auto _ : state)
    for (std::uint64_t seed : {37, 581, 4142, 5706, 9559}) {
      const SearchTableau t(deal_from_seed(seed));
      const auto r = LayeredDealSearch<SearchTableau>().reach(t, kDealSize, options);
      nodes += r.nodes;
      won += r.outcome == decltype(r)::kReached;
    }
  state.SetItemsProcessed(static_cast<std::int64_t>(nodes));
  state.counters["won_per_5"] = static_cast<double>(won) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_HopscotchBeam)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

void BM_HopscotchPromise(benchmark::State& state) {
  over_mid_game_tableaux(state, [](const SearchTableau& t) { return t.promise(); });
}
BENCHMARK(BM_HopscotchPromise);

void BM_HopscotchNormalPlay(benchmark::State& state) {
  std::uint64_t seed = 0;
  for (auto _ : state) {
    SearchTableau t(deal_from_seed(++seed), MoveRules::kUnrestricted);
    benchmark::DoNotOptimize(play_without_seeing_stock(t));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_HopscotchNormalPlay);

}  // namespace
}  // namespace gs::hopscotch
