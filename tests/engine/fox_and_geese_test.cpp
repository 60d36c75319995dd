// Fox and Geese: board, rules example, perft against an independent generator, and the
// mirror-reduced tables against unreduced ones.
#include <gtest/gtest.h>

#include <set>

#include "engine/core/errors.h"
#include "engine/hunt/fox_geese.h"
#include "solvers/common/capabilities.h"
#include "solvers/common/perft.h"
#include "solvers/retrograde/located_exits.h"
#include "solvers/retrograde/retrograde_solver.h"
#include "tests/support/sanitized.h"

namespace fox_and_geese_test {

using namespace gs;
using gs::hunt::FoxAndGeese;
using Position = FoxAndGeese::Position;

TEST(FoxAndGeese, CrossBoardLinesAndMirror) {
  const FoxAndGeese g;
  EXPECT_EQ(g.board().points(), 33);
  EXPECT_EQ(popcount(g.board().neighbours(g.board().point_at(4, 4))), 8);  // docs/rules/hunt-games.md
  EXPECT_EQ(popcount(g.board().neighbours(g.board().point_at(4, 3))), 4);
  EXPECT_EQ(g.format(g.start()), "GGG/GGG/GGGGGGG/...F.../......./.../... f");
  EXPECT_EQ(g.parse(g.format(g.start())), g.start());
  EXPECT_EQ(g.parse("  GGG  /  GGG  /GGGGGGG/...F.../......./  ...  /  ...   f"), g.start());
  for (const char* bad : {"GGG/GGG/GGGGGGG/...F.../......./.../... x", "GGG/GGG/GGGGGGG/......./......./.../... f",
                          "GGG/GGG/GGGGGGG/...F.../......./... f", "GGG/GGG/GGGGGQG/...F.../......./.../... f"})
    EXPECT_THROW(g.parse(bad), InputError) << bad;
}

std::set<std::string> moves(const FoxAndGeese& g, const Position& p) {
  std::set<std::string> out;
  g.for_each_move(p, [&](const Position& next) { out.insert(g.move_name(p, next) + " " + g.format(next)); });
  return out;
}

TEST(FoxAndGeese, RulesExampleJumpChainAndGooseDirections) {
  const FoxAndGeese g;
  // Fox (4,1), geese (4,2), (4,4), (5,7): jump to (4,3) and stop, or go on to (4,5).
  const auto fox = moves(g, g.parse(".../.../......./FG.G.../......G/.../... f"));
  EXPECT_TRUE(fox.count("(4,1)x1(4,3) .../.../......./..FG.../......G/.../... g"));
  EXPECT_TRUE(fox.count("(4,1)x2(4,5) .../.../......./....F../......G/.../... g"));
  EXPECT_EQ(fox.size(), 4u);  // and the steps to (3,1) and (5,1)
  // A goose on (4,4) steps down, sideways, or diagonally down (the point is even): never up.
  const auto geese = moves(g, g.parse(".../.../F....../...G.../......./.../... g"));
  EXPECT_EQ(geese.size(), 5u);
  for (const auto& m : geese) EXPECT_EQ(m.find("(4,4)-(3,"), std::string::npos) << m;
  EXPECT_EQ(g.terminal(g.parse("G.G/.../......./...F.../......./.../.G. g")), Outcome::kLoss);  // 3 geese: the fox won
}

TEST(FoxAndGeese, AJumpChainBackToItsStartIsNamedAsTheFoxsMove) {
  // The fox on (4,4) may jump round a square of geese back to (4,4): the name once read a goose
  // move from an empty set (a garbage point).
  const FoxAndGeese g(5);
  const auto fox = moves(g, g.parse(".../.../..GGG../..GFG../......./.../... f"));
  EXPECT_TRUE(fox.count("(4,4)x4(4,4) .../.../...G.../...F.../......./.../... g"));
  for (const auto& m : fox) EXPECT_EQ(m.rfind("(4,4)", 0), 0u) << m;
}

// Perft against a generator written here on (row, column) pairs.
bool point(int r, int c) { return r >= 1 && r <= 7 && c >= 1 && c <= 7 && ((r >= 3 && r <= 5) || (c >= 3 && c <= 5)); }
bool line(int r, int c, int dr, int dc) { return dr == 0 || dc == 0 || (r + c) % 2 == 0; }

struct Plain {
  std::set<std::pair<int, int>> geese;
  std::pair<int, int> fox;
  bool fox_to_move = true;
};

std::uint64_t plain_perft(const Plain& p, int depth);

void plain_chains(const Plain& p, int r, int c, int depth, std::uint64_t& total) {
  for (int dr = -1; dr <= 1; ++dr)
    for (int dc = -1; dc <= 1; ++dc) {
      if ((!dr && !dc) || !line(r, c, dr, dc)) continue;
      const std::pair<int, int> over{r + dr, c + dc}, to{r + 2 * dr, c + 2 * dc};
      if (!p.geese.count(over) || !point(to.first, to.second) || p.geese.count(to)) continue;
      Plain q = p;
      q.geese.erase(over);
      q.fox = to;
      q.fox_to_move = false;
      total += plain_perft(q, depth - 1);
      plain_chains(q, to.first, to.second, depth, total);
    }
}

std::uint64_t plain_perft(const Plain& p, int depth) {
  if (depth == 0) return 1;
  std::uint64_t total = 0;
  if (p.fox_to_move) {
    const auto [r, c] = p.fox;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc)
        if ((dr || dc) && line(r, c, dr, dc) && point(r + dr, c + dc) && !p.geese.count({r + dr, c + dc})) {
          Plain q = p;
          q.fox = {r + dr, c + dc};
          q.fox_to_move = false;
          total += plain_perft(q, depth - 1);
        }
    plain_chains(p, r, c, depth, total);
    return total;
  }
  for (const auto& [r, c] : p.geese)
    for (int dr = 0; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const std::pair<int, int> to{r + dr, c + dc};
        if ((!dr && !dc) || !line(r, c, dr, dc) || !point(to.first, to.second) || p.geese.count(to) || p.fox == to)
          continue;
        Plain q = p;
        q.geese.erase({r, c});
        q.geese.insert(to);
        q.fox_to_move = true;
        total += plain_perft(q, depth - 1);
      }
  return total;
}

