// Exact search of a single-player game with perfect information that ends with a score (a
// solitaire deal whose stock order is known): is the maximum score reachable, and if not, what
// is the best score? Depth-first with a memo of canonical states and branch-and-bound on the
// game's upper bound. Knows no game.
//
// Two passes share one memo. The first looks only for a win (every state whose upper bound is
// below the maximum is cut at once), which decides most deals in a few thousand nodes. Only if
// it fails does the second compute the best score, cutting states that cannot beat the best
// line found so far. Every memo entry is a true statement (an exact best score, or an upper
// bound), so the second pass reuses the first's entries.
//
// Correctness of the bounds: a node searched with floor `alpha` returns either an exact value
// or an upper bound (flagged); a bound is only trusted where it is at most the current alpha.
// Every cut subtree had a bound at most the best score already reached, so when the search
// completes the best line found is optimal.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <vector>

#include "engine/core/deal_game.h"
#include "engine/core/portable_random.h"
#include "engine/core/value.h"
#include "solvers/deal/layered_deal_search.h"
#include "solvers/deal/score_memo.h"

namespace gs {

struct MaxScoreOptions {
  std::uint64_t node_limit = 0;  // 0 = none
  bool prune = true;             // cut on upper_bound() (off: plain exhaustive search)
  bool canonical = true;         // memo on key() (off: on exact_key())
  bool best_score = true;        // off: stop after the first pass (won or lost; a loss's score inexact)
  // The first pass (see win_pass): rounds of probes and beams, each round twice the last.
  std::uint64_t probe_nodes = 120;     // node budget of each probe (0 = no rounds: one depth-first pass)
  int long_probe_every = 8;            // ... and every this many, a probe of 4 times the budget
  std::uint64_t round_nodes = 20'000;  // nodes of probes in the first round
  std::uint64_t beam_width = 250;      // width of the first round's beam (0 = none; staged games only)
  std::uint64_t max_beam_width = std::uint64_t{1} << 18;  // beams stop growing here (about 1 GB)
  int short_rounds = 6;  // rounds before a deepening probe joins each round (it makes the pass complete)
};

template <class Move>
struct MaxScoreResult {
  enum Outcome { kWon, kLost, kUnresolved };
  Outcome outcome = kUnresolved;
  int score = 0;             // best final score found (exact unless score_exact is false)
  bool score_exact = false;  // false when the node limit stopped the second pass
  std::vector<Move> line;    // a play reaching `score`
  std::uint64_t nodes = 0;
};

template <DealGame G>
class MaxScoreSearch {
 public:
  using Move = typename G::Move;
  using Result = MaxScoreResult<Move>;

  explicit MaxScoreSearch(int memo_bits = 20) : memo_(memo_bits) {}

  Result solve(G& game, const MaxScoreOptions& options) {
    options_ = options;
    memo_.clear();
    nodes_ = 0;
    stopped_ = limited_ = false;
    best_ = -1;
    best_line_.clear();
    path_.clear();
    random_ = PortableRandom(1);  // every solve of a deal searches the same way
    Result result;
    floor_ = G::kMaxScore - 1;  // first pass: a win or nothing
    set_win_only(game, true);
    win_pass(game);
    set_win_only(game, false);
    if (best_ == G::kMaxScore) {
      result.outcome = Result::kWon;
    } else if (!limited_) {
      result.outcome = Result::kLost;
      if (options_.best_score) {
        floor_ = -1;                                   // second pass: the best score
        if constexpr (WinOnlyRules<G>) memo_.clear();  // the first pass's facts hold for a win only
        search(game);
      }
    }
    result.score = best_;
    result.score_exact =
        result.outcome != Result::kUnresolved && !limited_ && (options_.best_score || result.outcome == Result::kWon);
    result.line = best_line_;
    result.nodes = nodes_;
    return result;
  }

 private:
  struct Value {
    int score;
    bool exact;
  };

  // The first pass looks for a win in rounds, each twice the size of the one before: short
  // depth-first probes (restarts), then a beam search where the game supports one. Probes win
  // most deals within a few thousand nodes; the beam wins many of the deals where every probe
  // stays trapped under an early mistake of the move order. From round `short_rounds` on, half
  // of each round's probing goes to one deepening probe as long as that half: its budget grows
  // without end, so without a node limit the pass ends, if nothing else does, when one searches
  // everything (a proof that no win exists). Rounds go on until a win, such a proof, or the
  // node limit. The round sizes were chosen by measurement (docs/results.md, "Hopscotch:
  // tuning").
  void win_pass(G& game) {
    complete_ = false;
    probe_count_ = 0;
    if (!options_.probe_nodes) {  // one plain depth-first pass
      search(game);
      return;
    }
    std::uint64_t width = options_.beam_width;
    for (int round = 0;; ++round) {
      std::uint64_t budget = options_.round_nodes << round;
      if (round >= options_.short_rounds) {
        budget /= 2;
        win_probes(game, nodes_ + budget, budget);
        if (decided()) return;
      }
      win_probes(game, nodes_ + budget, options_.probe_nodes);
      if (decided()) return;
      if constexpr (StagedDealGame<G>) {
        if (width) win_beam(game, width, static_cast<std::uint64_t>(round));
        if (decided()) return;
      }
      width = std::min(2 * width, options_.max_beam_width);
    }
  }

