// Iterative-deepening negamax with alpha-beta for games too large to solve: a transposition
// table (always replace), the table's move first, the game's move order otherwise, a depth or
// time limit, and repetition scored as a draw (a position already on the path or in the game's
// history). Wins and losses are exact scores: a win in n plies scores kWin - n. Knows no game.
#pragma once

#include <algorithm>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <vector>

namespace gs {

template <class G>
concept EvaluatedGame = requires(const G& g, const typename G::Position& p, const typename G::Move& m,
                                 std::vector<typename G::Move>& moves) {
  g.legal_moves(p, moves);                                  // empty: the side to move has lost
  { g.play(p, m) } -> std::same_as<typename G::Position>;
  { g.evaluate(p) } -> std::convertible_to<int>;            // for the side to move, well inside kWin
  { g.hash(p) } -> std::convertible_to<std::uint64_t>;
};

struct SearchLimits {
  int depth = 64;        // plies
  double seconds = 0;    // 0: no time limit
};

template <class Move>
struct SearchReport {
  int score = 0;   // for the side to move at the root
  int depth = 0;   // of the last completed iteration
  std::vector<Move> pv;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

template <EvaluatedGame G>
class NegamaxSearch {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  static constexpr int kWin = 1'000'000;
  static constexpr int kInfinity = 2 * kWin;

  explicit NegamaxSearch(const G& game, int table_bits = 20) : game_(game), table_(std::size_t{1} << table_bits), mask_(table_.size() - 1) {}

  static bool is_mate(int score) { return std::abs(score) > kWin - 10000; }

  // `history`: hashes of the positions before the root in the game (for repetitions).
  SearchReport<Move> search(const Position& root, const SearchLimits& limits, const std::vector<std::uint64_t>& history = {}) {
    start_ = Clock::now();
    limits_ = limits;
    nodes_ = 0;
    stopped_ = false;
    path_ = history;
    SearchReport<Move> report;
    for (int depth = 1; depth <= limits.depth; ++depth) {
      const int score = negamax(root, depth, -kInfinity, kInfinity, 0);
      if (stopped_) break;
      report.score = score;
      report.depth = depth;
      report.pv = principal_variation(root, depth);
      if (is_mate(score) && kWin - std::abs(score) <= depth) break;  // the mate is proved
    }
    report.nodes = nodes_;
    report.seconds = elapsed();
    return report;
  }

 private:
  using Clock = std::chrono::steady_clock;
  enum Bound : std::uint8_t { kExact, kLower, kUpper };
  struct Entry {
    std::uint64_t key = 0;
    int score = 0;
    std::int16_t depth = -1;
    Bound bound = kExact;
    std::uint16_t best = 0;  // index of the best move in the game's move list
  };

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  bool repeated(std::uint64_t key) const { return std::find(path_.begin(), path_.end(), key) != path_.end(); }

  int negamax(const Position& p, int depth, int alpha, int beta, int ply) {
    if ((++nodes_ & 1023) == 0 && limits_.seconds > 0 && elapsed() > limits_.seconds) stopped_ = true;
    if (stopped_) return 0;
    const std::uint64_t key = game_.hash(p);
    if (ply > 0 && repeated(key)) return 0;
    std::vector<Move> moves;
    game_.legal_moves(p, moves);
    if (moves.empty()) return -(kWin - ply);
    if (depth == 0) return game_.evaluate(p);
    Entry& e = table_[key & mask_];
    int first = 0;
    if (e.key == key) {
      first = e.best < moves.size() ? e.best : 0;
      if (e.depth >= depth && ply > 0) {
        const int score = from_table(e.score, ply);
        if (e.bound == kExact || (e.bound == kLower && score >= beta) || (e.bound == kUpper && score <= alpha)) return score;
      }
    }
    const int alpha_in = alpha;
    int best = -kInfinity, best_index = first;
    path_.push_back(key);
    for (std::size_t k = 0; k < moves.size(); ++k) {
      const std::size_t i = k == 0 ? static_cast<std::size_t>(first) : (k <= static_cast<std::size_t>(first) ? k - 1 : k);
      const int score = -negamax(game_.play(p, moves[i]), depth - 1, -beta, -alpha, ply + 1);
      if (stopped_) break;
      if (score > best) best = score, best_index = static_cast<int>(i);
      alpha = std::max(alpha, score);
      if (alpha >= beta) break;
    }
    path_.pop_back();
    if (stopped_) return 0;
    e = {key, to_table(best, ply), static_cast<std::int16_t>(depth), best <= alpha_in ? kUpper : best >= beta ? kLower : kExact,
         static_cast<std::uint16_t>(best_index)};
    return best;
  }

  // Mate scores are stored relative to the node, so they stay right at another ply.
  static int to_table(int score, int ply) { return is_mate(score) ? score + (score > 0 ? ply : -ply) : score; }
  static int from_table(int score, int ply) { return is_mate(score) ? score - (score > 0 ? ply : -ply) : score; }

  std::vector<Move> principal_variation(Position p, int depth) {
    std::vector<Move> pv;
    for (int i = 0; i < depth; ++i) {
      const Entry& e = table_[game_.hash(p) & mask_];
      std::vector<Move> moves;
      game_.legal_moves(p, moves);
      if (e.key != game_.hash(p) || moves.empty() || e.best >= moves.size()) break;
      pv.push_back(moves[e.best]);
      p = game_.play(p, moves[e.best]);
    }
    return pv;
  }

  const G& game_;
  std::vector<Entry> table_;
  std::uint64_t mask_;
  SearchLimits limits_;
  Clock::time_point start_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  std::vector<std::uint64_t> path_;
};

}  // namespace gs
