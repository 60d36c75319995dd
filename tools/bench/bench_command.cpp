// `gamesolver bench`: the benchmark suite from the command line (tools/bench/bench_suite.h).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include <unistd.h>

#include <boost/program_options.hpp>

#include "engine/core/errors.h"
#include "engine/core/read_file.h"
#include "solvers/io/checked_text_file.h"
#include "tools/bench/bench_run.h"
#include "tools/common/child_process.h"
#include "tools/common/cli.h"
#include "tools/common/command.h"
#include "tools/common/json_number.h"
#include "tools/common/report_builder.h"
#include "tools/common/scratch_directory.h"
#include "tools/draw/bar_chart.h"

namespace gs::tools {

namespace {

namespace po = boost::program_options;

const char* kUsage =
    R"(Usage: gamesolver bench [--suite quick|standard|full] [--threads 1,2] [--repeat N] [options]

Runs a fixed suite of instances of every game, each by every solver that answers it, as child
processes of this program (exactly the commands a user runs), and checks each answer: a wrong
answer fails the bench (exit 1), not only a slow one. For each entry: answer, nodes (positions
or search nodes), seconds (the command's own time; the median of --repeat runs, with the
spread), peak memory of the process, nodes per second.

The last line is the signature: the total node count of the single-thread runs. Searches are
deterministic with one thread, so it changes only when a search's behaviour changes; CI checks
the quick suite's against bench/signature.txt (--signature FILE), which a commit that changes a
search on purpose updates.

Suites: quick (seconds; CI), standard (minutes), full (the frontier problems; hours). Each
includes the smaller ones.
)";

const char* kExamples =
    R"(  gamesolver bench                                      the quick suite, one thread
  gamesolver bench --suite standard --repeat 3 --json before.json
  gamesolver bench --suite standard --repeat 3 --compare before.json --svg ratios.svg
  gamesolver bench --threads 1,2 --svg scaling.svg      speedup and efficiency per entry
  gamesolver bench --list                               the entries and their commands
)";

struct BenchOptions {
  std::string suite = "quick", threads = "1", filter, compare, signature;
  int repeat = 1;
  bool list = false;
};

std::vector<int> parse_threads(const std::string& text) {
  std::vector<int> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    try {
      std::size_t used = 0;
      const int t = std::stoi(item, &used);
      if (used != item.size() || t < 1 || t > 1024) throw std::invalid_argument(item);
      out.push_back(t);
    } catch (const std::exception&) {
      throw InputError("--threads takes thread counts from 1 to 1024 separated by commas, e.g. 1,2");
    }
  }
  if (out.empty()) throw InputError("--threads takes thread counts from 1 to 1024 separated by commas, e.g. 1,2");
  return out;
}

std::string pad(const std::string& s, std::size_t width, bool right = false) {
  if (s.size() >= width) return s;
  return right ? std::string(width - s.size(), ' ') + s : s + std::string(width - s.size(), ' ');
}

std::string results_table(const std::vector<BenchResult>& results, int repeat) {
  std::ostringstream t;
  t << pad("entry", 44) << pad("thr", 4, true) << "  " << pad("nodes", 14, true) << pad("seconds", 10, true)
    << (repeat > 1 ? pad("spread", 8, true) : "") << pad("MiB", 8, true) << pad("nodes/s", 12, true) << "  answer\n";
  for (const BenchResult& r : results) {
    const double m = r.median();
    t << pad(r.entry.name(), 44) << pad(std::to_string(r.threads), 4, true) << "  "
      << pad(std::to_string(r.nodes), 14, true) << pad(fixed(m, 3), 10, true)
      << (repeat > 1 ? pad(fixed(100 * r.spread(), 0) + "%", 8, true) : "") << pad(fixed(r.peak_mib, 0), 8, true)
      << pad(m > 0 ? fixed(static_cast<double>(r.nodes) / m, 0) : "-", 12, true) << "  "
      << (r.ok() ? r.answer : "FAILED: " + r.failure) << "\n";
  }
  return t.str();
}

