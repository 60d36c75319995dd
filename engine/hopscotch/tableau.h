// A Hopscotch game in progress, by the rules (docs/rules/hopscotch.md): the deal, how many cards
// have been dealt, the four foundation heights and the four reserve piles; the legal plays, and
// their notation. Cards are named by their index in the deal, so a play can be replayed card by
// card. What the search adds (its normal form, keys, bound and measures) is SearchTableau's.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/portable_random.h"
#include "engine/hopscotch/cards.h"

namespace gs::hopscotch {

constexpr int kFoundations = 4;
constexpr int kReserves = 4;
constexpr int kFoundationSize = 13;  // the starting club and twelve more

// Rank of the k-th card (0 = the starting club) of foundation f (0..3), which climbs by f + 1.
constexpr int foundation_rank(int f, int k) { return ((f + 1) * (k + 1) - 1) % kRanks + 1; }

// Where rank r sits on foundation f (each foundation holds every rank once): the inverse of
// foundation_rank, as a table (hot in the search's bound).
inline constexpr auto kFoundationSlot = [] {
  std::array<std::array<int, kRanks + 1>, kFoundations> table{};
  for (int f = 0; f < kFoundations; ++f)
    for (int k = 0; k < kFoundationSize; ++k) table[f][foundation_rank(f, k)] = k;
  return table;
}();
constexpr int foundation_slot(int f, int rank) { return kFoundationSlot[f][rank]; }

// A play by the rules: the dealt card to a foundation or a reserve, or a reserve top to a
// foundation.
struct Play {
  enum Kind : std::uint8_t { kReserveToFoundation, kWasteToFoundation, kWasteToReserve };
  Kind kind = kWasteToReserve;
  std::uint8_t reserve = 0;     // source or target reserve (0..3)
  std::uint8_t foundation = 0;  // target foundation (0..3)
  std::uint8_t card = 0;        // deal index of the card moved
  bool operator==(const Play&) const = default;
};

class Tableau {
 public:
  static constexpr int kMaxScore = kDealSize;

  explicit Tableau(const Deal& deal);

  const Deal& deal() const { return deal_; }
  int dealt() const { return dealt_; }
  bool stock_empty() const { return dealt_ == kDealSize; }
  const Card& waste() const { return deal_[dealt_]; }  // the card about to be dealt; needs !stock_empty()
  int score() const { return score_; }                 // cards played to the foundations (0..48)
  int foundation_height(int f) const { return height_[f]; }
  int next_rank(int f) const { return height_[f] == kFoundationSize ? 0 : foundation_rank(f, height_[f]); }
  int reserve_size(int p) const { return size_[p]; }
  int reserve_card(int p, int i) const { return reserve_[p][i]; }  // deal index, i = 0 at the bottom
  int rank_of(int deal_index) const { return deal_[deal_index].rank; }
  // Whether reserve p holds nothing but Kings at its bottom (or nothing): "parked" (see
  // SearchTableau, "Kings").
  bool parked(int p) const { return bottom_kings_[p] == size_[p]; }

  // Cards still to be placed before a card of this rank fits: the least, over the foundations
  // still waiting for the rank, of the number of cards they need first (0 = playable now).
  int wait(int rank) const;

  // Reorders the cards not yet seen (the stock after the waste card) at random: what a player
  // who does not see the stock may imagine.
  void reshuffle_unseen(PortableRandom& random);
  // The card at deal index `index` (>= dealt()) is the one turned next: it swaps places with the
  // card about to be dealt. What a draw does to a player who does not see the stock.
  void turn_next(int index);

  bool is_legal(const Play& play) const;
  // Every legal play: reserve tops to foundations, then the waste card to foundations and to
  // each reserve.
  template <class F>
  void for_each_play(F&& f) const;
  void apply(const Play& play);
  void undo(const Play& play);
  bool finished() const;  // no legal play left

  std::string move_name(const Play& play) const;   // "7H>F2", "7H>R1", "R1:7H>F2" (1-based)
  Play parse_move(const std::string& text) const;  // throws InputError if malformed or illegal
  std::string describe() const;                    // foundations and reserves, one line each

 protected:
  // A card onto or off the top of reserve p, keeping the count of Kings at its bottom.
  void push_reserve(int p, int card);
  void pop_reserve(int p);

  Deal deal_;
  std::array<std::uint8_t, kDealSize> rank_{};
  int dealt_ = 0;
  int score_ = 0;
  std::array<int, kFoundations> height_{};
  std::array<int, kReserves> size_{};
  std::array<int, kReserves> bottom_kings_{};
  std::array<std::array<std::uint8_t, kDealSize>, kReserves> reserve_{};
};

template <class F>
void Tableau::for_each_play(F&& f) const {
  for (int p = 0; p < kReserves; ++p) {
    if (size_[p] == 0) continue;
    const auto card = reserve_[p][size_[p] - 1];
    for (int fd = 0; fd < kFoundations; ++fd)
      if (next_rank(fd) == rank_[card])
        f(Play{Play::kReserveToFoundation, static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(fd), card});
  }
  if (stock_empty()) return;
  const auto card = static_cast<std::uint8_t>(dealt_);
  for (int fd = 0; fd < kFoundations; ++fd)
    if (next_rank(fd) == rank_[card]) f(Play{Play::kWasteToFoundation, 0, static_cast<std::uint8_t>(fd), card});
  for (int p = 0; p < kReserves; ++p) f(Play{Play::kWasteToReserve, static_cast<std::uint8_t>(p), 0, card});
}

// Replays plays by the rules: the score reached, or -1 when a play is illegal; the names of the
// plays go to `names` when given.
int score_by_the_rules(const Deal& deal, const std::vector<Play>& plays, std::vector<std::string>* names = nullptr);

}  // namespace gs::hopscotch
