// What every subcommand shares: global options (--threads, --json, --quiet), JSON output, the
// error-to-exit-code mapping (0 success, 1 runtime failure, 2 usage error) and timing.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <tbb/global_control.h>
#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

namespace gs::cli {

namespace po = boost::program_options;

struct GlobalOptions {
  int threads = 0;   // 0 = all cores
  std::string json;  // "" = none, "-" = stdout
  bool quiet = false;

  bool human_output() const { return json != "-"; }  // JSON on stdout replaces the summary
  bool progress() const { return !quiet; }
};

po::options_description global_options_description(GlobalOptions& options);

// Applies --threads to oneTBB for the lifetime of the object.
class ThreadLimit {
 public:
  explicit ThreadLimit(int threads);
  int threads() const { return threads_; }

 private:
  int threads_;
  std::unique_ptr<tbb::global_control> control_;
};

void emit_json(const GlobalOptions& options, const nlohmann::json& result);

// Where a job's summary for a person goes: stdout, or nowhere when the JSON result takes stdout
// (--json -). Every job writes its summary here and returns its JSON; which one a user sees is
// decided here alone.
std::ostream& text(const GlobalOptions& options);

// Runs a subcommand body, turning exceptions into a one-line message and an exit code.
int guarded(const std::function<int()>& body);

class Stopwatch {
 public:
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Interactive play: prompts "Your move: " and reads a line from standard input; nothing when
// the person typed quit (or q) or input ended ("Stopped." is printed).
std::optional<std::string> read_move_line();

// Peak resident memory of this process so far, in MiB (from getrusage).
double peak_memory_mib();

}  // namespace gs::cli