Plain plain_of(const FoxAndGeese& g, const Position& p) {
  Plain q;
  q.fox = {g.board().row(p.fox), g.board().column(p.fox)};
  for_each_bit(p.geese, [&](int s) { q.geese.insert({g.board().row(s), g.board().column(s)}); });
  q.fox_to_move = p.fox_to_move;
  return q;
}

TEST(FoxAndGeese, PerftMatchesAnIndependentGenerator) {
  const FoxAndGeese g;
  EXPECT_EQ(gs::perft(g, g.start(), 1), 5u);
  for (int depth = 2; depth <= 5; ++depth)
    EXPECT_EQ(gs::perft(g, g.start(), depth), plain_perft(plain_of(g, g.start()), depth)) << depth;
  // A middle game with jump chains.
  const Position middle = g.parse("G.G/.G./G.G.G.G/...F.../.G.G.G./.../... f");
  for (int depth = 1; depth <= 4; ++depth)
    EXPECT_EQ(gs::perft(g, middle, depth), plain_perft(plain_of(g, middle), depth)) << depth;
}

// The moves located from the position's own rank are where locate() puts them, reduced and
// unreduced, and the exits are exactly the moves leaving the layer.
TEST(FoxAndGeese, LocatedMovesAndExitsMatchLocate) {
  for (const bool reduce : {true, false}) {
    const FoxAndGeese g({.max_geese = 6, .reduced = reduce});
    std::uint64_t moves = 0, exits = 0;
    // Not 127: from each multiple of 2^k - 1 the steps double back to the next, as dense as 41.
    const std::uint64_t spread = gs::testing::whole_or_sanitized<std::uint64_t>(41, 131);
    for (int layer = 0; layer < g.layer_count(); ++layer)
      for (std::uint64_t i = 0; i < g.layer_size(layer); i += 1 + i % spread) {
        const auto p = g.unrank(layer, i);
        if (!p) continue;
        std::uint64_t leaving = 0;
        bool stays = false;
        g.for_each_located_move(*p, [&](const Position& next, LayerIndex at) {
          ASSERT_EQ(at, g.locate(next)) << g.format(*p) << " to " << g.format(next);
          leaving += at.layer != layer;
          stays = stays || at.layer == layer;
          ++moves;
        });
        std::uint64_t exited = 0;
        const bool inside = g.for_each_located_exit(*p, [&](const Position& next, LayerIndex at) {
          ASSERT_EQ(at, g.locate(next)) << g.format(*p) << " to " << g.format(next);
          ASSERT_NE(at.layer, layer) << g.format(*p) << " to " << g.format(next);
          ++exited;
        });
        ASSERT_EQ(exited, leaving) << g.format(*p);
        ASSERT_EQ(inside, stays) << g.format(*p);
        exits += exited;
      }
    EXPECT_GT(moves, gs::testing::whole_or_sanitized(1000000u, 300000u));
    EXPECT_GT(exits, gs::testing::whole_or_sanitized(100000u, 30000u));
  }
}

