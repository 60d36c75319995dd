// A game under its draw rule on moves without progress: "when the counter of plies since the
// last progress (a capture, a placement) reaches `limit` and the side that moved did not win
// with that move, the game is drawn". Its tables are those of the game with other values, as the
// chess tablebases' DTZ tables are to their plain ones: each position's value when its counter is
// 0, and as distance the plies to the next progress or the end along the best line (the winner
// hurries to a winning progress, the loser delays it).
//
// Why one retrograde pass per layer gives them. Within a layer no move is progress, so from a
// position the game runs inside the layer until a progress move or the end, and the counter then
// starts again at 0. Value each progress move by the rule value of where it leads at counter 0,
// with distance 0 (a table solved before), and solve the layer as usual: the distance d of a win
// is then the least number of plies within which the winner can force a winning progress or end
// (the loser delaying as long as he can), and of a loss the same for the opponent. Counting plies
// from counter n, the plies before the d-th do not progress, so the counter reaches n + d - 1 and
// the d-th ply wins or progresses: the position is won (lost) under the rule exactly when
// n + d <= limit, else drawn. Stored at counter 0, a value whose distance passes the limit is a
// draw when read across a progress move; `value_at(entry, n)` reads one at counter n.
//
// Layers stated, not solved. Where the game bounds play without progress (QuietBounded: every
// line from a position of layer L progresses or ends within q(L) plies), the rule tables of the
// bounded layers need no pass of their own, given one fact checked on the built tables:
//   (Z) every layer with no bound (or q >= limit) comes before every bounded one in the solving
//       order, and each keeps its values at counter 0 (value_at(rule entry, 0) has the plain
//       table's outcome at every index).
// Claim: then for every position p with bound q(p) <= q(L) < limit, p's rule value at every
// counter n <= limit - q(p) has the plain outcome; its distance to progress follows from its
// moves as the solver's would (a progress move counts 0 past itself). By induction on layers
// in order and, within one, on q(p). A progress move leads to a position valued at counter 0:
// in an unbounded layer that is the plain outcome by (Z), in an earlier bounded layer by the
// claim at n = 0. A quiet move leads to s with q(s) <= q(p) - 1 at counter n + 1 <= limit -
// q(s): the plain outcome by the claim for s; and no quiet line reaches the limit, since q(p)
// plies after counter n <= limit - q(p) end by the limit at the latest. So p's value under the
// rule is the minimax of its moves' plain outcomes: p's plain outcome. Reachable counters are
// below q's bound in Tigers and Goats (a placement position has counter 0 or 1), and value_at
// still reads any counter right: a win at d plies to progress is drawn when n + d > limit.
// A bounded layer's rule table is thus a statement (solvers/probe/stated_layer.h: the plain
// file's checksum and the bound), whose values a probe reads from the plain table and whose
// distances it computes from the moves, at most q(L) plies deep.
//
// The limit must be at least 2: in Tigers and Goats a tiger's step between two placements leaves
// the counter at 1, which a limit of 1 would already end.
#pragma once

#include <cstdint>
#include <string>

#include "engine/core/errors.h"
#include "engine/core/game_tables.h"
#include "engine/core/value.h"

namespace gs {

// (G should model ProgressLayers; left unconstrained so that a tool may hold an empty optional of
// it for any game.)
template <class G>
class UnderProgressRule : public G {
 public:
  UnderProgressRule(G game, int limit) : G(std::move(game)), limit_(limit) {
    if (limit < 2 || limit > 16000)
      throw InputError("the progress limit must be 2 to 16000 plies, not " + std::to_string(limit));
  }

  using Plain = G;
  const G& plain() const { return *this; }
  int progress_limit() const { return limit_; }
  // The tables' name: the game's variant and the rule ("5x5-goats20-win5-whole-rule120").
  std::string variant() const { return G::variant() + "-rule" + std::to_string(limit_); }

  // A stored value (distance to progress) read with the counter at n.
  Value value_at(Value stored, int n) const {
    if (stored.outcome != Outcome::kDraw && n + stored.distance > limit_) return {Outcome::kDraw, 0};
    return stored;
  }

 private:
  int limit_;
};

// Games under a progress rule (what the retrograde solver asks).
template <class G>
concept ProgressRuled = ProgressLayers<G> && requires(const G& g) {
  { g.progress_limit() } -> std::convertible_to<int>;
};

// Layers whose play without progress is bounded: from any position of the layer, every line
// reaches a progress move or the end within quiet_plies(layer) plies (-1: no bound). Tigers and
// Goats while goats are in hand: a goat's move is a placement (1), a tiger's step is followed by
// one (2). Such a layer's values under the rule are stated from the plain tables (above). One
// model, so it lives here with its readers (this rule and the probe's tables).
template <class G>
concept QuietBounded = ProgressLayers<G> && requires(const G& g, int layer) {
  { g.quiet_plies(layer) } -> std::convertible_to<int>;
};

// Whether a move from layer `from` to layer `to` (-1: out of the tables, the game's end) starts
// the counter again.
template <ProgressLayers G>
bool progresses(const G& game, int from, int to) {
  return to < 0 || (to != from && game.progress(from, to));
}

}  // namespace gs
