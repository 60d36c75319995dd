// The probing library alone (gs_probe and the engines, no solver, no oneTBB): tables built by the
// command are read, checked and probed, and agree with `gamesolver hunt probe`.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

#include "engine/hunt/fox_hounds.h"
#include "solvers/probe/layer_tables.h"
#include "tests/support/cli_run.h"

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
      if (stored.outcome != Outcome::kDraw) {
        ASSERT_EQ(stored.distance, implied.distance) << game.format(*p);
      }
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

namespace gs {
namespace {

// The compact form reads back every entry, for narrow and wide distances and sizes that end
// part way through a word and a group.
TEST(ProbeLibrary, CompactTableReadsBackEveryEntry) {
  for (const int longest : {200, 3000})
    for (const std::uint64_t size :
         {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{223}, std::uint64_t{224}, std::uint64_t{10007}}) {
      std::vector<std::uint16_t> entries(size);
      std::uint64_t state = 12345;
      for (auto& e : entries) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const auto o = static_cast<Outcome>((state >> 33) % 4);
        const int d = o == Outcome::kWin || o == Outcome::kLoss ? static_cast<int>((state >> 40) % (longest + 1)) : 0;
        e = ValueTable::encode(o, d);
      }
      const CompactTable table(entries);
      ASSERT_EQ(table.size(), size);
      EXPECT_EQ(table.entries(), entries) << size << " entries, longest " << longest;
      for (std::uint64_t i = 0; i < size; ++i) ASSERT_EQ(table.has(i), (entries[i] & 3) != 0);
      // The indices of one outcome, over the whole table and over ranges that cut words.
      for (const Outcome o : {Outcome::kWin, Outcome::kLoss, Outcome::kDraw})
        for (const auto& [begin, end] :
             {std::pair<std::uint64_t, std::uint64_t>{0, size}, {size / 3, size - size / 5}}) {
          std::vector<std::uint64_t> expected, got;
          for (std::uint64_t i = begin; i < end; ++i)
            if (static_cast<Outcome>(entries[i] & 3) == o) expected.push_back(i);
          table.for_each_with(o, begin, end, [&](std::uint64_t i) { got.push_back(i); });
          ASSERT_EQ(got, expected) << size << " entries, " << outcome_name(o) << " in " << begin << "-" << end;
        }
    }
}

}  // namespace
}  // namespace gs
