// Weak solution by negamax with alpha-beta over values -1 / 0 / +1 for the side to move, a
// shared transposition table keyed on canonical states, the game's move ordering
// (for_each_search_move), and oneTBB parallelism: below the root, the first move of a node is
// searched alone and the others in parallel once it has set the window (young brothers wait),
// down to `split_depth`.
#pragma once

#include <atomic>
#include <concepts>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_group.h>

#include "solvers/common/hash.h"

namespace gs {

// Lock-free table of (state, bound) entries for 64- or 128-bit state keys. Each entry stores
// the data word and the key words XORed with a scramble of the data, so a torn write from two
// threads reads as a miss (or, with probability 2^-64, as noise), never as another state's bound.
template <class Key>
class BoundTable {
 public:
  enum Bound : std::uint8_t { kExact = 0, kLower = 1, kUpper = 2 };
  struct Hit {
    int value;
    Bound bound;
  };
  // Zeroed pages from calloc: a large table costs nothing until the search touches it.
  explicit BoundTable(int bits)
      : mask_((std::uint64_t{1} << bits) - 1),
        entries_(static_cast<Entry*>(std::calloc(std::size_t{1} << bits, sizeof(Entry)))) {
    static_assert(std::atomic<std::uint64_t>::is_always_lock_free);
    if (!entries_) throw std::bad_alloc();
  }

  bool probe(Key key, Hit& hit) const {
    const Entry& e = slot(key);
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    if (data == 0) return false;
    for (int w = 0; w < kWords; ++w)
      if ((e.check[w].load(std::memory_order_relaxed) ^ scramble(data, w)) != word(key, w)) return false;
    hit = {static_cast<int>(data & 3) - 1, static_cast<Bound>((data >> 2) & 3)};
    return true;
  }
  void store(Key key, int value, Bound bound) {
    Entry& e = slot(key);
    const std::uint64_t data = std::uint64_t(value + 1) | (std::uint64_t(bound) << 2) | (std::uint64_t{1} << 8);
    e.data.store(data, std::memory_order_relaxed);
    for (int w = 0; w < kWords; ++w) e.check[w].store(word(key, w) ^ scramble(data, w), std::memory_order_relaxed);
  }

 private:
  static constexpr int kWords = sizeof(Key) > 8 ? 2 : 1;
  struct Entry {
    std::atomic<std::uint64_t> check[kWords];
    std::atomic<std::uint64_t> data;
  };
  static std::uint64_t word(Key key, int w) {
    return static_cast<std::uint64_t>(w == 0 ? key : key >> (kWords > 1 ? 64 : 0));
  }
  static std::uint64_t scramble(std::uint64_t data, int w) { return mix64(data + 0x9e3779b97f4a7c15ULL * (w + 1)); }
  Entry& slot(Key key) const {
    const std::uint64_t h = kWords == 1 ? mix64(word(key, 0)) : mix64(word(key, 0) ^ mix64(word(key, 1)));
    return entries_.get()[h & mask_];
  }

  std::uint64_t mask_;
  struct Free {
    void operator()(Entry* p) const { std::free(p); }
  };
  std::unique_ptr<Entry, Free> entries_;
};

// What alpha-beta needs: canonical states (any totally ordered word), terminal values for the
// side to move, and the moves worth searching, best first.
template <class G>
concept SearchableGame = std::totally_ordered<typename G::State> && requires(const G& g, typename G::State s) {
  { g.canonical(s) } -> std::same_as<typename G::State>;
  { g.terminal_value(s) } -> std::same_as<std::optional<int>>;
  g.for_each_search_move(s, [](typename G::Move, typename G::State) {});
};

struct AlphaBetaOptions {
  int threads = 1;
  int split_depth = 3;
  int table_bits = 22;
};

template <SearchableGame G>
class AlphaBeta {
 public:
  using State = typename G::State;
  using Move = typename G::Move;

  AlphaBeta(const G& game, AlphaBetaOptions options) : game_(game), options_(options), table_(options.table_bits) {}

  // The value of s for the side to move.
  int value(State s) { return search(s, -1, 1, 0); }

  // The value of a non-terminal s and a move that achieves it (the first such in search order).
  std::pair<int, Move> best_move(State s) {
    int best = -2;
    Move choice{};
    game_.for_each_search_move(s, [&](Move m, State child) {
      if (best == 1) return;
      const int v = -search(child, -1, -std::max(best, -1), 1);
      if (v > best) best = v, choice = m;
    });
    return {best, choice};
  }

  std::uint64_t nodes() const {
    std::uint64_t total = 0;
    for (const auto& n : nodes_) total += n.load(std::memory_order_relaxed);
    return total;
  }

 private:
  int search(State s, int alpha, int beta, int depth) {
    auto& mine = nodes_.local();
    mine.store(mine.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    if (const auto terminal = game_.terminal_value(s)) return *terminal;
    const State key = game_.canonical(s);
    const int alpha0 = alpha;
    typename BoundTable<State>::Hit hit;
    if (table_.probe(key, hit)) {
      if (hit.bound == BoundTable<State>::kExact) return hit.value;
      if (hit.bound == BoundTable<State>::kLower)
        alpha = std::max(alpha, hit.value);
      else
        beta = std::min(beta, hit.value);
      if (alpha >= beta) return hit.value;
    }
    int best = -2;
    // Children live on a per-thread stack of frames: no allocation per node.
    thread_local std::vector<State> frames;
    const std::size_t first = frames.size();
    game_.for_each_search_move(s, [&](Move, State child) { frames.push_back(child); });
    const std::size_t count = frames.size() - first;
    const bool parallel = options_.threads > 1 && depth < options_.split_depth && count > 1;
    std::size_t next = 0;
    for (; next < count && (next == 0 || !parallel); ++next) {
      best = std::max(best, -search(frames[first + next], -beta, -std::max(alpha, best), depth + 1));
      if (best >= beta) break;
    }
    if (parallel && best < beta && next < count) {
      // Young brothers: the first child has set the window; the others run in parallel.
      std::vector<State> rest(frames.begin() + first + next, frames.begin() + first + count);
      std::atomic<int> shared_best{best};
      tbb::task_group group;
      for (const State child : rest)
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
    using Table = BoundTable<State>;
    const auto bound = best <= alpha0 ? Table::kUpper : best >= beta ? Table::kLower : Table::kExact;
    table_.store(key, best, bound);
    return best;
  }

  const G& game_;
  AlphaBetaOptions options_;
  BoundTable<State> table_;
  tbb::enumerable_thread_specific<std::atomic<std::uint64_t>> nodes_;
};

}  // namespace gs
