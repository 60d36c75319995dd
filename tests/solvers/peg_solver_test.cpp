// Peg solvers against plain methods written here: brute-force search without symmetry or
// tables, raw enumeration of reachable positions, raw path counting, and a 0-1 shortest-path
// search over (position, last landing hole) for fewest moves. Small boards, every start.
#include <gtest/gtest.h>

#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include <tbb/global_control.h>

#include "engine/peg/board_file.h"
#include "engine/peg/compactness.h"
#include "engine/peg/notation.h"
#include "engine/peg/puzzle.h"
#include "solvers/beam/beam_search.h"
#include "solvers/dfs/dfs_solver.h"
#include "solvers/layered/fewest_moves.h"
#include "solvers/layered/fewest_moves_meeting.h"
#include "solvers/layered/game_statistics.h"
#include "solvers/layered/layered_search.h"
#include "solvers/layered/streamed_fewest_moves.h"
#include "tests/support/quiet_peg_options.h"
#include "tests/support/sanitized.h"
#include "tests/support/temp_dir.h"
#include "tools/peg/pagoda_learning.h"
#include "tools/peg/pagoda_search.h"
#include "tools/peg/peg_beam.h"
#include "tools/peg/peg_jobs.h"
#include "tools/peg/peg_problem.h"

namespace gs::peg {
namespace {

const SymmetryGroup& trivial_group() {
  static const SymmetryGroup g = [] {
    std::vector<int> identity(64);
    for (int i = 0; i < 64; ++i) identity[i] = i;
    return SymmetryGroup({BitPermutation(identity)});
  }();
  return g;
}

// Plain brute force: which positions can reach one peg on `finishes` (memo on raw positions).
bool brute_solvable(const Board& board, Position pos, Bitboard finishes, std::unordered_map<Position, bool>& memo) {
  if (popcount(pos) == 1) return pos & finishes;
  if (auto it = memo.find(pos); it != memo.end()) return it->second;
  bool ok = false;
  board.for_each_jump(pos, [&](const Jump& j) { ok = ok || brute_solvable(board, pos ^ j.all, finishes, memo); });
  return memo[pos] = ok;
}

// Raw reachable positions per number of pegs.
// Visits every position reachable from `start` once, by a plain search over a bitmap of seen
// positions (the boards it is used on have at most 21 holes: 256 KB).
template <class Visit>
void for_each_reachable(const Board& board, Position start, Visit&& visit) {
  std::vector<bool> seen(std::size_t{1} << board.holes());
  std::vector<Position> stack = {start};
  seen[start] = true;
  while (!stack.empty()) {
    const Position p = stack.back();
    stack.pop_back();
    visit(p);
    board.for_each_jump(p, [&](const Jump& j) {
      if (!seen[p ^ j.all]) seen[p ^ j.all] = true, stack.push_back(p ^ j.all);
    });
  }
}

std::map<int, std::set<Position>> brute_reachable(const Board& board, Position start) {
  std::map<int, std::set<Position>> by_pegs;
  for_each_reachable(board, start, [&](Position p) { by_pegs[popcount(p)].insert(p); });
  return by_pegs;
}

// The holes where a single peg can be left from `start`, sorted.
std::vector<std::string> brute_finishes(const Board& board, Position start) {
  std::vector<std::string> finishes;
  for_each_reachable(board, start, [&](Position p) {
    if (popcount(p) == 1) finishes.push_back(hole_name(board, lowest_bit(p)));
  });
  std::sort(finishes.begin(), finishes.end());
  return finishes;
}

// Raw count of jump sequences from `pos` to a single peg on each hole.
std::map<int, uint128> brute_paths(const Board& board, Position pos,
                                   std::unordered_map<Position, std::map<int, uint128>>& memo) {
  if (popcount(pos) == 1) return {{lowest_bit(pos), 1}};
  if (auto it = memo.find(pos); it != memo.end()) return it->second;
  std::map<int, uint128> out;
  board.for_each_jump(pos, [&](const Jump& j) {
    for (const auto& [h, n] : brute_paths(board, pos ^ j.all, memo)) out[h] += n;
  });
  return memo[pos] = out;
}

// 0-1 BFS over (position, hole of the last landing); a jump from that hole is free. The fewest
// moves to a single peg on each hole (-1: none).
std::vector<int> brute_fewest_moves_to_each(const Board& board, Position start) {
  std::map<std::pair<Position, int>, int> dist;
  std::deque<std::pair<Position, int>> queue = {{start, -1}};
  dist[{start, -1}] = 0;
  std::vector<int> best(board.holes(), -1);
  while (!queue.empty()) {
    // Named copies, not a structured binding: clang 14 (the fuzz and sanitizer build) cannot
    // capture bindings in a lambda.
    const Position p = queue.front().first;
    const int last = queue.front().second;
    queue.pop_front();
    const int d = dist[{p, last}];
    if (popcount(p) == 1 && (best[lowest_bit(p)] < 0 || d < best[lowest_bit(p)])) best[lowest_bit(p)] = d;
    board.for_each_jump(p, [&](const Jump& j) {
      const int w = j.from == last ? 0 : 1;
      const std::pair<Position, int> next = {p ^ j.all, j.to};
      auto it = dist.find(next);
      if (it != dist.end() && it->second <= d + w) return;
      dist[next] = d + w;
      if (w == 0)
        queue.push_front(next);
      else
        queue.push_back(next);
    });
  }
  return best;
}

// The least of `each` (fewest moves per finish hole, -1: none) over `finishes`.
int least_over(const std::vector<int>& each, Bitboard finishes) {
  int best = -1;
  for_each_bit(finishes, [&](int f) {
    if (each[f] >= 0 && (best < 0 || each[f] < best)) best = each[f];
  });
  return best;
}

int brute_fewest_moves(const Board& board, Position start, Bitboard finishes) {
  return least_over(brute_fewest_moves_to_each(board, start), finishes);
}

Position replay(const Position start, const std::vector<const Jump*>& path) {
  Position p = start;
  for (const Jump* j : path) {
    EXPECT_EQ(p & j->from_over, j->from_over);
    EXPECT_FALSE(p & j->to_mask);
    p ^= j->all;
  }
  return p;
}

Position single_vacancy(const Board& board, int hole) { return board.all_holes() & ~bit(hole); }

Board small_square_board() { return Board(parse_board_spec("name: sq\noooo\noooo\noooo\n", "test")); }
Board small_diagonal_board() {
  return Board(parse_board_spec("name: dg\njumps: diagonal\nooooo\nooooo\n.ooo.\n", "test"));
}

class PegSolverSmallBoards : public ::testing::TestWithParam<std::string> {
 protected:
  Board board() const {
    if (GetParam() == "square") return small_square_board();
    if (GetParam() == "diagonal") return small_diagonal_board();
    return load_board(GetParam());
  }
};

TEST_P(PegSolverSmallBoards, DfsAgreesWithBruteForceForEveryStartAndFinish_SerialAndParallel) {
  const Board b = board();
  for (int s = 0; s < b.holes(); ++s) {
    for (int f = 0; f < b.holes(); ++f) {
      std::unordered_map<Position, bool> memo;
      const bool expected = brute_solvable(b, single_vacancy(b, s), bit(f), memo);
      const PegPuzzle puzzle(b, bit(f), b.symmetries().stabiliser({bit(f)}));
      for (int threads : {1, 2}) {
        DfsSolver<PegPuzzle> solver(puzzle, {.threads = threads, .split_depth = 3, .table_bits = 16});
        const auto r = solver.solve(single_vacancy(b, s));
        ASSERT_EQ(r.solved, expected) << GetParam() << " start " << hole_name(b, s) << " finish " << hole_name(b, f);
        if (r.solved) {
          EXPECT_EQ(replay(single_vacancy(b, s), r.path), bit(f));
        }
      }
    }
  }
}

// The goal layers hold exactly the positions, up to symmetry, that brute force finds able to
// reach the finish, at every distance they reach; the search cut by them still agrees with brute
// force for every start and finish.
TEST_P(PegSolverSmallBoards, GoalLayersAndTheSearchTheyCutMatchBruteForce) {
  const Board b = board();
  ASSERT_LE(b.holes(), 16);  // every position is enumerated
  std::size_t checked = 0, deepest = 0;
  for (int f = 0; f < b.holes(); ++f) {
    const PegPuzzle puzzle(b, bit(f), b.symmetries().stabiliser({bit(f)}));
    const auto layers = goal_layers(puzzle, {bit(f)}, 6, std::size_t{1} << 20);
    deepest = std::max(deepest, layers.size() - 1);
    std::unordered_map<Position, bool> memo;
    std::vector<std::set<Position>> expected(layers.size());
    for (Position p = 1; p <= b.all_holes(); ++p) {
      const auto k = static_cast<std::size_t>(popcount(p) - 1);
      if (k < layers.size() && brute_solvable(b, p, bit(f), memo)) expected[k].insert(puzzle.canonical(p));
    }
    for (std::size_t k = 0; k < layers.size(); ++k) {
      const std::set<Position> got(layers[k].states().begin(), layers[k].states().end());
      EXPECT_EQ(got, expected[k]) << GetParam() << " finish " << hole_name(b, f) << " distance " << k;
    }
    for (int s = 0; s < b.holes(); ++s) {
      const bool solvable = brute_solvable(b, single_vacancy(b, s), bit(f), memo);
      DfsSolver<PegPuzzle> solver(puzzle, {.threads = 1, .split_depth = 0, .table_bits = 16, .goal_layers = &layers});
      const auto r = solver.solve(single_vacancy(b, s));
      ASSERT_EQ(r.solved, solvable) << GetParam() << " start " << hole_name(b, s) << " finish " << hole_name(b, f);
      if (r.solved) {
        EXPECT_EQ(replay(single_vacancy(b, s), r.path), bit(f));
      }
      ++checked;
    }
  }
  EXPECT_EQ(checked, static_cast<std::size_t>(b.holes() * b.holes()));
  EXPECT_GE(deepest, 3u);
}

// Every pagoda proof the linear program finds is a pagoda, weighs the start below the finish,
// and brute force agrees that the problem is unsolvable; on sparse positions it finds many.
TEST_P(PegSolverSmallBoards, PagodaProofsAreRecheckedByExhaustiveSearch) {
  const Board b = board();
  std::mt19937_64 rng(7);
  int proofs = 0, unsolvable = 0;
  for (int t = 0; t < 300; ++t) {
    const Position pos =
        (t % 3 == 0 ? b.all_holes() & ~bit(static_cast<int>(rng() % b.holes())) : rng() & rng()) & b.all_holes();
    const int f = static_cast<int>(rng() % b.holes());
    if (pos == 0) continue;
    std::unordered_map<Position, bool> memo;
    const bool solvable = brute_solvable(b, pos, bit(f), memo);
    unsolvable += !solvable;
    if (const auto p = tools::pagoda_proof(b, pos, f)) {
      ++proofs;
      EXPECT_TRUE(is_pagoda(b, *p));
      EXPECT_LT(weight_of(*p, pos), p->weights[f]);
      EXPECT_FALSE(solvable) << GetParam() << " " << position_grid(b, pos) << " to " << hole_name(b, f);
    }
  }
  EXPECT_GT(proofs, 50) << GetParam() << ": " << unsolvable << " unsolvable problems";
}

// A search stopped by its node budget says so and leaves only true entries in its table: the
// same search run again on that table without a budget still agrees with brute force.
TEST_P(PegSolverSmallBoards, BudgetStoppedSearchesResumeOnTheirTable) {
  const Board b = board();
  int stopped = 0;
  for (int s = 0; s < b.holes(); ++s) {
    const int f = s;
    std::unordered_map<Position, bool> memo;
    const bool expected = brute_solvable(b, single_vacancy(b, s), bit(f), memo);
    const PegPuzzle puzzle(b, bit(f), b.symmetries().stabiliser({bit(f)}));
    DeadTable table(16);
    for (std::uint64_t budget : {std::uint64_t{5}, std::uint64_t{40}, std::uint64_t{0}}) {
      DfsSolver<PegPuzzle> solver(puzzle, {.threads = 1, .split_depth = 0, .table_bits = 16, .max_nodes = budget},
                                  table);
      const auto r = solver.solve(single_vacancy(b, s));
      if (!r.complete) {
        ++stopped;
        EXPECT_FALSE(r.solved);
        EXPECT_GE(r.nodes, budget);
        continue;
      }
      ASSERT_EQ(r.solved, expected) << GetParam() << " start and finish " << hole_name(b, s);
      if (r.solved) {
        EXPECT_EQ(replay(single_vacancy(b, s), r.path), bit(f));
      }
    }
  }
  EXPECT_GT(stopped, 0);
}

// The search that learns pagodas between rounds (tiny budgets here, so that it learns) agrees
// with brute force for every start and finish, on a table of its own and on a shared one.
TEST_P(PegSolverSmallBoards, PagodaLearningSearchAgreesWithBruteForce) {
  const Board b = board();
  int learned = 0;
  for (int f = 0; f < b.holes(); ++f) {
    const PegPuzzle puzzle(b, bit(f), b.symmetries().stabiliser({bit(f)}));
    DeadTable shared(16);
    for (int s = 0; s < b.holes(); ++s) {
      std::unordered_map<Position, bool> memo;
      const bool expected = brute_solvable(b, single_vacancy(b, s), bit(f), memo);
      for (DeadTable* table : {static_cast<DeadTable*>(nullptr), &shared}) {
        tools::PagodaLearningSearch search(
            puzzle, {.threads = 1, .split_depth = 0, .table_bits = 16}, table,
            {.first_budget = 8, .rounds = 4, .samples = 64, .programs = 16, .pagodas = 2});
        const auto r = search.solve(single_vacancy(b, s));
        ASSERT_EQ(r.search.solved, expected)
            << GetParam() << " start " << hole_name(b, s) << " finish " << hole_name(b, f);
        if (r.search.solved) {
          EXPECT_EQ(replay(single_vacancy(b, s), r.search.path), bit(f));
        }
        learned += r.pagodas;
      }
    }
  }
  EXPECT_GT(learned, 0) << GetParam();
}

// Game statistics (every jump sequence until no jump is possible) against a plain forward count
// over raw positions, without symmetry: per depth the dead ends and the games ending there, the
// total, and a shortest game that replays to a dead end.
void expect_game_statistics_match_plain_count(const Board& b, int start_hole) {
  const Position start = single_vacancy(b, start_hole);
  const PegPuzzle puzzle(b, b.all_holes(), b.symmetries().stabiliser({start}));
  const auto layers = enumerate_layers(puzzle, start);
  const GameStatistics stats = game_statistics(puzzle, layers);
  ASSERT_FALSE(stats.overflow);
  std::map<Position, uint128> level = {{start, 1}};
  uint128 games = 0;
  int shortest = -1;
  for (std::size_t d = 0; !level.empty(); ++d) {
    std::map<Position, uint128> next;
    std::uint64_t dead_ends = 0;
    uint128 ending = 0;
    for (const auto& entry : level) {
      const auto pos = entry.first;
      const auto count = entry.second;
      bool any = false;
      b.for_each_jump(pos, [&](const Jump& j) {
        next[pos ^ j.all] += count;
        any = true;
      });
      if (!any) ++dead_ends, ending += count;
    }
    ASSERT_LT(d, stats.layers.size());
    EXPECT_EQ(stats.layers[d].total, dead_ends) << b.name() << " depth " << d;
    EXPECT_EQ(to_decimal(stats.layers[d].games), to_decimal(ending)) << b.name() << " depth " << d;
    games += ending;
    if (shortest < 0 && dead_ends) shortest = static_cast<int>(d);
    level = std::move(next);
  }
  EXPECT_EQ(to_decimal(stats.games), to_decimal(games)) << b.name();
  ASSERT_EQ(stats.shortest, shortest);
  const auto line = line_to(puzzle, layers, start, stats.shortest_end, stats.shortest);
  ASSERT_EQ(static_cast<int>(line.size()), shortest);
  const Position end = replay(start, line);
  bool any = false;
  b.for_each_jump(end, [&](const Jump&) { any = true; });
  EXPECT_FALSE(any) << b.name() << ": the shortest game does not end in a dead end";
}

TEST_P(PegSolverSmallBoards, GameStatisticsMatchAPlainCount) {
  const Board b = board();
  for (int s = 0; s < b.holes(); ++s) expect_game_statistics_match_plain_count(b, s);
}

TEST(PegSolverGames, Triangle6GameStatisticsMatchAPlainCount) {
  const Board b = load_board("triangle6");
  for (int s : {0, 1, 4}) expect_game_statistics_match_plain_count(b, s);
}

TEST_P(PegSolverSmallBoards, SerialNodeCountIsReproducible) {
  const Board b = board();
  const PegPuzzle puzzle(b, b.all_holes(), b.symmetries());
  DfsSolver<PegPuzzle> first(puzzle, {.threads = 1, .split_depth = 0, .table_bits = 16}),
      second(puzzle, {.threads = 1, .split_depth = 0, .table_bits = 16});
  EXPECT_EQ(first.solve(single_vacancy(b, 0)).nodes, second.solve(single_vacancy(b, 0)).nodes);
}

TEST_P(PegSolverSmallBoards, LayersMatchRawEnumerationAndSymmetryReducedTotalsMatchUnreduced) {
  const Board b = board();
  for (int s = 0; s < b.holes(); ++s) {
    const Position start = single_vacancy(b, s);
    const auto raw = brute_reachable(b, start);
    const PegPuzzle reduced(b, b.all_holes(), b.symmetries().stabiliser({start}));
    const PegPuzzle unreduced(b, b.all_holes(), trivial_group());
    const auto layers = enumerate_layers(reduced, start);
    const auto plain = enumerate_layers(unreduced, start);
    ASSERT_EQ(layers.size(), raw.size());
    ASSERT_EQ(plain.size(), raw.size());
    for (std::size_t d = 0; d < layers.size(); ++d) {
      const int pegs = popcount(start) - static_cast<int>(d);
      EXPECT_EQ(total_states(reduced, layers[d]), raw.at(pegs).size());
      EXPECT_EQ(plain[d].size(), raw.at(pegs).size());
      for (std::size_t i = 0; i < layers[d].size(); ++i) EXPECT_TRUE(raw.at(pegs).count(layers[d][i]));
    }
  }
}

TEST_P(PegSolverSmallBoards, PathCountsAndAliveSetsMatchBruteForce) {
  const Board b = board();
  for (int s = 0; s < b.holes(); ++s) {
    const Position start = single_vacancy(b, s);
    const PegPuzzle puzzle(b, b.all_holes(), b.symmetries().stabiliser({start}));
    const auto layers = enumerate_layers(puzzle, start);
    const auto alive = alive_layers(puzzle, layers);
    const auto paths = count_paths(puzzle, alive);
    std::unordered_map<Position, std::map<int, uint128>> memo;
    const auto expected = brute_paths(b, start, memo);
    for (int h = 0; h < b.holes(); ++h) {
      uint128 got = 0;
      const std::size_t last = layers.size() - 1;
      if (const auto i = alive[last].find(puzzle.canonical(bit(h)));
          i != LayerSet::npos && popcount(alive[last][i]) == 1)
        got = paths[last][i];
      const auto it = expected.find(h);
      EXPECT_EQ(to_decimal(got), to_decimal(it == expected.end() ? 0 : it->second))
          << "start " << hole_name(b, s) << " finish " << hole_name(b, h);
    }
    // Alive = raw positions from which some single peg is reachable.
    std::unordered_map<Position, bool> m;
    for (std::size_t d = 0; d < layers.size(); ++d)
      for (std::size_t i = 0; i < layers[d].size(); ++i) {
        EXPECT_EQ(alive[d].contains(layers[d][i]), brute_solvable(b, layers[d][i], b.all_holes(), m));
      }
  }
}

TEST_P(PegSolverSmallBoards, FewestMovesMatchesShortestPathSearch) {
  const Board b = board();
  for (int s = 0; s < b.holes(); ++s) {
    const Position start = single_vacancy(b, s);
    for (Bitboard finishes : {b.all_holes(), bit(s)}) {
      const PegPuzzle puzzle(b, finishes, b.symmetries().stabiliser({start, finishes}));
      const auto alive = alive_layers(puzzle, enumerate_layers(puzzle, start));
      FewestMoves<PegPuzzle> search(puzzle, alive);
      const auto r = search.solve();
      const int expected = brute_fewest_moves(b, start, finishes);
      ASSERT_EQ(r.solved, expected >= 0);
      if (!r.solved) continue;
      EXPECT_EQ(r.moves, expected) << "start " << hole_name(b, s);
      const Position end = replay(start, r.path);
      EXPECT_EQ(popcount(end), 1);
      EXPECT_TRUE(end & finishes);
      std::vector<Jump> jumps;
      for (const Jump* j : r.path) jumps.push_back(*j);
      EXPECT_EQ(count_moves(jumps), r.moves);
    }
  }
}

// Fewest moves over the streamed layers: in memory (`memory_layers` bytes of layers) or on disk
// (0) with a small table budget, so layers are built in several ranges.
FewestMovesResult<PegPuzzle> streamed_fewest(const PegPuzzle& puzzle, const std::vector<Position>& starts,
                                             const std::string& dir, std::size_t memory_layers) {
  StreamedLayers<PegPuzzle> streamed(puzzle, {.dir = dir,
                                              .problem = "fewest test",
                                              .memory_bytes = std::size_t{1} << 20,
                                              .durable = false,
                                              .memory_layers_bytes = memory_layers});
  const StreamedAnalysis a = streamed.run(starts);
  return StreamedFewestMoves<PegPuzzle>(puzzle, streamed, a.layers.size() - 1).solve();
}

// A fewest-moves result (of either method) is a solution of r.moves moves from a single vacancy.
template <class Result>
void expect_a_solution_of(const Board& b, const Result& r, Bitboard finishes) {
  const Position end = replay(r.start, r.path);
  EXPECT_EQ(popcount(end), 1);
  EXPECT_TRUE(end & finishes);
  std::vector<Jump> jumps;
  for (const Jump* j : r.path) jumps.push_back(*j);
  EXPECT_EQ(count_moves(jumps), r.moves);
  EXPECT_EQ(popcount(b.all_holes() & ~r.start), 1) << "the solution starts from a single vacancy";
}

TEST_P(PegSolverSmallBoards, StreamedFewestMovesMatchShortestPathSearch) {
  const Board b = board();
  for (int s = 0; s < b.holes(); ++s) {
    const Position start = single_vacancy(b, s);
    for (Bitboard finishes : {b.all_holes(), bit(s)}) {
      const PegPuzzle puzzle(b, finishes, b.symmetries().stabiliser({start, finishes}));
      const int expected = brute_fewest_moves(b, start, finishes);
      for (const std::size_t memory_layers : {std::size_t{1} << 30, std::size_t{0}}) {
        const testing::TempDir dir("gs-fewest-test");
        const auto r = streamed_fewest(puzzle, {start}, dir.str(), memory_layers);
        ASSERT_EQ(r.solved, expected >= 0) << "start " << hole_name(b, s);
        if (!r.solved) continue;
        EXPECT_EQ(r.moves, expected) << "start " << hole_name(b, s) << (memory_layers ? " in memory" : " on disk");
        EXPECT_EQ(r.start, start);
        expect_a_solution_of(b, r, finishes);
      }
    }
  }
}

// Fewest moves by the two searches counted in moves: pruned by pagodas both ways (as the command
// runs it) or not at all.
FewestMovesMeetingResult<PegPuzzle> fewest_by_meeting(const Board& b, const std::vector<Position>& starts,
                                                      Bitboard finishes, bool pruned, std::uint64_t max_states = 0,
                                                      std::uint64_t max_bytes = 0,
                                                      std::uint64_t max_last_positions = 0) {
  const SymmetryGroup group =
      starts.size() == 1 ? b.symmetries().stabiliser({starts[0], finishes}) : b.symmetries().stabiliser({finishes});
  const PegPuzzle puzzle(b, finishes, group);
  std::vector<Position> goals;
  for_each_bit(finishes, [&](int f) { goals.push_back(bit(f)); });
  FewestMovesMeeting<PegPuzzle>::Options o{
      .max_states = max_states, .max_bytes = max_bytes, .max_last_positions = max_last_positions};
  std::optional<PegPuzzle> dual;
  if (pruned) {
    o.cannot_finish = [&](Position s) { return puzzle.cannot_finish(s); };
    if (starts.size() == 1) {
      dual.emplace(b, b.all_holes() & ~starts[0], group);
      o.cannot_be_reached = [&](Position s) { return dual->cannot_finish(b.all_holes() & ~s); };
    }
  }
  return FewestMovesMeeting<PegPuzzle>(puzzle, starts, goals, std::move(o)).solve();
}

// From one start to any finish, the halves stopped by a budget in positions or (bytes) in bytes,
// 8 a position.
FewestMovesMeetingResult<PegPuzzle> fewest_within_budget(const Board& b, Position start, std::uint64_t budget,
                                                         bool bytes, std::uint64_t max_last_positions = 0) {
  return bytes ? fewest_by_meeting(b, {start}, b.all_holes(), true, 0, 8 * budget, max_last_positions)
               : fewest_by_meeting(b, {start}, b.all_holes(), true, budget, 0, max_last_positions);
}

// Every single vacancy at once: the least over the starts of each start's own fewest moves.
TEST_P(PegSolverSmallBoards, FewestMovesFromEveryStartIsTheLeastOverTheStarts) {
  const Board b = board();
  for (Bitboard finishes : {b.all_holes(), bit(0)}) {
    int expected = -1;
    std::vector<Position> starts;
    for (int s = 0; s < b.holes(); ++s) {
      starts.push_back(single_vacancy(b, s));
      const int m = brute_fewest_moves(b, starts.back(), finishes);
      if (m >= 0 && (expected < 0 || m < expected)) expected = m;
    }
    const PegPuzzle puzzle(b, finishes, b.symmetries().stabiliser({finishes}));
    for (const std::size_t memory_layers : {std::size_t{1} << 30, std::size_t{0}}) {
      const testing::TempDir dir("gs-fewest-test");
      const auto r = streamed_fewest(puzzle, starts, dir.str(), memory_layers);
      ASSERT_EQ(r.solved, expected >= 0);
      if (!r.solved) continue;
      EXPECT_EQ(r.moves, expected);
      expect_a_solution_of(b, r, finishes);
      EXPECT_EQ(brute_fewest_moves(b, r.start, finishes), expected) << "the start it names takes that many";
    }
    const auto met = fewest_by_meeting(b, starts, finishes, true);
    ASSERT_EQ(met.solved, expected >= 0) << "by meeting";
    if (!met.solved) continue;
    EXPECT_EQ(met.moves, expected) << "by meeting";
    expect_a_solution_of(b, met, finishes);
    EXPECT_EQ(brute_fewest_moves(b, met.start, finishes), expected) << "the start the meeting names takes that many";
  }
}

TEST_P(PegSolverSmallBoards, FewestMovesByMeetingMatchesShortestPathSearch) {
  const Board b = board();
  for (int s = 0; s < b.holes(); ++s) {
    const Position start = single_vacancy(b, s);
    const std::vector<int> each = brute_fewest_moves_to_each(b, start);
    std::vector<Bitboard> finish_sets = {b.all_holes()};
    for (int f = 0; f < b.holes(); ++f) finish_sets.push_back(bit(f));
    for (const Bitboard finishes : finish_sets) {
      const int expected = least_over(each, finishes);
      for (const bool pruned : {true, false}) {
        const auto r = fewest_by_meeting(b, {start}, finishes, pruned);
        ASSERT_FALSE(r.stopped);
        ASSERT_EQ(r.solved, expected >= 0) << "start " << hole_name(b, s) << " finishes " << finishes;
        if (!r.solved) continue;
        EXPECT_EQ(r.moves, expected) << "start " << hole_name(b, s) << " finishes " << finishes;
        EXPECT_EQ(r.start, start);
        expect_a_solution_of(b, r, finishes);
      }
    }
  }
}

// Budgets that stop the halves at every depth: the last step (one half's next layer, not stored)
// finds the fewest moves exactly when they are one more than the halves compared, and otherwise
// leaves the pair undecided with a true lower bound, never "unsolvable".
TEST_P(PegSolverSmallBoards, FewestMovesMeetingsLastStepIsExactOrALowerBound) {
  const Board b = board();
  int last_steps = 0, decided_by_last_step = 0;
  for (int s = 0; s < b.holes(); ++s) {
    const Position start = single_vacancy(b, s);
    const int expected = least_over(brute_fewest_moves_to_each(b, start), b.all_holes());
    const auto whole = fewest_by_meeting(b, {start}, b.all_holes(), true);
    const std::uint64_t states =
        std::accumulate(whole.forward_sizes.begin(), whole.forward_sizes.end(), std::uint64_t{0}) +
        std::accumulate(whole.backward_sizes.begin(), whole.backward_sizes.end(), std::uint64_t{0});
    // Budgets in positions (the guess stops the halves) and in bytes (a layer may be dropped
    // half built when it turns out larger than the guess).
    for (std::uint64_t budget = 1; budget < 2 * states; budget += budget / 4 + 1)
      for (const bool bytes : {false, true}) {
        const auto r = fewest_within_budget(b, start, budget, bytes);
        last_steps += r.last_step;
        if (r.solved) {
          EXPECT_EQ(r.moves, expected) << "start " << hole_name(b, s) << " budget " << budget;
          expect_a_solution_of(b, r, b.all_holes());
          decided_by_last_step += r.last_step;
        } else if (r.stopped) {
          EXPECT_TRUE(r.last_step);
          EXPECT_TRUE(expected < 0 || r.moves_at_least <= expected)
              << "start " << hole_name(b, s) << " budget " << budget << ": at least " << r.moves_at_least;
        } else {
          EXPECT_EQ(expected, -1) << "start " << hole_name(b, s) << " budget " << budget;
        }
      }
  }
  EXPECT_GT(last_steps, 0);
  EXPECT_GT(decided_by_last_step, 0);
}

// With no bound on the last steps, they go on one move at a time until they meet or generate
// nothing: every budget, however small, decides the start exactly as the shortest-path search.
TEST_P(PegSolverSmallBoards, FewestMovesMeetingsLastStepsDecideEveryBudget) {
  const Board b = board();
  int deeper = 0, sliced = 0;
  for (int s = 0; s < b.holes(); ++s) {
    const Position start = single_vacancy(b, s);
    const int expected = least_over(brute_fewest_moves_to_each(b, start), b.all_holes());
    // Budgets in positions, and in bytes (the next layer then goes through in slices, or when not
    // even one bucket fits, the runs go on from the deepest layer).
    for (std::uint64_t budget = 30; budget < 3000; budget *= 9)
      for (const bool bytes : {false, true}) {
        const auto r = fewest_within_budget(b, start, budget, bytes, ~std::uint64_t{0});
        ASSERT_FALSE(r.stopped) << "start " << hole_name(b, s) << " budget " << budget;
        ASSERT_EQ(r.solved, expected >= 0) << "start " << hole_name(b, s) << " budget " << budget;
        deeper += r.last_moves > 1, sliced += r.sliced_steps > 0;
        if (!r.solved) continue;
        EXPECT_EQ(r.moves, expected) << "start " << hole_name(b, s) << " budget " << budget;
        EXPECT_EQ(r.moves_at_least, expected);
        expect_a_solution_of(b, r, b.all_holes());
      }
  }
  EXPECT_GT(deeper, 0) << "some budget needs more than one last move";
  EXPECT_GT(sliced, 0) << "some step goes through the next layer in slices";
}

// A budget too small for the halves stops the meeting: undecided, never "unsolvable".
TEST(PegSolverFewestMovesMeeting, StopsUndecidedAtItsBudget) {
  const Board b = load_board("triangle6");
  const auto r = fewest_by_meeting(b, {single_vacancy(b, parse_hole(b, "a6"))}, b.all_holes(), true, 100);
  EXPECT_TRUE(r.stopped);
  EXPECT_TRUE(r.last_step);
  EXPECT_FALSE(r.solved);
  const auto whole = fewest_by_meeting(b, {single_vacancy(b, parse_hole(b, "a6"))}, b.all_holes(), true);
  EXPECT_FALSE(whole.stopped);
  EXPECT_TRUE(whole.solved);
  EXPECT_GT(r.moves_at_least, 2) << "the layers compared before it stopped";
  EXPECT_LE(r.moves_at_least, whole.moves);
  EXPECT_EQ(whole.moves_at_least, whole.moves);
}

// Every start and finish decided from both ends: the verdict is brute force's, and every
// solution the two halves' lines make replays to the finish (the solution file verifies).
TEST_P(PegSolverSmallBoards, MeetingOfBothHalvesMatchesBruteForce) {
  const Board b = board();
  const testing::TempDir dir("gs-meet-test");
  tools::PegJobOptions options = testing::quiet_peg_options();
  options.output = dir.file("solution.txt");
  std::unordered_map<Position, bool> memo;
  int solvable = 0, tight_stopped = 0;
  for (int s = 0; s < b.holes(); ++s)
    for (int f = 0; f < b.holes(); ++f) {
      if (testing::kSanitized && (s + 2 * f) % 3 != 0) continue;  // a third of the pairs under a sanitizer
      memo.clear();
      const bool expected = brute_solvable(b, single_vacancy(b, s), bit(f), memo);
      const auto request = tools::make_peg_request(b, single_vacancy(b, s), hole_name(b, f));
      const auto j = tools::peg_meet(request, options).json;
      ASSERT_EQ(j["solved"].get<bool>(), expected) << hole_name(b, s) << " to " << hole_name(b, f);
      ASSERT_TRUE(j["decided"]);
      // On a tight budget a meeting either stops (undecided) or still gives brute force's answer.
      tools::PegJobOptions tight = options;
      tight.meeting_positions = 12;
      tight.output.clear();
      const auto t = tools::peg_meet(request, tight).json;
      tight_stopped += !t["decided"].get<bool>();
      if (t["decided"]) {
        EXPECT_EQ(t["solved"].get<bool>(), expected) << hole_name(b, s) << " to " << hole_name(b, f);
      } else {
        EXPECT_FALSE(t["solved"]);
      }
      if (!expected) continue;
      ++solvable;
      bool valid = false;
      tools::peg_verify(options.output, options, valid);
      EXPECT_TRUE(valid) << hole_name(b, s) << " to " << hole_name(b, f);
      std::filesystem::remove(options.output);
    }
  EXPECT_GT(solvable, 0);
  EXPECT_GT(tight_stopped, 0);
}

// A beam wide enough to keep every position of every layer is an exhaustive breadth-first
// search: it finds a solution exactly when brute force does. A narrow one may miss some, but
// whatever it returns replays to the finish, and it never "solves" an unsolvable pair.
TEST_P(PegSolverSmallBoards, BeamSearchFindsOnlyRealSolutionsAndEveryOneWhenWide) {
  const Board b = board();
  const Compactness compactness(b);
  const auto border = [&](Position p) { return compactness.border(p); };
  int solvable = 0, narrow_found = 0;
  for (int s = 0; s < b.holes(); ++s)
    for (int f = 0; f < b.holes(); ++f) {
      std::unordered_map<Position, bool> memo;
      const bool expected = brute_solvable(b, single_vacancy(b, s), bit(f), memo);
      const PegPuzzle puzzle(b, bit(f), b.symmetries().stabiliser({bit(f)}));
      const auto wide = beam_search(puzzle, single_vacancy(b, s), BeamOptions{.width = std::size_t{1} << 20}, border);
      ASSERT_EQ(wide.solved, expected) << GetParam() << " start " << hole_name(b, s) << " finish " << hole_name(b, f);
      if (wide.solved) {
        EXPECT_EQ(replay(single_vacancy(b, s), wide.path), bit(f));
      }
      solvable += expected;
      const auto narrow = beam_search(puzzle, single_vacancy(b, s), BeamOptions{.width = 10}, border);
      if (narrow.solved) {
        EXPECT_TRUE(expected);
        EXPECT_EQ(replay(single_vacancy(b, s), narrow.path), bit(f));
        ++narrow_found;
      }
      // The tools' widening tries, stopping at the endgame tables and going down through them:
      // the same verdict when they reach a width that holds every layer.
      const auto endgames = tools::peg_endgames(puzzle);
      const auto tries = tools::peg_beam(puzzle, single_vacancy(b, s), {.max_width = 1000, .goal_layers = &endgames});
      EXPECT_EQ(tries.solved, expected);
      if (tries.solved) {
        Position p = single_vacancy(b, s);
        for (const Jump& j : tries.solution) p ^= j.all;
        EXPECT_EQ(p, bit(f));
      }
    }
  EXPECT_GT(solvable, 0);
  EXPECT_GT(narrow_found, 0);
}

INSTANTIATE_TEST_SUITE_P(Peg, PegSolverSmallBoards, ::testing::Values("triangle4", "triangle5", "square", "diagonal"));

// triangle6: every pair the meeting decides as the all-starts table does (searches, pagodas,
// classes), and the table is closed under reversal: s to f exactly when f to s.
TEST(PegSolverMeet, Triangle6AgreesWithTheAllStartsTableAndReversal) {
  const Board b = load_board("triangle6");
  tools::PegJobOptions options = testing::quiet_peg_options();
  const auto table = tools::peg_all_starts(b, options).json;
  options.memory_bytes = std::size_t{1} << 20;  // the halves spill to folders of the scratch directory
  std::set<std::pair<std::string, std::string>> solvable;
  for (const auto& start : table["pairs"])
    for (const auto& f : start["finishes"]) solvable.insert({start["start"].get<std::string>(), f.get<std::string>()});
  ASSERT_EQ(solvable.size(), 147U);
  // The table is closed under reversal and every symmetry; one meeting for each pair up to both:
  // the pair {s, f} whose holes, in order, are the smallest of its images.
  const auto& group = b.symmetries();
  int meetings = 0;
  for (int s = 0; s < b.holes(); ++s)
    for (int f = 0; f < b.holes(); ++f) {
      const std::pair<std::string, std::string> pair = {hole_name(b, s), hole_name(b, f)};
      EXPECT_EQ(solvable.contains(pair), solvable.contains({pair.second, pair.first}));
      bool smallest = true;
      for (int g = 1; g < group.order(); ++g) {
        const Bitboard a = group[g].apply(bit(s)), c = group[g].apply(bit(f));
        EXPECT_EQ(solvable.contains(pair),
                  solvable.contains({hole_name(b, lowest_bit(a)), hole_name(b, lowest_bit(c))}))
            << pair.first << " to " << pair.second;
        smallest = smallest && !(std::pair(std::min(a, c), std::max(a, c)) < std::pair(bit(s), bit(f)));
      }
      if (f < s || !smallest) continue;
      if (testing::kSanitized && (s + f) % 3 != 0) continue;  // a third of the meetings under a sanitizer
      const auto j = tools::peg_meet(tools::make_peg_request(b, single_vacancy(b, s), hole_name(b, f)), options).json;
      EXPECT_EQ(j["solved"].get<bool>(), solvable.contains(pair)) << pair.first << " to " << pair.second;
      ++meetings;
    }
  EXPECT_GT(meetings, testing::whole_or_sanitized(30, 8));  // 231 pairs s <= f, up to the 6 symmetries
}

// A pair whose half serves as both, with an odd number of jumps (triangle6: 19): the meeting
// checks the children of the middle layer against it through a filter. With a budget of a few
// bytes the filter is one block and lets every child through: the verdicts and the solutions
// (each checked as it is joined) are the same, and so they are with one thread.
TEST(PegSolverMeet, ASaturatedFilterGivesTheSameVerdicts) {
  const Board b = load_board("triangle6");
  tools::PegJobOptions roomy = testing::quiet_peg_options(), tiny = roomy;
  roomy.memory_bytes = std::size_t{1} << 24, tiny.memory_bytes = 64;
  int solvable = 0;
  for (const char* hole : {"a1", "b1", "c1", "b2", "c2", "c3"}) {
    const auto request = tools::make_peg_request(b, single_vacancy(b, parse_hole(b, hole)), hole);
    const auto a = tools::peg_meet(request, roomy).json, c = tools::peg_meet(request, tiny).json;
    const auto one = [&] {
      const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
      return tools::peg_meet(request, roomy).json;
    }();
    ASSERT_TRUE(a["mirrored"].get<bool>()) << hole;
    EXPECT_EQ(a["solved"], c["solved"]) << hole;
    EXPECT_EQ(a["jumps"], c["jumps"]) << hole;
    EXPECT_EQ(a["jumps"], one["jumps"]) << hole;
    EXPECT_LT(a["filter_passed"].get<std::uint64_t>(), c["filter_passed"].get<std::uint64_t>()) << hole;
    solvable += a["solved"].get<bool>();
  }
  EXPECT_GT(solvable, 0);
}

// One thread and two, and a pass resumed after its last table was lost: the same tables and
// the same answer (triangle6 from every start, where the tables are built in several ranges).
TEST(PegSolverStreamedFewestMoves, OneThreadTwoAndResumedAgree) {
  const Board b = load_board("triangle6");
  std::vector<Position> starts;
  for (int s = 0; s < b.holes(); ++s) starts.push_back(single_vacancy(b, s));
  const PegPuzzle puzzle(b, b.all_holes(), b.symmetries());
  std::vector<std::string> tables[2];
  int moves[2] = {0, 0};
  for (int threads = 1; threads <= 2; ++threads) {
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    const testing::TempDir dir("gs-fewest-test");
    const auto r = streamed_fewest(puzzle, starts, dir.str(), 0);
    ASSERT_TRUE(r.solved);
    moves[threads - 1] = r.moves;
    expect_a_solution_of(b, r, b.all_holes());
    std::vector<std::filesystem::path> names;
    for (const auto& e : std::filesystem::directory_iterator(dir.str()))
      if (e.path().filename().string().starts_with("fewest-")) names.push_back(e.path());
    std::sort(names.begin(), names.end());
    for (const auto& name : names) {
      std::ifstream in(name, std::ios::binary);
      tables[threads - 1].push_back(name.filename().string() + std::string(std::istreambuf_iterator<char>(in), {}));
    }
    // The deepest table lost: the rerun rebuilds it from the ones kept and finds the same.
    std::filesystem::remove(names.back());
    const auto resumed = streamed_fewest(puzzle, starts, dir.str(), 0);
    EXPECT_EQ(resumed.moves, r.moves);
    EXPECT_EQ(resumed.path, r.path);
  }
  EXPECT_EQ(moves[0], 9);  // OEIS A127500: 9 moves on the 21-hole triangle
  EXPECT_GT(tables[0].size(), 20U);
  EXPECT_EQ(tables[0], tables[1]);
}

// The pagoda bound never grows along a jump and never rejects the finish itself, on every
// built-in board and finish hole.
// A weighting that grows along a jump into the finish (all its weight there) would prune every
// position: the puzzle refuses it, so no search or meeting can be handed a wrong pagoda.
TEST(PegSolverPagoda, APuzzleRefusesAWeightingThatIsNoPagoda) {
  const Board b = load_board("triangle5");
  const int f = parse_hole(b, "c3");
  PegPuzzle puzzle(b, bit(f), b.symmetries().stabiliser({bit(f)}));
  Pagoda wrong{std::vector<std::int32_t>(static_cast<std::size_t>(b.holes()), 0)};
  wrong.weights[static_cast<std::size_t>(f)] = 1;
  ASSERT_FALSE(is_pagoda(b, wrong));
  EXPECT_THROW(puzzle.add_pagoda(wrong), std::logic_error);
  const Position start = b.all_holes() & ~bit(f);
  EXPECT_FALSE(puzzle.cannot_finish(start));
}

// The pagodas a meeting's half learns from playouts are pagodas (checked), towards its finish,
// none dooms the start, and a rerun learns the same ones (so a resumed half prunes alike).
// Diamond e9 to b4: the pair whose halves they cut from 3.7 G positions unfinished to 0.5 G.
TEST(PegSolverPagoda, PlayoutPagodasAreCheckedAndTheSameEachRun) {
  const Board b = load_board("diamond");
  const int s = parse_hole(b, "e9"), f = parse_hole(b, "b4");
  const Position start = b.all_holes() & ~bit(s);
  const auto learn = [&] {
    PegPuzzle puzzle(b, bit(f), b.symmetries().stabiliser({bit(s), bit(f)}));
    return tools::learn_from_playouts(puzzle, start, 21, {.rounds = 1, .samples = 64, .programs = 12});
  };
  const std::vector<Pagoda> first = learn(), again = learn();
  ASSERT_FALSE(first.empty());
  ASSERT_EQ(first.size(), again.size());
  for (std::size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(first[i].weights, again[i].weights);
    EXPECT_TRUE(is_pagoda(b, first[i]));
    EXPECT_GE(weight_of(first[i], start), first[i].weights[static_cast<std::size_t>(f)]);
  }
}

TEST(PegSolverPagoda, BoundIsMonotoneAndKeepsTheFinish) {
  std::mt19937_64 rng(23);
  for (const auto& name : builtin_board_names()) {
    const Board b = load_board(name);
    for (int f = 0; f < b.holes(); f += 3) {
      const PegPuzzle puzzle(b, bit(f), b.symmetries().stabiliser({bit(f)}));
      EXPECT_FALSE(puzzle.cannot_finish(bit(f))) << name;
      for (int t = 0; t < 200; ++t) {
        const Position pos = rng() & rng() & b.all_holes();
        const bool parent_pruned = puzzle.cannot_finish(pos);
        b.for_each_jump(pos, [&](const Jump& j) {
          if (parent_pruned) {
            EXPECT_TRUE(puzzle.cannot_finish(pos ^ j.all)) << name;
          }
        });
      }
    }
  }
}

TEST(PegSolverLayers, ParallelPassesEqualOneThread) {
  const Board b = load_board("triangle6");
  const Position start = single_vacancy(b, 0);
  const PegPuzzle puzzle(b, b.all_holes(), b.symmetries().stabiliser({start}));
  auto run = [&](int threads) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    const auto layers = enumerate_layers(puzzle, start);
    const auto paths = count_paths(puzzle, alive_layers(puzzle, layers));
    std::vector<std::uint64_t> states;
    for (const auto& l : layers) states.insert(states.end(), l.states().begin(), l.states().end());
    return std::make_pair(states, to_decimal(paths.back().empty() ? 0 : paths.back()[0]));
  };
  EXPECT_EQ(run(1), run(2));
}

TEST(PegSolverAnalyze, Triangle5CornerStartHasThePublished29760Solutions) {
  std::ifstream in(std::string(GAMESOLVER_SOURCE_DIR) + "/data/reference/peg_triangle5.json");
  const auto reference = nlohmann::json::parse(in);
  tools::PegJobOptions options;
  options.global.json = "-";
  options.global.quiet = true;
  tools::PegRequestOptions request;
  request.board = "triangle5";
  const auto result = tools::peg_analyze(tools::resolve_peg_request(request), options).json;
  EXPECT_EQ(result["start"], "a5");
  EXPECT_EQ(result["solutions"], reference["solutions_from_corner"]);
}

// The stages race a pair against its reverse on every core: one thread and two give one table.
TEST(PegSolverAllStarts, OneThreadAndTwoGiveTheSameTable) {
  const Board b = load_board("triangle6");
  std::vector<nlohmann::json> tables;
  for (int threads : {1, 2}) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    tools::PegJobOptions options = testing::quiet_peg_options();
    options.threads = threads;
    tables.push_back(tools::peg_all_starts(b, options).json);
  }
  EXPECT_GT(tables[0]["found_by_beam"].get<int>(), 0);
  EXPECT_EQ(tables[0]["solvable_pairs"], tables[1]["solvable_pairs"]);
  ASSERT_EQ(tables[0]["pairs"].size(), tables[1]["pairs"].size());
  for (std::size_t i = 0; i < tables[0]["pairs"].size(); ++i)
    EXPECT_EQ(tables[0]["pairs"][i]["finishes"], tables[1]["pairs"][i]["finishes"]);
}

