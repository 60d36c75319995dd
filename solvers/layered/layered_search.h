// Layer-by-layer passes over every state reachable from a start, for puzzles whose moves each go
// one layer down (LayeredPuzzle). States are canonical under the puzzle's symmetry group, which
// must fix the start and the goal set. All passes are parallel over states with oneTBB.
//
//  - enumerate_layers: the reachable states, one LayerSet per depth (moves from the start).
//  - alive_layers: the states from which a goal is reachable, found backwards from the goals by
//    undoing moves and keeping only reachable states (so the cost follows the alive states).
//  - goal_layers: the states a goal is reachable from, by distance to it, found backwards from
//    the goals alone (every such state, reachable from a start or not), to a depth or size limit.
//  - count_paths: the exact number of move sequences from the start to every alive state,
//    by pulling counts from predecessors (no state is ever pruned merely for being visited).
#pragma once

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include "engine/core/game_symmetry.h"
#include "engine/core/uint128.h"
#include "solvers/layered/layer_set.h"
#include "solvers/layered/layered_puzzle.h"

namespace gs {

// Live counters for progress reports.
struct LayerProgress {
  std::atomic<int> depth{0};
  std::atomic<std::uint64_t> states{0};     // states stored so far (all depths)
  std::atomic<std::uint64_t> generated{0};  // states generated and not stored (a meeting's last steps)
  std::atomic<std::uint64_t> filtered{0};   // states put into a meeting's filter
};

template <LayeredPuzzle P>
std::vector<LayerSet> enumerate_layers(const P& puzzle, typename P::Position start, LayerProgress* progress = nullptr) {
  std::vector<LayerSet> layers;
  LayerSet::Builder first;
  first.add(puzzle.canonical(start));
  layers.push_back(first.build());
  while (true) {
    LayerSet built = layers.back().expand([&](typename P::Position s, auto& sink) {
      puzzle.for_each_canonical_move(s, [&](typename P::Move, typename P::Position child) { sink.add(child); });
    });
    if (built.empty()) break;
    if (progress) {
      progress->depth = static_cast<int>(layers.size());
      progress->states += built.size();
    }
    layers.push_back(std::move(built));
  }
  return layers;
}

// [k]: every canonical state with a k-move path to one of `goals` ([0]: the goals). Layers are
// added up to `max_depth` while the next one, guessed from the growth of the last two, would
// hold at most `max_states` states.
template <LayeredPuzzle P>
std::vector<LayerSet> goal_layers(const P& puzzle, const std::vector<typename P::Position>& goals, int max_depth,
                                  std::size_t max_states) {
  std::vector<LayerSet> layers;
  LayerSet::Builder first;
  for (const auto g : goals) first.add(puzzle.canonical(g));
  layers.push_back(first.build());
  auto next_guess = [&] {
    const double last = static_cast<double>(layers.back().size());
    return layers.size() < 2 ? last : last * last / static_cast<double>(layers[layers.size() - 2].size());
  };
  while (static_cast<int>(layers.size()) <= max_depth && next_guess() <= static_cast<double>(max_states)) {
    LayerSet built = layers.back().expand([&](typename P::Position s, auto& sink) {
      puzzle.for_each_canonical_unmove(s, [&](typename P::Move, typename P::Position parent) { sink.add(parent); });
    });
    if (built.empty()) break;
    layers.push_back(std::move(built));
  }
  return layers;
}

// Sum over the states of a layer of their orbit sizes: the number of states counted separately.
template <LayeredPuzzle P>
std::uint64_t total_states(const P& puzzle, const LayerSet& layer) {
  return tbb::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, layer.size(), 4096), std::uint64_t{0},
      [&](const auto& range, std::uint64_t sum) {
        for (std::size_t i = range.begin(); i != range.end(); ++i) sum += puzzle.symmetries().orbit_size(layer[i]);
        return sum;
      },
      [](std::uint64_t a, std::uint64_t b) { return a + b; });
}

template <LayeredPuzzle P>
std::vector<LayerSet> alive_layers(const P& puzzle, const std::vector<LayerSet>& layers) {
  std::vector<LayerSet> alive(layers.size());
  for (std::size_t d = layers.size(); d-- > 0;) {
    LayerSet::Builder candidates;
    const LayerSet& layer = layers[d];
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, layer.size(), 4096), [&](const auto& range) {
      auto& sink = candidates.sink();
      for (std::size_t i = range.begin(); i != range.end(); ++i)
        if (puzzle.is_goal(layer[i])) sink.add(layer[i]);
    });
    if (d + 1 < layers.size()) {
      const LayerSet& below = alive[d + 1];
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, below.size(), 1024), [&](const auto& range) {
        auto& sink = candidates.sink();
        for (std::size_t i = range.begin(); i != range.end(); ++i)
          puzzle.for_each_canonical_unmove(below[i],
                                           [&](typename P::Move, typename P::Position parent) { sink.add(parent); });
      });
    }
    alive[d] = candidates.build().intersect(layer);
  }
  return alive;
}

// The move sequences from the start to s: the sum of the counts of its canonical predecessors
// in the layer above (a predecessor not there is not reachable). `overflow` is set when the sum
// passes 2^128.
template <LayeredPuzzle P>
uint128 paths_from_above(const P& puzzle, const LayerSet& above, const std::vector<uint128>& above_paths,
                         typename P::Position s, bool& overflow) {
  uint128 sum = 0;
  puzzle.for_each_canonical_unmove(s, [&](typename P::Move, typename P::Position parent) {
    const std::size_t j = above.find(parent);
    if (j != LayerSet::npos && __builtin_add_overflow(sum, above_paths[j], &sum)) overflow = true;
  });
  return sum;
}

// paths[d][i] = number of move sequences from the start to (any one state of the orbit of)
// alive[d][i]. The count is the same for every state of an orbit because the group fixes the start.
template <LayeredPuzzle P>
std::vector<std::vector<uint128>> count_paths(const P& puzzle, const std::vector<LayerSet>& alive) {
  std::vector<std::vector<uint128>> paths(alive.size());
  if (alive.empty() || alive[0].empty()) return paths;
  paths[0].assign(1, 1);
  for (std::size_t d = 1; d < alive.size(); ++d) {
    const LayerSet& here = alive[d];
    const LayerSet& above = alive[d - 1];
    const auto& above_paths = paths[d - 1];
    paths[d].assign(here.size(), 0);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, here.size(), 1024), [&](const auto& range) {
      bool overflow = false;
      for (std::size_t i = range.begin(); i != range.end(); ++i)
        paths[d][i] = paths_from_above(puzzle, above, above_paths, here[i], overflow);
      if (overflow) throw std::overflow_error("a count of move sequences passed 2^128");
    });
  }
  return paths;
}

}  // namespace gs
