// Iterative-deepening negamax with alpha-beta for games too large to solve: a transposition
// table (always replace; lock-free, shared by the threads), move ordering (the table's move,
// then the game's noisy moves, then two killer moves a ply, then the game's order), a
// quiescence search over noisy moves when the game names them, principal variation search
// (null windows after the first move) with late move reductions, a depth or time limit, and
// repetition scored as a draw (a position already on the path or in the game's history). Wins
// and losses are exact scores: a win in n plies scores kWin - n.
//
// Threads (oneTBB tasks) search the same root at once and share the table ("lazy SMP"): the
// helpers fill the table with results the main search then reuses; the report is the main
// search's. One thread gives the plain, deterministic search. Knows no game.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <vector>

#include <tbb/task_group.h>

#include "engine/core/game.h"
#include "engine/core/game_search.h"
#include "solvers/common/capabilities.h"
#include "solvers/common/checked_slot.h"
#include "solvers/common/zeroed_array.h"

namespace gs {

// What negamax reads beyond the game (one model each, Mount'n Fall, so they live here;
// solvers/common/capabilities.h says why). A static evaluation for the side to move, well inside
// the search's win score:
template <class G>
concept Evaluated = requires(const G& g, const typename G::Position& p) {
  { g.evaluate(p) } -> std::convertible_to<int>;
};

// Moves that change the evaluation sharply (captures): tried first and searched past the depth
// limit until the position is quiet.
template <class G>
concept NoisyMoves = Game<G> && requires(const G& g, const typename G::Position& p, const typename G::Move& m) {
  { g.noisy(p, m) } -> std::convertible_to<bool>;
};

struct SearchLimits {
  int depth = 64;          // plies
  double seconds = 0;      // 0: no time limit
  bool reductions = true;  // late quiet moves searched shallower first (off: every win and loss
                           // is found at its exact distance)
};

template <class Move>
struct SearchReport {
  int score = 0;  // for the side to move at the root
  int depth = 0;  // of the last completed iteration
  std::vector<Move> pv;
  std::uint64_t nodes = 0;  // all threads
  double seconds = 0;
};

// A side with no legal move has lost. Uses NoisyMoves when the game has it.
template <class G>
requires Game<G> && Evaluated<G> && Hashed<G>
class NegamaxSearch {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  static constexpr int kWin = 1'000'000;
  static constexpr int kInfinity = 2 * kWin;
  static constexpr int kMaxPly = 256;
  static constexpr int kQuiescencePlies = 8;  // noisy moves searched past the depth limit

  // `table_bits`: 2^N table entries of 16 bytes; `threads`: searches sharing them.
  explicit NegamaxSearch(const G& game, int table_bits = 20, int threads = 1)
      : game_(game),
        table_(std::size_t{1} << table_bits),
        mask_(table_.size() - 1),
        workers_(static_cast<std::size_t>(std::max(1, threads))) {}

  static bool is_mate(int score) { return std::abs(score) > kWin - 10000; }
  int threads() const { return static_cast<int>(workers_.size()); }

  // `history`: hashes of the positions before the root in the game (for repetitions).
  SearchReport<Move> search(const Position& root, const SearchLimits& limits,
                            const std::vector<std::uint64_t>& history = {}) {
    start_ = Clock::now();
    limits_ = limits;
    stopped_ = false;
    for (Worker& w : workers_) w.reset(history);
    tbb::task_group helpers;
    for (std::size_t t = 1; t < workers_.size(); ++t)
      helpers.run([this, &root, t] {
        // Helpers start one ply deeper every other thread, so they are not all in step.
        for (int depth = 1 + static_cast<int>(t % 2); depth <= limits_.depth && !stopped_; ++depth)
          negamax(workers_[t], root, depth, -kInfinity, kInfinity, 0);
      });
    SearchReport<Move> report;
    Worker& main = workers_[0];
    for (int depth = 1; depth <= limits.depth; ++depth) {
      const int score = negamax(main, root, depth, -kInfinity, kInfinity, 0);
      if (stopped_) break;
      report.score = score;
      report.depth = depth;
      report.pv = principal_variation(root, depth, main.root_best);
      if (is_mate(score) && kWin - std::abs(score) <= depth) break;  // the mate is proved
    }
    stopped_ = true;
    helpers.wait();
    for (const Worker& w : workers_) report.nodes += w.nodes;
    report.seconds = elapsed();
    return report;
  }

 private:
  using Clock = std::chrono::steady_clock;
  enum Bound : std::uint8_t { kExact, kLower, kUpper };

