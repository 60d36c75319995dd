// Depth-first search for a goal state with a shared table of canonical dead states. The top of
// the tree is split into oneTBB tasks; below `split_depth` each task searches serially. With
// one thread the search is fully serial, so node counts are reproducible.
//
// Proof of unsolvability: a subtree is recorded dead only after it was searched completely and
// no goal was found, and a state is skipped only if its canonical form is recorded dead (a
// symmetric image of a dead state is dead because the puzzle's symmetries preserve the goal).
// So when the search ends without a goal, none exists. A search stopped by its node budget
// (max_nodes) or cancelled records nothing above the point where it stopped and reports itself incomplete;
// what it did record stays true for a later search that shares the table.
//
// Goal layers (Graded puzzles): the canonical states from which a goal is reachable, complete
// for every distance to the goal up to their count (solvers/layered/layered_search.h,
// goal_layers, built with the same puzzle and symmetries). A state that close to the goal is
// searched only when it is in them, so the search never wanders below that distance: from a
// state in them, each step goes to a child in them, down to the goal.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include <tbb/task_group.h>

#include "engine/core/game.h"
#include "engine/core/game_search.h"
#include "engine/core/game_symmetry.h"
#include "solvers/common/capabilities.h"
#include "solvers/common/node_counter.h"
#include "solvers/dfs/dead_table.h"
#include "solvers/layered/layer_set.h"

namespace gs {

struct DfsOptions {
  int threads = 1;
  int split_depth = 6;                                 // depth to which subtrees become tasks when threads > 1
  int table_bits = 26;                                 // dead table of 2^bits slots (8 bytes each)
  const std::vector<LayerSet>* goal_layers = nullptr;  // [k]: the states k moves from a goal that reach it
  std::uint64_t max_nodes = 0;                         // stop after about this many expansions (0: never)
  const std::atomic<bool>* cancel = nullptr;           // stop when it becomes true (another search answered)
};

template <Game P>
struct DfsResult {
  bool solved = false;
  bool complete = true;                // false when max_nodes stopped the search before it found or ruled out a goal
  std::vector<typename P::Move> path;  // moves from the start to the goal
  std::uint64_t nodes = 0;             // states expanded
};

template <class P>
requires Puzzle<P> && Symmetric<P>
class DfsSolver {
 public:
  using Position = typename P::Position;
  using Move = typename P::Move;

  DfsSolver(const P& puzzle, DfsOptions options)
      : puzzle_(puzzle),
        options_(options),
        own_table_(std::make_unique<DeadTable>(options.table_bits)),
        dead_(*own_table_) {}
  // Shares a dead table with other searches of the same puzzle goal (from other starts): what
  // one search proved dead prunes the others.
  DfsSolver(const P& puzzle, DfsOptions options, DeadTable& shared)
      : puzzle_(puzzle), options_(options), dead_(shared) {}

  DfsResult<P> solve(Position start) {
    std::vector<Move> path;
    const int split = options_.threads > 1 ? options_.split_depth : 0;
    search(start, puzzle_.canonical(start), 0, split, path);
    DfsResult<P> result;
    result.solved = found_.load();
    result.complete = result.solved || !stopped_.load();
    result.path = solution_;
    result.nodes = nodes();
    return result;
  }

  // Live count for progress reports.
  std::uint64_t nodes() const { return nodes_.total(); }

 private:
  struct Child {
    Move move;
    Position state, key;  // key = canonical form of state
  };

  // Calls f(child) for every move from s, with the child's canonical form.
  template <class F>
  void for_each_child(Position s, F&& f) const {
    if constexpr (CanonicalMoves<P>)
      puzzle_.for_each_canonical_move(s, [&](Move m, Position key) { f(Child{m, puzzle_.play(s, m), key}); });
    else
      for_each_successor(puzzle_, s, [&](Move m, Position child) { f(Child{m, child, puzzle_.canonical(child)}); });
  }

  // Whether the search is over: a goal found, the node budget spent, or cancelled.
  bool stopping() {
    if (options_.cancel && options_.cancel->load(std::memory_order_relaxed))
      stopped_.store(true, std::memory_order_relaxed);
    return found_.load(std::memory_order_relaxed) || stopped_.load(std::memory_order_relaxed);
  }

  // Counts an expansion and checks the budget: every 1024 of a thread's expansions (summing the
  // counters costs more than one node), or every one under a small budget.
  void count_node() {
    const std::uint64_t mine = nodes_.add();
    if (options_.max_nodes && ((mine & 1023) == 0 || options_.max_nodes < 4096) && nodes_.total() >= options_.max_nodes)
      stopped_.store(true);
  }

  // Returns true when a goal was found below `s`, or the search stops (a goal elsewhere, the
  // budget spent): then nothing below is recorded dead. `key` is the canonical form of s.
  bool search(Position s, Position key, int depth, int split, std::vector<Move>& path) {
    if (stopping()) return true;
    if (puzzle_.is_goal(s)) {
      std::lock_guard lock(solution_mutex_);
      if (!found_.load()) {
        solution_ = path;
        found_.store(true);
      }
      return true;
    }
    if (dead_.contains(key)) return false;
    if constexpr (Graded<P>)
      if (options_.goal_layers) {
        const auto k = static_cast<std::size_t>(moves_left(puzzle_, s));
        if (k < options_.goal_layers->size() && !(*options_.goal_layers)[k].contains(key)) return false;
      }
    if constexpr (Doomed<P>)
      if (puzzle_.cannot_finish(s)) return false;
    count_node();
    if (depth < split) {
      // A thread runs its own most recently spawned task first and thieves take the oldest, so
      // spawning the children last-to-first keeps this thread on the serial search order (the
      // first child first) while idle threads steal the later children.
      std::vector<Child> children;
      for_each_child(s, [&](const Child& c) { children.push_back(c); });
      tbb::task_group group;
      for (auto it = children.rbegin(); it != children.rend(); ++it) {
        std::vector<Move> prefix = path;
        prefix.push_back(it->move);
        group.run([this, c = *it, depth, split, prefix = std::move(prefix)] {
          std::vector<Move> own = prefix;
          search(c.state, c.key, depth + 1, split, own);
        });
      }
      group.wait();
    } else {
      // The children's table slots are fetched from memory together, before the first child is
      // searched, instead of one cache miss at a time. They live on a per-thread stack of frames.
      thread_local std::vector<Child> frames;
      const std::size_t first = frames.size();
      for_each_child(s, [&](const Child& c) {
        dead_.prefetch(c.key);
        frames.push_back(c);
      });
      const std::size_t last = frames.size();
      bool hit = false;
      for (std::size_t i = first; i < last && !hit; ++i) {
        const Child c = frames[i];  // a copy: deeper frames may reallocate the vector
        path.push_back(c.move);
        hit = search(c.state, c.key, depth + 1, split, path);
        path.pop_back();
      }
      frames.resize(first);
      if (hit) return true;
    }
    if (stopping()) return true;
    dead_.insert(key);
    return false;
  }

  const P& puzzle_;
  DfsOptions options_;
  std::unique_ptr<DeadTable> own_table_;
  DeadTable& dead_;
  std::atomic<bool> found_{false};
  std::atomic<bool> stopped_{false};
  std::mutex solution_mutex_;
  std::vector<Move> solution_;
  NodeCounter nodes_;
};

}  // namespace gs
