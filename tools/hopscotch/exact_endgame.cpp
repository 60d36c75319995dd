#include "tools/hopscotch/exact_endgame.h"

namespace gs::tools {

using hopscotch::Play;
using hopscotch::Tableau;

bool ExactEndgame::winnable(const Tableau& t) {
  known_.clear();
  return known_.value({t, false}) == 1.0;
}

ExactEndgame::Chances ExactEndgame::chances(const Tableau& t) {
  Chances c;
  t.for_each_play([&](const Play& play) {
    c.plays.emplace_back(play, optimal_.value(hopscotch::UnseenStockGame::after({t, false}, play)));
    if (c.plays.back().second > c.plays[c.best].second) c.best = c.plays.size() - 1;
  });
  return c;
}

int ExactEndgame::play(Tableau& t, std::vector<Play>* line) {
  if (optimal_.states() > kKeptStates) optimal_.clear();
  for (;;) {
    const Chances c = chances(t);
    if (c.plays.empty()) return t.score();
    const Play best = c.plays[c.best].first;
    t.apply(best);
    if (line) line->push_back(best);
  }
}

}  // namespace gs::tools
