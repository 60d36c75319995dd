#include "engine/hopscotch/unseen_stock_game.h"

#include <algorithm>

#include "engine/hopscotch/search_tableau.h"

namespace gs::hopscotch {

UnseenStockGame::Key UnseenStockGame::key(const State& s) const {
  const Tableau& t = s.tableau;
  std::array<int, kReserves> order{0, 1, 2, 3};
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    for (int i = 0; i < t.reserve_size(a) && i < t.reserve_size(b); ++i)
      if (t.rank_of(t.reserve_card(a, i)) != t.rank_of(t.reserve_card(b, i)))
        return t.rank_of(t.reserve_card(a, i)) < t.rank_of(t.reserve_card(b, i));
    return t.reserve_size(a) < t.reserve_size(b);
  });
  Key key{};
  int field = 0;
  const auto put = [&](int value) {
    key[field / 16] |= static_cast<std::uint64_t>(value) << (4 * (field % 16));
    ++field;
  };
  for (int f = 0; f < kFoundations; ++f) put(t.foundation_height(f));
  put(s.drawing || t.stock_empty() ? 0 : t.waste().rank);
  for (const int p : order) {
    for (int i = 0; i < t.reserve_size(p); ++i) put(t.rank_of(t.reserve_card(p, i)));
    put(0);
  }
  return key;
}

bool UnseenStockGame::lost_in_every_order(const Tableau& t) {
  return SearchTableau(t, MoveRules::kUnrestricted).upper_bound(Tableau::kMaxScore - 1) < Tableau::kMaxScore;
}

std::optional<Play> UnseenStockGame::forced_play(const Tableau& t) {
  std::optional<Play> forced;
  t.for_each_play([&](const Play& play) {
    if (forced || play.kind == Play::kWasteToReserve) return;
    const int rank = t.rank_of(play.card);
    int waiting = 0;  // foundations whose slot for the rank is still open
    for (int f = 0; f < kFoundations; ++f) waiting += t.foundation_height(f) <= foundation_slot(f, rank);
    if (waiting == 1) forced = play;
  });
  return forced;
}

int UnseenStockGame::parking_reserve(const Tableau& t) {
  if (t.stock_empty() || t.waste().rank != kRanks) return -1;
  for (int f = 0; f < kFoundations; ++f)
    if (t.next_rank(f) == kRanks) return -1;
  for (int p = 0; p < kReserves; ++p)
    if (t.parked(p)) return p;
  return -1;
}

}  // namespace gs::hopscotch
