// Mount'n Fall engine: the start, every figure of docs/rules/mount-n-fall.md as a position with its legal
// and illegal moves, notation, the end condition, perft.
#include <gtest/gtest.h>

#include <set>

#include "engine/core/bit_permutation.h"
#include "engine/core/errors.h"
#include "engine/core/game.h"
#include "engine/core/layer_index.h"
#include "engine/core/value.h"
#include "engine/mountnfall/mountnfall.h"
#include "engine/mountnfall/mountnfall_index.h"
#include "solvers/common/perft.h"

namespace {

using gs::mountnfall::MountNFall;
using gs::mountnfall::Move;
using gs::mountnfall::Position;

std::set<std::string> move_names(const MountNFall& g, const Position& p) {
  std::vector<Move> moves;
  gs::list_moves(g, p, moves);
  std::set<std::string> names;
  for (const Move& m : moves) names.insert(g.move_name(m));
  EXPECT_EQ(names.size(), moves.size()) << "every move has its own name";
  return names;
}

// An 8x8 position from rank 8 down to rank 1.
const MountNFall kGame;
Position board(const std::string& text) { return kGame.parse(text); }

TEST(MountNFall, StartHas134MovesAndRoundTrips) {
  const Position s = kGame.start();
  EXPECT_EQ(kGame.format(s),
            "...w1w1w1w1w1/....w1w1w1w1/.....w1w1w1/b1.....w1w1/b1b1.....w1/b1b1b1...../b1b1b1b1..../b1b1b1b1b1... w");
  EXPECT_EQ(kGame.parse(kGame.format(s)), s);
  EXPECT_EQ(move_names(kGame, s).size(), 134u);  // the figure the issue gives
  Position black = s;
  black.white_to_move = false;
  EXPECT_EQ(move_names(kGame, black).size(), 134u);  // the same by symmetry
}

TEST(MountNFall, PileUpWalksOverOwnSingles) {
  // A2 with B2 and C2 singles: A2 over B2 onto C2 gives a 3-high tower on C2.
  const Position p = board("......../......../......../......../......../......../w1w1w1...../........ w");
  const auto names = move_names(kGame, p);
  EXPECT_TRUE(names.count("a2-c2"));
  EXPECT_TRUE(names.count("a2-b2"));
  const Position q = kGame.play(p, kGame.parse_move(p, "a2-c2"));
  EXPECT_EQ(kGame.format(q), "......../......../......../......../......../......../..w3...../........ b");
}

TEST(MountNFall, Figure3CollapseLaysPawnsAlongTheDirection) {
  const Position p = board("......../......../......../......../......../......../..w3...../........ w");
  const Position q = kGame.play(p, kGame.parse_move(p, "c2>ne"));
  EXPECT_EQ(kGame.format(q), "......../......../......../......../....w1.../...w1..../..w1...../........ b");
}

// The squares a player points at: a pile-up's single and the piece piled onto (its name's two
// squares); a collapse's stack and the first square it falls on, which the move then holds.
TEST(MountNFall, MoveSquaresAreTheSourceAndWhereTheMoveLands) {
  const Position p = board("......../......../......../......../......../......../..w3...../w1w1...... w");
  int pile_ups = 0, collapses = 0;
  kGame.for_each_move(p, [&](const gs::mountnfall::Move& m) {
    const auto [from, to] = kGame.move_squares(m);
    const std::string name = kGame.move_name(m);
    if (m.kind == gs::mountnfall::Move::kPileUp) {
      ++pile_ups;
      EXPECT_EQ(name, kGame.square_name(from) + "-" + kGame.square_name(to));
    } else {
      ++collapses;
      EXPECT_TRUE(name.starts_with(kGame.square_name(from) + ">")) << name;
      EXPECT_NE(kGame.play(p, m).cells[static_cast<std::size_t>(to)], 0) << name;  // a pawn fell there
      EXPECT_EQ(p.cells[static_cast<std::size_t>(from)], 3) << name;
    }
  });
  EXPECT_GT(pile_ups, 0);
  EXPECT_GT(collapses, 0);
}

TEST(MountNFall, Figures4And5CollapseCapturesEveryEnemyPieceItLandsOn) {
  const Position p = board("......../......../...b5.w2w2w1/......../......../......../......../........ b");
  const Position q = kGame.play(p, kGame.parse_move(p, "d6>e"));
  EXPECT_EQ(kGame.format(q), "......../......../...b1b1b1b1b1/......../......../......../......../........ w");
}

TEST(MountNFall, Figures6And7PileUpThenCollapseOntoOwnSingleMakesAMuret) {
  Position p = board("......../......w1w1/.....w1../......../......../......../......../........ w");
  p = kGame.play(p, kGame.parse_move(p, "h7-g7"));
  EXPECT_EQ(kGame.format(p), "......../......w2./.....w1../......../......../......../......../........ b");
  p.white_to_move = true;
  p = kGame.play(p, kGame.parse_move(p, "g7>sw"));
  EXPECT_EQ(kGame.format(p), "......../......w1./.....w2../......../......../......../......../........ b");
}

TEST(MountNFall, Figures8And9NoCollapseOverOwnStacks) {
  const Position p = board(".....w4../.....w2../......../.....w2../......../......../......../........ w");
  const auto names = move_names(kGame, p);
  EXPECT_FALSE(names.count("f8>s"));
  EXPECT_THROW(kGame.parse_move(p, "f8>s"), gs::InputError);
  EXPECT_TRUE(names.count("f8>w"));
}

TEST(MountNFall, Figures10To12StacksAreTargetsButNeverPassedNorPiledUp) {
  const Position p = board("......../....w1w3w1w1/......../......../......../......../......../........ w");
  const auto names = move_names(kGame, p);
  EXPECT_FALSE(names.count("h7-e7"));  // would pass through the F7 tower
  EXPECT_FALSE(names.count("f7-h7"));  // a stack never piles up
  EXPECT_TRUE(names.count("h7-f7"));   // over G7 onto the tower
  EXPECT_TRUE(names.count("e7-f7"));
}

TEST(MountNFall, Figure13CollapseOnlyWhereEverySquareIsOnTheBoard) {
  const Position p = board("......../......../..b1..w4../......../......../......../......../........ w");
  std::set<std::string> collapses;
  for (const auto& name : move_names(kGame, p))
    if (name.find('>') != std::string::npos) collapses.insert(name);
  EXPECT_EQ(collapses, (std::set<std::string>{"f6>w", "f6>s", "f6>sw"}));
  const Position q = kGame.play(p, kGame.parse_move(p, "f6>w"));
  EXPECT_EQ(kGame.format(q), "......../......../..w1w1w1w1../......../......../......../......../........ b");
}

TEST(MountNFall, NoLegalMoveWithOnlyIsolatedSingles) {
  const Position p = board("w1......./......../..w1...../......../......b1./......../......../........ w");
  EXPECT_TRUE(move_names(kGame, p).empty());  // the side to move has lost
}

TEST(MountNFall, NotationRefusesBadInput) {
  for (const char* bad : {"......../......../......../......../......../......../......../........ x",
                          "......../......../......../......../......../......../........ w",
                          "......../......../......../......../......../......../......../......... w",
                          "......../......../......../......../......../......../......../......x0 w",
                          "......../......../......../......../......../......../......../.....w16 w",
                          "w15w1....../......../......../......../......../......../......../........ w"})
    EXPECT_THROW(kGame.parse(bad), gs::InputError) << bad;
  EXPECT_THROW(MountNFall(3, 2), gs::InputError);
  EXPECT_THROW(MountNFall(4, 4), gs::InputError);
}

TEST(MountNFall, PerftFromTheStart) {
  // The two armies cannot meet in two plies, so perft(2) is 134 squared.
  EXPECT_EQ(gs::perft(kGame, kGame.start(), 1), 134u);
  EXPECT_EQ(gs::perft(kGame, kGame.start(), 2), 134u * 134u);
  const MountNFall small(4, 2);
  EXPECT_EQ(kGame.format(kGame.start()).size() > 0, true);
  EXPECT_EQ(small.format(small.start()), "..w1w1/...w1/b1.../b1b1.. w");
}

}  // namespace

