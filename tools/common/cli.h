// What every subcommand shares: global options (--threads, --json, --quiet), JSON output, the
// error-to-exit-code mapping (0 success, 1 runtime failure, 2 usage error) and timing.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <tbb/global_control.h>
#include <nlohmann/json.hpp>

namespace gs::cli {

struct GlobalOptions {
  int threads = 0;   // 0 = all cores
  std::string json;  // "" = none, "-" = stdout
  std::string svg;   // "" = none: the picture of the result (modes that draw one)
  bool quiet = false;

  bool human_output() const { return json != "-"; }  // JSON on stdout replaces the summary
  bool progress() const { return !quiet; }           // every rank of an MPI job shows its own progress
};

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

// What a job found, made once by the job in its forms: the JSON result, the summary a person
// reads and, for modes that draw, a picture (SVG). Jobs print nothing; emit() shows the summary
// on stdout unless the JSON takes stdout (--json -), writes the JSON where --json says and the
// picture where --svg says (each file written whole or not at all).
// Its moves are noexcept (json, string, function); clang-tidy's exception check reads through
// nlohmann::json's assertions.
struct Report {  // NOLINT(bugprone-exception-escape)
  nlohmann::json json;
  std::string text;
  std::string svg;
  // Or the picture drawn only when asked for (drawing can cost more than a small job itself).
  std::function<std::string()> draw = {};
  std::string picture() const { return svg.empty() && draw ? draw() : svg; }
};
void emit(const GlobalOptions& options, const Report& report);

// Runs a subcommand body, turning exceptions into a one-line message and an exit code: 2 for
// InputError and for a path the file system refuses (too long, a loop of links, a file where a
// directory belongs), 1 for DataError and anything else.
int guarded(const std::function<int()>& body);
// A path the file system refused, in one line: the path as given (cut short) and the reason.
std::string filesystem_message(const std::filesystem::filesystem_error& e);

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
// The machine's physical memory in bytes (sysconf), for defaults sized from it.
double physical_memory_bytes();
// Refuses (InputError, before any work) a memory budget the machine cannot give: more than 90 %
// of its physical memory. `what` names the option ("--memory 64"), `fix` the way to fit.
void check_memory_fits(double bytes, const std::string& what, const std::string& fix);

}  // namespace gs::cli

namespace gs::tools {
using cli::Report;
}  // namespace gs::tools
