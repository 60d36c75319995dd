#include "engine/hopscotch/heuristic_player.h"

namespace gs::hopscotch {

namespace {

// The first reserve top that fits a foundation, if any.
bool play_reserve_top(Tableau& tableau, std::vector<Move>* line) {
  for (int p = 0; p < kReserves; ++p) {
    if (tableau.reserve_size(p) == 0) continue;
    const int card = tableau.reserve_card(p, tableau.reserve_size(p) - 1);
    for (int f = 0; f < kFoundations; ++f)
      if (tableau.next_rank(f) == tableau.rank_of(card)) {
        const Move m{Move::kReserveToFoundation, static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(f), static_cast<std::uint8_t>(card)};
        tableau.apply(m);
        if (line) line->push_back(m);
        return true;
      }
  }
  return false;
}

Move place_waste(const Tableau& tableau) {
  const auto card = static_cast<std::uint8_t>(tableau.dealt());
  const int rank = tableau.waste().rank;
  for (int f = 0; f < kFoundations; ++f)
    if (tableau.next_rank(f) == rank) return {Move::kWasteToFoundation, 0, static_cast<std::uint8_t>(f), card};
  int best = 0;
  for (int p = 1; p < kReserves; ++p)
    if (tableau.placement_cost(rank, p) < tableau.placement_cost(rank, best)) best = p;
  return {Move::kWasteToReserve, static_cast<std::uint8_t>(best), 0, card};
}

}  // namespace

int play_without_seeing_stock(Tableau& tableau, std::vector<Move>* line) {
  for (;;) {
    while (play_reserve_top(tableau, line)) {
    }
    if (tableau.stock_empty()) return tableau.score();
    const Move m = place_waste(tableau);
    tableau.apply(m);
    if (line) line->push_back(m);
  }
}

}  // namespace gs::hopscotch
