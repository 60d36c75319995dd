// gamesolver hopscotch end to end: JSON keys, play files and verify, stats, usage errors.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "solvers/io/checked_text_file.h"
#include "tests/support/cli_run.h"
#include "tests/support/hopscotch_stats_options.h"
#include "tests/support/sanitized.h"
#include "tools/hopscotch/hopscotch_jobs.h"

namespace {

using namespace gs::testing;

TEST(HopscotchCli, SolveGivesTheIssueKeysAndAPlayThatVerifies) {
  const std::string play = temp_path("hop-play.txt");
  const auto j = run_json("hopscotch --seed 1 --output " + play);
  for (const char* key : {"deal", "won", "score", "plays", "nodes", "seconds"}) EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["won"], true);
  EXPECT_EQ(j["score"], 48);
  const auto v = run("hopscotch verify " + play);
  EXPECT_EQ(v.code, 0) << v.output;
  EXPECT_NE(v.output.find("valid win"), std::string::npos);

  // Change one play: the checksum refuses the file (exit 1).
  std::string body;
  {
    std::ifstream in(play);
    body.assign(std::istreambuf_iterator<char>(in), {});
  }
  const auto at = body.find(">R1");
  ASSERT_NE(at, std::string::npos);
  std::string tampered = body;
  tampered.replace(at, 3, ">R2");
  std::ofstream(play) << tampered;
  auto r = run("hopscotch verify " + play);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.output.find("checksum"), std::string::npos) << r.output;

  // A correctly signed file with an illegal play: verify says why (exit 1).
  std::string body_only = body.substr(0, body.rfind("checksum"));
  const auto first_play = body_only.find("play: ");
  body_only.insert(first_play, "play: R3:KH>F1\n");
  gs::write_checked_text(play, body_only);
  r = run("hopscotch verify " + play);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.output.find("INVALID: play 1"), std::string::npos) << r.output;
  std::filesystem::remove(play);
}

// Deal 37 is won by a beam (plain depth-first search did not decide it in 200 M nodes); the
// beam's play, traced back through the stored stages, verifies like any other.
TEST(HopscotchCli, BeamWinWritesAPlayThatVerifies) {
  const std::string play = temp_path("hop-beam-play.txt");
  const auto j = run_json("hopscotch --seed 37 --node-limit 100000 --threads 2 --output " + play);
  EXPECT_EQ(j["won"], true);
  EXPECT_EQ(j["score"], 48);
  const auto v = run("hopscotch verify " + play);
  EXPECT_EQ(v.code, 0) << v.output;
  EXPECT_NE(v.output.find("valid win"), std::string::npos) << v.output;
  std::filesystem::remove(play);
}

TEST(HopscotchCli, LostOrUnresolvedDealsSayWhatTheyKnow) {
  // A node limit of 1 decides nothing.
  const auto j = run_json("hopscotch --seed 37 --node-limit 1 --rollout-level 0");
  EXPECT_TRUE(j["won"].is_null());
  // The plain heuristic loses deal 37; its play says how far it got.
  const auto normal = run_json("hopscotch --seed 37 --normal --samples 0");
  EXPECT_EQ(normal["player"], "normal");
  EXPECT_EQ(normal["won"], false);
  EXPECT_LT(normal["score"].get<int>(), 48);
}

