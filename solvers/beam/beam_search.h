// Beam search for a goal state: layer by layer from the start, only the `width` best children
// of each layer are kept (one per class of the puzzle's symmetries), best by a score the caller
// gives (lower is better). A depth-first search with a node budget looks at the first moves in
// its order; a beam looks at every line a little, and on puzzles whose solvable lines look good
// all the way down (peg solitaire: pegs kept together) it finds solutions that a budgeted
// depth-first search misses by billions of positions.
//
// Goal layers (solvers/layered/layered_search.h, goal_layers: by distance to the goal, every
// canonical state a goal is reachable from, up to their count): where the beam's states come
// that close to the goal, the layers say exactly which can still finish. The beam drops the rest
// and stops at the first state in them, and the line goes on down through them to the goal. The
// heuristic's worst guesses are near the end, where a few pegs must stand just right; there
// the tables decide instead.
//
// What an answer means: a path it returns is a legal line from the start to a goal (each step is
// a move of the state the step came from). Finding none proves nothing: the children it dropped
// may have led to a goal. The puzzle must be Graded (every move brings the goal one step
// nearer), so the layers end.
//
// Deterministic: ties are broken by a hash of the canonical state, not by the order of moves.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/game_search.h"
#include "engine/core/game_symmetry.h"
#include "solvers/common/capabilities.h"
#include "solvers/common/hash.h"
#include "solvers/layered/layer_set.h"

namespace gs {

struct BeamOptions {
  std::size_t width = 10'000;                          // states kept a layer
  const std::vector<LayerSet>* goal_layers = nullptr;  // [k]: the states k moves from a goal that reach it
  const std::atomic<bool>* cancel = nullptr;           // stop when it becomes true
};

template <Game P>
struct BeamResult {
  bool solved = false;
  std::vector<typename P::Move> path;  // moves from the start to the goal
  std::uint64_t nodes = 0;             // states expanded
};

template <Puzzle P, class Score>
class BeamSearch {
  static_assert(Symmetric<P> && Graded<P>, "a beam keeps one state a class, and its layers end with the moves left");

 public:
  using Position = typename P::Position;
  using Move = typename P::Move;

  BeamSearch(const P& puzzle, const BeamOptions& options, Score& score)
      : puzzle_(puzzle),
        options_(options),
        score_(score),
        tabled_(options.goal_layers ? options.goal_layers->size() : 0) {}

  BeamResult<P> run(Position start) {
    layers_.push_back({Entry{.key = puzzle_.canonical(start), .state = start, .move = {}, .parent = 0, .score = 0}});
    if (finishes(start)) {
      descend(start, result_.path);
      result_.solved = true;
      return result_;
    }
    for (std::size_t depth = 0; !layers_[depth].empty(); ++depth) {
      if (options_.cancel && options_.cancel->load(std::memory_order_relaxed)) return result_;
      std::vector<Entry> next = expand(depth);
      if (result_.solved) return result_;
      keep_best(next);
      layers_.push_back(std::move(next));
    }
    return result_;
  }

 private:
  struct Entry {
    Position key;  // canonical form: one entry a class
    Position state;
    Move move;  // from the parent's state to this one
    std::uint32_t parent;
    std::int64_t score;
  };

  // The children of layer `depth` that may still finish, or (result_.solved) the line to a goal.
  std::vector<Entry> expand(std::size_t depth) {
    const std::vector<Entry>& layer = layers_[depth];
    std::vector<Entry> next;
    for (std::uint32_t i = 0; i < layer.size() && !result_.solved; ++i) {
      ++result_.nodes;
      puzzle_.for_each_move(layer[i].state, [&](const Move& m) {
        if (result_.solved) return;
        const Position child = puzzle_.play(layer[i].state, m);
        if (finishes(child)) {
          result_.path = path_to(depth, i, m);
          result_.solved = true;
          return;
        }
        if (static_cast<std::size_t>(moves_left(puzzle_, child)) < tabled_) return;  // not in the goal layers
        if constexpr (Doomed<P>)
          if (puzzle_.cannot_finish(child)) return;
        next.push_back({.key = puzzle_.canonical(child), .state = child, .move = m, .parent = i, .score = 0});
      });
    }
    return next;
  }

  // One state a class, and of those the `width` best by score (ties broken by a hash of the key).
  void keep_best(std::vector<Entry>& next) const {
    std::sort(next.begin(), next.end(), [](const Entry& a, const Entry& b) { return a.key < b.key; });
    next.erase(std::unique(next.begin(), next.end(), [](const Entry& a, const Entry& b) { return a.key == b.key; }),
               next.end());
    if (next.size() <= options_.width) return;
    for (Entry& e : next) e.score = score_(e.state);
    const auto better = [](const Entry& a, const Entry& b) {
      return a.score != b.score ? a.score < b.score : mix64(a.key) < mix64(b.key);
    };
    std::nth_element(next.begin(), next.begin() + static_cast<std::ptrdiff_t>(options_.width), next.end(), better);
    next.resize(options_.width);
  }

  // Whether `state` is in the goal layers (at its distance from the goal), or is the goal.
  bool finishes(Position state) const {
    if (puzzle_.is_goal(state)) return true;
    const auto k = static_cast<std::size_t>(moves_left(puzzle_, state));
    return k < tabled_ && (*options_.goal_layers)[k].contains(puzzle_.canonical(state));
  }

  // Appends a line from `state` (in the goal layers) down through them to the goal: each state
  // in layer k has a child in layer k - 1, as the layers were built by undoing moves.
  void descend(Position state, std::vector<Move>& path) const {
    while (!puzzle_.is_goal(state)) {
      std::optional<Move> step;
      puzzle_.for_each_move(state, [&](const Move& m) {
        if (!step && finishes(puzzle_.play(state, m))) step = m;
      });
      path.push_back(*step);
      state = puzzle_.play(state, *step);
    }
  }

  // The line to layers_[depth][index], then `last`, then down to the goal.
  std::vector<Move> path_to(std::size_t depth, std::size_t index, Move last) const {
    const Position reached = puzzle_.play(layers_[depth][index].state, last);
    std::vector<Move> path{last};
    for (; depth > 0; --depth) {
      const Entry& e = layers_[depth][index];
      path.push_back(e.move);
      index = e.parent;
    }
    std::reverse(path.begin(), path.end());
    descend(reached, path);
    return path;
  }

  const P& puzzle_;
  const BeamOptions& options_;
  Score& score_;
  const std::size_t tabled_;
  std::vector<std::vector<Entry>> layers_;
  BeamResult<P> result_;
};

template <Puzzle P, class Score>
BeamResult<P> beam_search(const P& puzzle, typename P::Position start, const BeamOptions& options, Score&& score) {
  return BeamSearch<P, std::remove_reference_t<Score>>(puzzle, options, score).run(start);
}

}  // namespace gs
