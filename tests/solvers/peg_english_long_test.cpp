// The published English-board figures (data/reference/peg_english.json), reproduced by the
// same jobs the command runs. Labelled "long": about half a minute on 2 cores.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "engine/peg/board_file.h"
#include "engine/peg/notation.h"
#include "tests/support/quiet_peg_options.h"
#include "tools/peg/peg_jobs.h"

namespace gs::tools {
namespace {

nlohmann::json reference() {
  std::ifstream in(std::string(GAMESOLVER_SOURCE_DIR) + "/data/reference/peg_english.json");
  return nlohmann::json::parse(in);
}

PegJobOptions quiet_options() { return testing::quiet_peg_options(); }

TEST(PegEnglishLong, AnalyzeReproducesPublishedCountsAndSolutionNumber) {
  const auto ref = reference();
  PegJobOptions options = quiet_options();
  const auto result = peg_analyze(resolve_peg_request({}), options).json;
  EXPECT_EQ(result["positions"]["canonical"], ref["positions_canonical"]);  // up to the 8 symmetries
  EXPECT_EQ(result["positions"]["total"], ref["positions_total"]);          // counted separately
  ASSERT_EQ(result["layers"].size(), ref["positions_per_jump_canonical"].size());
  for (std::size_t n = 0; n < result["layers"].size(); ++n) {
    EXPECT_EQ(result["layers"][n]["canonical"], ref["positions_per_jump_canonical"][n]) << "after " << n << " jumps";
    EXPECT_EQ(result["layers"][n]["finish_reachable_canonical"], ref["finish_reachable_per_jump_canonical"][n]);
  }
  std::string to_centre;
  for (const auto& f : result["finishes"])
    if (f["hole"] == "d4") to_centre = f["solutions"];
  EXPECT_EQ(to_centre, ref["solutions_to_centre"]);
  EXPECT_EQ(result["games"]["games"], ref["games"]);
  EXPECT_EQ(result["games"]["shortest_dead_end"]["jumps"], ref["shortest_dead_end_jumps"]);
}

TEST(PegEnglishLong, FewestMovesCentreToCentreIsEighteen) {
  const auto result = peg_fewest_moves(resolve_peg_request({}), quiet_options()).json;
  EXPECT_TRUE(result["solved"]);
  EXPECT_EQ(result["moves"], reference()["fewest_moves"]);
  EXPECT_EQ(result["jumps"].size(), 31U);
}

TEST(PegEnglishLong, AllStartsAgreesWithAnalyzeForTheCentre) {
  const auto table = peg_all_starts(peg::load_board("english"), quiet_options()).json;
  PegRequestOptions any;
  any.finish = "any";
  const auto analysis = peg_analyze(resolve_peg_request(any), quiet_options()).json;
  std::vector<std::string> from_analysis;
  for (const auto& f : analysis["finishes"]) from_analysis.push_back(f["hole"]);
  for (const auto& row : table["pairs"])
    if (row["start"] == "d4") {
      EXPECT_EQ(row["finishes"].get<std::vector<std::string>>(), from_analysis);
    }
  EXPECT_EQ(table["solvable_starts"], 33);
}

// From the centre, the meeting of both halves finds a solution exactly for the finishes the
// analysis reaches (every other finish fails the class test on this board).
TEST(PegEnglishLong, MeetingFromTheCentreAgreesWithTheAnalysis) {
  PegRequestOptions any;
  any.finish = "any";
  const auto analysis = peg_analyze(resolve_peg_request(any), quiet_options()).json;
  std::set<std::string> reached;
  for (const auto& f : analysis["finishes"]) reached.insert(f["hole"].get<std::string>());
  ASSERT_EQ(reached.size(), 5U);
  const peg::Board board = peg::load_board("english");
  for (int h = 0; h < board.holes(); ++h) {
    PegRequestOptions pair;
    pair.finish = peg::hole_name(board, h);
    const auto r = peg_meet(resolve_peg_request(pair), quiet_options()).json;
    EXPECT_EQ(r["solved"].get<bool>(), reached.contains(*pair.finish)) << *pair.finish;
    if (r["solved"].get<bool>()) {
      EXPECT_EQ(r["jumps"].size(), 31U);
    }
  }
}

}  // namespace
}  // namespace gs::tools