// What the solver's first pass relies on to push losses instead of looking up a goose's steps
// down: the exits it still looks up are exactly those into layers not named reversed, with the
// same answer for a move inside, and every exit into a reversed layer is an un-move of where it
// leads (found back from there, ranked to this very index).
TEST(FoxAndGeese, UnreversedExitsAndUnmovesCoverEveryExit) {
  // Under a sanitizer about a quarter of the sample.
  const std::uint64_t spread = gs::testing::whole_or_sanitized<std::uint64_t>(37, 149);
  for (const bool reduce : {true, false}) {
    const FoxAndGeese g({.max_geese = 6, .reduced = reduce});
    std::uint64_t reversed = 0, looked_up = 0;
    for (int layer = 0; layer < g.layer_count(); ++layer)
      for (std::uint64_t i = 0; i < g.layer_size(layer); i += 1 + i % spread) {
        const auto p = g.unrank(layer, i);
        if (!p) continue;
        std::vector<LayerIndex> expected, got;
        const bool inside = g.for_each_located_exit(*p, [&](const Position& next, LayerIndex at) {
          if (!g.exits_reversed(layer, at.layer)) {
            expected.push_back(at);
            return;
          }
          bool found = false;
          g.for_each_unmove(next, [&](const Position& pred) {
            const LayerIndex back = g.locate(pred);
            found = found || (back.layer == layer && back.index == i);
          });
          ASSERT_TRUE(found) << g.format(*p) << " to " << g.format(next);
          ++reversed;
        });
        ASSERT_EQ(g.for_each_located_unreversed_exit(*p, [&](const Position&, LayerIndex at) { got.push_back(at); }),
                  inside)
            << g.format(*p);
        ASSERT_EQ(got, expected) << g.format(*p);
        looked_up += got.size();
      }
    EXPECT_GT(reversed, gs::testing::whole_or_sanitized(100000u, 20000u));
    EXPECT_GT(looked_up, gs::testing::whole_or_sanitized(10000u, 2000u));
  }
  // One layer per number of geese: a step down stays, nothing is reversed.
  const FoxAndGeese by_count({.max_geese = 5, .layers = FoxAndGeese::Layers::per_goose_count});
  for (int layer = 0; layer < by_count.layer_count(); ++layer)
    for (int earlier = 0; earlier < by_count.layer_count(); ++earlier)
      EXPECT_FALSE(by_count.exits_reversed(layer, earlier));
}

// Sets of 4 to `geese` geese on the 32 points the fox leaves free: C(32, 4) + ... + C(32, geese).
std::uint64_t goose_sets(int geese) {
  std::uint64_t sets = 0, choose = 32ULL * 31 * 30 * 29 / 24;
  for (int k = 4; k <= geese; choose = choose * (32 - k) / (k + 1), ++k) sets += choose;
  return sets;
}

// Up to 17 geese, the index holds every placement: the fox on any of the 33 points, the geese
// any set of 4 to 17 of the 32 others, either side to move (unreduced, so counted plainly), and
// up to the mirror about half of them.
TEST(FoxAndGeese, SeventeenGeeseIndexHoldsEveryPlacement) {
  const FoxAndGeese unreduced({.max_geese = 17, .reduced = false}), reduced(17);
  std::uint64_t all = 0, up_to_mirror = 0;
  for (int layer = 0; layer < unreduced.layer_count(); ++layer) all += unreduced.layer_size(layer);
  for (int layer = 0; layer < reduced.layer_count(); ++layer) up_to_mirror += reduced.layer_size(layer);
  EXPECT_EQ(all, 2 * 33 * goose_sets(17));
  EXPECT_EQ(all / 2, 99453455442ULL);  // the 17-goose game's positions, one side to move
  EXPECT_GT(up_to_mirror, all / 2);
  EXPECT_LT(up_to_mirror, all / 2 + all / 8);
  EXPECT_THROW(FoxAndGeese(18), gs::InputError);
}

