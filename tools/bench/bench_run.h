// Running benchmark entries, each in a child process of this program (its own peak memory, a
// crash contained), checking their answers, and comparing runs: the signature, the ratios to an
// older run within its noise, and the scaling over thread counts.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/bench/bench_suite.h"

namespace gs::tools {

struct BenchResult {
  BenchEntry entry;
  int threads = 1;
  std::vector<double> seconds;  // each repeat: the command's own time, else the process's
  double peak_mib = 0;          // the largest over the repeats
  std::uint64_t nodes = 0;
  std::string answer;   // the values found, "pointer=value" joined by "; "
  std::string failure;  // empty when every repeat gave the expected answers and the same nodes

  bool ok() const { return failure.empty(); }
  double median() const;
  double low() const;
  double high() const;
  // (high - low) / median: how far apart the repeats were.
  double spread() const;
};

// Runs `exe` with the entry's arguments `repeat` times; tables go under `scratch`.
BenchResult run_bench_entry(const BenchEntry& entry, int threads, int repeat, const std::string& exe,
                            const std::filesystem::path& scratch);

// The total node count of the single-thread runs: deterministic, so it changes only when a
// search's behaviour changes (Stockfish's bench signature).
std::uint64_t bench_signature(const std::vector<BenchResult>& results);

nlohmann::json bench_json(const std::vector<BenchResult>& results);

// Each result against the same entry and thread count in an older run's JSON.
struct BenchComparison {
  std::string name;
  int threads = 1;
  double old_seconds = 0, new_seconds = 0;
  double ratio = 0;  // new / old
  double noise = 0;  // the relative change the repeats cannot tell from noise
  int verdict = 0;   // +1 slower beyond the noise, -1 faster, 0 within it
};
// Relative changes under this are never flagged: a quiet machine's run-to-run jitter.
inline constexpr double kMinNoise = 0.10;
// InputError unless `old` is what bench --json writes: every entry with its name, threads and
// seconds (median, low, high) of the right types. Called before a suite runs, by compare_bench too.
void check_bench_baseline(const nlohmann::json& old);
std::vector<BenchComparison> compare_bench(const std::vector<BenchResult>& now, const nlohmann::json& old);

}  // namespace gs::tools
