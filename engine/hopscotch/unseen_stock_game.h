// Hopscotch as it is to a player who does not see the stock: a Markov decision process. The
// state is what the player sees (the foundations, the reserves and the card just turned); the
// cards not yet turned are a known multiset in a uniformly random order, so the next card is
// each unseen rank with its share of them. The optimal value of this game from a position
// (solvers/deal/expectimax.h) is the best win probability any normal-play player has there:
// `hopscotch stats --normal --exact-last` measures the player against it. With the stock known
// the same game has one draw a turn, the real next card, and its value is 1 exactly when the
// position can still be won.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "engine/hopscotch/tableau.h"

namespace gs::hopscotch {

struct UnseenStockGame {
  struct State {
    Tableau tableau;
    bool drawing = false;  // the next card is still to be turned
  };
  // 64 four-bit fields: the foundations' heights, the card turned (0 when none is), then each
  // reserve's ranks from the bottom, ended by a 0, the reserves in sorted order (their places are
  // alike). The unseen cards are what is left of the deck, so equal keys have equal futures.
  using Key = std::array<std::uint64_t, 4>;

  static constexpr double kBestValue = 1.0;  // a certain win: no other move can beat it

  bool stock_known = false;  // true: the next card is the real one (a clairvoyant's game)

  Key key(const State& s) const;
  bool drawing(const State& s) const { return s.drawing; }
  double end_value(const State& s) const { return s.tableau.score() == Tableau::kMaxScore ? 1.0 : 0.0; }

  // No draw at all when the position is lost whatever the order (worth 0): the dead-card bound
  // (search_tableau.h) reads the stock as a set, so a bound under 48 holds for every order.
  template <class F>
  void for_each_draw(const State& s, F&& f) const {
    const Tableau& t = s.tableau;
    if (lost_in_every_order(t)) return;
    if (stock_known) {
      State next = s;
      next.drawing = false;
      f(1.0, next);
      return;
    }
    std::array<int, kRanks + 1> count{}, where{};
    for (int i = kDealSize - 1; i >= t.dealt(); --i) ++count[t.rank_of(i)], where[t.rank_of(i)] = i;
    const double unseen = kDealSize - t.dealt();
    for (int rank = 1; rank <= kRanks; ++rank) {
      if (count[rank] == 0) continue;
      State next = s;
      next.tableau.turn_next(where[rank]);
      next.drawing = false;
      f(count[rank] / unseen, next);
    }
  }

  // Every legal play. After placing the turned card the next one is drawn (plays up wait for it:
  // with the card seen they can only be better chosen). A King that fits nowhere goes only to
  // the first reserve holding nothing or only Kings, when there is one: a player who buries
  // cards under it can park it there instead and, mimicking every later play, wins whenever
  // the first player wins (a King goes last on its foundation, so nothing waits for it, and the
  // cards it would have covered are only freer); as a Markov decision process the mimicking
  // needs no knowledge of the draws, so this holds for win probabilities too.
  //
  // A card that fits a foundation and is the last of its rank off the foundations (no other
  // foundation still waits for the rank) goes up at once, as the only move: it can go nowhere
  // else, nothing else can fill that slot, and a player who waits can be mimicked move for move
  // by one who does not (the cards the first puts on it sit one lower, and leave as they do).
  template <class F>
  void for_each_move(const State& s, F&& f) const {
    if (const auto forced = forced_play(s.tableau)) {
      f(after(s, *forced));
      return;
    }
    const int park = parking_reserve(s.tableau);
    s.tableau.for_each_play([&](const Play& play) {
      if (park < 0 || play.kind != Play::kWasteToReserve || play.reserve == park) f(after(s, play));
    });
  }

  // The state after a play: a card placed, the next is still to turn.
  static State after(const State& s, const Play& play) {
    State next = s;
    next.tableau.apply(play);
    next.drawing = play.kind != Play::kReserveToFoundation && !next.tableau.stock_empty();
    return next;
  }

 private:
  static bool lost_in_every_order(const Tableau& t);
  static std::optional<Play> forced_play(const Tableau& t);
  // The reserve a turned King that fits no foundation goes to, or -1 (any reserve).
  static int parking_reserve(const Tableau& t);
};

}  // namespace gs::hopscotch