// Normal play of one deal is the game `stats --normal` plays for it (the same imagined orders),
// every play legal, the same with one thread and two.
TEST(HopscotchCli, NormalPlayOfADealIsTheGameStatsPlays) {
  const std::string play = temp_path("hop-normal-play.txt");
  const auto one = run_json("hopscotch --seed 5 --normal --samples 8 --output " + play);
  EXPECT_EQ(run("hopscotch verify " + play).code, 0);
  std::filesystem::remove(play);
  const auto stats = run_json("hopscotch stats --normal --deals 3 --seed 4 --samples 8 --threads 2");
  const auto stats1 = run_json("hopscotch stats --normal --deals 3 --seed 4 --samples 8 --threads 1");
  EXPECT_EQ(stats["won"], stats1["won"]);
  EXPECT_EQ(stats["mean_score"], stats1["mean_score"]);
  EXPECT_EQ(stats["player"], "normal");
  EXPECT_EQ(stats["samples"], 8);
  const double low = stats["ci95"][0], high = stats["ci95"][1], rate = stats["win_rate"];
  EXPECT_LE(low, rate);
  EXPECT_GE(high, rate);
  // Deal 5 is the second of deals 4-6: a lost deal 5 keeps the stats' won count at most 2.
  if (!one["won"].get<bool>()) {
    EXPECT_LE(stats["won"].get<int>(), 2);
  }
  const auto again = run_json("hopscotch --seed 5 --normal --samples 8");
  EXPECT_EQ(again["plays"], one["plays"]);
}

// The last cards played exactly: the same games with one thread and two, never more won than a
// player seeing the stock could still win at the handover, and the played games replay.
TEST(HopscotchCli, ExactLastCardsWinNoMoreThanTheStockSeenAllows) {
  const std::string base = "hopscotch stats --normal --deals 12 --seed 30 --samples 16 --exact-last 5";
  const auto two = run_json(base + " --threads 2");
  const auto one = run_json(base + " --threads 1");
  EXPECT_EQ(two["won"], one["won"]);
  EXPECT_EQ(two["winnable_at_handover"], one["winnable_at_handover"]);
  EXPECT_EQ(two["exact_last"], 5);
  EXPECT_LE(two["won"].get<int>(), two["winnable_at_handover"].get<int>());
  EXPECT_GT(two["won"].get<int>(), 0);
  const auto plain = run_json("hopscotch stats --normal --deals 12 --seed 30 --samples 16 --exact-last 0");
  EXPECT_FALSE(plain.contains("winnable_at_handover"));
  const std::string play = temp_path("hop-exact-play.txt");
  run_json("hopscotch --seed 31 --normal --samples 16 --exact-last 5 --output " + play);
  EXPECT_EQ(run("hopscotch verify " + play).code, 0);
  std::filesystem::remove(play);
}

// A person at the terminal: the normal player's plays, typed in, give its score; a bad play is
// refused with its reason and the game goes on; hints show imagined orders early and exact
// chances in the last cards.
TEST(HopscotchCli, PlayAtTheTerminalReplaysTheNormalGameWithHints) {
  const auto game = run_json("hopscotch --seed 5 --normal --samples 16");
  const auto plays = game["plays"].get<std::vector<std::string>>();
  const std::string typed = temp_path("hop-typed.txt");
  {
    std::ofstream out(typed);
    out << "7H>F9\n";
    for (const auto& play : plays) out << play << "\n";
  }
  const auto whole = run_shell(std::string(GAMESOLVER_BINARY) + " hopscotch play --seed 5 < " + typed + " 2>&1");
  EXPECT_EQ(whole.code, 0) << whole.output;
  EXPECT_NE(whole.output.find("the target is F1..F4 or R1..R4"), std::string::npos);
  const std::string end =
      game["won"].get<bool>() ? "Won: all 48 cards" : "score " + std::to_string(game["score"].get<int>()) + " of 48";
  EXPECT_NE(whole.output.find(end), std::string::npos) << whole.output.substr(whole.output.size() - 300);
  {
    // Up to the 42nd card turned, with a hint before the first real choice and at the end.
    std::ofstream out(typed);
    out << "hint\n";
    int turned = 0;
    for (const auto& play : plays) {
      if (turned == 42) break;
      out << play << "\n";
      turned += play.find(':') == std::string::npos;
    }
    out << "hint\nquit\n";
  }
  const auto hinted = run_shell(std::string(GAMESOLVER_BINARY) + " hopscotch play --seed 5 < " + typed + " 2>&1");
  EXPECT_EQ(hinted.code, 0);
  EXPECT_NE(hinted.output.find("no real choice"), std::string::npos) << hinted.output;
  EXPECT_NE(hinted.output.find("Exact chance of winning"), std::string::npos) << hinted.output;
  EXPECT_NE(hinted.output.find("<- the player's choice"), std::string::npos);
  EXPECT_NE(hinted.output.find("Stopped."), std::string::npos);
  std::filesystem::remove(typed);
}

