// m,n,k-games: engine (lines, symmetries, notation), strong solution figures, and the strong
// solution against alpha-beta on every reachable position of small boards.
#include <gtest/gtest.h>

#include <random>

#include <tbb/global_control.h>

#include "engine/core/errors.h"
#include "engine/mnk/packed_mnk.h"
#include "solvers/minimax/alpha_beta.h"
#include "solvers/minimax/strong_solver.h"

namespace gs::mnk {
namespace {

// k in a row by walking the grid cell by cell, to check the shift-based test.
bool brute_line(const MnkGame& g, Bitboard b) {
  const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (int r = 0; r < g.n(); ++r)
    for (int c = 0; c < g.m(); ++c)
      for (const auto& d : dirs) {
        int run = 0;
        for (int i = 0; i < g.k(); ++i) {
          const int rr = r + i * d[0], cc = c + i * d[1];
          if (rr < 0 || rr >= g.n() || cc < 0 || cc >= g.m() || !has_bit(b, rr * g.m() + cc)) break;
          ++run;
        }
        if (run == g.k()) return true;
      }
  return false;
}

TEST(MnkEngine, ShiftLineDetectionMatchesCellByCellWalk) {
  std::mt19937_64 rng(17);
  for (const auto& [m, n, k] :
       {std::tuple{3, 3, 3}, {4, 3, 3}, {5, 4, 4}, {8, 8, 5}, {7, 3, 3}, {3, 7, 3}, {8, 1, 4}, {6, 5, 4}}) {
    const MnkGame g(m, n, k);
    for (int t = 0; t < 2000; ++t) {
      const Bitboard b = rng() & rng() & g.full();
      EXPECT_EQ(g.has_line(b), brute_line(g, b)) << g.name();
    }
  }
}

TEST(MnkEngine, SymmetriesOfSquareAndRectangle) {
  EXPECT_EQ(MnkGame(3, 3, 3).symmetries().order(), 8);
  EXPECT_EQ(MnkGame(4, 3, 3).symmetries().order(), 4);
  EXPECT_EQ(MnkGame(8, 8, 5).symmetries().order(), 8);
}

TEST(MnkNotation, RoundTripAndRefusals) {
  const MnkGame g(3, 3, 3);
  const Position p = g.parse("X.O/.X./...");
  EXPECT_EQ(g.format(p), "X.O/.X./...");
  EXPECT_EQ(MnkGame::to_move(p), Player::o);
  EXPECT_EQ(g.cell_name(0), "a3");
  EXPECT_EQ(g.parse_cell("c1"), 8);
  EXPECT_THROW(g.parse("XX./.../..."), InputError);  // X two ahead
  EXPECT_THROW(g.parse("O../.../..."), InputError);  // O moved first
  EXPECT_THROW(g.parse("XXX/OOO/..."), InputError);  // both have a line
  EXPECT_THROW(g.parse("XXX/OO./..O"), InputError);  // O moved after X's win
  EXPECT_THROW(g.parse("XXX/OOX/OO."), InputError);  // X moved again after its line
  EXPECT_THROW(g.parse("X../..."), InputError);      // wrong row count
  EXPECT_THROW(g.parse("X../.Q./..."), InputError);  // bad cell
  EXPECT_THROW(g.parse_cell("d1"), InputError);
  EXPECT_NO_THROW(g.parse("XXX/OO./..."));  // X has just won
  EXPECT_THROW(MnkGame(9, 3, 3), InputError);
  EXPECT_THROW(MnkGame(3, 3, 4), InputError);
}

// Published tic-tac-toe figures. Definitions: "positions" = every position reachable from the
// empty board, play stopping at a win or a full board, the empty board and terminal positions
// included; "canonical" = the same up to the 8 symmetries; "games" = move sequences from the
// empty board to a terminal position.
TEST(MnkStrong, TicTacToeReachablePositions5478Canonical765Terminal958Games255168Draw) {
  const MnkGame g(3, 3, 3);
  const PackedMnk packed(g);
  const StrongSolution<PackedMnk> s(packed);
  std::uint64_t positions = 0, canonical = 0, terminal = 0, x_wins = 0, o_wins = 0, draws = 0;
  uint128 games = 0;
  for (std::size_t ply = 0; ply < s.layers().size(); ++ply)
    for (std::size_t i = 0; i < s.layers()[ply].size(); ++i) {
      const int orbit = packed.orbit_size(s.layers()[ply][i]);
      positions += orbit;
      ++canonical;
      if (!s.terminal_at(ply, i)) continue;
      terminal += orbit;
      games += s.paths_at(ply, i) * static_cast<unsigned>(orbit);
      if (s.value_at(ply, i).outcome == Outcome::kDraw)
        draws += orbit;
      else
        (ply % 2 ? x_wins : o_wins) += orbit;
    }
  EXPECT_EQ(positions, 5478U);
  EXPECT_EQ(canonical, 765U);
  EXPECT_EQ(terminal, 958U);
  EXPECT_EQ(x_wins, 626U);
  EXPECT_EQ(o_wins, 316U);
  EXPECT_EQ(draws, 16U);
  EXPECT_EQ(to_decimal(games), "255168");
  EXPECT_EQ(s.value_at(0, 0).outcome, Outcome::kDraw);
  EXPECT_EQ(s.value_at(0, 0).distance, 9);

  // Looking positions up: O must block at c1 to draw; X wins against any other reply.
  const auto blocked = s.lookup(PackedMnk::pack(g.parse("X.O/.X./..O")));
  ASSERT_TRUE(blocked.has_value());
  EXPECT_EQ(blocked->outcome, Outcome::kDraw);
  const auto unblocked = s.lookup(PackedMnk::pack(g.parse("X.O/.X./O..")));
  ASSERT_TRUE(unblocked.has_value());
  EXPECT_EQ(unblocked->outcome, Outcome::kWin);  // X to move wins at c1
  EXPECT_EQ(unblocked->distance, 1);
  const auto over = s.lookup(PackedMnk::pack(g.parse("XXX/OO./...")));  // terminal: O to move has lost
  ASSERT_TRUE(over.has_value());
  EXPECT_EQ(over->outcome, Outcome::kLoss);
  EXPECT_EQ(over->distance, 0);
}

// Strong (retrograde over all positions) and weak (alpha-beta) agree on every reachable
// position, with one thread and with two.
TEST(MnkStrong, AgreesWithAlphaBetaOnEveryPositionOf3x3And4x3) {
  for (const auto& [m, n, k] : {std::tuple{3, 3, 3}, {4, 3, 3}, {3, 4, 3}, {4, 3, 4}}) {
    const MnkGame g(m, n, k);
    const PackedMnk packed(g);
    const StrongSolution<PackedMnk> strong(packed);
    for (int threads : {1, 2}) {
      tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
      AlphaBeta<PackedMnk> weak(packed, {.threads = threads, .split_depth = 3, .table_bits = 16});
      for (std::size_t ply = 0; ply < strong.layers().size(); ++ply)
        for (std::size_t i = 0; i < strong.layers()[ply].size(); ++i)
          ASSERT_EQ(weak.value(strong.layers()[ply][i]), strong.value_at(ply, i).outcome)
              << g.name() << " " << g.format(PackedMnk::unpack(strong.layers()[ply][i]));
    }
  }
}

// The 128-bit view used for boards over 32 cells gives the same values as the 64-bit one.
TEST(MnkWeak, WideViewAgreesWithStrongSolutionOn4x3) {
  const MnkGame g(4, 3, 3);
  const PackedMnk packed(g);
  const WideMnk wide(g);
  const StrongSolution<PackedMnk> strong(packed);
  AlphaBeta<WideMnk> search(wide, {.threads = 2, .split_depth = 3, .table_bits = 16});
  for (std::size_t ply = 0; ply < strong.layers().size(); ++ply)
    for (std::size_t i = 0; i < strong.layers()[ply].size(); ++i) {
      const Position p = PackedMnk::unpack(strong.layers()[ply][i]);
      ASSERT_EQ(search.value(WideMnk::pack(p)), strong.value_at(ply, i).outcome) << g.format(p);
      EXPECT_EQ(WideMnk::unpack(wide.canonical(WideMnk::pack(p))),
                PackedMnk::unpack(packed.canonical(strong.layers()[ply][i])));
    }
}

TEST(MnkWeak, EightByEightEndgameByBothThreadCounts) {
  const MnkGame g(8, 8, 4);
  const WideMnk wide(g);
  const Position p = g.parse("XXOOXXOO/OOXXOOXX/XXOOXXOO/OOXXOOXX/XXOOXXOO/OOXXOOXX/......../........");
  AlphaBeta<WideMnk> one(wide, {.threads = 1, .split_depth = 4, .table_bits = 18}),
      two(wide, {.threads = 2, .split_depth = 4, .table_bits = 18});
  const Outcome v1 = one.value(WideMnk::pack(p));
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
  EXPECT_EQ(two.value(WideMnk::pack(p)), v1);
  EXPECT_EQ(v1, Outcome::kWin);  // X to move wins (c2 or d2 make two threats)
}

TEST(MnkWeak, KnownValues) {
  const auto value = [](int m, int n, int k) {
    const MnkGame g(m, n, k);
    const PackedMnk packed(g);
    AlphaBeta<PackedMnk> search(packed, {.threads = 2, .split_depth = 4, .table_bits = 20});
    return search.value(0);
  };
  EXPECT_EQ(value(4, 3, 3), Outcome::kWin);   // first-player win
  EXPECT_EQ(value(4, 4, 3), Outcome::kWin);   // first-player win
  EXPECT_EQ(value(4, 4, 4), Outcome::kDraw);  // draw
  EXPECT_EQ(value(5, 4, 4), Outcome::kDraw);  // draw
}

}  // namespace
}  // namespace gs::mnk
