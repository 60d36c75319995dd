#include "tools/common/cli.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "engine/core/errors.h"
#include "solvers/io/checked_text_file.h"
#include "tools/common/command.h"
#include "tools/common/process_ranks.h"

namespace gs::cli {

namespace po = boost::program_options;

po::options_description global_options_description(GlobalOptions& options) {
  po::options_description global("Global options");
  global.add_options()("threads", po::value<int>(&options.threads)->default_value(0), "worker threads (0 = all cores)")(
      "json", po::value<std::string>(&options.json),
      "write the result as JSON to FILE ('-' = stdout, replacing the summary)")(
      "svg", po::value<std::string>(&options.svg),
      "draw the result (a position with its moves, a solution, a chart) as SVG to FILE")(
      "quiet,q", po::bool_switch(&options.quiet), "no progress on stderr")("help,h", "show this help");
  return global;
}

ThreadLimit::ThreadLimit(int threads) {
  // More threads than cores is allowed (scaling runs), not more than any machine this runs on.
  if (threads < 0 || threads > 1024) throw InputError("--threads must be 0 (all cores) to 1024");
  threads_ = threads == 0 ? static_cast<int>(std::max(1U, std::thread::hardware_concurrency())) : threads;
  control_ = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, threads_);
}

// Only rank 0 of an MPI job reports: the ranks' results are one result.
void emit(const GlobalOptions& options, const Report& report) {
  if (!reports()) return;
  if (options.human_output()) std::cout << report.text;
  emit_json(options, report.json);
  if (!options.svg.empty()) {
    const std::string picture = report.picture();
    if (picture.empty()) throw DataError("this result has no picture; --svg wrote nothing");
    write_file_atomically(options.svg, picture);
  }
}

void emit_json(const GlobalOptions& options, const nlohmann::json& result) {
  if (options.json.empty() || !reports()) return;
  const std::string text = result.dump(2) + "\n";
  if (options.json == "-") {
    std::cout << text;  // flushed and checked when the command ends (guarded)
    return;
  }
  write_file_atomically(options.json, text);
}

namespace {
// A full disk behind a redirection shows only when the buffer is flushed: once, as every
// command ends, for all it printed.
void check_stdout() {
  if (!std::cout.flush()) throw DataError("cannot write standard output (disk full or closed?)");
}
}  // namespace

std::string filesystem_message(const std::filesystem::filesystem_error& e) {
  return "cannot use '" + shown_path(e.path1().string()) + "': " + e.code().message();
}

int guarded(const std::function<int()>& body) {
  try {
    const int code = body();
    check_stdout();
    return code;
  } catch (const InputError& e) {
    std::cerr << "gamesolver: " << e.what() << "\n";
    return 2;
  } catch (const DataError& e) {
    std::cerr << "gamesolver: " << e.what() << "\n";
    return 1;
  } catch (const std::filesystem::filesystem_error& e) {
    // A path the file system refuses (too long, a file where a directory belongs, a loop of
    // links): the path the user gave, cut short, and the system's reason, as a usage error.
    std::cerr << "gamesolver: " << filesystem_message(e) << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "gamesolver: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "gamesolver: " << e.what() << "\n";
    return 1;
  }
}

double peak_memory_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

double physical_memory_bytes() {
  return static_cast<double>(sysconf(_SC_PHYS_PAGES)) * static_cast<double>(sysconf(_SC_PAGE_SIZE));
}

void check_memory_fits(double bytes, const std::string& what, const std::string& fix) {
  const double machine = physical_memory_bytes(), gib = double(1 << 30);
  if (!std::isfinite(bytes) || bytes < 0) throw InputError(what + " must be a number of 0 or more");
  if (bytes <= 0.9 * machine) return;
  std::ostringstream text;
  text.precision(3);
  text << what << " needs " << bytes / gib << " GiB; this machine has " << machine / gib << " GiB (" << fix << ")";
  throw InputError(text.str());
}

std::optional<std::string> read_move_line() {
  std::cout << "Your move: " << std::flush;
  std::string line;
  if (!std::getline(std::cin, line) || line == "quit" || line == "q") {
    std::cout << "\nStopped.\n";
    return std::nullopt;
  }
  return line;
}

}  // namespace gs::cli
