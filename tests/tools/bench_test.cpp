// gamesolver bench: the suite's shape, the comparison's verdicts, and the command end to end
// (answers checked, signature, a constructed regression flagged, the chart, usage errors).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "tests/support/cli_run.h"
#include "tests/support/sanitized.h"
#include "tools/bench/bench_run.h"
#include "tools/bench/bench_suite.h"
#include "tools/draw/bar_chart.h"

namespace gs::tools {
namespace {

using gs::testing::run;
using gs::testing::temp_path;

TEST(BenchSuite, EveryEntryHasAnswersNodesAndAUniqueName) {
  std::set<std::string> names;
  for (const BenchEntry& e : bench_entries()) {
    EXPECT_TRUE(names.insert(e.name()).second) << e.name();
    EXPECT_FALSE(e.answers.empty()) << e.name();
    EXPECT_FALSE(e.nodes.empty()) << e.name();
    EXPECT_FALSE(e.args.empty()) << e.name();
  }
  // Each suite includes the smaller ones.
  EXPECT_LT(suite_entries(Suite::quick).size(), suite_entries(Suite::standard).size());
  EXPECT_LT(suite_entries(Suite::standard).size(), suite_entries(Suite::full).size());
  EXPECT_EQ(suite_entries(Suite::full).size(), bench_entries().size());
}

TEST(BenchSuite, SolverAgainstSolverOnTheSameInstances) {
  // The instances more than one solver answers are run by each of them.
  std::map<std::string, std::set<std::string>> solvers;
  for (const BenchEntry& e : suite_entries(Suite::quick)) solvers[e.game + "/" + e.instance].insert(e.solver);
  EXPECT_EQ(solvers["peg/triangle6"], (std::set<std::string>{"dfs", "analysis", "fewest-moves", "fewest-moves-any"}));
  EXPECT_EQ(solvers["mnk/4,4,4"], (std::set<std::string>{"alpha-beta", "strong", "df-pn"}));
  EXPECT_EQ(solvers["mountnfall/4x4-t2"].size(), 2u);
}

BenchResult result_with(std::vector<double> seconds) {
  BenchResult r;
  r.entry = bench_entries().front();
  r.seconds = std::move(seconds);
  return r;
}

nlohmann::json old_run(double median, double low, double high) {
  return {{"entries",
           {{{"name", bench_entries().front().name()},
             {"threads", 1},
             {"seconds", {{"median", median}, {"low", low}, {"high", high}}}}}}};
}

TEST(BenchCompare, FlagsOnlyChangesBeyondTheNoise) {
  const BenchResult now = result_with({1.0, 1.02, 0.98});
  EXPECT_DOUBLE_EQ(now.median(), 1.0);
  EXPECT_NEAR(now.spread(), 0.04, 1e-12);
  // Three times slower than before: flagged.
  auto c = compare_bench({now}, old_run(0.33, 0.32, 0.34));
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].verdict, 1);
  EXPECT_NEAR(c[0].ratio, 1.0 / 0.33, 1e-9);
  // 5 % slower, within the noise floor: not flagged.
  c = compare_bench({now}, old_run(0.95, 0.94, 0.96));
  EXPECT_EQ(c[0].verdict, 0);
  // 25 % slower, but the old repeats were 40 % apart: not flagged either.
  c = compare_bench({now}, old_run(0.8, 0.6, 0.92));
  EXPECT_EQ(c[0].verdict, 0);
  // Twice as fast: faster.
  c = compare_bench({now}, old_run(2.0, 1.98, 2.02));
  EXPECT_EQ(c[0].verdict, -1);
  EXPECT_THROW(compare_bench({now}, nlohmann::json::array()), InputError);
}

// A baseline is checked whole before the suite runs: an entry of the wrong type is refused, not
// skipped (it would silently drop out of the comparison).
TEST(BenchCompare, ABaselineWithAnEntryOfTheWrongTypeIsRefusedBeforeTheSuite) {
  nlohmann::json bad = old_run(1.0, 0.9, 1.1);
  EXPECT_NO_THROW(check_bench_baseline(bad));
  bad["entries"].push_back({{"name", "x"}, {"threads", "one"}, {"seconds", {{"median", 1}, {"low", 1}, {"high", 1}}}});
  EXPECT_THROW(check_bench_baseline(bad), InputError);
  const std::string path = temp_path("bad-baseline.json");
  std::ofstream(path) << bad.dump();
  // --filter matching every entry: the refusal must come before any of them runs.
  const auto r = run("bench --quiet --compare " + path, 20);
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("entry 2 is not a bench result"), std::string::npos) << r.output;
  std::filesystem::remove(path);
}

