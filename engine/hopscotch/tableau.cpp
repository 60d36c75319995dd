#include "engine/hopscotch/tableau.h"

#include <algorithm>
#include <sstream>

#include "engine/core/errors.h"

namespace gs::hopscotch {

Tableau::Tableau(const Deal& deal) : deal_(deal) {
  for (int i = 0; i < kDealSize; ++i) rank_[i] = deal[i].rank;
  height_.fill(1);  // the starting clubs
}

int Tableau::wait(int rank) const {
  int best = kFoundationSize;
  for (int f = 0; f < kFoundations; ++f)
    if (height_[f] <= foundation_slot(f, rank)) best = std::min(best, foundation_slot(f, rank) - height_[f]);
  return best;
}

void Tableau::reshuffle_unseen(PortableRandom& random) {
  for (int i = kDealSize - 1; i > dealt_ + 1; --i) {
    const auto j = dealt_ + 1 + static_cast<int>(random.below(static_cast<std::uint64_t>(i - dealt_)));
    std::swap(deal_[i], deal_[j]);
    std::swap(rank_[i], rank_[j]);
  }
}

void Tableau::turn_next(int index) {
  std::swap(deal_[index], deal_[dealt_]);
  std::swap(rank_[index], rank_[dealt_]);
}

bool Tableau::is_legal(const Play& m) const {
  if (m.foundation >= kFoundations || m.reserve >= kReserves) return false;
  switch (m.kind) {
    case Play::kReserveToFoundation:
      return size_[m.reserve] > 0 && reserve_[m.reserve][size_[m.reserve] - 1] == m.card &&
             next_rank(m.foundation) == rank_[m.card];
    case Play::kWasteToFoundation:
      return !stock_empty() && m.card == dealt_ && next_rank(m.foundation) == rank_[m.card];
    case Play::kWasteToReserve: return !stock_empty() && m.card == dealt_;
  }
  return false;
}

void Tableau::push_reserve(int p, int card) {
  bottom_kings_[p] += parked(p) && rank_[card] == kRanks;
  reserve_[p][size_[p]++] = static_cast<std::uint8_t>(card);
}

void Tableau::pop_reserve(int p) {
  bottom_kings_[p] -= parked(p);
  --size_[p];
}

void Tableau::apply(const Play& m) {
  switch (m.kind) {
    case Play::kReserveToFoundation:
      pop_reserve(m.reserve);
      ++height_[m.foundation];
      ++score_;
      break;
    case Play::kWasteToFoundation:
      ++dealt_;
      ++height_[m.foundation];
      ++score_;
      break;
    case Play::kWasteToReserve:
      push_reserve(m.reserve, m.card);
      ++dealt_;
      break;
  }
}

void Tableau::undo(const Play& m) {
  switch (m.kind) {
    case Play::kReserveToFoundation:
      push_reserve(m.reserve, m.card);
      --height_[m.foundation];
      --score_;
      break;
    case Play::kWasteToFoundation:
      --dealt_;
      --height_[m.foundation];
      --score_;
      break;
    case Play::kWasteToReserve:
      pop_reserve(m.reserve);
      --dealt_;
      break;
  }
}

bool Tableau::finished() const {
  bool any = false;
  for_each_play([&](const Play&) { any = true; });
  return !any;
}

std::string Tableau::move_name(const Play& m) const {
  const std::string card = card_name(deal_[m.card]);
  switch (m.kind) {
    case Play::kReserveToFoundation:
      return "R" + std::to_string(m.reserve + 1) + ":" + card + ">F" + std::to_string(m.foundation + 1);
    case Play::kWasteToFoundation: return card + ">F" + std::to_string(m.foundation + 1);
    case Play::kWasteToReserve: return card + ">R" + std::to_string(m.reserve + 1);
  }
  return "?";
}

Play Tableau::parse_move(const std::string& text) const {
  auto bad = [&](const std::string& why) { return InputError("bad play '" + clipped(text) + "': " + why); };
  const auto arrow = text.find('>');
  if (arrow == std::string::npos || arrow + 3 != text.size()) throw bad("expected CARD>F1, CARD>R1 or R1:CARD>F1");
  const char target = text[arrow + 1];
  const int index = text[arrow + 2] - '1';
  if ((target != 'F' && target != 'R') || index < 0 || index > 3) throw bad("the target is F1..F4 or R1..R4");
  std::string source = text.substr(0, arrow);
  Play m;
  if (source.size() > 3 && source[0] == 'R' && source[2] == ':') {
    if (target != 'F') throw bad("a reserve card can only go to a foundation");
    const int from = source[1] - '1';
    if (from < 0 || from > 3) throw bad("reserves are R1..R4");
    if (size_[from] == 0) throw bad("reserve " + std::to_string(from + 1) + " is empty");
    m = {Play::kReserveToFoundation, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(index),
         reserve_[from][size_[from] - 1]};
    source = source.substr(3);
  } else {
    if (stock_empty()) throw bad("the stock is empty");
    m = target == 'F'
            ? Play{Play::kWasteToFoundation, 0, static_cast<std::uint8_t>(index), static_cast<std::uint8_t>(dealt_)}
            : Play{Play::kWasteToReserve, static_cast<std::uint8_t>(index), 0, static_cast<std::uint8_t>(dealt_)};
  }
  const Card named = parse_card(source), actual = deal_[m.card];
  if (named.rank != actual.rank || (named.suit && actual.suit && named.suit != actual.suit))
    throw bad("the card there is " + card_name(actual));
  if (!is_legal(m))
    throw bad("foundation " + std::to_string(m.foundation + 1) + " needs " + rank_name(next_rank(m.foundation)));
  return m;
}

std::string Tableau::describe() const {
  std::ostringstream out;
  out << "dealt " << dealt_ << "/48, score " << score_ << "\n";
  for (int f = 0; f < kFoundations; ++f)
    out << "  F" << f + 1 << ": " << height_[f] << " cards, needs "
        << (next_rank(f) ? rank_name(next_rank(f)) : "nothing") << "\n";
  for (int p = 0; p < kReserves; ++p) {
    out << "  R" << p + 1 << ":";
    for (int i = 0; i < size_[p]; ++i) out << " " << card_name(deal_[reserve_[p][i]]);
    out << "\n";
  }
  return out.str();
}

int score_by_the_rules(const Deal& deal, const std::vector<Play>& plays, std::vector<std::string>* names) {
  Tableau t(deal);
  for (const Play& m : plays) {
    if (!t.is_legal(m)) return -1;
    if (names) names->push_back(t.move_name(m));
    t.apply(m);
  }
  return t.score();
}

}  // namespace gs::hopscotch
