// Statistics of every game from a start: a game is a sequence of moves from the start until no
// move is possible (a dead end), whatever is left. Over the layers of every reachable state
// (enumerate_layers), one pass counts the move sequences to each state by pulling from its
// predecessors, as count_paths does for the states that can finish, but over all states and
// keeping only two layers of counts: so memory follows the largest layer, not the whole tree.
//
// Counting: paths(s) = sum over the moves m into s of paths(parent), parents taken canonical
// (paths_from_above; the group fixes the start, so every state of an orbit has the same count).
// The games that end in an orbit number paths(s) times the orbit's size.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include "engine/core/game_symmetry.h"
#include "engine/core/uint128.h"
#include "solvers/layered/layer_set.h"
#include "solvers/layered/layered_puzzle.h"
#include "solvers/layered/layered_search.h"

namespace gs {

struct DeadEndLayer {
  std::uint64_t canonical = 0;  // dead-end states up to symmetry
  std::uint64_t total = 0;      // counted separately
  uint128 games = 0;            // move sequences from the start that end in one of them
};

struct GameStatistics {
  std::vector<DeadEndLayer> layers;  // by depth (moves from the start)
  uint128 games = 0;                 // every game
  int shortest = -1;                 // moves of the shortest game (-1: none)
  std::uint64_t shortest_end = 0;    // a canonical dead end at that depth
  bool overflow = false;             // a count passed 2^128: the counts are not exact
};

// `progress` (optional): the depth being counted and the states counted so far.
template <LayeredPuzzle P>
GameStatistics game_statistics(const P& puzzle, const std::vector<LayerSet>& layers,
                               LayerProgress* progress = nullptr) {
  GameStatistics stats;
  std::vector<uint128> above, here;
  std::atomic<bool> overflow{false};
  const auto add = [&](uint128& sum, uint128 x) {
    if (__builtin_add_overflow(sum, x, &sum)) overflow = true;
  };
  for (std::size_t d = 0; d < layers.size(); ++d) {
    const LayerSet& layer = layers[d];
    here.assign(layer.size(), d == 0 ? 1 : 0);
    using Sums = std::pair<DeadEndLayer, std::uint64_t>;  // and the least dead end's index + 1
    const Sums sums = tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, layer.size(), 1024), Sums{},
        [&](const auto& range, Sums s) {
          for (std::size_t i = range.begin(); i != range.end(); ++i) {
            if (d > 0) {
              bool passed = false;
              here[i] = paths_from_above(puzzle, layers[d - 1], above, layer[i], passed);
              if (passed) overflow = true;
            }
            bool dead_end = true;
            puzzle.for_each_move(layer[i], [&](typename P::Move) { dead_end = false; });
            if (!dead_end) continue;
            const int orbit = puzzle.symmetries().orbit_size(layer[i]);
            s.first.canonical += 1;
            s.first.total += static_cast<std::uint64_t>(orbit);
            uint128 games = 0;
            if (__builtin_mul_overflow(here[i], static_cast<uint128>(orbit), &games)) overflow = true;
            add(s.first.games, games);
            if (s.second == 0 || i + 1 < s.second) s.second = i + 1;
          }
          return s;
        },
        [&](Sums a, const Sums& b) {
          a.first.canonical += b.first.canonical;
          a.first.total += b.first.total;
          add(a.first.games, b.first.games);
          if (a.second == 0 || (b.second != 0 && b.second < a.second)) a.second = b.second;
          return a;
        });
    stats.layers.push_back(sums.first);
    add(stats.games, sums.first.games);
    if (stats.shortest < 0 && sums.second != 0) {
      stats.shortest = static_cast<int>(d);
      stats.shortest_end = layer[sums.second - 1];
    }
    std::swap(above, here);
    if (progress) {
      progress->depth = static_cast<int>(d);
      progress->states += layer.size();
    }
  }
  stats.overflow = overflow;
  return stats;
}

// A move sequence from `start` to a state of the orbit of `end` (canonical, `depth` moves from
// the start), traced back through the layers of enumerate_layers (or anything with the same
// contains(state) per depth).
template <LayeredPuzzle P, class Layers>
std::vector<typename P::Move> line_to(const P& puzzle, const Layers& layers, typename P::Position start,
                                      std::uint64_t end, int depth) {
  // Canonical states back to the start.
  std::vector<std::uint64_t> back = {end};
  for (int d = depth; d > 0; --d) {
    std::uint64_t found = 0;
    bool any = false;
    puzzle.for_each_canonical_unmove(back.back(), [&](typename P::Move, typename P::Position parent) {
      if (!any && layers[d - 1].contains(parent)) found = parent, any = true;
    });
    back.push_back(found);
  }
  // Forward from the real start, each move chosen to land in the next canonical state.
  std::vector<typename P::Move> line;
  typename P::Position s = start;
  for (int d = depth - 1; d >= 0; --d) {
    bool done = false;
    puzzle.for_each_move(s, [&](typename P::Move m) {
      if (done) return;
      const auto child = puzzle.play(s, m);
      if (puzzle.canonical(child) == back[d]) line.push_back(m), s = child, done = true;
    });
  }
  return line;
}

}  // namespace gs
