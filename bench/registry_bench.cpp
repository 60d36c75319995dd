// One perft benchmark per game of the registry (tools/registry.cpp), at the deepest depth of its
// reference figures: a new game is benchmarked as soon as it is registered. Also the suite's main.
#include <benchmark/benchmark.h>

#include <set>
#include <string>

#include "tools/registry.h"

namespace {

// Called from main, after static initialisation: the games may use other files' statics.
void register_registry_benchmarks() {
  std::set<std::string> seen;  // commands may share a game (mnk and tictactoe)
  for (const auto& command : gs::tools::commands())
    for (const auto& check : command.self_checks()) {
      if (!seen.insert(check.game).second) continue;
      const int depth = static_cast<int>(check.perft_reference.size());
      benchmark::RegisterBenchmark(("BM_RegistryPerft/" + check.game).c_str(), [check, depth](benchmark::State& state) {
        std::uint64_t leaves = 0;
        for (auto _ : state) leaves = check.perft(depth);
        state.counters["depth"] = depth;
        state.counters["leaves"] = static_cast<double>(leaves);
      });
    }
}

}  // namespace

// The suite's main (the other files register their benchmarks statically).
int main(int argc, char** argv) {
  register_registry_benchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