TEST(HopscotchCli, DealFileAndCardsGiveTheSameDeal) {
  const std::string file = temp_path("hop-deal.txt");
  const auto seeded = run_json("hopscotch --seed 3");
  std::ofstream(file) << seeded["deal"].get<std::string>() << "\n";
  const auto from_file = run_json("hopscotch --deal " + file);
  EXPECT_EQ(from_file["deal"], seeded["deal"]);
  EXPECT_EQ(from_file["won"], seeded["won"]);
  const auto from_text = run_json("hopscotch --cards '" + seeded["deal"].get<std::string>() + "'");
  EXPECT_EQ(from_text["plays"], seeded["plays"]);
  std::filesystem::remove(file);
}

TEST(HopscotchCli, StatsAreTheSameWithOneThreadAndTwo) {
  const auto one = run_json("hopscotch stats --deals 16 --seed 100 --threads 1");
  const auto two = run_json("hopscotch stats --deals 16 --seed 100 --threads 2");
  for (const char* key : {"deals", "won", "lost", "unresolved", "win_rate", "ci95", "seconds_median", "seconds_p99"})
    EXPECT_TRUE(one.contains(key)) << key;
  for (const char* key : {"won", "lost", "unresolved", "lost_scores", "nodes"}) EXPECT_EQ(one[key], two[key]) << key;
  EXPECT_EQ(one["deals"], 16);
  EXPECT_EQ(one["won"].get<int>() + one["lost"].get<int>() + one["unresolved"].get<int>(), 16);
  const double low = one["ci95"][0], high = one["ci95"][1], rate = one["win_rate"];
  EXPECT_LE(low, rate);
  EXPECT_GE(high, rate);
}

// A second try of the unresolved deals with a larger node limit decides what one run at that
// limit decides (each deal's search is the same, only stopped later), and lists what is left.
TEST(HopscotchCli, RetryOfUnresolvedDealsMatchesTheLargerLimit) {
  const auto first = run_json("hopscotch stats --deals 40 --seed 1 --node-limit 1500 --rollout-level 0");
  const auto retried =
      run_json("hopscotch stats --deals 40 --seed 1 --node-limit 1500 --retry-nodes 200000 --rollout-level 0");
  const auto larger = run_json("hopscotch stats --deals 40 --seed 1 --node-limit 200000 --rollout-level 0");
  EXPECT_GT(first["unresolved"].get<int>(), retried["unresolved"].get<int>());
  EXPECT_EQ(retried["won"], larger["won"]);
  EXPECT_EQ(retried["unresolved_seeds"], larger["unresolved_seeds"]);
  EXPECT_EQ(first["unresolved_seeds"].size(), first["unresolved"].get<std::size_t>());
  EXPECT_EQ(retried["retry_nodes"], 200000);
}

// Growing budgets (stats' default) decide every deal, and decide each as a search without a
// limit does: the rounds only stop a deal's search sooner and start it again with more nodes.
// Started here at 1,500 nodes a deal, so that several rounds are needed.
TEST(HopscotchCliStats, GrowingBudgetsDecideEveryDealAsAnUnlimitedSearch) {
  gs::tools::HopscotchOptions options;
  options.global.quiet = true;
  options.threads = 2;
  options.node_limit = 1500;
  options.rollout_level = 0;
  options.growing_budget = true;
  const auto grown = gs::tools::hopscotch_stats(20, 1, options).json;
  options.node_limit = 0, options.growing_budget = false;
  const auto unlimited = gs::tools::hopscotch_stats(20, 1, options).json;
  EXPECT_EQ(grown["unresolved"], 0);
  EXPECT_GT(grown["rounds"].get<int>(), 1);
  EXPECT_EQ(grown["won"], unlimited["won"]);
  EXPECT_EQ(grown["lost"], unlimited["lost"]);
  EXPECT_EQ(grown["lost_scores"], unlimited["lost_scores"]);
}

