#include "engine/hopscotch/heuristic_player.h"

#include <vector>

#include "engine/hopscotch/placement.h"

namespace gs::hopscotch {

namespace {

// The first reserve top that fits a foundation, if any.
bool play_reserve_top(Tableau& tableau, std::vector<Play>* line) {
  for (int p = 0; p < kReserves; ++p) {
    if (tableau.reserve_size(p) == 0) continue;
    const int card = tableau.reserve_card(p, tableau.reserve_size(p) - 1);
    for (int f = 0; f < kFoundations; ++f)
      if (tableau.next_rank(f) == tableau.rank_of(card)) {
        const Play m{Play::kReserveToFoundation, static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(f),
                     static_cast<std::uint8_t>(card)};
        tableau.apply(m);
        if (line) line->push_back(m);
        return true;
      }
  }
  return false;
}

Play place_waste(const Tableau& tableau) {
  const auto card = static_cast<std::uint8_t>(tableau.dealt());
  const int rank = tableau.waste().rank;
  for (int f = 0; f < kFoundations; ++f)
    if (tableau.next_rank(f) == rank) return {Play::kWasteToFoundation, 0, static_cast<std::uint8_t>(f), card};
  int best = 0;
  for (int p = 1; p < kReserves; ++p)
    if (placement_cost(tableau, rank, p) < placement_cost(tableau, rank, best)) best = p;
  return {Play::kWasteToReserve, static_cast<std::uint8_t>(best), 0, card};
}

// The waste card's move when it fits no foundation: the reserve with the best sampled future.
Play sampled_placement(const Tableau& tableau, int samples, PortableRandom& random) {
  const Play greedy = place_waste(tableau);
  if (greedy.kind != Play::kWasteToReserve) return greedy;
  std::vector<Tableau> futures;
  for (int s = 0; s < samples; ++s) {
    futures.push_back(tableau);
    futures.back().reshuffle_unseen(random);
  }
  Play best = greedy;
  long best_total = -1;
  for (int p = 0; p < kReserves; ++p) {
    if (tableau.reserve_size(p) == 0 && p > 0 && tableau.reserve_size(p - 1) == 0)
      continue;  // same as the last empty one
    const Play m{Play::kWasteToReserve, static_cast<std::uint8_t>(p), 0, greedy.card};
    long total = 0;
    for (const Tableau& future : futures) {
      Tableau rollout = future;
      rollout.apply(m);
      total += play_without_seeing_stock(rollout);
    }
    if (total > best_total) best_total = total, best = m;
  }
  return best;
}

}  // namespace

int play_with_sampling(Tableau& tableau, int samples, std::uint64_t seed, std::vector<Play>* line) {
  PortableRandom random(seed);
  for (;;) {
    while (play_reserve_top(tableau, line)) {
    }
    if (tableau.stock_empty()) return tableau.score();
    const Play m = sampled_placement(tableau, samples, random);
    tableau.apply(m);
    if (line) line->push_back(m);
  }
}

int play_without_seeing_stock(Tableau& tableau, std::vector<Play>* line) {
  for (;;) {
    while (play_reserve_top(tableau, line)) {
    }
    if (tableau.stock_empty()) return tableau.score();
    const Play m = place_waste(tableau);
    tableau.apply(m);
    if (line) line->push_back(m);
  }
}

}  // namespace gs::hopscotch
