#include "tools/hopscotch/exact_endgame.h"

#include <optional>

namespace gs::tools {

using hopscotch::Play;
using hopscotch::Tableau;

bool ExactEndgame::winnable(const Tableau& t) {
  known_.clear();
  return known_.value({t, false}) == 1.0;
}

double ExactEndgame::chance_after(const Tableau& t, const Play& play) {
  return optimal_.value(hopscotch::UnseenStockGame::after({t, false}, play));
}

int ExactEndgame::play(Tableau& t, std::vector<Play>* line) {
  if (optimal_.states() > kKeptStates) optimal_.clear();
  for (;;) {
    std::optional<Play> best;
    double best_chance = -1;
    t.for_each_play([&](const Play& play) {
      if (const double chance = chance_after(t, play); chance > best_chance) best_chance = chance, best = play;
    });
    if (!best) return t.score();
    t.apply(*best);
    if (line) line->push_back(*best);
  }
}

}  // namespace gs::tools