// Nested rollouts only ever claim wins that replay (the jobs replay every win by the rules), and
// decide each deal as the search alone does: deals 1-60 (1-20 under a sanitizer), where
// rollouts win most and the search some (deal 37: the rollouts of levels 2 and 3 miss its win,
// the search finds it).
TEST(HopscotchCliStats, RolloutsDecideEveryDealAsTheSearchAlone) {
  const std::uint64_t deals = gs::testing::whole_or_sanitized(60, 20);
  gs::tools::HopscotchOptions options = gs::test::stats_defaults();
  const auto with_rollouts = gs::tools::hopscotch_stats(deals, 1, options).json;
  options.rollout_level = 0;
  const auto search_alone = gs::tools::hopscotch_stats(deals, 1, options).json;
  EXPECT_EQ(with_rollouts["won"], search_alone["won"]);
  EXPECT_EQ(with_rollouts["lost"], search_alone["lost"]);
  EXPECT_EQ(with_rollouts["unresolved"], 0);
  EXPECT_GT(with_rollouts["rollouts"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(search_alone["rollouts"], 0);
  EXPECT_LT(with_rollouts["nodes"].get<std::uint64_t>(), search_alone["nodes"].get<std::uint64_t>());
  const auto deal37 = run_json("hopscotch --seed 37");
  EXPECT_EQ(deal37["won"], true);
  EXPECT_GT(deal37["nodes"].get<int>(), 0);  // the search's win
}

TEST(HopscotchCli, UsageErrorsExitWithTwo) {
  expect_usage_errors({
      {"hopscotch --cards '5C KD'", "48 cards: 2 were given"},
      {"hopscotch --cards 'AC'", "starts a foundation"},
      {"hopscotch --cards 'X9'", "bad card"},
      {"hopscotch --seed 3 --cards '5H'", "one of --seed, --deal and --cards"},
      {"hopscotch --deal /nonexistent/deal.txt", "cannot read deal file"},
      {"hopscotch stats", "--deals"},
      {"hopscotch stats --deals 5 --output p.txt", "stats takes"},
      {"hopscotch stats --deals 5 --samples 4", "--samples applies to normal play"},
      {"hopscotch --samples 4", "--samples applies to normal play"},
      {"hopscotch stats --deals 5 --normal --node-limit 9", "stats --normal plays without searching"},
      {"hopscotch --normal --samples 20000", "--samples must be between 0 and 10000"},
      {"hopscotch --rollout-level 9", "--rollout-level must be between 0 and 5"},
      {"hopscotch --normal --exact-last 9", "--exact-last must be between 0 and 8"},
      {"hopscotch --exact-last 4", "--exact-last applies to normal play"},
      {"hopscotch stats --deals 5 --exact-last 4", "--exact-last applies to normal play"},
      {"hopscotch play --normal", "play takes a deal, --samples and --exact-last only"},
      {"hopscotch play --seed 2 --cards 'AC'", "one of --seed, --deal and --cards"},
      {"hopscotch stats --deals 5 --normal --rollout-level 2", "stats --normal plays without searching"},
      {"hopscotch --deals 5", "--deals applies to stats"},
      {"hopscotch frobnicate", "unknown hopscotch mode"},
      {"hopscotch verify", "usage: gamesolver hopscotch verify FILE"},
      {"hopscotch --memo-bits 40", "--memo-bits"},
      // Given but empty (an unset shell variable): refused, not deal 1.
      {"hopscotch --cards ''", "--cards needs a value"},
      {"hopscotch --threads 100000", "--threads must be 0 (all cores) to 1024"},
      {"hopscotch --threads -2", "--threads must be 0 (all cores) to 1024"},
      {"hopscotch --deal ''", "--deal needs a value"},
      {"hopscotch stats --deals 5 --cards ''", "--cards needs a value"},
  });
  const auto r = run("hopscotch verify /nonexistent/play.txt");
  EXPECT_EQ(r.code, 1);
}

}  // namespace