  bool decided() const { return complete_ || limited_ || best_ == G::kMaxScore; }

  // Probes until `until` nodes, each with a budget of `probe_nodes`; every probe after the first
  // swaps the first move with another at one node in 16, so one early mistake of the move order
  // does not trap every probe below it. Probes share the memo (it holds only proved facts). A probe
  // must be able to reach the end of the deal (a winning line of Hopscotch has about 100 moves:
  // probes of 60 nodes win nothing, of 80 nodes few), so every eighth probe gets four times the
  // budget. The probe sizes were chosen by measurement (docs/results.md, "Hopscotch: tuning").
  void win_probes(G& game, std::uint64_t until, std::uint64_t probe_nodes) {
    while (nodes_ < until) {
      const int every = options_.long_probe_every;
      const bool long_probe = every && probe_count_ % every == every - 1 && probe_nodes == options_.probe_nodes;
      probe_limit_ = nodes_ + probe_nodes * (long_probe ? 4 : 1);
      perturb_ = probe_count_++ > 0;
      search(game);
      if (!stopped_) complete_ = true;  // the probe searched everything: no win
      if (!stopped_ || limited_ || best_ == G::kMaxScore) break;
      stopped_ = false;  // out of budget: try again
    }
    probe_limit_ = 0;
    perturb_ = false;
  }

  // A beam of `width` states a stage; each round's beam breaks ties differently (`salt`), so a
  // wider beam is also a different one.
  // Called only for staged games (an if constexpr at the call), so it is instantiated only there.
  void win_beam(G& game, std::uint64_t width, std::uint64_t salt) {
    LayeredSearchOptions beam;
    beam.width = width;
    beam.salt = salt;
    if (options_.node_limit) beam.node_limit = options_.node_limit - std::min(nodes_, options_.node_limit);
    const auto r = LayeredDealSearch<G>().reach(game, G::kMaxScore, beam);
    nodes_ += r.nodes;
    limited_ = options_.node_limit && nodes_ > options_.node_limit;
    if (r.outcome == decltype(r)::kReached) {
      best_ = G::kMaxScore;
      best_line_ = r.line;
    }
    complete_ = r.outcome == decltype(r)::kUnreachable;  // the beam dropped nothing
  }

  Value search(G& game) {
    ++nodes_;
    if ((options_.node_limit && nodes_ > options_.node_limit) || (probe_limit_ && nodes_ > probe_limit_)) {
      stopped_ = true;
      limited_ = options_.node_limit && nodes_ > options_.node_limit;
      return {0, false};
    }
    const int alpha = std::max(floor_, best_);
    if (options_.prune) {
      const int bound = game.upper_bound(alpha);
      if (bound <= alpha) return {bound, false};
    }
    const auto key = options_.canonical ? game.key() : game.exact_key();
    if (const auto* entry = memo_.find(key); entry && (entry->exact || entry->value <= alpha))
      return {entry->value, entry->exact};
    typename G::MoveList moves;
    game.generate_moves(moves);
    if (moves.size == 0) return finish(game, key);
    if (perturb_ && moves.size > 1 && random_.below(16) == 0)
      std::swap(moves.moves[0], moves.moves[1 + random_.below(static_cast<std::uint64_t>(moves.size - 1))]);
    int best_exact = -1, best_bound = -1;
    for (const Move& move : moves) {
      path_.push_back(move);
      game.apply(move);
      const Value v = search(game);
      game.undo(move);
      path_.pop_back();
      if (stopped_) return {0, false};
      (v.exact ? best_exact : best_bound) = std::max(v.exact ? best_exact : best_bound, v.score);
    }
    const Value result = best_exact >= best_bound ? Value{best_exact, true} : Value{best_bound, false};
    memo_.store(key, result.score, result.exact);
    return result;
  }

  Value finish(const G& game, const typename G::Key& key) {
    const int score = game.score();
    if (score > best_) {
      best_ = score;
      best_line_ = path_;
      if (score == G::kMaxScore) stopped_ = true;  // nothing can beat a win
    }
    memo_.store(key, score, true);
    return {score, true};
  }

  ScoreMemo<typename G::Key> memo_;
  MaxScoreOptions options_;
  std::uint64_t nodes_ = 0, probe_limit_ = 0;
  bool perturb_ = false, complete_ = false;
  int probe_count_ = 0;
  PortableRandom random_{1};
  bool stopped_ = false, limited_ = false;
  int floor_ = -1, best_ = -1;
  std::vector<Move> path_, best_line_;
};

}  // namespace gs