TEST(BenchCli, ChecksAnswersAndSumsTheSingleThreadNodes) {
  const std::string json = temp_path("bench.json");
  const auto r = run("bench --filter triangle5 --threads 1,2 --json " + json + " --quiet");
  ASSERT_EQ(r.code, 0) << r.output;
  std::ifstream in(json);
  const nlohmann::json j = nlohmann::json::parse(in);
  std::uint64_t single = 0;
  ASSERT_EQ(j["entries"].size(), 6u);  // three solvers, two thread counts
  for (const auto& e : j["entries"]) {
    EXPECT_TRUE(e["ok"].get<bool>()) << e.dump();
    EXPECT_GT(e["nodes"].get<std::uint64_t>(), 0u);
    EXPECT_GT(e["peak_memory_mib"].get<double>(), 0.0);
    if (e["threads"] == 1) single += e["nodes"].get<std::uint64_t>();
  }
  EXPECT_EQ(j["signature"].get<std::uint64_t>(), single);
  EXPECT_NE(r.output.find("Scaling"), std::string::npos) << r.output;
  std::filesystem::remove(json);
}

TEST(BenchCli, ComparisonFlagsARunMadeSlowerOnPurpose) {
  // The old run is this run with every time divided by four: the new one is four times slower.
  const std::string json = temp_path("bench-old.json"), svg = temp_path("bench.svg");
  ASSERT_EQ(run("bench --filter triangle6/analysis --json " + json + " --quiet").code, 0);
  nlohmann::json old;
  {
    std::ifstream in(json);
    old = nlohmann::json::parse(in);
  }
  for (auto& e : old["entries"])
    for (const char* k : {"median", "low", "high"}) e["seconds"][k] = e["seconds"][k].get<double>() / 4;
  std::ofstream(json) << old.dump();
  const auto r = run("bench --filter triangle6/analysis --compare " + json + " --svg " + svg + " --quiet");
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("SLOWER"), std::string::npos) << r.output;
  std::ifstream chart(svg);
  std::stringstream text;
  text << chart.rdbuf();
  EXPECT_EQ(text.str().rfind("<svg", 0), 0u);
  EXPECT_NE(text.str().find("new / old"), std::string::npos);
  EXPECT_NE(text.str().find("</svg>"), std::string::npos);
  std::filesystem::remove(json);
  std::filesystem::remove(svg);
}

TEST(BenchCli, QuickSuiteReproducesTheCommittedSignature) {
  // The suite's searches run under the sanitizers in their own tests, the runner in the next test.
  if (gs::testing::kSanitized) GTEST_SKIP() << "the signature is checked by the Release suite";
  const auto r =
      run(std::string("bench --suite quick --quiet --signature ") + GAMESOLVER_SOURCE_DIR + "/bench/signature.txt");
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(r.output.find("FAILED"), std::string::npos) << r.output;
}

TEST(BenchCli, ADifferentSignatureFails) {
  const std::string file = temp_path("signature.txt");
  std::ofstream(file) << "12345\n";
  const auto r = run("bench --filter triangle5/dfs --quiet --signature " + file);
  EXPECT_EQ(r.code, 1) << r.output;
  EXPECT_NE(r.output.find("differs from"), std::string::npos) << r.output;
  std::filesystem::remove(file);
}

TEST(BenchCli, UsageErrors) {
  gs::testing::expect_usage_errors({
      {"bench --suite huge", "--suite must be quick, standard or full"},
      {"bench --threads 0", "--threads takes thread counts"},
      {"bench --threads 1,x", "--threads takes thread counts"},
      {"bench --repeat 0", "--repeat must be between 1 and 100"},
      {"bench --filter nothing-matches", "matches no entry"},
      {"bench --bogus", "unrecognised option"},
  });
  const auto r = run("bench --compare /nonexistent/old.json --filter triangle5/dfs");
  EXPECT_EQ(r.code, 1) << r.output;
}

TEST(BenchRun, AWrongAnswerFailsTheEntry) {
  BenchEntry wrong = bench_entries().front();  // the English game is solved: say it is not
  wrong.answers = {{"/solved", "false"}};
  const BenchResult r = run_bench_entry(wrong, 1, 1, GAMESOLVER_BINARY, temp_path("scratch"));
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.failure.find("wrong answer: solved is true, not false"), std::string::npos) << r.failure;
  BenchEntry failing = wrong;
  failing.args = {"peg", "--board", "no-such-board"};
  const BenchResult f = run_bench_entry(failing, 1, 1, GAMESOLVER_BINARY, temp_path("scratch"));
  EXPECT_NE(f.failure.find("exit code 2"), std::string::npos) << f.failure;
}

TEST(BenchSvgChart, BarsForEveryPositiveValue) {
  const std::string svg = draw::svg_bar_chart({.title = "t <1>",
                                               .axis = "s",
                                               .labels = {"a", "b", "c"},
                                               .series = {"x", "y"},
                                               .values = {{1, 2, 0}, {3, 0, 4}},
                                               .log_scale = false,
                                               .reference = std::nullopt});
  std::size_t bars = 0;
  for (std::size_t at = svg.find("<rect x="); at != std::string::npos; at = svg.find("<rect x=", at + 1)) ++bars;
  EXPECT_EQ(bars, 4u + 2u);  // four bars and two legend squares
  EXPECT_NE(svg.find("t &lt;1&gt;"), std::string::npos);
}

}  // namespace
}  // namespace gs::tools
