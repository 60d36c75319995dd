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

// A play tried on each imagined future, finished by the common-sense rules.
RatedPlay try_on(const std::vector<Tableau>& futures, const Play& m) {
  RatedPlay rated{.play = m};
  for (const Tableau& future : futures) {
    Tableau rollout = future;
    rollout.apply(m);
    const int score = play_without_seeing_stock(rollout);
    rated.won += score == Tableau::kMaxScore;
    rated.total_score += score;
  }
  return rated;
}

// `samples` random orders of the cards `tableau` has not shown, as games in progress.
void imagine(const Tableau& tableau, int samples, PortableRandom& random, std::vector<Tableau>& futures) {
  futures.assign(static_cast<std::size_t>(samples), tableau);
  for (Tableau& future : futures) future.reshuffle_unseen(random);
}

}  // namespace

std::vector<Play> choices(const Tableau& tableau) {
  std::vector<Play> ups;
  tableau.for_each_play([&](const Play& m) {
    if (m.kind == Play::kReserveToFoundation) ups.push_back(m);
  });
  if (!ups.empty()) {
    // The first play up goes alone unless another competes with it: its card to another
    // foundation, or another card to its foundation (one of the two shared, not both).
    for (const Play& m : ups)
      if ((m.reserve == ups[0].reserve) != (m.foundation == ups[0].foundation)) return ups;
    return {ups[0]};
  }
  if (tableau.stock_empty()) return {};
  std::vector<Play> to_foundation, to_reserve;
  const auto card = static_cast<std::uint8_t>(tableau.dealt());
  for (int f = 0; f < kFoundations; ++f)
    if (tableau.next_rank(f) == tableau.waste().rank)
      to_foundation.push_back({Play::kWasteToFoundation, 0, static_cast<std::uint8_t>(f), card});
  if (!to_foundation.empty()) return to_foundation;
  for (int p = 0; p < kReserves; ++p)
    if (tableau.reserve_size(p) > 0 || p == 0 || tableau.reserve_size(p - 1) > 0)
      to_reserve.push_back({Play::kWasteToReserve, static_cast<std::uint8_t>(p), 0, card});
  return to_reserve;
}

int play_with_sampling(Tableau& tableau, const SamplingPlayer& player, std::vector<Play>* line,
                       std::uint64_t* imagined) {
  PortableRandom random(player.seed);
  std::vector<Tableau> futures;
  for (;;) {
    if (player.stop_with_left && tableau.dealt() >= kDealSize - player.stop_with_left) return tableau.score();
    const std::vector<Play> options = choices(tableau);
    if (options.empty()) return tableau.score();
    Play best = options[0];
    if (options.size() > 1) {
      // The same imagined orders for every play, so the plays differ by what they do alone.
      imagine(tableau, player.samples, random, futures);
      if (imagined) *imagined += options.size() * futures.size();
      long best_worth = -1;
      for (const Play& m : options)
        if (const long w = try_on(futures, m).worth(); w > best_worth) best_worth = w, best = m;
    }
    tableau.apply(best);
    if (line) line->push_back(best);
  }
}

std::vector<RatedPlay> rate_choices(const Tableau& tableau, int samples, std::uint64_t seed) {
  PortableRandom random(seed);
  std::vector<Tableau> futures;
  imagine(tableau, samples, random, futures);
  std::vector<RatedPlay> rated;
  for (const Play& m : choices(tableau)) rated.push_back(try_on(futures, m));
  return rated;
}

int play_without_seeing_stock(Tableau& tableau, std::vector<Play>* line, int stop_with_left) {
  for (;;) {
    if (stop_with_left && tableau.dealt() >= kDealSize - stop_with_left) return tableau.score();
    while (play_reserve_top(tableau, line)) {
    }
    if (tableau.stock_empty()) return tableau.score();
    const Play m = place_waste(tableau);
    tableau.apply(m);
    if (line) line->push_back(m);
  }
}

}  // namespace gs::hopscotch
