// The benchmark suite: fixed instances of every game, each run by one or more solvers through the
// `gamesolver` command itself (so a benchmark measures exactly what a user runs), with the answer
// each must reproduce. Three sizes: quick (seconds; CI runs it), standard (minutes), full (the
// frontier, hours); each includes the smaller ones.
#pragma once

#include <string>
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

const std::vector<BenchEntry>& bench_entries();
// The entries of a suite (the smaller suites' included), in a fixed order.
std::vector<BenchEntry> suite_entries(Suite suite);
Suite parse_suite(const std::string& text);  // InputError for another word
std::string suite_name(Suite suite);

}  // namespace gs::tools