  struct Entry {
    int score = 0, depth = -1;
    Bound bound = kExact;
    int best = 0;  // index of the best move in the game's move list
  };
  static std::uint64_t pack(const Entry& e) {
    return static_cast<std::uint32_t>(e.score) | std::uint64_t(static_cast<std::uint8_t>(e.depth)) << 32 |
           std::uint64_t(e.bound) << 40 | std::uint64_t(static_cast<std::uint16_t>(e.best)) << 42;
  }
  static Entry unpack(std::uint64_t d) {
    return {static_cast<int>(static_cast<std::uint32_t>(d)), static_cast<int>((d >> 32) & 0xFF),
            static_cast<Bound>((d >> 40) & 3), static_cast<int>((d >> 42) & 0xFFFF)};
  }
  // The table: lock-free slots (CheckedSlot) indexed by the position's hash.
  bool probe(std::uint64_t key, Entry& e) const {
    std::uint64_t d;
    if (!table_[key & mask_].load({key}, d)) return false;
    e = unpack(d);
    return true;
  }
  void store(std::uint64_t key, const Entry& e) { table_[key & mask_].store({key}, pack(e)); }

  // A thread's own state: the path for repetitions, a move list per ply (no allocation once
  // warm), killer moves.
  struct Worker {
    std::vector<std::uint64_t> path;
    std::vector<std::vector<Move>> moves = std::vector<std::vector<Move>>(kMaxPly + kQuiescencePlies + 2);
    std::vector<std::vector<int>> order = std::vector<std::vector<int>>(kMaxPly + 1);
    std::vector<int> quiet_from = std::vector<int>(kMaxPly + 1);  // where the ordinary moves start
    std::vector<std::array<int, 2>> killers = std::vector<std::array<int, 2>>(kMaxPly + 1, {-1, -1});
    std::vector<std::uint8_t> classes;  // order_moves' scratch
    std::uint64_t nodes = 0;
    // The root's best move in this worker's last finished iteration: the principal line starts
    // with it, not with the table's root entry, which another worker or another position may
    // have overwritten since.
    int root_best = 0;
    void reset(const std::vector<std::uint64_t>& history) {
      path = history;
      nodes = 0;
      for (auto& k : killers) k = {-1, -1};
    }
  };

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  bool tick(Worker& w) {
    if ((++w.nodes & 1023) == 0 && limits_.seconds > 0 && elapsed() > limits_.seconds) stopped_ = true;
    return stopped_.load(std::memory_order_relaxed);
  }

  bool noisy(const Position& p, const Move& m) const {
    if constexpr (NoisyMoves<G>)
      return game_.noisy(p, m);
    else
      return false;
  }

  // The order to try moves in: the table's move, noisy moves, killers (kept as indices in the
  // game's list: a killer is the index of a move that cut off at this ply), then the rest.
  // Each move is classed once (the noisy test walks the move), then gathered class by class.
  void order_moves(Worker& w, const Position& p, const std::vector<Move>& moves, int first, int ply) {
    const auto& killers = w.killers[static_cast<std::size_t>(ply)];
    w.classes.resize(moves.size());
    for (int i = 0; i < static_cast<int>(moves.size()); ++i)
      w.classes[static_cast<std::size_t>(i)] = i == first                                     ? 0
                                               : noisy(p, moves[static_cast<std::size_t>(i)]) ? 1
                                               : i == killers[0] || i == killers[1]           ? 2
                                                                                              : 3;
    auto& order = w.order[static_cast<std::size_t>(ply)];
    order.clear();
    for (int r = 0; r < 4; ++r) {
      if (r == 3) w.quiet_from[static_cast<std::size_t>(ply)] = static_cast<int>(order.size());
      for (int i = 0; i < static_cast<int>(moves.size()); ++i)
        if (w.classes[static_cast<std::size_t>(i)] == r) order.push_back(i);
    }
  }

  // Plies to cut from the k-th move's first search: ordinary moves late in the order rarely
  // matter; a reduced search that beats alpha is repeated at full depth.
  int reduction(const Worker& w, int depth, int ply, std::size_t k) const {
    if (!limits_.reductions || depth < 3 || k < 3 || static_cast<int>(k) < w.quiet_from[static_cast<std::size_t>(ply)])
      return 0;
    return k < 12 ? 1 : 2;
  }