// Runs of indices unrank as unrank() does one by one, from any start to any end.
TEST(FoxAndGeese, RunsUnrankAsOneByOne) {
  const FoxAndGeese g(5);
  static_assert(RangeUnrank<FoxAndGeese> && LocatedExits<FoxAndGeese> && LocatedMoves<FoxAndGeese>);
  std::uint64_t seen = 0;
  for (int layer = 0; layer < g.layer_count(); ++layer) {
    const std::uint64_t size = g.layer_size(layer);
    for (const auto& [begin, end] :
         {std::pair<std::uint64_t, std::uint64_t>{0, size}, {1, size / 2 + 1}, {size / 3, size}}) {
      std::uint64_t expected = begin;
      g.for_each_unranked(layer, begin, end, [&](std::uint64_t i, const std::optional<Position>& p) {
        ASSERT_EQ(i, expected++);
        ASSERT_EQ(p, g.unrank(layer, i)) << g.layer_name(layer) << " index " << i;
        ++seen;
      });
      EXPECT_EQ(expected, std::max(begin, end));
    }
  }
  EXPECT_GT(seen, 2000000u);
}

// The layers by (geese, row sum) give every position the value and distance the first index
// (one layer per number of geese) gives it.
TEST(FoxAndGeeseRetrograde, LayersByRowSumEqualOneLayerPerCount) {
  const FoxAndGeese by_rows(5), by_count({.max_geese = 5, .layers = FoxAndGeese::Layers::per_goose_count});
  EXPECT_GT(by_rows.layer_count(), 2 * by_count.layer_count());
  const auto rows = solve_in_memory(by_rows), count = solve_in_memory(by_count);
  std::uint64_t checked = 0, indices = 0;
  for (int layer = 0; layer < by_rows.layer_count(); ++layer) indices += by_rows.layer_size(layer);
  for (int layer = 0; layer < by_count.layer_count(); ++layer)
    for (std::uint64_t i = 0; i < by_count.layer_size(layer); ++i) {
      const auto p = by_count.unrank(layer, i);
      if (!p) continue;
      const LayerIndex at = by_rows.locate(*p);
      ASSERT_EQ(by_rows.unrank(at.layer, at.index), p) << by_rows.format(*p);
      ASSERT_EQ(rows[static_cast<std::size_t>(at.layer)].raw()[at.index],
                count[static_cast<std::size_t>(layer)].raw()[i])
          << by_rows.format(*p);
      ++checked;
    }
  EXPECT_GT(checked, 1000000u);
  EXPECT_LE(checked, indices);
}

TEST(FoxAndGeeseRetrograde, MirrorReducedEqualsUnreduced) {
  const int geese = gs::testing::whole_or_sanitized(5, 4);
  const FoxAndGeese reduced(geese), unreduced({.max_geese = geese, .reduced = false});
  const auto small = solve_in_memory(reduced), full = solve_in_memory(unreduced);
  std::uint64_t checked = 0, draws = 0, wins = 0;
  for (int layer = 0; layer < unreduced.layer_count(); ++layer)
    for (std::uint64_t i = 0; i < unreduced.layer_size(layer); ++i) {
      const auto p = unreduced.unrank(layer, i);
      if (!p) continue;
      const LayerIndex at = reduced.locate(*p);
      const ValueTable& t = small[static_cast<std::size_t>(at.layer)];
      const ValueTable& u = full[static_cast<std::size_t>(layer)];
      ASSERT_EQ(t.raw()[at.index], u.raw()[i]) << reduced.format(*p);
      ++checked;
      draws += u.outcome(i) == Outcome::kDraw;
      wins += u.outcome(i) == Outcome::kWin;
    }
  EXPECT_EQ(checked, 2ULL * 33 * goose_sets(geese));
  EXPECT_GT(draws, 0u);
  EXPECT_GT(wins, 0u);
}

}  // namespace fox_and_geese_test
