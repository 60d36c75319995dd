// Hunt games: Fox and Hounds engine (rules, notation, index, un-moves, perft against an
// independent move generator) and the retrograde solver against plain minimax.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "engine/core/errors.h"
#include "engine/hunt/fox_hounds.h"
#include "solvers/common/perft.h"
#include "solvers/retrograde/retrograde_solver.h"

namespace fox_and_hounds_test {

using namespace gs;
using gs::hunt::FoxAndHounds;
using Position = FoxAndHounds::Position;

TEST(FoxAndHounds, StartAndNotationRoundTrip) {
  const FoxAndHounds g;
  const Position start = g.start();
  EXPECT_EQ(g.format(start), "....F.../......../......../......../......../......../......../.H.H.H.H f");
  EXPECT_EQ(g.square_name(start.fox), "(1,5)");
  EXPECT_EQ(g.parse(g.format(start)), start);
  for (const char* bad : {"....F... f", "....F.../......../......../......../......../......../......../.H.H.H.H x",
                          "...F..../......../......../......../......../......../......../.H.H.H.H f",
                          "....F.../......../......../......../......../......../......../.H.H.H.. f",
                          "....F.../......../......../......../......../......../......../.H.H.H.X f"})
    EXPECT_THROW(g.parse(bad), InputError) << bad;
}

std::set<std::string> successor_names(const FoxAndHounds& g, const Position& p) {
  std::set<std::string> names;
  g.for_each_move(p, [&](const Position& next) { names.insert(g.move_name(p, next)); });
  return names;
}

TEST(FoxAndHounds, RulesExampleAndMoveDirections) {
  const FoxAndHounds g;
  const Position start = g.start();
  EXPECT_EQ(successor_names(g, start), (std::set<std::string>{"(1,5)-(2,4)", "(1,5)-(2,6)"}));
  Position after = start;
  g.for_each_move(start, [&](const Position& next) {
    if (g.move_name(start, next) == "(1,5)-(2,4)") after = next;
  });
  // Hounds step only towards row 1: seven moves, (8,2)-(7,1) among them.
  const auto hound_moves = successor_names(g, after);
  EXPECT_EQ(hound_moves.size(), 7u);
  EXPECT_TRUE(hound_moves.count("(8,2)-(7,1)"));
  // The fox steps backwards too.
  const Position middle = g.parse("......../......../......../...F..../......../......../......../.H.H.H.H f");
  EXPECT_EQ(successor_names(g, middle).size(), 4u);
}

TEST(FoxAndHounds, TerminalRules) {
  const FoxAndHounds g;
  // The fox on row 8: it has won (the hounds to move lose).
  EXPECT_EQ(g.terminal(g.parse("H.H.H.H./......../......../......../......../......../......../.F...... h")),
            Outcome::kLoss);
  // No hound below the fox's row: the fox has passed them all.
  EXPECT_EQ(g.terminal(g.parse("H.H...../......../..H.H.../.....F../......../......../......../........ f")),
            Outcome::kWin);
  // The fox boxed in on its turn: no legal move, handled as a loss by the solver.
  const Position boxed = g.parse("......../......../......../......../......../...H.H../....F.../...H.H.. f");
  EXPECT_FALSE(g.terminal(boxed));
  EXPECT_TRUE(successor_names(g, boxed).empty());
}

TEST(FoxAndHounds, RankUnrankAndUnmovesAgree) {
  for (int size : {4, 6}) {
    const FoxAndHounds g(size);
    std::uint64_t positions = 0;
    for (int layer = 0; layer < g.layer_count(); ++layer)
      for (std::uint64_t i = 0; i < g.layer_size(layer); ++i) {
        const auto p = g.unrank(layer, i);
        if (!p) continue;
        ++positions;
        ASSERT_EQ(g.locate(*p), (LayerIndex{layer, i}));
        g.for_each_move(*p, [&](const Position& next) {
          bool found = false;
          g.for_each_unmove(next, [&](const Position& back) { found = found || back == *p; });
          EXPECT_TRUE(found) << g.format(*p) << " -> " << g.format(next);
        });
      }
    // Fox anywhere but on a hound, hounds anywhere, either side to move.
    const int squares = size * size / 2;
    std::uint64_t sets = 1;
    for (int k = 0; k < size / 2; ++k)
      sets = sets * static_cast<std::uint64_t>(squares - k) / static_cast<std::uint64_t>(k + 1);
    EXPECT_EQ(positions, 2 * sets * static_cast<std::uint64_t>(squares - size / 2));
  }
}

// Perft from the start, against a move generator written here on (row, column) pairs.
struct PlainPosition {
  std::vector<std::pair<int, int>> hounds;
  std::pair<int, int> fox;
  bool fox_to_move = true;
};

std::uint64_t plain_perft(const PlainPosition& p, int depth, int n) {
  if (depth == 0) return 1;
  auto occupied = [&](int r, int c) {
    if (p.fox == std::pair{r, c}) return true;
    for (const auto& h : p.hounds)
      if (h == std::pair{r, c}) return true;
    return false;
  };
  auto inside = [&](int r, int c) { return r >= 1 && r <= n && c >= 1 && c <= n; };
  std::uint64_t total = 0;
  if (p.fox_to_move) {
    for (int dr : {-1, 1})
      for (int dc : {-1, 1}) {
        const int r = p.fox.first + dr, c = p.fox.second + dc;
        if (!inside(r, c) || occupied(r, c)) continue;
        PlainPosition q = p;
        q.fox = {r, c};
        q.fox_to_move = false;
        total += plain_perft(q, depth - 1, n);
      }
    return total;
  }
  for (std::size_t h = 0; h < p.hounds.size(); ++h)
    for (int dc : {-1, 1}) {
      const int r = p.hounds[h].first - 1, c = p.hounds[h].second + dc;
      if (!inside(r, c) || occupied(r, c)) continue;
      PlainPosition q = p;
      q.hounds[h] = {r, c};
      q.fox_to_move = true;
      total += plain_perft(q, depth - 1, n);
    }
  return total;
}

TEST(FoxAndHounds, PerftMatchesAnIndependentGenerator) {
  const FoxAndHounds g;
  const PlainPosition plain{{{8, 2}, {8, 4}, {8, 6}, {8, 8}}, {1, 5}, true};
  EXPECT_EQ(gs::perft(g, g.start(), 1), 2u);
  EXPECT_EQ(gs::perft(g, g.start(), 2), 14u);
  for (int depth = 3; depth <= 7; ++depth)
    EXPECT_EQ(gs::perft(g, g.start(), depth), plain_perft(plain, depth, 8)) << depth;
}

// Plain minimax with memo and cycle detection: value and distance for the side to move.
struct Plain {
  const FoxAndHounds& g;
  std::map<std::uint64_t, std::pair<Outcome, int>> memo;
  std::set<std::uint64_t> on_path;