// Speedup and efficiency of each entry against its run with the fewest threads.
struct Scaling {
  std::string name;
  std::vector<int> threads;
  std::vector<double> seconds;
};
std::vector<Scaling> scaling_of(const std::vector<BenchResult>& results) {
  std::vector<Scaling> out;
  std::map<std::string, std::size_t> index;
  for (const BenchResult& r : results) {
    if (!r.ok()) continue;
    auto [it, added] = index.try_emplace(r.entry.name(), out.size());
    if (added) {
      out.emplace_back();
      out.back().name = r.entry.name();
    }
    out[it->second].threads.push_back(r.threads);
    out[it->second].seconds.push_back(r.median());
  }
  return out;
}

std::string scaling_table(const std::vector<Scaling>& scaling) {
  std::ostringstream t;
  t << "\nScaling (speedup = seconds with the fewest threads / seconds; efficiency = speedup per thread, "
       "relative):\n"
    << pad("entry", 44);
  for (int n : scaling.front().threads) t << pad(std::to_string(n) + " thr s", 11, true);
  for (std::size_t k = 1; k < scaling.front().threads.size(); ++k) t << pad("speedup", 9, true) << pad("eff.", 7, true);
  t << "\n";
  for (const Scaling& s : scaling) {
    t << pad(s.name, 44);
    for (double sec : s.seconds) t << pad(fixed(sec, 3), 11, true);
    for (std::size_t k = 1; k < s.seconds.size(); ++k) {
      const double speedup = s.seconds[k] > 0 ? s.seconds[0] / s.seconds[k] : 0;
      const double ratio = static_cast<double>(s.threads[k]) / s.threads[0];
      t << pad(fixed(speedup, 2), 9, true) << pad(fixed(100 * speedup / ratio, 0) + "%", 7, true);
    }
    t << "\n";
  }
  return t.str();
}

std::string comparison_table(const std::vector<BenchComparison>& comparisons, const std::string& file) {
  std::ostringstream t;
  t << "\nAgainst " << file << " (ratio = new / old median seconds; flagged beyond the noise the repeats show, at "
    << "least " << fixed(100 * kMinNoise, 0) << "%):\n"
    << pad("entry", 44) << pad("thr", 4, true) << pad("old s", 10, true) << pad("new s", 10, true)
    << pad("ratio", 8, true) << pad("noise", 8, true) << "\n";
  for (const BenchComparison& c : comparisons)
    t << pad(c.name, 44) << pad(std::to_string(c.threads), 4, true) << pad(fixed(c.old_seconds, 3), 10, true)
      << pad(fixed(c.new_seconds, 3), 10, true) << pad(fixed(c.ratio, 2), 8, true)
      << pad(fixed(100 * c.noise, 0) + "%", 8, true)
      << (c.verdict > 0   ? "  SLOWER"
          : c.verdict < 0 ? "  faster"
                          : "")
      << "\n";
  return t.str();
}

// The chart that fits the run: ratios to an older run, else speedups over thread counts, else
// the seconds of each entry.
draw::BarChart chart_of(const std::vector<BenchResult>& results, const std::vector<BenchComparison>& comparisons,
                        const std::vector<Scaling>& scaling, bool compared, const std::string& suite) {
  draw::BarChart chart;
  if (compared) {
    chart.title = "gamesolver bench --suite " + suite + ": new / old seconds";
    chart.axis = "new / old (below 1: faster)";
    chart.series = {"ratio"};
    chart.values = {{}};
    chart.reference = 1.0;
    for (const BenchComparison& c : comparisons) {
      chart.labels.push_back(c.name + " (" + std::to_string(c.threads) + " thr)");
      chart.values[0].push_back(c.ratio);
    }
  } else if (!scaling.empty() && scaling.front().threads.size() > 1) {
    chart.title = "gamesolver bench --suite " + suite + ": speedup over thread counts";
    chart.axis = "speedup against " + std::to_string(scaling.front().threads.front()) + " thread(s)";
    chart.reference = 1.0;
    for (int n : scaling.front().threads) chart.series.push_back(std::to_string(n) + (n == 1 ? " thread" : " threads"));
    chart.values.assign(chart.series.size(), {});
    for (const Scaling& s : scaling) {
      chart.labels.push_back(s.name);
      for (std::size_t k = 0; k < chart.series.size(); ++k)
        chart.values[k].push_back(k < s.seconds.size() && s.seconds[k] > 0 ? s.seconds[0] / s.seconds[k] : 0);
    }
  } else {
    chart.title = "gamesolver bench --suite " + suite + ": seconds per entry";
    chart.axis = "seconds";
    chart.series = {"seconds"};
    chart.values = {{}};
    chart.log_scale = true;
    for (const BenchResult& r : results) {
      chart.labels.push_back(r.entry.name() + " (" + std::to_string(r.threads) + " thr)");
      chart.values[0].push_back(r.median());
    }
  }
  return chart;
}

