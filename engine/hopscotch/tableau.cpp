#include "engine/hopscotch/tableau.h"

#include <algorithm>
#include <sstream>

#include "engine/core/errors.h"

namespace gs::hopscotch {

namespace {

// kPosition[f][r]: where rank r sits on foundation f (each foundation holds every rank once).
constexpr auto kPosition = [] {
  std::array<std::array<int, kRanks + 1>, kFoundations> table{};
  for (int f = 0; f < kFoundations; ++f)
    for (int k = 0; k < kFoundationSize; ++k) table[f][foundation_rank(f, k)] = k;
  return table;
}();

// Bits are appended low to high into four words.
struct BitWriter {
  Tableau::Key key{};
  int bit = 0;
  void put(std::uint64_t value, int width) {
    const int word = bit / 64, offset = bit % 64;
    key[word] |= value << offset;
    if (offset + width > 64) key[word + 1] |= value >> (64 - offset);
    bit += width;
  }
  void append(const BitWriter& other) {
    for (int done = 0; done < other.bit; done += 32)
      put(other.key[done / 64] >> (done % 64) & 0xffffffffULL, std::min(32, other.bit - done));
  }
  bool operator<(const BitWriter& other) const { return bit != other.bit ? bit < other.bit : key < other.key; }
  bool operator==(const BitWriter& other) const { return bit == other.bit && key == other.key; }
};

struct BitReader {
  const Tableau::Key& key;
  int bit = 0;
  int get(int width) {
    const int word = bit / 64, offset = bit % 64;
    std::uint64_t value = key[word] >> offset;
    if (offset + width > 64) value |= key[word + 1] << (64 - offset);
    bit += width;
    return static_cast<int>(value & ((std::uint64_t{1} << width) - 1));
  }
};

}  // namespace

Tableau::Tableau(const Deal& deal, MoveRules rules) : deal_(deal), rules_(rules) {
  for (int i = 0; i < kDealSize; ++i) rank_[i] = deal[i].rank;
  height_.fill(1);  // the starting clubs
}

int Tableau::wait(int rank) const {
  int best = kFoundationSize;
  for (int f = 0; f < kFoundations; ++f)
    if (height_[f] <= kPosition[f][rank]) best = std::min(best, kPosition[f][rank] - height_[f]);
  return best;
}

int Tableau::placement_cost(int rank, int p) const {
  constexpr int kChain = 0, kLater = 3, kEmpty = 3, kCovering = 30;
  if (size_[p] == 0) return rank == 13 ? 0 : kEmpty;
  const int below = rank_[reserve_[p][size_[p] - 1]];
  if (rank == 13 && below == 13) return 0;
  // Best: a foundation takes this card and then, soon after, the card below it.
  int chain = kFoundationSize;
  for (int f = 0; f < kFoundations; ++f)
    if (height_[f] <= kPosition[f][rank] && kPosition[f][rank] < kPosition[f][below])
      chain = std::min(chain, kPosition[f][below] - kPosition[f][rank] - 1);
  if (chain < kFoundationSize) return kChain + chain;
  const int mine = wait(rank), under = wait(below);
  return mine <= under ? kLater + under - mine : kCovering + mine - under;
}

int Tableau::promise() const {
  std::array<int, kRanks + 1> wait_of{};
  for (int rank = 1; rank <= kRanks; ++rank) wait_of[rank] = wait(rank);
  int held_down = 0, clear = 0;
  for (int p = 0; p < kReserves; ++p) {
    clear += parked(p);
    int longest_above = -1;  // from the top down
    for (int i = size_[p] - 1; i >= 0; --i) {
      const int mine = wait_of[rank_[reserve_[p][i]]];
      if (longest_above > mine) held_down += longest_above - mine;
      longest_above = std::max(longest_above, mine);
    }
  }
  return 12 * score_ - held_down + 3 * clear;
}

void Tableau::reshuffle_unseen(PortableRandom& random) {
  for (int i = kDealSize - 1; i > dealt_ + 1; --i) {
    const auto j = dealt_ + 1 + static_cast<int>(random.below(static_cast<std::uint64_t>(i - dealt_)));
    std::swap(deal_[i], deal_[j]);
    std::swap(rank_[i], rank_[j]);
  }
}

bool Tableau::is_legal(const Move& m) const {
  if (m.foundation >= kFoundations || m.reserve >= kReserves) return false;
  switch (m.kind) {
    case Move::kReserveToFoundation:
      return size_[m.reserve] > 0 && reserve_[m.reserve][size_[m.reserve] - 1] == m.card &&
             next_rank(m.foundation) == rank_[m.card];
    case Move::kWasteToFoundation:
      return !stock_empty() && m.card == dealt_ && next_rank(m.foundation) == rank_[m.card];
    case Move::kWasteToReserve: return !stock_empty() && m.card == dealt_;
    case Move::kDecline: return false;
  }
  return false;
}

bool Tableau::same_reserve(int p, int q) const {
  const int from_p = first_shown(p), from_q = first_shown(q);
  if (size_[p] - from_p != size_[q] - from_q) return false;
  for (int i = 0; i < size_[p] - from_p; ++i) {
    const int a = reserve_[p][from_p + i], b = reserve_[q][from_q + i];
    if (rank_[a] != rank_[b]) return false;
    for (int f = 0; f < kFoundations; ++f)
      if (excluded(a, f) != excluded(b, f)) return false;
  }
  return true;
}

// The first foundation with a fitting reserve top not yet excluded: play one of them, or decline.
bool Tableau::pending_decision(MoveList& list) const {
  for (int f = 0; f < kFoundations; ++f) {
    const int rank = next_rank(f);
    std::uint8_t fitting = 0;
    for (int p = 0; p < kReserves; ++p) {
      if (size_[p] == first_shown(p)) continue;  // empty, or only parked Kings
      const auto card = reserve_[p][size_[p] - 1];
      if (rank_[card] != rank || excluded(card, f)) continue;
      bool duplicate = false;
      for (int q = 0; q < p && !duplicate; ++q) duplicate = (fitting >> q & 1) && same_reserve(p, q);
      if (!duplicate)
        list.push({Move::kReserveToFoundation, static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(f), card, 0});
      fitting |= static_cast<std::uint8_t>(1 << p);
    }
    if (fitting) {
      list.push({Move::kDecline, 0, static_cast<std::uint8_t>(f), 0, fitting});
      return true;
    }
  }
  return false;
}

void Tableau::generate_unrestricted(MoveList& list) const {
  for (int p = 0; p < kReserves; ++p) {
    if (size_[p] == 0) continue;
    const auto card = reserve_[p][size_[p] - 1];
    for (int f = 0; f < kFoundations; ++f)
      if (next_rank(f) == rank_[card])
        list.push({Move::kReserveToFoundation, static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(f), card, 0});
  }
  if (stock_empty()) return;
  const auto card = static_cast<std::uint8_t>(dealt_);
  for (int f = 0; f < kFoundations; ++f)
    if (next_rank(f) == rank_[card]) list.push({Move::kWasteToFoundation, 0, static_cast<std::uint8_t>(f), card, 0});
  for (int p = 0; p < kReserves; ++p) list.push({Move::kWasteToReserve, static_cast<std::uint8_t>(p), 0, card, 0});
}

// Only parked Kings are left, and every foundation not finished wants a King: any of them will
// do, so the search sees one move (which reserve and foundation does not change the key).
void Tableau::play_parked_king(MoveList& list) const {
  if (score_ == kMaxScore) return;
  int p = 0, f = 0;
  while (size_[p] == 0) ++p;
  while (next_rank(f) != kRanks) ++f;
  list.push({Move::kReserveToFoundation, static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(f),
             reserve_[p][size_[p] - 1], 0});
}

void Tableau::generate_moves(MoveList& list) const {
  list.size = 0;
  if (rules_ == MoveRules::kUnrestricted) return generate_unrestricted(list);
  if (win_only_ && only_parked_left()) return play_parked_king(list);
  if (pending_decision(list) || stock_empty()) return;
  const auto card = static_cast<std::uint8_t>(dealt_);
  const int rank = rank_[card];
  for (int f = 0; f < kFoundations; ++f)
    if (next_rank(f) == rank) list.push({Move::kWasteToFoundation, 0, static_cast<std::uint8_t>(f), card, 0});
  const int first_placement = list.size;
  if (win_only_ && rank == kRanks)
    for (int p = 0; p < kReserves; ++p)
      if (parked(p)) {  // onto an empty or Kings-only reserve (see "Kings")
        list.push({Move::kWasteToReserve, static_cast<std::uint8_t>(p), 0, card, 0});
        return;
      }
  std::array<int, kReserves> cost{};
  for (int p = 0; p < kReserves; ++p) {
    bool duplicate = false;
    for (int q = 0; q < p && !duplicate; ++q) duplicate = same_reserve(p, q);
    if (duplicate) continue;
    cost[p] = placement_cost(rank, p);
    list.push({Move::kWasteToReserve, static_cast<std::uint8_t>(p), 0, card, 0});
  }
  std::stable_sort(list.moves.begin() + first_placement, list.moves.begin() + list.size,
                   [&](const Move& a, const Move& b) { return cost[a.reserve] < cost[b.reserve]; });
}

void Tableau::push_reserve(int p, int card) {
  bottom_kings_[p] += parked(p) && rank_[card] == kRanks;
  reserve_[p][size_[p]++] = static_cast<std::uint8_t>(card);
}

void Tableau::pop_reserve(int p) {
  bottom_kings_[p] -= parked(p);
  --size_[p];
}

void Tableau::apply(const Move& m) {
  switch (m.kind) {
    case Move::kReserveToFoundation:
      pop_reserve(m.reserve);
      ++height_[m.foundation];
      ++score_;
      break;
    case Move::kWasteToFoundation:
      ++dealt_;
      ++height_[m.foundation];
      ++score_;
      break;
    case Move::kWasteToReserve:
      // A parked King is played last whatever happens (see "Kings"), so it keeps no exclusion.
      if (rules_ == MoveRules::kNormalForm && !(win_only_ && parked(m.reserve) && rank_[m.card] == kRanks))
        for (int f = 0; f < kFoundations; ++f)
          if (next_rank(f) == rank_[m.card]) excluded_[f] |= std::uint64_t{1} << m.card;
      push_reserve(m.reserve, m.card);
      ++dealt_;
      break;
    case Move::kDecline:
      for (int p = 0; p < kReserves; ++p)
        if (m.declined >> p & 1) excluded_[m.foundation] |= std::uint64_t{1} << reserve_[p][size_[p] - 1];
      break;
  }
}

void Tableau::undo(const Move& m) {
  switch (m.kind) {
    case Move::kReserveToFoundation:
      push_reserve(m.reserve, m.card);
      --height_[m.foundation];
      --score_;
      break;
    case Move::kWasteToFoundation:
      --dealt_;
      --height_[m.foundation];
      --score_;
      break;
    case Move::kWasteToReserve:
      for (auto& mask : excluded_) mask &= ~(std::uint64_t{1} << m.card);  // a new card had none
      pop_reserve(m.reserve);
      --dealt_;
      break;
    case Move::kDecline:
      for (int p = 0; p < kReserves; ++p)
        if (m.declined >> p & 1) excluded_[m.foundation] &= ~(std::uint64_t{1} << reserve_[p][size_[p] - 1]);
      break;
  }
}

bool Tableau::finished() const {
  MoveList list;
  generate_moves(list);
  return list.size == 0;
}

Tableau::Key Tableau::pack(const std::array<int, kReserves>& order) const {
  std::array<BitWriter, kReserves> piles;
  for (int p = 0; p < kReserves; ++p) {
    for (int i = first_shown(p); i < size_[p]; ++i) {
      const int card = reserve_[p][i];
      piles[p].put(rank_[card], 4);
      for (int f = 0; f < kFoundations; ++f)
        if (next_rank(f) == rank_[card]) piles[p].put(excluded(card, f), 1);
    }
    piles[p].put(0, 4);
  }
  std::array<int, kReserves> sorted = order;
  if (order[0] < 0) {
    sorted = {0, 1, 2, 3};
    std::sort(sorted.begin(), sorted.end(), [&](int p, int q) { return piles[p] < piles[q]; });
  }
  BitWriter out;
  out.put(static_cast<std::uint64_t>(dealt_), 6);
  for (int f = 0; f < kFoundations; ++f) out.put(static_cast<std::uint64_t>(height_[f]), 4);
  for (int p : sorted) out.append(piles[p]);
  return out.key;
}

Tableau::Key Tableau::key() const { return pack({-1, -1, -1, -1}); }

void Tableau::load(const Key& key) {
  BitReader in{key};
  dealt_ = in.get(6);
  score_ = 0;
  for (int f = 0; f < kFoundations; ++f) height_[f] = in.get(4), score_ += height_[f] - 1;
  // Dealt copies of each rank not yet given a place, latest last.
  std::array<std::array<std::uint8_t, 4>, kRanks + 1> copies{};
  std::array<int, kRanks + 1> unused{};
  for (int i = 0; i < dealt_; ++i)
    copies[rank_[i]][static_cast<std::size_t>(unused[rank_[i]]++)] = static_cast<std::uint8_t>(i);
  auto take = [&](int rank) { return copies[rank][static_cast<std::size_t>(--unused[rank])]; };
  std::array<std::array<std::uint8_t, kDealSize>, kReserves> shown{};
  std::array<int, kReserves> shown_size{};
  excluded_.fill(0);
  for (int p = 0; p < kReserves; ++p)
    for (int rank = in.get(4); rank; rank = in.get(4)) {
      const int card = take(rank);
      for (int f = 0; f < kFoundations; ++f)
        if (next_rank(f) == rank && in.get(1)) excluded_[f] |= std::uint64_t{1} << card;
      shown[p][static_cast<std::size_t>(shown_size[p]++)] = static_cast<std::uint8_t>(card);
    }
  // Kings the key left out (dealt, not on a finished foundation, not shown) go under reserve 1.
  int free_kings = unused[kRanks];
  for (int f = 0; f < kFoundations; ++f) free_kings -= height_[f] == kFoundationSize;
  size_.fill(0);
  bottom_kings_.fill(0);
  for (int k = 0; k < free_kings; ++k) push_reserve(0, take(kRanks));
  for (int p = 0; p < kReserves; ++p)
    for (int i = 0; i < shown_size[p]; ++i) push_reserve(p, shown[p][static_cast<std::size_t>(i)]);
}

Tableau::Key Tableau::exact_key() const { return pack({0, 1, 2, 3}); }

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

int Tableau::upper_bound(int at_most) const {
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
      const int slot = kPosition[f][rank_[card]];
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

std::string Tableau::move_name(const Move& m) const {
  const std::string card = card_name(deal_[m.card]);
  switch (m.kind) {
    case Move::kReserveToFoundation:
      return "R" + std::to_string(m.reserve + 1) + ":" + card + ">F" + std::to_string(m.foundation + 1);
    case Move::kWasteToFoundation: return card + ">F" + std::to_string(m.foundation + 1);
    case Move::kWasteToReserve: return card + ">R" + std::to_string(m.reserve + 1);
    case Move::kDecline: return "decline F" + std::to_string(m.foundation + 1);
  }
  return "?";
}

Move Tableau::parse_move(const std::string& text) const {
  auto bad = [&](const std::string& why) { return InputError("bad play '" + text + "': " + why); };
  const auto arrow = text.find('>');
  if (arrow == std::string::npos || arrow + 3 != text.size()) throw bad("expected CARD>F1, CARD>R1 or R1:CARD>F1");
  const char target = text[arrow + 1];
  const int index = text[arrow + 2] - '1';
  if ((target != 'F' && target != 'R') || index < 0 || index > 3) throw bad("the target is F1..F4 or R1..R4");
  std::string source = text.substr(0, arrow);
  Move m;
  if (source.size() > 3 && source[0] == 'R' && source[2] == ':') {
    if (target != 'F') throw bad("a reserve card can only go to a foundation");
    const int from = source[1] - '1';
    if (from < 0 || from > 3) throw bad("reserves are R1..R4");
    if (size_[from] == 0) throw bad("reserve " + std::to_string(from + 1) + " is empty");
    m = {Move::kReserveToFoundation, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(index),
         reserve_[from][size_[from] - 1]};
    source = source.substr(3);
  } else {
    if (stock_empty()) throw bad("the stock is empty");
    m = target == 'F'
            ? Move{Move::kWasteToFoundation, 0, static_cast<std::uint8_t>(index), static_cast<std::uint8_t>(dealt_)}
            : Move{Move::kWasteToReserve, static_cast<std::uint8_t>(index), 0, static_cast<std::uint8_t>(dealt_)};
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

int score_by_the_rules(const Deal& deal, const std::vector<Move>& line, std::vector<std::string>* names) {
  Tableau t(deal, MoveRules::kUnrestricted);
  for (const Move& m : line) {
    if (m.kind == Move::kDecline) continue;
    if (!t.is_legal(m)) return -1;
    if (names) names->push_back(t.move_name(m));
    t.apply(m);
  }
  return t.score();
}

}  // namespace gs::hopscotch
