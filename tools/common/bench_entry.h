// One entry of the benchmark suite (`gamesolver bench`): a fixed instance of a game, run by one
// solver through the `gamesolver` command itself (so a benchmark measures exactly what a user
// runs), with the answer it must reproduce. Each game declares its entries with its command
// (tools/<game>/<game>_bench.cpp); answers come from published results where there are any
// (cited there), otherwise from the solvers' own tested results (tests/ check them against
// second methods). Three sizes: quick (seconds; CI runs it), standard (minutes), full (the
// frontier, hours); each includes the smaller ones.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace gs::tools {

enum class Suite { quick, standard, full };

struct BenchEntry {
  std::string game, instance, solver;
  std::vector<std::string> args;  // after `gamesolver`, without --threads, --json and --quiet
  // JSON pointers into the command's --json result, each with the value the run must give
  // (as JSON text: "true", "\"draw\"", "29760"); a different value fails the bench.
  std::vector<std::pair<std::string, std::string>> answers;
  std::string nodes;  // JSON pointer of the count of positions or nodes the solver visited
  Suite suite = Suite::quick;
  bool writes_tables = false;  // gets --dir SCRATCH/<name> (a fresh folder a run)

  std::string name() const { return game + "/" + instance + "/" + solver; }
};

}  // namespace gs::tools