namespace {

using gs::LayerIndex;
using gs::Outcome;
using gs::mountnfall::MountNFallIndex;

TEST(MountNFallIndex, RankUnrankRoundTripAndUnmovesUndoMoves) {
  const MountNFallIndex index(4, 2);
  std::uint64_t checked = 0;
  for (int layer = 0; layer < index.layer_count(); ++layer)
    for (std::uint64_t i = 0; i < index.layer_size(layer); i += 7) {
      const auto p = index.unrank(layer, i);
      if (!p) continue;  // not the representative of its symmetry class
      ASSERT_EQ(index.locate(*p), (LayerIndex{layer, i}));
      // Every move that keeps the pawn counts is undone by an un-move.
      index.for_each_move(*p, [&](const Position& next) {
        if (index.locate(next).layer != layer) return;
        bool found = false;
        index.for_each_unmove(next, [&](const Position& back) { found = found || back == *p; });
        EXPECT_TRUE(found) << index.game().format(*p) << " -> " << index.game().format(next);
        ++checked;
      });
    }
  EXPECT_GT(checked, 10000u);
}

// Boards past the index are refused, not indexed into wrapped counts or tables past memory; the
// largest accepted one counts its positions exactly (the sum over its layers' groups, by hand).
TEST(MountNFallIndex, RefusesBoardsPastItsPlacementTables) {
  EXPECT_THROW(MountNFallIndex(6, 4), gs::InputError);  // White's 10 squares: C(36, 10) placements
  EXPECT_THROW(MountNFallIndex(8, 7), gs::InputError);
  EXPECT_THROW(gs::PlacementIndex(64, 20, gs::SymmetryGroup()), gs::InputError);
  const MountNFallIndex unreduced = MountNFallIndex::every_position(5, 3);
  std::uint64_t total = 0;
  for (int layer = 0; layer < unreduced.layer_count(); ++layer) total += unreduced.layer_size(layer);
  EXPECT_EQ(total, 360964918862u);  // sum of 2 C(25, kw) C(25 - kw, kb) C(w - 1, kw - 1) C(b - 1, kb - 1)
}

// Every un-move is a move: the predecessors of random positions have a move back to them.
TEST(MountNFallIndex, UnmovesAreMoves) {
  const MountNFallIndex index(5, 2);
  for (std::uint64_t i = 0; i < index.layer_size(index.layer_count() - 1); i += 997) {
    const auto p = index.unrank(index.layer_count() - 1, i);
    if (!p) continue;
    index.for_each_unmove(*p, [&](const Position& back) {
      bool found = false;
      index.for_each_move(back, [&](const Position& next) { found = found || next == *p; });
      EXPECT_TRUE(found) << index.game().format(back) << " -> " << index.game().format(*p);
    });
  }
}

}  // namespace

