// Every registered command must have help naming each of its modes, notation that reads back
// what it prints, and a perft equal to figures from a second source: a game cannot join the
// registry without them.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "tests/support/cli_run.h"
#include "tools/registry.h"

namespace gs::tools {
namespace {

using gs::testing::run;

TEST(Registry, NamesAreUniqueAndEveryCommandIsComplete) {
  std::set<std::string> names;
  for (const Command& c : commands()) {
    EXPECT_TRUE(names.insert(c.name).second) << c.name;
    EXPECT_FALSE(c.summary.empty()) << c.name;
    EXPECT_FALSE(c.modes.empty()) << c.name;
    EXPECT_FALSE(c.examples.empty()) << c.name;
    EXPECT_TRUE(c.run) << c.name;
    ASSERT_TRUE(c.self_checks) << c.name << " has no self-checks";
    for (const Parameter& p : c.parameters) {
      EXPECT_FALSE(p.help.empty()) << c.name << " --" << p.name;
      if (p.min) {
        EXPECT_TRUE(std::stoll(p.default_value) >= *p.min && std::stoll(p.default_value) <= *p.max) << p.name;
      }
    }
  }
  EXPECT_EQ(find_command("peg"), &commands()[0]);
  EXPECT_EQ(find_command("frobnicate"), nullptr);
}

TEST(Registry, HelpListsEveryModeParameterAndExample) {
  const auto top = run("--help");
  EXPECT_EQ(top.code, 0);
  for (const Command& c : commands()) {
    EXPECT_NE(top.output.find("  " + c.name + " "), std::string::npos) << c.name;
    const auto r = run(c.name + " --help");
    EXPECT_EQ(r.code, 0) << c.name << r.output;
    for (const ModeInfo& m : c.modes)
      EXPECT_NE(r.output.find("gamesolver " + c.name + " " + m.synopsis), std::string::npos) << m.name;
    for (const Parameter& p : c.parameters) EXPECT_NE(r.output.find("--" + p.name), std::string::npos) << p.name;
    EXPECT_NE(r.output.find("Examples:"), std::string::npos) << c.name;
  }
}

TEST(Registry, UnknownModesAndOutOfRangeParametersAreRefused) {
  for (const Command& c : commands()) {
    const auto r = run(c.name + " frobnicate");
    EXPECT_EQ(r.code, 2) << c.name << r.output;
    // A command whose default mode takes a file reads the word as that file (`view FILE`).
    const bool word_is_a_file =
        std::any_of(c.modes.begin(), c.modes.end(), [](const ModeInfo& m) { return m.is_default && m.takes_file; });
    if (!word_is_a_file) {
      EXPECT_NE(r.output.find("unknown " + c.name + " mode 'frobnicate'"), std::string::npos) << r.output;
    }
    for (const Parameter& p : c.parameters) {
      if (!p.min) continue;
      const auto low = run(c.name + " --" + p.name + " " + std::to_string(*p.min - 1));
      EXPECT_EQ(low.code, 2) << c.name << " --" << p.name << low.output;
      EXPECT_NE(low.output.find("--" + p.name + " must be between"), std::string::npos) << low.output;
    }
  }
}

TEST(Registry, EveryGameReadsBackWhatItPrintsAndMatchesItsPerft) {
  int games = 0;
  for (const Command& c : commands())
    for (const SelfCheck& check : c.self_checks()) {
      ++games;
      ASSERT_FALSE(check.positions.empty()) << check.game << " has no sample positions";
      for (const std::string& text : check.positions) EXPECT_EQ(check.round_trip(text), text) << check.game;
      ASSERT_FALSE(check.perft_reference.empty()) << check.game << " has no perft figures";
      for (std::size_t d = 0; d < check.perft_reference.size(); ++d)
        EXPECT_EQ(check.perft(static_cast<int>(d) + 1), check.perft_reference[d]) << check.game << " depth " << d + 1;
    }
  EXPECT_GE(games, 8);
}

// A game joins the benchmark suite with its command: every game a command checks is run by a
// quick entry of some command that checks it, and every entry runs a registered command.
TEST(Registry, EveryGameHasAQuickBenchEntryOfItsOwn) {
  std::set<std::string> benchmarked, all;
  for (const Command& c : commands()) {
    for (const BenchEntry& e : c.bench) {
      ASSERT_FALSE(e.args.empty()) << e.name();
      EXPECT_NE(find_command(e.args.front()), nullptr) << e.name() << " runs an unknown command";
    }
    const bool quick =
        std::any_of(c.bench.begin(), c.bench.end(), [](const BenchEntry& e) { return e.suite == Suite::quick; });
    for (const SelfCheck& check : c.self_checks()) {
      all.insert(check.game);
      if (quick) benchmarked.insert(check.game);
    }
  }
  EXPECT_GE(all.size(), 7u);
  for (const std::string& game : all) EXPECT_TRUE(benchmarked.count(game)) << game << " has no quick bench entry";
}

}  // namespace
}  // namespace gs::tools