std::uint64_t read_signature(const std::string& path) {
  std::ifstream in(path);
  std::string word;
  if (!in || !(in >> word)) throw DataError(path + ": cannot read a signature");
  try {
    std::size_t used = 0;
    const std::uint64_t v = std::stoull(word, &used);
    if (used == word.size()) return v;
  } catch (const std::exception&) {
  }
  throw DataError(path + ": the first word is not a signature (a node count)");
}

// The entries of the suite that --filter keeps.
std::vector<BenchEntry> chosen_entries(const BenchOptions& o) {
  std::vector<BenchEntry> entries;
  for (const BenchEntry& e : suite_entries(parse_suite(o.suite)))
    if (o.filter.empty() || e.name().find(o.filter) != std::string::npos) entries.push_back(e);
  if (entries.empty()) throw InputError("--filter " + o.filter + " matches no entry of the " + o.suite + " suite");
  return entries;
}

void list_entries(const std::vector<BenchEntry>& entries) {
  for (const BenchEntry& e : entries) {
    std::cout << pad(e.name(), 44) << pad(suite_name(e.suite), 10) << "gamesolver";
    for (const std::string& a : e.args) std::cout << " " << a;
    std::cout << "\n";
  }
}

// Every entry with every thread count, each in a process of its own, progress on stderr.
std::vector<BenchResult> run_entries(const std::vector<BenchEntry>& entries, const std::vector<int>& threads,
                                     int repeat, const cli::GlobalOptions& global) {
  const cli::ScratchDirectory scratch_dir("bench");
  const std::filesystem::path scratch = scratch_dir.path();
  const std::string exe = cli::self_executable();
  std::vector<BenchResult> results;
  const std::size_t total = entries.size() * threads.size();
  for (const BenchEntry& e : entries)
    for (int t : threads) {
      if (global.progress())
        std::cerr << "[" << results.size() + 1 << "/" << total << "] " << e.name() << ", " << t << " thread(s)"
                  << std::flush;
      results.push_back(run_bench_entry(e, t, repeat, exe, scratch));
      if (global.progress())
        std::cerr << ": " << (results.back().ok() ? fixed(results.back().median(), 3) + " s" : "FAILED") << "\n";
    }
  return results;
}

nlohmann::json comparison_json(const std::vector<BenchComparison>& comparisons, const std::string& against) {
  nlohmann::json cs = nlohmann::json::array();
  int slower = 0;
  for (const BenchComparison& c : comparisons) {
    slower += c.verdict > 0 ? 1 : 0;
    cs.push_back({{"name", c.name},
                  {"threads", c.threads},
                  {"old_seconds", c.old_seconds},
                  {"new_seconds", c.new_seconds},
                  {"ratio", c.ratio},
                  {"noise", c.noise},
                  {"verdict", c.verdict > 0   ? "slower"
                              : c.verdict < 0 ? "faster"
                                              : "within noise"}});
  }
  return {{"against", against}, {"entries", cs}, {"slower", slower}};
}

