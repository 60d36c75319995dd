// The last cards of a Hopscotch game played optimally by a player who does not see the stock:
// each play the one with the highest exact win chance over every order of the unseen cards
// (engine/hopscotch/unseen_stock_game.h, solved by solvers/deal/expectimax.h).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "engine/hopscotch/tableau.h"
#include "engine/hopscotch/unseen_stock_game.h"
#include "solvers/deal/expectimax.h"

namespace gs::tools {

// One a thread: the values without the stock depend only on what is seen, so they are kept from
// game to game until the memo passes kKeptStates.
class ExactEndgame {
 public:
  static constexpr std::size_t kKeptStates = 4'000'000, kMaxStates = 60'000'000;  // ~100 bytes each

  // Whether a player who sees the stock could still win from `t` (a card turned).
  bool winnable(const hopscotch::Tableau& t);
  // Every legal play from `t` with the exact win chance after it, for a player who does not see
  // the stock, in the order of Tableau::for_each_play; and which of them is best (the first of
  // equals; meaningless when there is no play).
  struct Chances {
    std::vector<std::pair<hopscotch::Play, double>> plays;
    std::size_t best = 0;
  };
  Chances chances(const hopscotch::Tableau& t);
  // Plays `t` to the end, each play the best of chances(); returns the score. The plays are
  // appended to `line` when given.
  int play(hopscotch::Tableau& t, std::vector<hopscotch::Play>* line);

 private:
  static constexpr hopscotch::UnseenStockGame kUnseen{}, kKnown{.stock_known = true};
  Expectimax<hopscotch::UnseenStockGame> optimal_{kUnseen, kMaxStates}, known_{kKnown, kMaxStates};
};

}  // namespace gs::tools