#include "solvers/minimax/negamax.h"
#include "solvers/retrograde/retrograde_solver.h"

namespace {

// The search engine finds every short win and loss of the 4x4 tables, at their exact distance,
// on one thread and on two sharing the table.
class MountNFallSearchThreads : public ::testing::TestWithParam<int> {};

TEST_P(MountNFallSearchThreads, FindsTheTablesShortWinsAndLosses) {
  const gs::mountnfall::MountNFallIndex index(4, 2);
  const auto tables = gs::solve_in_memory(index);
  gs::NegamaxSearch<MountNFall> search(index.game(), 16, GetParam());
  const int last = index.layer_count() - 1;
  const gs::ValueTable& t = tables[static_cast<std::size_t>(last)];
  int checked = 0;
  for (std::uint64_t i = 0; i < t.size() && checked < 300; i += 131) {
    const Outcome o = t.outcome(i);
    const int d = t.distance(i);
    if (t.raw()[i] == 0 || o == Outcome::kDraw || d > 7) continue;  // 0: no position
    const auto p = index.unrank(last, i);
    gs::SearchLimits limits;
    limits.depth = d + 1;
    limits.reductions = false;
    const auto report = search.search(*p, limits);
    const int expected =
        o == Outcome::kWin ? gs::NegamaxSearch<MountNFall>::kWin - d : -(gs::NegamaxSearch<MountNFall>::kWin - d);
    ASSERT_EQ(report.score, expected) << index.game().format(*p) << " " << gs::outcome_name(o) << " in " << d;
    if (o == Outcome::kWin) {
      ASSERT_FALSE(report.pv.empty());
      // The first move of the line keeps the win at the right distance.
      const auto next = index.game().play(*p, report.pv[0]);
      const LayerIndex at = index.locate(next);
      EXPECT_EQ(tables[static_cast<std::size_t>(at.layer)].outcome(at.index), Outcome::kLoss);
      EXPECT_EQ(tables[static_cast<std::size_t>(at.layer)].distance(at.index), d - 1);
    }
    ++checked;
  }
  EXPECT_GT(checked, 100);
}

INSTANTIATE_TEST_SUITE_P(OneAndTwo, MountNFallSearchThreads, ::testing::Values(1, 2));

// The index up to the square's 8 symmetries gives every position the value and distance the
// index of every position gives it; each class has one representative.
TEST(MountNFallIndex, ReducedTablesAgreeWithUnreduced) {
  const MountNFallIndex reduced(4, 2), unreduced = MountNFallIndex::every_position(4, 2);
  const auto small = gs::solve_in_memory(reduced), full = gs::solve_in_memory(unreduced);
  std::uint64_t positions = 0, representatives = 0;
  for (int layer = 0; layer < unreduced.layer_count(); ++layer) {
    for (std::uint64_t i = 0; i < unreduced.layer_size(layer); ++i) {
      const auto p = unreduced.unrank(layer, i);
      ASSERT_TRUE(p);
      const LayerIndex at = reduced.locate(*p);
      ASSERT_EQ(at.layer, layer);
      const auto representative = reduced.unrank(layer, at.index);
      ASSERT_TRUE(representative) << reduced.format(*p);
      ASSERT_EQ(reduced.locate(*representative), at);
      const gs::ValueTable& s = small[static_cast<std::size_t>(layer)];
      const gs::ValueTable& f = full[static_cast<std::size_t>(layer)];
      ASSERT_EQ(s.outcome(at.index), f.outcome(i)) << reduced.format(*p);
      ASSERT_EQ(s.distance(at.index), f.distance(i)) << reduced.format(*p);
      ++positions;
    }
    for (std::uint64_t i = 0; i < reduced.layer_size(layer); ++i) representatives += reduced.unrank(layer, i) ? 1 : 0;
  }
  EXPECT_EQ(positions, 1197074u);
  EXPECT_EQ(representatives, 150930u);  // about an eighth: few positions are symmetric
}

TEST(MountNFallSearch, RepetitionIsADraw) {
  // Every position White can reach is already in the game's history: each reply repeats, and
  // a repetition scores as a draw.
  const Position p = kGame.parse("......../......../......../......../......../......../w1w1....../b1b1...... w");
  gs::NegamaxSearch<MountNFall> search(kGame, 12);
  std::vector<std::uint64_t> history;
  std::vector<Move> moves;
  gs::list_moves(kGame, p, moves);
  for (const Move& m : moves) history.push_back(kGame.hash(kGame.play(p, m)));  // every reply repeats
  gs::SearchLimits limits;
  limits.depth = 3;
  EXPECT_EQ(search.search(p, limits, history).score, 0);
}

}  // namespace
