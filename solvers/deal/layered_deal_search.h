// Breadth-first search of a staged deal game (a solitaire: each card dealt from the stock starts
// a stage): can a line reach a given score? The states of a stage are kept by key, sorted and
// deduplicated, so none is expanded twice; states whose upper bound is below the target are cut.
// Knows no game.
//
// Two uses. With no width it is exhaustive and decides the question either way, but the stages
// grow about fourfold per card early in a deal (the reserves' arrangements), so it suits only
// positions near the end: the tests check the depth-first search against it. With a width it is
// a beam search: each stage keeps only the `width` states the game finds most promising. A beam
// proves nothing when it fails, but it follows many lines side by side, which wins deals whose
// one good line a depth-first search, trapped under an early mistake, takes millions of nodes to
// reach.
//
// Each kept state records its parent in the stage before, so a line that reaches the target is
// traced back and replayed from the real start move by move (equal keys have equal futures).
#pragma once

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>
#include <tbb/task_arena.h>

#include "engine/core/deal_game.h"
#include "engine/core/value.h"
#include "solvers/common/hash.h"

namespace gs {

// A game whose moves or keys may be narrowed while only a win matters: every won state stays
// won, but scores short of a win may differ, so facts learnt meanwhile hold for a win only. (One
// model, Hopscotch, so it lives with the deal searches; solvers/common/capabilities.h says why.)
template <class G>
concept WinOnlyRules = requires(G game) {
  game.set_win_only(true);
};

template <class G>
void set_win_only(G& game, bool on) {
  if constexpr (WinOnlyRules<G>) game.set_win_only(on);
}

// A deal game whose moves come in stages (each card dealt from the stock starts one), whose
// states can be stored as keys and loaded back, and which can say how promising a state looks:
// what a breadth-first or beam search needs. (One model, Hopscotch, so it lives with the deal
// searches; solvers/common/capabilities.h says why.)
template <class G>
concept StagedDealGame = DealGame<G> && requires(G game, const G& view, const typename G::Key& key) {
  { view.stage() } -> std::convertible_to<int>;    // never falls; a move keeps it or raises it by one
  { view.promise() } -> std::convertible_to<int>;  // higher = more likely to reach a high score
  game.load(key);                                  // the state the key describes (same deal)
  requires std::totally_ordered<typename G::Key>;
};

struct LayeredSearchOptions {
  std::uint64_t width = 0;       // beam: most states kept a stage (0 = all: exhaustive)
  std::uint64_t node_limit = 0;  // states generated, all stages (0 = none); checked after each stage
  std::uint64_t salt = 0;        // beam: breaks ties of promise differently for each value
};

template <class Move>
struct LayeredSearchResult {
  enum Outcome { kReached, kUnreachable, kUnresolved };
  Outcome outcome = kUnresolved;  // kUnreachable only when no state was dropped
  std::vector<Move> line;         // kReached: from the start to a state scoring at least the target
  std::uint64_t nodes = 0;        // states examined (their upper bound asked), all stages
  std::uint64_t widest = 0;       // most distinct states of one stage
};

template <StagedDealGame G>
class LayeredDealSearch {
 public:
  using Move = typename G::Move;
  using Key = typename G::Key;
  using Result = LayeredSearchResult<Move>;

  // Can `game` reach a score of at least `target`? A target of the maximum asks
  // for a win, where a game with win-only rules may narrow its moves and keys.
  Result reach(const G& game, int target, const LayeredSearchOptions& options = {}) {
    target_ = target;
    G start = game;
    set_win_only(start, target == G::kMaxScore);
    // Isolated: a thread waiting for this search's tasks must not pick up the caller's other
    // work (another deal of `stats`, whose thread-local search object is busy with this one).
    Result result;
    tbb::this_task_arena::isolate([&] { result = run(start, options); });
    return result;
  }

 private:
  struct Node {
    Key key;
    std::uint32_t parent;
    std::int32_t promise;
    bool operator<(const Node& other) const { return key != other.key ? key < other.key : parent < other.parent; }
  };

