// Normal play: a player who does not see the stock. It looks only at what a person at the table
// sees (the waste card, the foundations, the reserves) and plays common-sense Hopscotch:
//   1. every card that fits a foundation goes there at once, reserve tops first;
//   2. otherwise the waste card goes to the reserve where it costs least
//      (placement_cost, placement.h): on a card needed later than itself, the closer the better;
//      a King to an empty reserve; an empty reserve before covering a card needed sooner.
#pragma once

#include <vector>

#include "engine/hopscotch/tableau.h"

namespace gs::hopscotch {

// Plays the deal from `tableau` to the end; returns the final score. The plays are appended to
// `line` when given.
// With `stop_with_left`, it stops instead when that many cards are still to turn (the first of
// them turned, nothing played since), leaving the rest of the game to the caller.
int play_without_seeing_stock(Tableau& tableau, std::vector<Play>* line = nullptr, int stop_with_left = 0);

// The same player with look-ahead by sampling: at each real choice (which reserve or foundation
// for the waste card, which of two competing reserve tops goes up) each play is tried on
// `samples` random orders of the unseen cards (the same orders for every play), finishing each
// imagined game by the rules above, and the play worth most is made: 100 a won game plus its
// score. Still blind to the real stock: only the multiset of unseen cards is used.
// Deterministic for a given `seed`. The imagined games are added to `imagined` when given.
struct SamplingPlayer {
  int samples = 256;
  std::uint64_t seed = 0;
  int stop_with_left = 0;  // as play_without_seeing_stock's
};
int play_with_sampling(Tableau& tableau, const SamplingPlayer& player, std::vector<Play>* line = nullptr,
                       std::uint64_t* imagined = nullptr);

// The plays worth choosing between: the reserve tops that fit a foundation when two of them
// compete (for one foundation, or one card for two); else the foundations the waste card fits;
// else every reserve for it (empty reserves are all alike: the first stands for them). One
// play: no choice; none: the game is over.
std::vector<Play> choices(const Tableau& tableau);

// Each of choices() tried on `samples` imagined orders of the unseen cards (drawn from `seed`),
// finished by the common-sense rules: the games won and their scores. A hint for a person.
struct RatedPlay {
  Play play;
  int won = 0;
  long total_score = 0;
  // What the player maximises: each won game counts 100, and every card on the foundations one
  // more. The goal is to win, so wins come first; the score tells plays apart where few imagined
  // games are won (docs/results.md compares this with the score alone).
  long worth() const { return 100L * won + total_score; }
};
std::vector<RatedPlay> rate_choices(const Tableau& tableau, int samples, std::uint64_t seed);

// The deal with its stock order known, as a game for nested rollouts
// (solvers/deal/nested_rollouts.h): the choices above, and the common-sense rules of
// play_without_seeing_stock as the rollout.
struct KnownStockRollouts {
  using State = Tableau;
  using Move = Play;
  static constexpr int kMaxScore = Tableau::kMaxScore;
  std::vector<Play> choices(const Tableau& t) const { return hopscotch::choices(t); }
  void apply(Tableau& t, const Play& m) const { t.apply(m); }
  int rollout(Tableau& t, std::vector<Play>& line) const { return play_without_seeing_stock(t, &line); }
  int score(const Tableau& t) const { return t.score(); }
};

}  // namespace gs::hopscotch