  int negamax(Worker& w, const Position& p, int depth, int alpha, int beta, int ply) {
    if (tick(w)) return 0;
    const std::uint64_t key = game_.hash(p);
    if (ply > 0 && std::find(w.path.begin(), w.path.end(), key) != w.path.end()) return 0;
    auto& moves = w.moves[static_cast<std::size_t>(ply)];
    list_moves(game_, p, moves);
    if (moves.empty()) return -(kWin - ply);
    if (depth == 0 || ply >= kMaxPly) return quiescence(w, p, alpha, beta, ply, 0);
    Entry e;
    int first = 0;
    if (probe(key, e)) {
      first = e.best < static_cast<int>(moves.size()) ? e.best : 0;
      if (e.depth >= depth && ply > 0) {
        const int score = from_table(e.score, ply);
        if (e.bound == kExact || (e.bound == kLower && score >= beta) || (e.bound == kUpper && score <= alpha))
          return score;
      }
    }
    order_moves(w, p, moves, first, ply);
    const int alpha_in = alpha;
    int best = -kInfinity, best_index = first;
    w.path.push_back(key);
    const auto& order = w.order[static_cast<std::size_t>(ply)];  // deeper plies use their own lists
    for (std::size_t k = 0; k < order.size(); ++k) {
      const int i = order[k];
      const Position next = game_.play(p, moves[static_cast<std::size_t>(i)]);
      int score;
      if (k == 0) {
        score = -negamax(w, next, depth - 1, -beta, -alpha, ply + 1);
      } else {  // a null window first: most later moves only need to be shown no better
        const int r = reduction(w, depth, ply, k);
        score = -negamax(w, next, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && r > 0 && !stopped_) score = -negamax(w, next, depth - 1, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && score < beta && !stopped_) score = -negamax(w, next, depth - 1, -beta, -alpha, ply + 1);
      }
      if (stopped_) break;
      if (score > best) best = score, best_index = i;
      alpha = std::max(alpha, score);
      if (alpha >= beta) {
        auto& killers = w.killers[static_cast<std::size_t>(ply)];
        if (i != first && killers[0] != i) killers = {i, killers[0]};
        break;
      }
    }
    w.path.pop_back();
    if (stopped_) return 0;
    if (ply == 0) w.root_best = best_index;
    store(key, {to_table(best, ply), depth, best <= alpha_in ? kUpper : best >= beta ? kLower : kExact, best_index});
    return best;
  }

  // Past the depth limit: the side to move may stand on the evaluation or play a noisy move.
  // A side without moves has lost here too.
  int quiescence(Worker& w, const Position& p, int alpha, int beta, int ply, int qply) {
    const int stand = game_.evaluate(p);
    if (!NoisyMoves<G> || qply >= kQuiescencePlies || stand >= beta) return stand;
    alpha = std::max(alpha, stand);
    int best = stand;
    const auto& moves = w.moves[static_cast<std::size_t>(ply)];
    for (const Move& m : moves) {
      if (!noisy(p, m)) continue;
      if (tick(w)) return 0;
      const Position next = game_.play(p, m);
      auto& replies = w.moves[static_cast<std::size_t>(ply) + 1];
      list_moves(game_, next, replies);
      const int score = replies.empty() ? kWin - (ply + 1) : -quiescence(w, next, -beta, -alpha, ply + 1, qply + 1);
      if (stopped_) return 0;
      best = std::max(best, score);
      alpha = std::max(alpha, score);
      if (alpha >= beta) break;
    }
    return best;
  }

  // Mate scores are stored relative to the node, so they stay right at another ply.
  static int to_table(int score, int ply) { return is_mate(score) ? score + (score > 0 ? ply : -ply) : score; }
  static int from_table(int score, int ply) { return is_mate(score) ? score - (score > 0 ? ply : -ply) : score; }

  // The root's best move (`root_best`, an index in its move list), then the table's best moves.
  std::vector<Move> principal_variation(Position p, int depth, int root_best) const {
    std::vector<Move> pv;
    std::vector<Move> moves;
    for (int i = 0; i < depth; ++i) {
      Entry e;
      list_moves(game_, p, moves);
      if (i == 0) e.best = root_best;
      if ((i > 0 && !probe(game_.hash(p), e)) || moves.empty() || e.best >= static_cast<int>(moves.size())) break;
      pv.push_back(moves[static_cast<std::size_t>(e.best)]);
      p = game_.play(p, moves[static_cast<std::size_t>(e.best)]);
    }
    return pv;
  }

  const G& game_;
  ZeroedArray<CheckedSlot<1>> table_;
  std::uint64_t mask_;
  std::vector<Worker> workers_;
  SearchLimits limits_;
  Clock::time_point start_;
  std::atomic<bool> stopped_{false};
};

}  // namespace gs
