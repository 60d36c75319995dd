// The dead-card bound of SearchTableau (declared and argued in search_tableau.h).
#include <bit>

#include "engine/hopscotch/search_tableau.h"

namespace gs::hopscotch {

// Dead cards. Call a set X of cards "after c" when none of them can reach a foundation before
// card c does (or ever). A foundation slot is shut by X when every live card that may fill it
// (its rank, not excluded there) is in X: it cannot be filled before c. A card e all of whose
// slots lie beyond a shut slot of their foundation waits for a card of X, so it is after c too,
// and so is every card below e in its reserve. Growing X from the cards below c this way, if c
// itself becomes "after c", then c waits for itself: it is dead, and so is every card below it.
// A card whose every slot lies beyond a slot no live card can fill is dead outright.
namespace {

using CardSet = std::uint64_t;  // bit i = deal index i
constexpr CardSet bit(int card) { return CardSet{1} << card; }

}  // namespace

int SearchTableau::upper_bound(int at_most) const {
  std::array<CardSet, kRanks + 1> of_rank{};
  const CardSet stock = (~CardSet{0}) << dealt_;  // bits past 47 never hold a card
  CardSet in_play = 0;                            // cards not on a foundation
  std::array<CardSet, kDealSize> below{};
  for (int i = dealt_; i < kDealSize; ++i) of_rank[rank_[i]] |= bit(i), in_play |= bit(i);
  for (int p = 0; p < kReserves; ++p)
    for (int d = 0; d < size_[p]; ++d) {
      const int card = reserve_[p][d];
      of_rank[rank_[card]] |= bit(card), in_play |= bit(card);
      below[card] = d ? below[reserve_[p][d - 1]] | bit(reserve_[p][d - 1]) : 0;
    }
  std::array<CardSet, kFoundations> excluded_now{};
  for (int f = 0; f < kFoundations; ++f) excluded_now[f] = next_rank(f) ? excluded_[f] & of_rank[next_rank(f)] : 0;

  CardSet dead = 0;
  std::array<std::array<CardSet, kFoundationSize>, kFoundations> fillers{};
  // A slot with a live filler still in the stock is treated as never shut. That weakens the
  // rule only where a stock card itself joined X by waiting, and keeps it cheap: most slots
  // have stock fillers, and a tableau where every slot has one has no dead card at all.
  auto refresh_fillers = [&] {
    CardSet stockless = 0;
    for (int f = 0; f < kFoundations; ++f)
      for (int k = height_[f]; k < kFoundationSize; ++k) {
        CardSet live = of_rank[foundation_rank(f, k)] & in_play & ~dead;
        if (k == height_[f]) live &= ~excluded_now[f];
        fillers[f][k] = live & stock ? ~CardSet{0} : live;  // all ones: never shut
        if (!(live & stock)) stockless |= live;
      }
    return stockless;
  };
  auto first_shut = [&](CardSet after) {
    std::array<int, kFoundations> shut{};
    for (int f = 0; f < kFoundations; ++f) {
      int k = height_[f];
      while (k < kFoundationSize && (fillers[f][k] & ~after)) ++k;
      shut[f] = k;  // 13 = none
    }
    return shut;
  };
  auto waits = [&](int card, const std::array<int, kFoundations>& shut) {
    for (int f = 0; f < kFoundations; ++f) {
      const int slot = foundation_slot(f, rank_[card]);
      if (slot < height_[f] || (slot == height_[f] && (excluded_now[f] & bit(card)))) continue;
      if (shut[f] >= slot) return false;  // this slot can be reached
    }
    return true;
  };
  auto bound = [&] { return kMaxScore - std::popcount(dead); };
  for (bool changed = true; changed && bound() > at_most;) {
    changed = false;
    const CardSet may_shut = refresh_fillers();
    if (!may_shut && !dead) return kMaxScore;
    const auto shut = first_shut(dead);
    for (CardSet rest = in_play & ~dead; rest; rest &= rest - 1) {
      const int card = std::countr_zero(rest);
      if (waits(card, shut)) dead |= bit(card) | below[card], changed = true;
    }
    if (changed) continue;
    for (int p = 0; p < kReserves && !changed; ++p)
      for (int d = size_[p] - 1; d > 0 && !changed; --d) {
        const int c = reserve_[p][d];
        if ((dead & bit(c)) || !(below[c] & may_shut)) continue;
        for (CardSet after = below[c] | dead;;) {
          const auto shut_c = first_shut(after);
          if (waits(c, shut_c)) {
            dead |= bit(c) | below[c], changed = true;
            break;
          }
          CardSet grown = after;
          for (CardSet rest = in_play & ~after & ~bit(c); rest; rest &= rest - 1) {
            const int e = std::countr_zero(rest);
            if (waits(e, shut_c)) grown |= bit(e) | below[e];
          }
          if (grown == after) break;
          after = grown;
        }
      }
  }
  return bound();
}

}  // namespace gs::hopscotch