  Result run(G& game, const LayeredSearchOptions& options) {
    Result result;
    std::vector<std::vector<Node>> stages{{Node{game.key(), 0, 0}}};
    tbb::enumerable_thread_specific<G> workers(game);
    bool dropped = false;
    for (;;) {
      const auto& current = stages.back();
      const int stage = static_cast<int>(stages.size()) - 1;
      tbb::enumerable_thread_specific<std::vector<Node>> children;
      std::atomic<std::uint64_t> hit{kNone};
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, current.size(), 16), [&](const auto& range) {
        G& worker = workers.local();
        auto& out = children.local();
        // The first state (by index) that reaches the target wins, so the line is reproducible.
        for (std::size_t i = range.begin(); i != range.end() && i < hit.load(std::memory_order_relaxed); ++i) {
          worker.load(current[i].key);
          if (!expand(worker, stage, static_cast<std::uint32_t>(i), out)) continue;
          for (std::uint64_t seen = hit.load(); i < seen && !hit.compare_exchange_weak(seen, i);) {
          }
        }
      });
      std::vector<Node> next;
      for (auto& part : children) next.insert(next.end(), part.begin(), part.end());
      if (hit != kNone) {
        result.outcome = Result::kReached;
        result.line = replay(game, stages, static_cast<std::uint32_t>(hit.load()));
        return result;
      }
      tbb::parallel_sort(next.begin(), next.end());
      next.erase(std::unique(next.begin(), next.end(), [](const Node& a, const Node& b) { return a.key == b.key; }),
                 next.end());
      result.widest = std::max<std::uint64_t>(result.widest, next.size());
      // The upper bound is the costly part, so a beam asks it only of its best candidates.
      if (options.width && next.size() > options.width + options.width / 2) {
        keep_best(next, options.width + options.width / 2, options.salt);
        dropped = true;
      }
      result.nodes += next.size();
      cut_hopeless(next, workers);
      if (options.width && next.size() > options.width) {
        keep_best(next, options.width, options.salt);
        dropped = true;
      }
      if (next.empty()) {
        if (!dropped) result.outcome = Result::kUnreachable;
        return result;
      }
      if (options.node_limit && result.nodes > options.node_limit) return result;  // unresolved
      stages.push_back(std::move(next));
    }
  }

  // Keeps the `count` most promising states (ties broken by a hash of the key and the salt).
  static void keep_best(std::vector<Node>& states, std::uint64_t count, std::uint64_t salt) {
    const auto tie = [salt](const Node& n) { return mix64(mix_words(n.key) + salt); };
    std::nth_element(
        states.begin(), states.begin() + static_cast<std::ptrdiff_t>(count), states.end(),
        [&](const Node& a, const Node& b) { return a.promise != b.promise ? a.promise > b.promise : tie(a) < tie(b); });
    states.resize(count);
  }

  // Removes the states whose upper bound is below the target.
  void cut_hopeless(std::vector<Node>& states, tbb::enumerable_thread_specific<G>& workers) const {
    std::vector<char> hopeless(states.size());
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, states.size(), 64), [&](const auto& range) {
      G& worker = workers.local();
      for (std::size_t i = range.begin(); i != range.end(); ++i) {
        worker.load(states[i].key);
        hopeless[i] = worker.upper_bound(target_ - 1) < target_;
      }
    });
    std::size_t kept = 0;
    for (std::size_t i = 0; i < states.size(); ++i)
      if (!hopeless[i]) states[kept++] = states[i];
    states.resize(kept);
  }

  // Plays out the moves of one stage from here; the states reaching the next stage go to `out`.
  // True when some line of this stage reaches the target.
  bool expand(G& game, int stage, std::uint32_t parent, std::vector<Node>& out) {
    if (game.score() >= target_) return true;
    typename G::MoveList moves;
    game.generate_moves(moves);
    for (const Move& move : moves) {
      game.apply(move);
      bool reached = false;
      if (game.stage() == stage)
        reached = expand(game, stage, parent, out);
      else if (game.score() >= target_)
        reached = true;
      else
        out.push_back({game.key(), parent, static_cast<std::int32_t>(game.promise())});
      game.undo(move);
      if (reached) return true;
    }
    return false;
  }

  // The line from the real start through the traced stages to the target.
  std::vector<Move> replay(G& game, const std::vector<std::vector<Node>>& stages, std::uint32_t last) {
    std::vector<Key> chain(stages.size());
    for (std::size_t s = stages.size(); s-- > 0;) {
      chain[s] = stages[s][last].key;
      last = stages[s][last].parent;
    }
    std::vector<Move> line;
    for (std::size_t s = 1; s <= chain.size(); ++s) {
      const Key* goal = s < chain.size() ? &chain[s] : nullptr;  // past the last stage: the target
      walk(game, static_cast<int>(s) - 1, goal, line);
    }
    for (auto it = line.rbegin(); it != line.rend(); ++it) game.undo(*it);
    return line;
  }

  // Appends to `line` (and applies) the moves of this stage that reach `goal`, or the target.
  bool walk(G& game, int stage, const Key* goal, std::vector<Move>& line) {
    if (!goal && game.score() >= target_) return true;
    typename G::MoveList moves;
    game.generate_moves(moves);
    for (const Move& move : moves) {
      game.apply(move);
      line.push_back(move);
      const bool arrived = game.stage() == stage ? walk(game, stage, goal, line)
                                                 : (goal ? game.key() == *goal : game.score() >= target_);
      if (arrived) return true;
      line.pop_back();
      game.undo(move);
    }
    return false;
  }

  static constexpr std::uint64_t kNone = ~std::uint64_t{0};
  int target_ = 0;
};

}  // namespace gs
