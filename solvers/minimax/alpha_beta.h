// Weak solution by negamax with alpha-beta over values -1 / 0 / +1 for the side to move, a
// shared transposition table keyed on canonical states, the game's move ordering
// (for_each_search_move), and oneTBB parallelism: below the root, the first move of a node is
// searched alone and the others in parallel once it has set the window (young brothers wait),
// down to `split_depth`.
#pragma once

#include <array>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <optional>
#include <vector>

#include <tbb/task_group.h>

#include "engine/core/game.h"
#include "engine/core/game_search.h"
#include "engine/core/game_symmetry.h"
#include "engine/core/value.h"
#include "solvers/common/checked_slot.h"
#include "solvers/common/hash.h"
#include "solvers/common/node_counter.h"
#include "solvers/common/zeroed_array.h"

namespace gs {

// Lock-free table of (state, bound) entries for 64- or 128-bit state keys (CheckedSlot).
template <class Key>
class BoundTable {
 public:
  enum Bound : std::uint8_t { kExact = 0, kLower = 1, kUpper = 2 };
  struct Hit {
    int value;
    Bound bound;
  };
  explicit BoundTable(int bits) : mask_((std::uint64_t{1} << bits) - 1), slots_(std::size_t{1} << bits) {}

  bool probe(Key key, Hit& hit) const {
    std::uint64_t data;
    if (!slots_[index(key)].load(words(key), data)) return false;
    hit = {static_cast<int>(data & 3) - 1, static_cast<Bound>((data >> 2) & 3)};
    return true;
  }
  void store(Key key, int value, Bound bound) {
    slots_[index(key)].store(words(key), std::uint64_t(value + 1) | (std::uint64_t(bound) << 2));
  }

 private:
  static constexpr int kWords = sizeof(Key) > 8 ? 2 : 1;
  static std::array<std::uint64_t, kWords> words(Key key) {
    if constexpr (kWords == 1)
      return {static_cast<std::uint64_t>(key)};
    else
      return {static_cast<std::uint64_t>(key), static_cast<std::uint64_t>(key >> 64)};
  }
  std::uint64_t index(Key key) const {
    const auto w = words(key);
    return (kWords == 1 ? mix64(w[0]) : mix64(w[0] ^ mix64(w[kWords - 1]))) & mask_;
  }

  std::uint64_t mask_;
  ZeroedArray<CheckedSlot<kWords>> slots_;
};

struct AlphaBetaOptions {
  int threads = 1;
  int split_depth = 3;
  int table_bits = 22;
};

// Canonical positions (any totally ordered word) key the table; moves come best first.
template <class G>
requires TwoPlayerGame<G> && Symmetric<G> && SearchMoves<G> && std::totally_ordered<typename G::Position>
class AlphaBeta {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  AlphaBeta(const G& game, AlphaBetaOptions options) : game_(game), options_(options), table_(options.table_bits) {}

  // The value of s for the side to move.
  Outcome value(Position s) { return outcome_of_sign(search(s, -1, 1, 0)); }

  // The value of a non-terminal s and a move that achieves it (the first such in search order).
  std::pair<Outcome, Move> best_move(Position s) {
    int best = -2;
    Move choice{};
    game_.for_each_search_move(s, [&](Move m) {
      if (best == 1) return;
      const int v = -search(game_.play(s, m), -1, -std::max(best, -1), 1);
      if (v > best) best = v, choice = m;
    });
    return {outcome_of_sign(best), choice};
  }

  std::uint64_t nodes() const { return nodes_.total(); }

 private:
  int search(Position s, int alpha, int beta, int depth) {
    nodes_.add();
    if (const auto terminal = game_.terminal(s)) return sign_of(*terminal);
    const Position key = game_.canonical(s);
    const int alpha0 = alpha;
    typename BoundTable<Position>::Hit hit;
    if (table_.probe(key, hit)) {
      if (hit.bound == BoundTable<Position>::kExact) return hit.value;
      if (hit.bound == BoundTable<Position>::kLower)
        alpha = std::max(alpha, hit.value);
      else
        beta = std::min(beta, hit.value);
      if (alpha >= beta) return hit.value;
    }
    int best = -2;
    // Children live on a per-thread stack of frames: no allocation per node.
    thread_local std::vector<Position> frames;
    const std::size_t first = frames.size();
    game_.for_each_search_move(s, [&](Move m) { frames.push_back(game_.play(s, m)); });
    const std::size_t count = frames.size() - first;
    const bool parallel = options_.threads > 1 && depth < options_.split_depth && count > 1;
    std::size_t next = 0;
    for (; next < count && (next == 0 || !parallel); ++next) {
      best = std::max(best, -search(frames[first + next], -beta, -std::max(alpha, best), depth + 1));
      if (best >= beta) break;
    }
    if (parallel && best < beta && next < count) {
      // Young brothers: the first child has set the window; the others run in parallel.
      std::vector<Position> rest(frames.begin() + first + next, frames.begin() + first + count);
      std::atomic<int> shared_best{best};
      tbb::task_group group;
      for (const Position child : rest)
        group.run([&, child] {
          const int lower = std::max(alpha, shared_best.load());
          if (lower >= beta) return;
          const int v = -search(child, -beta, -lower, depth + 1);
          int seen = shared_best.load();
          while (v > seen && !shared_best.compare_exchange_weak(seen, v)) {
          }
        });
      group.wait();
      best = shared_best.load();
    }
    frames.resize(first);
    using Table = BoundTable<Position>;
    const auto bound = best <= alpha0 ? Table::kUpper : best >= beta ? Table::kLower : Table::kExact;
    table_.store(key, best, bound);
    return best;
  }

  const G& game_;
  AlphaBetaOptions options_;
  BoundTable<Position> table_;
  NodeCounter nodes_;
};

}  // namespace gs
