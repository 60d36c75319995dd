// A depth-first search towards one finish hole that learns pagoda functions while it runs.
//
// Why: on the French board nearly every position such a search proves dead (by exhausting it)
// is also doomed by some pagoda function, and a handful of pagodas dooms most of them (see
// docs/results.md); but which pagodas matter depends on the start and the finish, so they are
// found from the search itself. The search runs in rounds of growing node budgets sharing one
// dead table. Between rounds it samples positions the table holds, asks the linear program
// (tools/peg/pagoda_search.h) for a pagoda that dooms each, and adds the few that doom the most
// samples, with their images under the puzzle's symmetries, to the puzzle's bounds.
//
// Why the answer stays exact: pagoda_proof returns only integer pagodas checked exactly, so a
// position pruned by one cannot reach the finish; positions recorded dead stay dead whatever
// bounds are added; and the last round has no budget, so it ends with a solution or an
// exhaustive proof, like a plain DfsSolver search (unless dfs.cancel stops it: then it says so).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/peg/puzzle.h"
#include "solvers/dfs/dead_table.h"
#include "solvers/dfs/dfs_solver.h"

namespace gs::tools {

struct LearningOptions {
  std::uint64_t first_budget = 100'000;  // node budget of the first round; each next round has 4 times more
  int rounds = 6;                        // rounds with a budget; one without follows
  int samples = 256;                     // dead positions learned from after a round
  int programs = 48;                     // at most this many linear programs a round
  int pagodas = 4;                       // pagodas kept a round (before their symmetric images)

  // Round r's node budget: first_budget times 4^r, or 0 (none) past the budgeted rounds or
  // where it would not fit 64 bits.
  std::uint64_t budget(int round) const {
    if (round >= rounds || first_budget > (~std::uint64_t{0} >> (2 * std::min(round, 31)))) return 0;
    return first_budget << (2 * round);
  }
};

struct LearningResult {
  DfsResult<peg::PegPuzzle> search;  // nodes summed over the rounds
  int pagodas = 0;                   // bounds added, images included
};

class PagodaLearningSearch {
 public:
  // `puzzle` must have a single finish; the search adds its bounds to this copy of it. `shared`:
  // a dead table shared with other searches towards that finish, or nullptr for a table of the
  // search's own, growing with the rounds up to dfs.table_bits.
  PagodaLearningSearch(peg::PegPuzzle puzzle, DfsOptions dfs, DeadTable* shared, LearningOptions learning = {});

  LearningResult solve(peg::Position start);
  // One round of solve(): true when the search has answered (or was cancelled), false when the
  // round's budget ran out (then it has learned, and the next call runs a round 4 times longer).
  // Many searches advanced in turn share the cores fairly: the easy ones end in the early rounds.
  bool advance(peg::Position start, LearningResult& result);
  std::uint64_t nodes() const;  // live, for progress reports

 private:
  void learn(std::uint64_t seed, LearningResult& result);
  // true: answered or cancelled
  bool run(peg::Position start, std::uint64_t budget, LearningResult& result, bool serial = false);
  int own_table_bits(std::uint64_t budget) const;
  void grow_own_table(std::uint64_t budget);
  static constexpr std::uint64_t kProbeNodes = 4096;
  static constexpr int kProbeTableBits =
      12;  // 32 KiB: a slot a node of the probe (a dead-position cache, lossy when full)
  static constexpr int kHugeTableBits = 23;  // 64 MiB

  peg::PegPuzzle puzzle_;
  DfsOptions dfs_;
  LearningOptions learning_;
  std::unique_ptr<DeadTable> own_;
  int own_bits_ = 0;
  DeadTable* table_;
  bool probed_ = false;
  int round_ = 0;
  mutable std::mutex current_mutex_;
  const DfsSolver<peg::PegPuzzle>* current_ = nullptr;
  std::atomic<std::uint64_t> past_nodes_{0};
};

// Pagodas for a breadth-first half (peg --meet), learned before it is built: positions reached
// from `start` by random jumps, at most `depth` of them, that the puzzle's bounds do not doom,
// are given to the linear program, and the pagodas that doom the most are added; a few rounds,
// each sampling what the last left. Seeded: a rerun learns the same pagodas, so a resumed build
// prunes as the first run did. Exact for the same reason as the search's: only checked integer
// pagodas towards the finish, so nothing that can finish is pruned.
struct PlayoutLearning {
  std::uint64_t seed = 1;
  int rounds = 4;
  int samples = 256;  // positions a round
  int programs = 48;  // linear programs a round
  int pagodas = 4;    // kept a round (before their images)
};
std::vector<peg::Pagoda> learn_from_playouts(peg::PegPuzzle& puzzle, peg::Position start, int depth,
                                             PlayoutLearning options = {});

}  // namespace gs::tools