int run(const BenchOptions& o, const cli::GlobalOptions& global) {
  const std::vector<int> threads = parse_threads(o.threads);
  if (o.repeat < 1 || o.repeat > 100) throw InputError("--repeat must be between 1 and 100");
  const std::vector<BenchEntry> entries = chosen_entries(o);
  if (o.list) {
    list_entries(entries);
    return 0;
  }
  // The files the end compares with are read first: a bad one should not cost a whole run.
  const bool has_signature = std::find(threads.begin(), threads.end(), 1) != threads.end();
  if (!o.signature.empty() && !has_signature)
    throw InputError("--signature needs a run with 1 thread (--threads 1,...)");
  const std::uint64_t expected = o.signature.empty() ? 0 : read_signature(o.signature);
  nlohmann::json old;
  if (!o.compare.empty()) {
    old = parse_user_json(read_file<DataError>(o.compare, std::uintmax_t{64} << 20, "bench result"), o.compare);
    check_bench_baseline(old);
  }
  const std::vector<BenchResult> results = run_entries(entries, threads, o.repeat, global);

  int failures = 0;
  for (const BenchResult& r : results) failures += r.ok() ? 0 : 1;
  const std::uint64_t signature = bench_signature(results);
  const std::vector<BenchComparison> comparisons =
      o.compare.empty() ? std::vector<BenchComparison>{} : compare_bench(results, old);
  const std::vector<Scaling> scaling = scaling_of(results);
  const bool signature_differs = !o.signature.empty() && expected != signature;

  std::ostringstream text;
  text << results_table(results, o.repeat);
  if (threads.size() > 1 && !scaling.empty()) text << scaling_table(scaling);
  if (!o.compare.empty()) text << comparison_table(comparisons, o.compare);
  if (failures) text << "\n" << failures << " entr" << (failures == 1 ? "y" : "ies") << " FAILED\n";
  if (signature_differs)
    text << "\nThe signature " << signature << " differs from " << o.signature << "'s " << expected
         << ": a search behaves differently. If that is meant, write the new signature to " << o.signature
         << " in the same commit.\n";
  text << "\n"
       << (has_signature ? "Signature: " + std::to_string(signature) : "Signature: none (no run with 1 thread)")
       << "\n";
  nlohmann::json j = {
      {"suite", o.suite},     {"threads", threads},
      {"repeat", o.repeat},   {"entries", bench_json(results)},
      {"failures", failures}, {"signature", has_signature ? nlohmann::json(signature) : nlohmann::json()}};
  if (!o.compare.empty()) j["comparison"] = comparison_json(comparisons, o.compare);
  if (!o.signature.empty()) j["signature_expected"] = expected;
  cli::emit(global, {.json = j,
                     .text = text.str(),
                     .svg = draw::svg_bar_chart(chart_of(results, comparisons, scaling, !o.compare.empty(), o.suite))});
  return failures > 0 || signature_differs ? 1 : 0;
}

// Parses the arguments after "bench" and runs it; the exit code (1 when an answer is wrong or the
// signature differs from --signature FILE's). Its own parser: its --threads is a list.
int bench_main(const std::vector<std::string>& args) {
  BenchOptions o;
  cli::GlobalOptions global;
  po::options_description own("bench options");
  own.add_options()("suite", po::value<std::string>(&o.suite)->default_value("quick"), "quick, standard or full")(
      "threads", po::value<std::string>(&o.threads)->default_value("1"),
      "thread counts to run each entry with, e.g. 1,2 (a scaling table when more than one)")(
      "repeat", po::value<int>(&o.repeat)->default_value(1), "runs of each entry: median and spread")(
      "filter", po::value<std::string>(&o.filter), "only the entries whose name contains TEXT")(
      "list", po::bool_switch(&o.list), "print the entries and their commands")(
      "compare", po::value<std::string>(&o.compare), "an older run's --json FILE: ratios, regressions flagged")(
      "signature", po::value<std::string>(&o.signature),
      "a file holding the expected signature: a different one fails (exit 1)")(
      "svg", po::value<std::string>(&global.svg), "write a chart: ratios, speedups or seconds")(
      "json", po::value<std::string>(&global.json), "write the result as JSON to FILE ('-' = stdout)")(
      "quiet,q", po::bool_switch(&global.quiet), "no progress on stderr")("help,h", "show this help");
  po::options_description all;
  std::vector<std::string> words;
  all.add(own).add_options()("word", po::value(&words));
  po::positional_options_description positional;
  positional.add("word", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw InputError(std::string(e.what()) + " (see gamesolver bench --help)");
  }
  if (vm.count("help")) {
    std::cout << kUsage << "\n" << own << "\nExamples:\n" << kExamples;
    return 0;
  }
  if (!words.empty()) throw InputError("unknown bench mode '" + words.front() + "' (see gamesolver bench --help)");
  return run(o, global);
}

}  // namespace

Command bench_command() {
  return Command{
      .name = "bench",
      .summary = "the benchmark suite: every game and solver, answers checked, a signature",
      .modes = {{.name = "run",
                 .synopsis = "[--suite quick|standard|full] [--threads 1,2] [--repeat N] [options]",
                 .summary = "run the suite",
                 .is_default = true},
                {.name = "list", .synopsis = "--list", .summary = "the entries and their commands", .is_switch = true}},
      .examples = kExamples,
      .run = bench_main,
      .self_checks = [] { return std::vector<SelfCheck>{}; },  // the games' entries are theirs
  };
}

}  // namespace gs::tools
