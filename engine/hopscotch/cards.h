// Hopscotch cards and deals. Only ranks matter to the rules; suits are kept for display so a
// seeded deal can be laid out with a real deck. The Ace to Four of clubs start the foundations,
// so a deal is the other 48 cards in stock order (first dealt first).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace gs::hopscotch {

constexpr int kRanks = 13;     // Ace = 1 .. King = 13
constexpr int kDealSize = 48;  // 52 cards less the four starting clubs

struct Card {
  std::uint8_t rank = 0;  // 1..13
  char suit = 0;          // 'C', 'D', 'H', 'S', or 0 when the deal gave ranks only
  bool operator==(const Card&) const = default;
};

using Deal = std::array<Card, kDealSize>;

// Copies of a rank in a deal: three for Ace to Four (their clubs start the foundations), else four.
constexpr int copies_in_deal(int rank) { return rank <= 4 ? 3 : 4; }

std::string rank_name(int rank);            // "A", "2", ..., "10", "J", "Q", "K"
std::string card_name(const Card& card);    // "7H", or "7" without a suit
Card parse_card(std::string_view text);     // throws InputError
std::string format_deal(const Deal& deal);  // cards separated by spaces

// A deal as text: 48 cards separated by white space, each a rank (A 2..10 J Q K, T for 10,
// any case) with an optional suit letter. Either every card has a suit or none does. Refuses
// a wrong count, a rank too often, a card twice and the four starting clubs (InputError).
Deal parse_deal(std::string_view text);

// The deal numbered `seed`: the 48-card deck in rank-then-suit order (C, D, H, S) shuffled by
// PortableRandom(seed). The same on every platform.
Deal deal_from_seed(std::uint64_t seed);

}  // namespace gs::hopscotch
