#include "engine/hopscotch/search_tableau.h"

#include <algorithm>
#include <sstream>

#include "engine/hopscotch/placement.h"

namespace gs::hopscotch {

namespace {

// Bits are appended low to high into four words.
struct BitWriter {
  SearchTableau::Key key{};
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
  const SearchTableau::Key& key;
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

SearchTableau::SearchTableau(const Deal& deal, MoveRules rules) : Tableau(deal), rules_(rules) {}
SearchTableau::SearchTableau(const Tableau& tableau, MoveRules rules) : Tableau(tableau), rules_(rules) {}

int SearchTableau::promise() const {
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

bool SearchTableau::same_reserve(int p, int q) const {
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
bool SearchTableau::pending_decision(MoveList& list) const {
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

// Only parked Kings are left, and every foundation not finished wants a King: any of them will
// do, so the search sees one move (which reserve and foundation does not change the key).
void SearchTableau::play_parked_king(MoveList& list) const {
  if (score_ == kMaxScore) return;
  int p = 0, f = 0;
  while (size_[p] == 0) ++p;
  while (next_rank(f) != kRanks) ++f;
  list.push({Move::kReserveToFoundation, static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(f),
             reserve_[p][size_[p] - 1], 0});
}

void SearchTableau::generate_moves(MoveList& list) const {
  list.size = 0;
  if (rules_ == MoveRules::kUnrestricted) return for_each_play([&](const Play& p) { list.push(p); });
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
    cost[p] = placement_cost(*this, rank, p);
    list.push({Move::kWasteToReserve, static_cast<std::uint8_t>(p), 0, card, 0});
  }
  std::stable_sort(list.moves.begin() + first_placement, list.moves.begin() + list.size,
                   [&](const Move& a, const Move& b) { return cost[a.reserve] < cost[b.reserve]; });
}

void SearchTableau::apply(const Move& m) {
  if (m.kind == Move::kDecline) {
    for (int p = 0; p < kReserves; ++p)
      if (m.declined >> p & 1) excluded_[m.foundation] |= std::uint64_t{1} << reserve_[p][size_[p] - 1];
    return;
  }
  // A dealt card put on a reserve while it fits is excluded there (normal form); a parked King is
  // played last whatever happens (see "Kings"), so it keeps no exclusion.
  if (m.kind == Move::kWasteToReserve && rules_ == MoveRules::kNormalForm &&
      !(win_only_ && parked(m.reserve) && rank_[m.card] == kRanks))
    for (int f = 0; f < kFoundations; ++f)
      if (next_rank(f) == rank_[m.card]) excluded_[f] |= std::uint64_t{1} << m.card;
  Tableau::apply(m.play());
}

void SearchTableau::undo(const Move& m) {
  if (m.kind == Move::kDecline) {
    for (int p = 0; p < kReserves; ++p)
      if (m.declined >> p & 1) excluded_[m.foundation] &= ~(std::uint64_t{1} << reserve_[p][size_[p] - 1]);
    return;
  }
  if (m.kind == Move::kWasteToReserve)
    for (auto& mask : excluded_) mask &= ~(std::uint64_t{1} << m.card);  // a new card had none
  Tableau::undo(m.play());
}

bool SearchTableau::finished() const {
  MoveList list;
  generate_moves(list);
  return list.size == 0;
}

SearchTableau::Key SearchTableau::pack(const std::array<int, kReserves>& order) const {
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

SearchTableau::Key SearchTableau::key() const { return pack({-1, -1, -1, -1}); }

void SearchTableau::load(const Key& key) {
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

SearchTableau::Key SearchTableau::exact_key() const { return pack({0, 1, 2, 3}); }

std::string SearchTableau::move_name(const Move& m) const {
  return m.is_play() ? Tableau::move_name(m.play()) : "decline F" + std::to_string(m.foundation + 1);
}

std::vector<Play> plays_of(const std::vector<Move>& line) {
  std::vector<Play> plays;
  for (const Move& m : line)
    if (m.is_play()) plays.push_back(m.play());
  return plays;
}

}  // namespace gs::hopscotch