  std::uint64_t key(const Position& p) const {
    return p.hounds | std::uint64_t(p.fox) << 32 | std::uint64_t(p.fox_to_move) << 40;
  }

  std::pair<Outcome, int> value(const Position& p) {
    if (const auto it = memo.find(key(p)); it != memo.end()) return it->second;
    if (const auto end = g.terminal(p)) return memo[key(p)] = {*end, 0};
    EXPECT_FALSE(on_path.count(key(p))) << "Fox and Hounds has no cycles";
    on_path.insert(key(p));
    std::optional<std::pair<Outcome, int>> best;
    g.for_each_move(p, [&](const Position& next) {
      const auto [o, d] = value(next);
      const std::pair<Outcome, int> mine = o == Outcome::kLoss  ? std::pair{Outcome::kWin, d + 1}
                                           : o == Outcome::kWin ? std::pair{Outcome::kLoss, d + 1}
                                                                : std::pair{Outcome::kDraw, 0};
      auto rank = [](const std::pair<Outcome, int>& v) {
        return v.first == Outcome::kWin ? -1000 + v.second : v.first == Outcome::kDraw ? 0 : 1000 - v.second;
      };
      if (!best || rank(mine) < rank(*best)) best = mine;
    });
    on_path.erase(key(p));
    return memo[key(p)] = best.value_or(std::pair{Outcome::kLoss, 0});
  }
};

TEST(FoxAndHoundsRetrograde, AgreesWithPlainMinimaxOnSmallBoards) {
  for (int size : {4, 6}) {
    const FoxAndHounds g(size);
    const auto tables = solve_in_memory(g);
    Plain plain{g, {}, {}};
    for (int layer = 0; layer < g.layer_count(); ++layer)
      for (std::uint64_t i = 0; i < g.layer_size(layer); ++i) {
        const auto p = g.unrank(layer, i);
        if (!p) continue;
        const auto [o, d] = plain.value(*p);
        const ValueTable& t = tables[static_cast<std::size_t>(layer)];
        ASSERT_EQ(t.outcome(i), o) << g.format(*p);
        ASSERT_EQ(t.distance(i), d) << g.format(*p);
      }
  }
}

TEST(FoxAndHoundsRetrograde, StartIsAHoundsWinIn44Plies) {
  const FoxAndHounds g;
  const auto tables = solve_in_memory(g);
  const LayerIndex at = g.locate(g.start());
  EXPECT_EQ(tables[static_cast<std::size_t>(at.layer)].outcome(at.index), Outcome::kLoss);  // the fox, to move, loses
  EXPECT_EQ(tables[static_cast<std::size_t>(at.layer)].distance(at.index), 44);             // published: 44 plies
  // Random positions of the real board against plain minimax.
  Plain plain{g, {}, {}};
  std::mt19937_64 rng(7);
  for (int n = 0; n < 200; ++n) {
    const int layer = static_cast<int>(rng() % static_cast<std::uint64_t>(g.layer_count()));
    const std::uint64_t i = rng() % g.layer_size(layer);
    const auto p = g.unrank(layer, i);
    if (!p) continue;
    const auto [o, d] = plain.value(*p);
    EXPECT_EQ(tables[static_cast<std::size_t>(layer)].outcome(i), o) << g.format(*p);
    EXPECT_EQ(tables[static_cast<std::size_t>(layer)].distance(i), d) << g.format(*p);
  }
}

}  // namespace fox_and_hounds_test