// With and without the beam searches (which then find every solution, or the searches do).
TEST(PegSolverAllStarts, AgreesWithForwardEnumerationOnTriangles) {
  for (const char* name : {"triangle5", "triangle6"})
    for (const std::size_t beam_width : {std::size_t{100'000}, std::size_t{0}}) {
      const Board b = load_board(name);
      tools::PegJobOptions options;
      options.global.json = "-";  // no human summary
      options.global.quiet = true;
      options.beam_width = beam_width;
      const auto table = tools::peg_all_starts(b, options).json;
      if (beam_width == 0)
        EXPECT_EQ(table["found_by_beam"], 0) << name;
      else
        EXPECT_GT(table["found_by_beam"], 0) << name;
      for (const auto& row : table["pairs"]) {
        const Position start = single_vacancy(b, parse_hole(b, row["start"]));
        std::vector<std::string> listed = row["finishes"];
        std::sort(listed.begin(), listed.end());
        EXPECT_EQ(listed, brute_finishes(b, start)) << name << " start " << row["start"];
      }
      // Some pairs were decided through their reverse problem (both ways: triangle5 has unsolvable
      // ones), and the answers above still match.
      EXPECT_GT(table["decided_by_reverse"].get<int>(), 0) << name;
    }
}

}  // namespace
}  // namespace gs::peg
