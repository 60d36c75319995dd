// Verify's filter of lost positions (solvers/retrograde/loss_filter.h): the filter holds every key
// it was given; the value a position's moves imply, found ranking few of them, equals the full
// check's; every move lands in a layer the filter covers; and
// `hunt verify` refuses tables with one value, or one distance, changed under valid checksums.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "engine/hunt/fox_geese.h"
#include "engine/hunt/tigers_goats.h"
#include "solvers/retrograde/layer_store.h"
#include "solvers/retrograde/loss_filter.h"
#include "tests/support/cli_run.h"
#include "tests/support/temp_dir.h"

namespace gs {
namespace {

using gs::testing::run;
using gs::testing::run_json;
using gs::testing::TempDir;

TEST(LossFilter, CachedFilterHoldsEveryKeyAndAnswersFewFalseMaybes) {
  std::mt19937_64 random(7);
  std::vector<std::uint64_t> held(100000);
  for (auto& k : held) k = random() & 0x1ffffffffffull;  // keys as positions make them: 41 bits
  CachedFilter filter(held.size());
  for (const auto k : held) filter.add(k);
  for (const auto k : held) ASSERT_TRUE(filter.may_contain(k));
  int maybes = 0;
  for (int i = 0; i < 100000; ++i) maybes += filter.may_contain(random() | 1ull << 50);  // none held
  EXPECT_LT(maybes, 5000);  // 16 to 32 bits a key, two of them set: a few in a hundred
  EXPECT_TRUE(CachedFilter(0).may_contain(0) == false);
}

// Fox and Geese with 4 and 5 geese: for a sample of every layer's positions, the value found
// ranking few moves equals the full check's, with the filter and with one that answers "maybe"
// to all.
TEST(LossFilter, ImpliedRankingFewEqualsTheFullCheck) {
  const TempDir dir("loss-filter");
  const hunt::FoxAndGeese game(5);
  LayerStore<hunt::FoxAndGeese> store(game, dir.str());
  store.build(game.layer_count() - 1, true, [](int, bool) {});
  std::uint64_t checked = 0, won = 0, lost = 0;
  for (int layer = 0; layer < game.layer_count(); ++layer) {
    for (int l : layers_reached(game, layer)) store.table(l);
    const CachedFilter filter = lost_positions(game, store, layer);
    const CompactTable& t = store.table(layer);
    for (std::uint64_t i = layer % 5; i < t.size(); i += 5) {
      const auto p = game.unrank(layer, i);
      if (!p) continue;
      const Value stored = t.value(i), full = store.implied(*p, layer);
      const Value fast =
          store.implied_ranking_few(*p, [&](const auto& next) { return filter.may_contain(game.key(next)); });
      const Value every = store.implied_ranking_few(*p, [](const auto&) { return true; });
      ASSERT_EQ(fast, full) << game.format(*p);
      ASSERT_EQ(every, full) << game.format(*p);
      ++checked;
      won += stored.outcome == Outcome::kWin;
      lost += stored.outcome == Outcome::kLoss;
    }
  }
  EXPECT_GT(checked, 1000000u);
  EXPECT_GT(won, 100000u);
  EXPECT_GT(lost, 20000u);
}

// The filter holds the lost positions of the layers a layer reads (layers_read): every move of
// every position must land in one of them, in its own layer, or outside the index.
template <class G>
void expect_moves_land_in_layers_reached(const G& game, std::uint64_t step) {
  std::uint64_t moves = 0;
  for (int layer = 0; layer < game.layer_count(); ++layer) {
    const std::vector<int> reached = layers_reached(game, layer);
    for (std::uint64_t i = 0; i < game.layer_size(layer); i += step) {
      const auto p = game.unrank(layer, i);
      if (!p || game.terminal(*p)) continue;
      for_each_successor(game, *p, [&](const auto&, const auto& next) {
        const int at = game.locate(next).layer;
        ++moves;
        ASSERT_TRUE(at < 0 || std::find(reached.begin(), reached.end(), at) != reached.end())
            << game.format(*p) << " -> " << game.format(next) << " lands in layer " << at;
      });
    }
  }
  EXPECT_GT(moves, 100000u);
}

TEST(LossFilter, EveryMoveLandsInALayerReached) {
  expect_moves_land_in_layers_reached(hunt::FoxAndGeese(6), 7);
  expect_moves_land_in_layers_reached(
      hunt::TigersAndGoats(hunt::TigersAndGoats::Variant{
          .size = 4, .goats = 6, .win_captures = 3, .phase = hunt::TigersAndGoats::Phase::whole}),
      3);
}

// One layer file rewritten with one entry changed and its checksums made anew: verify must find
// the value that no longer follows from the moves (exit 1), and accept the original again.
TEST(LossFilter, VerifyFindsAFlippedValueAndAFlippedDistance) {
  const TempDir dir("loss-filter-verify");
  const std::string options = " --game fox-geese --max-geese 5 --rule 0 --dir " + dir.str();
  run_json("hunt build" + options);
  const hunt::FoxAndGeese game(5);
  LayerTables<hunt::FoxAndGeese> names(game, dir.str());
  int layer = 0;  // the largest, with wins, losses and draws
  for (int l = 1; l < game.layer_count(); ++l)
    if (game.layer_size(l) > game.layer_size(layer)) layer = l;
  EXPECT_TRUE(loss_filter(game, names, layer).has_value());  // verify takes the filter's way there
  const std::string path = names.path(layer);
  const TableFile original = read_table_file(path, names.expected(layer));
  const auto rewrite = [&](auto&& change) {
    TableFile f = original;
    change(f.entries);
    TableHeader h = f.header;
    h.wins = h.losses = h.draws = 0;
    h.longest = 0;
    for (const std::uint16_t e : f.entries) {
      const auto o = static_cast<Outcome>(e & 3);
      h.wins += o == Outcome::kWin, h.losses += o == Outcome::kLoss, h.draws += o == Outcome::kDraw;
      if (o == Outcome::kWin || o == Outcome::kLoss) h.longest = std::max(h.longest, e >> 2);
    }
    write_table_file(path, h, f.entries, true);
  };
  const auto first_with = [&](Outcome o) {
    for (std::size_t i = 0; i < original.entries.size(); ++i)
      if (static_cast<Outcome>(original.entries[i] & 3) == o) return i;
    ADD_FAILURE() << "no " << outcome_name(o) << " in layer " << layer;
    return std::size_t{0};
  };
  const auto expect_refused = [&](const std::string& what) {
    const auto r = run("hunt verify --quiet --json -" + options);
    EXPECT_EQ(r.code, 1) << what << ": " << r.output;
    const auto j = nlohmann::json::parse(r.output);
    EXPECT_EQ(j["valid"], false) << what;
    EXPECT_GE(j["wrong"].get<int>(), 1) << what;
  };
  // A drawn position stored as a win in 3.
  const std::size_t drawn = first_with(Outcome::kDraw);
  rewrite([&](auto& e) { e[drawn] = static_cast<std::uint16_t>(static_cast<unsigned>(Outcome::kWin) | 3u << 2); });
  expect_refused("a draw made a win");
  // A won position's distance two plies longer.
  const std::size_t win = first_with(Outcome::kWin);
  rewrite([&](auto& e) { e[win] = static_cast<std::uint16_t>(e[win] + (2u << 2)); });
  expect_refused("a win's distance changed");
  // A drawn position stored as a loss in 0 plies: its own moves refute it, and its predecessors
  // that draw would now win.
  rewrite([&](auto& e) { e[drawn] = static_cast<std::uint16_t>(Outcome::kLoss); });
  expect_refused("a draw made a loss");
  rewrite([](auto&) {});
  EXPECT_EQ(run_json("hunt verify" + options)["valid"], true);
}

}  // namespace
}  // namespace gs
