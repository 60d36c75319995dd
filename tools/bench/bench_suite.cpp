#include "tools/bench/bench_suite.h"

#include <algorithm>

#include "engine/core/errors.h"
#include "tools/registry.h"

namespace gs::tools {

const std::vector<BenchEntry>& bench_entries() {
  static const std::vector<BenchEntry> entries = [] {
    std::vector<BenchEntry> all;
    for (const Command& c : commands()) all.insert(all.end(), c.bench.begin(), c.bench.end());
    return all;
  }();
  return entries;
}

std::vector<BenchEntry> suite_entries(Suite suite) {
  std::vector<BenchEntry> chosen;
  std::copy_if(bench_entries().begin(), bench_entries().end(), std::back_inserter(chosen),
               [&](const BenchEntry& e) { return e.suite <= suite; });
  return chosen;
}

Suite parse_suite(const std::string& text) {
  if (text == "quick") return Suite::quick;
  if (text == "standard") return Suite::standard;
  if (text == "full") return Suite::full;
  throw InputError("--suite must be quick, standard or full");
}

std::string suite_name(Suite suite) {
  switch (suite) {
    case Suite::quick: return "quick";
    case Suite::standard: return "standard";
    case Suite::full: return "full";
  }
  return "";
}

}  // namespace gs::tools
