// The probing library alone (gs_probe and the engines, no solver, no oneTBB): tables built by the
// command are read, checked and probed, and agree with `gamesolver hunt probe`.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

#include "engine/hunt/fox_hounds.h"
#include "solvers/probe/layer_tables.h"
#include "tests/cli_run.h"

namespace gs {
namespace {

using gs::testing::run;

TEST(ProbeLibrary, ReadsTablesTheCommandBuiltAndAgreesWithItsProbe) {
  const std::string dir = gs::testing::temp_path("probe-library");
  ASSERT_EQ(run("hunt build --game fox-hounds --size 6 --quiet --dir " + dir).code, 0);
  const hunt::FoxAndHounds game(6);
  LayerTables<hunt::FoxAndHounds> tables(game, dir);

  const auto start = game.start();
  const auto probed = nlohmann::json::parse(run("hunt probe --game fox-hounds --size 6 --json - --dir " + dir).output);
  const Value v = tables.value(start);
  EXPECT_EQ(outcome_name(v.outcome), probed["value"]);
  EXPECT_EQ(v.distance, probed["distance"]);
  const auto moves = tables.moves(start);
  ASSERT_EQ(moves.size(), probed["moves"].size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    EXPECT_EQ(game.move_name(start, moves[i].first), probed["moves"][i]["move"]);
    EXPECT_EQ(outcome_name(moves[i].second.outcome), probed["moves"][i]["value"]);
  }
  // Every stored value follows from its moves' values (the verifier's check), on one layer.
  const int layer = game.locate(start).layer;
  for (std::uint64_t i = 0; i < game.layer_size(layer); ++i)
    if (const auto p = game.unrank(layer, i)) {
      const Value stored = tables.table(layer).value(i), implied = tables.implied(*p);
      ASSERT_EQ(stored.outcome, implied.outcome) << game.format(*p);
      if (stored.outcome != Outcome::kDraw) ASSERT_EQ(stored.distance, implied.distance) << game.format(*p);
    }

  // A damaged file is refused with the reason.
  const std::string damaged = tables.path(layer);
  std::filesystem::resize_file(damaged, std::filesystem::file_size(damaged) - 1);
  LayerTables<hunt::FoxAndHounds> again(game, dir);
  EXPECT_THROW(again.value(start), DataError);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace gs
