#include "engine/mnk/maker_breaker.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace gs::mnk {

MakerBreaker::MakerBreaker(const MnkGame& game, Player maker)
    : game_(&game), wide_(game), maker_(maker), lines_(game.lines()) {
  if (static_cast<int>(lines_.size()) > kMaxLines) throw std::logic_error("more lines than a board of 8x8 has");
}

std::optional<Outcome> MakerBreaker::terminal(uint128 s) const {
  const mnk::Position p = unpack(s);
  const bool maker_moves = maker_to_move(p);
  if (game_->has_line(maker_stones(p))) return maker_moves ? Outcome::kWin : Outcome::kLoss;
  if (breaker_has_won(p)) return maker_moves ? Outcome::kLoss : Outcome::kWin;
  return std::nullopt;
}

Bitboard MakerBreaker::live_cells(mnk::Position p) const {
  const Bitboard breaker = breaker_stones(p), empty = game_->full() & ~(p.x | p.o);
  Bitboard cells = 0;
  for (Bitboard line : lines_)
    if (!(line & breaker)) cells |= line & empty;
  return cells;
}

int MakerBreaker::search_cells(mnk::Position p, std::array<int, 64>& order) const {
  const Bitboard breaker = breaker_stones(p), empty = game_->full() & ~(p.x | p.o);
  const int k = game_->k();
  std::array<std::uint64_t, 64> weight{};
  Bitboard cells = 0;
  for (Bitboard line : lines_) {
    if (line & breaker) continue;
    const Bitboard open = line & empty;
    if (popcount(open) == 1) {  // completes the line, or stops it
      order[0] = lowest_bit(open);
      return 1;
    }
    cells |= open;
    for_each_bit(open, [&](int cell) { weight[cell] += std::uint64_t{1} << (k - popcount(open)); });
  }
  int count = 0;
  for_each_bit(cells, [&](int cell) { order[count++] = cell; });
  std::stable_sort(order.begin(), order.begin() + count, [&](int a, int b) { return weight[a] > weight[b]; });
  return count;
}

bool MakerBreaker::breaker_has_won(mnk::Position p) const {
  const Bitboard breaker = breaker_stones(p), empty = game_->full() & ~(p.x | p.o);
  const int k = game_->k();
  std::array<Bitboard, kMaxLines> open_lines;
  int count = 0;
  std::uint64_t sum = 0;  // the Erdos-Selfridge sum in units of 2^-k
  for (Bitboard line : lines_) {
    if (line & breaker) continue;
    const Bitboard open = line & empty;
    open_lines[count++] = open;
    sum += std::uint64_t{1} << (k - popcount(open));
  }
  if (count == 0) return true;
  const std::uint64_t bound = std::uint64_t{1} << (maker_to_move(p) ? k - 1 : k);
  return sum < bound || has_pairing(open_lines.data(), count);
}

// Two private cells for every line: a bipartite matching (each line taken twice) by augmenting
// paths. Lines with fewer than two empty cells, or more lines than cells, fail at once.
bool MakerBreaker::has_pairing(const Bitboard* open_lines, int count) const {
  Bitboard all = 0;
  for (int line = 0; line < count; ++line) {
    if (popcount(open_lines[line]) < 2) return false;
    all |= open_lines[line];
  }
  if (2 * count > popcount(all)) return false;
  std::array<int, 64> owner;
  owner.fill(-1);
  Bitboard visited = 0;
  const auto augment = [&](auto&& self, int line) -> bool {
    for (Bitboard rest = open_lines[line] & ~visited; rest; rest &= rest - 1) {
      const int cell = lowest_bit(rest);
      if (has_bit(visited, cell)) continue;
      visited |= bit(cell);
      if (owner[cell] < 0 || self(self, owner[cell])) {
        owner[cell] = line;
        return true;
      }
    }
    return false;
  };
  for (int line = 0; line < count; ++line)
    for (int slot = 0; slot < 2; ++slot) {
      visited = 0;
      if (!augment(augment, line)) return false;
    }
  return true;
}

}  // namespace gs::mnk
