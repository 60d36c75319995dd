#include "engine/hopscotch/cards.h"

#include <cctype>
#include <sstream>

#include "engine/core/errors.h"
#include "engine/core/portable_random.h"

namespace gs::hopscotch {

namespace {

constexpr std::string_view kSuits = "CDHS";

int parse_rank(std::string_view text) {
  if (text == "10" || text == "T") return 10;
  if (text.size() != 1) return 0;
  const char c = text[0];
  if (c == 'A') return 1;
  if (c >= '2' && c <= '9') return c - '0';
  if (c == 'J') return 11;
  if (c == 'Q') return 12;
  if (c == 'K') return 13;
  return 0;
}

bool is_starting_club(const Card& card) { return card.suit == 'C' && card.rank <= 4; }

}  // namespace

std::string rank_name(int rank) {
  static const char* kNames[] = {"?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
  return rank >= 1 && rank <= kRanks ? kNames[rank] : "?";
}

std::string card_name(const Card& card) {
  std::string name = rank_name(card.rank);
  if (card.suit) name += card.suit;
  return name;
}

Card parse_card(std::string_view text) {
  std::string upper(text);
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  Card card;
  if (!upper.empty() && kSuits.find(upper.back()) != std::string_view::npos && parse_rank(upper) == 0) {
    card.suit = upper.back();
    upper.pop_back();
  }
  card.rank = static_cast<std::uint8_t>(parse_rank(upper));
  if (card.rank == 0)
    throw InputError("bad card '" + clipped(text) + "' (expected a rank A 2..10 J Q K with an optional suit C D H S)");
  return card;
}

std::string format_deal(const Deal& deal) {
  std::string out;
  for (const Card& card : deal) out += (out.empty() ? "" : " ") + card_name(card);
  return out;
}

Deal parse_deal(std::string_view text) {
  std::istringstream in{std::string(text)};
  Deal deal{};
  std::array<int, kRanks + 1> per_rank{};
  std::array<bool, 64> seen{};
  int count = 0, with_suit = 0;
  for (std::string word; in >> word;) {
    const Card card = parse_card(word);
    if (count == kDealSize) throw InputError("a deal has 48 cards: more were given");
    if (is_starting_club(card))
      throw InputError("card " + std::to_string(count + 1) + " (" + card_name(card) +
                       ") starts a foundation and cannot be in the deal");
    if (card.suit) {
      const auto id = static_cast<std::size_t>(card.rank) * 4 + kSuits.find(card.suit);
      if (seen[id]) throw InputError("card " + card_name(card) + " appears twice in the deal");
      seen[id] = true;
      ++with_suit;
    }
    if (++per_rank[card.rank] > copies_in_deal(card.rank))
      throw InputError("rank " + rank_name(card.rank) + " appears more than " +
                       std::to_string(copies_in_deal(card.rank)) + " times in the deal");
    deal[static_cast<std::size_t>(count++)] = card;
  }
  if (count != kDealSize) throw InputError("a deal has 48 cards: " + std::to_string(count) + " were given");
  if (with_suit != 0 && with_suit != kDealSize) throw InputError("give a suit for every card of the deal or for none");
  return deal;
}

Deal deal_from_seed(std::uint64_t seed) {
  Deal deal{};
  std::size_t i = 0;
  for (int rank = 1; rank <= kRanks; ++rank)
    for (char suit : kSuits) {
      const Card card{static_cast<std::uint8_t>(rank), suit};
      if (!is_starting_club(card)) deal[i++] = card;
    }
  PortableRandom random(seed);
  random.shuffle(deal);
  return deal;
}

}  // namespace gs::hopscotch
