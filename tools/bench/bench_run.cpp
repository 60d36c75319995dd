#include "tools/bench/bench_run.h"

#include <algorithm>
#include <map>

#include "engine/core/errors.h"
#include "tools/common/child_process.h"
#include "tools/common/json_number.h"

namespace gs::tools {

namespace {

std::vector<double> sorted(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// The text of a JSON value as the suite writes expected answers.
std::string value_text(const nlohmann::json& j, const std::string& pointer) {
  const nlohmann::json::json_pointer p(pointer);
  return j.contains(p) ? j.at(p).dump() : "(missing)";
}

std::uint64_t count_at(const nlohmann::json& j, const std::string& pointer) {
  const nlohmann::json::json_pointer p(pointer);
  if (!j.contains(p)) return 0;
  const nlohmann::json& v = j.at(p);
  return v.is_number_unsigned() ? v.get<std::uint64_t>() : v.is_string() ? std::stoull(v.get<std::string>()) : 0;
}

}  // namespace

double BenchResult::median() const {
  if (seconds.empty()) return 0;
  const auto s = sorted(seconds);
  return s.size() % 2 ? s[s.size() / 2] : (s[s.size() / 2 - 1] + s[s.size() / 2]) / 2;
}
double BenchResult::low() const { return seconds.empty() ? 0 : *std::min_element(seconds.begin(), seconds.end()); }
double BenchResult::high() const { return seconds.empty() ? 0 : *std::max_element(seconds.begin(), seconds.end()); }
double BenchResult::spread() const { return median() > 0 ? (high() - low()) / median() : 0; }

BenchResult run_bench_entry(const BenchEntry& entry, int threads, int repeat, const std::string& exe,
                            const std::filesystem::path& scratch) {
  BenchResult r;
  r.entry = entry, r.threads = threads;
  for (int k = 0; k < repeat && r.ok(); ++k) {
    std::vector<std::string> argv = {exe};
    argv.insert(argv.end(), entry.args.begin(), entry.args.end());
    argv.insert(argv.end(), {"--threads", std::to_string(threads), "--json", "-", "--quiet"});
    std::filesystem::path dir;
    if (entry.writes_tables) {
      dir = scratch / (entry.game + "-" + entry.instance + "-" + entry.solver);
      std::filesystem::remove_all(dir);
      argv.insert(argv.end(), {"--dir", dir.string()});
    }
    const cli::ChildResult child = cli::run_child(argv);
    if (!dir.empty()) std::filesystem::remove_all(dir);
    if (child.exit_code != 0) {
      const std::string err = child.err.substr(child.err.rfind('\n', child.err.size() - 2) + 1);
      r.failure = "exit code " + std::to_string(child.exit_code) + (err.empty() ? "" : ": " + err);
      break;
    }
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(child.out);
    } catch (const nlohmann::json::exception&) {
      r.failure = "the command's output is not JSON";
      break;
    }
    std::string answer;
    for (const auto& [pointer, expected] : entry.answers) {
      const std::string found = value_text(j, pointer);
      answer += (answer.empty() ? "" : "; ") + pointer.substr(1) + "=" + found;
      if (found != expected) r.failure = "wrong answer: " + pointer.substr(1) + " is " + found + ", not " + expected;
    }
    const std::uint64_t nodes = count_at(j, entry.nodes);
    if (k > 0 && threads == 1 && nodes != r.nodes)
      r.failure =
          "nodes differ between repeats with one thread: " + std::to_string(r.nodes) + " and " + std::to_string(nodes);
    r.nodes = nodes, r.answer = answer;
    r.seconds.push_back(j.contains("seconds") ? j["seconds"].get<double>() : child.wall_seconds);
    r.peak_mib = std::max(r.peak_mib, child.peak_mib);
  }
  return r;
}

std::uint64_t bench_signature(const std::vector<BenchResult>& results) {
  std::uint64_t total = 0;
  for (const BenchResult& r : results)
    if (r.threads == 1) total += r.nodes;
  return total;
}

nlohmann::json bench_json(const std::vector<BenchResult>& results) {
  nlohmann::json entries = nlohmann::json::array();
  for (const BenchResult& r : results) {
    const double median = r.median();
    entries.push_back({{"name", r.entry.name()},
                       {"game", r.entry.game},
                       {"instance", r.entry.instance},
                       {"solver", r.entry.solver},
                       {"command", r.entry.args},
                       {"threads", r.threads},
                       {"ok", r.ok()},
                       {"failure", r.failure},
                       {"answer", r.answer},
                       {"nodes", r.nodes},
                       {"seconds", {{"median", median}, {"low", r.low()}, {"high", r.high()}, {"runs", r.seconds}}},
                       {"peak_memory_mib", r.peak_mib},
                       {"nodes_per_second", median > 0 ? static_cast<double>(r.nodes) / median : 0.0}});
  }
  return entries;
}

void check_bench_baseline(const nlohmann::json& old) {
  if (!old.is_object() || !old.contains("entries") || !old["entries"].is_array())
    throw InputError("--compare: not a file written by gamesolver bench --json (no \"entries\")");
  std::size_t i = 0;
  for (const nlohmann::json& e : old["entries"]) {
    const auto number = [&](const char* key) {
      return e["seconds"].is_object() && e["seconds"].contains(key) && e["seconds"][key].is_number();
    };
    if (!e.is_object() || !e.contains("name") || !e["name"].is_string() || !e.contains("threads") ||
        !e["threads"].is_number_integer() || !e.contains("seconds") || !number("median") || !number("low") ||
        !number("high"))
      throw InputError("--compare: entry " + std::to_string(i + 1) +
                       " is not a bench result (name, threads, seconds: median, low, high)");
    json_int(e["threads"], "--compare: threads");
    ++i;
  }
}

std::vector<BenchComparison> compare_bench(const std::vector<BenchResult>& now, const nlohmann::json& old) {
  check_bench_baseline(old);
  std::map<std::pair<std::string, int>, const nlohmann::json*> before;
  for (const nlohmann::json& e : old["entries"])
    before[{e["name"].get<std::string>(), json_int(e["threads"], "threads")}] = &e;
  std::vector<BenchComparison> out;
  for (const BenchResult& r : now) {
    const auto it = before.find({r.entry.name(), r.threads});
    if (it == before.end() || !r.ok()) continue;
    const nlohmann::json& s = (*it->second)["seconds"];
    const double old_median = s["median"].get<double>(), new_median = r.median();
    if (old_median <= 0 || new_median <= 0) continue;
    const double old_spread = (s["high"].get<double>() - s["low"].get<double>()) / old_median;
    BenchComparison c{.name = r.entry.name(),
                      .threads = r.threads,
                      .old_seconds = old_median,
                      .new_seconds = new_median,
                      .ratio = new_median / old_median};
    // Two runs' medians can differ by about the sum of their spreads without any change.
    c.noise = std::max(kMinNoise, old_spread + r.spread());
    c.verdict = c.ratio > 1 + c.noise ? 1 : c.ratio < 1 / (1 + c.noise) ? -1 : 0;
    out.push_back(c);
  }
  return out;
}

}  // namespace gs::tools
