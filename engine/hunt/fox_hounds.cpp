#include "engine/hunt/fox_hounds.h"

#include <sstream>

#include "engine/core/combinatorics.h"
#include "engine/core/errors.h"

namespace gs::hunt {

FoxAndHounds::FoxAndHounds(int size)
    : size_(size), squares_(size * size / 2), square_at_(static_cast<std::size_t>(size * size), -1) {
  if (size != 4 && size != 6 && size != 8) throw InputError("Fox and Hounds boards are 4x4, 6x6 or 8x8");
  for (int r = 1; r <= size; ++r)
    for (int c = 1; c <= size; ++c)
      if ((r + c) % 2 == 0) {
        square_at_[static_cast<std::size_t>((r - 1) * size + c - 1)] = static_cast<int>(row_.size());
        row_.push_back(r);
        column_.push_back(c);
      }
  all_.assign(static_cast<std::size_t>(squares_), 0);
  forward_ = backward_ = all_;
  for (int s = 0; s < squares_; ++s)
    for (int dr : {-1, 1})
      for (int dc : {-1, 1}) {
        const int r = row_[s] + dr, c = column_[s] + dc;
        if (r < 1 || r > size || c < 1 || c > size) continue;
        const int t = square_at_[static_cast<std::size_t>((r - 1) * size + c - 1)];
        all_[s] |= bit(t);
        (dr < 0 ? forward_ : backward_)[s] |= bit(t);
      }
  const auto sets = binomial(squares_, hounds());
  place_in_layer_.resize(sets);
  advance_.resize(sets);
  for (std::uint64_t r = 0; r < sets; ++r) {
    const int a = advance(static_cast<std::uint32_t>(unrank_k_subset(r, hounds())));
    if (static_cast<int>(sets_by_advance_.size()) <= a) sets_by_advance_.resize(static_cast<std::size_t>(a) + 1);
    advance_[r] = static_cast<std::uint8_t>(a);
    place_in_layer_[r] = static_cast<std::uint32_t>(sets_by_advance_[static_cast<std::size_t>(a)].size());
    sets_by_advance_[static_cast<std::size_t>(a)].push_back(static_cast<std::uint32_t>(r));
  }
}

FoxAndHounds::Position FoxAndHounds::start() const {
  Position p;
  // The fox on the first row at column n/2 + 1 (or n/2 where that square is light): (1,5) on 8x8.
  const int column = size_ / 2 + 1 - (size_ / 2) % 2;
  p.fox = square_at_[static_cast<std::size_t>(column - 1)];
  for (int c = 2; c <= size_; c += 2)
    p.hounds |= static_cast<std::uint32_t>(bit(square_at_[static_cast<std::size_t>((size_ - 1) * size_ + c - 1)]));
  return p;
}

std::optional<Outcome> FoxAndHounds::terminal(const Position& p) const {
  bool passed = true;
  for_each_bit(p.hounds, [&](int h) { passed = passed && row_[h] <= row_[p.fox]; });
  if (row_[p.fox] == size_ || passed) return p.fox_to_move ? Outcome::kWin : Outcome::kLoss;
  return std::nullopt;
}

int FoxAndHounds::advance(std::uint32_t hounds) const {
  int total = 0;
  for_each_bit(hounds, [&](int h) { total += size_ - row_[h]; });
  return total;
}

std::uint64_t FoxAndHounds::layer_size(int layer) const {
  return 2 * static_cast<std::uint64_t>(squares_) *
         sets_by_advance_[static_cast<std::size_t>(layer_count() - 1 - layer)].size();
}

LayerIndex FoxAndHounds::locate(const Position& p) const {
  const auto set = static_cast<std::size_t>(rank_k_subset(p.hounds));
  const int a = advance_[set];
  const std::uint64_t sets = sets_by_advance_[static_cast<std::size_t>(a)].size();
  return {layer_count() - 1 - a,
          (static_cast<std::uint64_t>(p.fox) * sets + place_in_layer_[set]) * 2 + (p.fox_to_move ? 0 : 1)};
}

std::optional<FoxAndHounds::Position> FoxAndHounds::unrank(int layer, std::uint64_t index) const {
  const auto& sets = sets_by_advance_[static_cast<std::size_t>(layer_count() - 1 - layer)];
  Position p;
  p.fox_to_move = index % 2 == 0;
  index /= 2;
  p.fox = static_cast<int>(index / sets.size());
  p.hounds = static_cast<std::uint32_t>(unrank_k_subset(sets[index % sets.size()], hounds()));
  if (p.hounds & bit(p.fox)) return std::nullopt;
  return p;
}

FoxAndHounds::Position FoxAndHounds::parse(const std::string& text) const {
  const auto space = text.find(' ');
  const std::string grid = text.substr(0, space), side = space == std::string::npos ? "" : text.substr(space + 1);
  if (side != "f" && side != "h")
    throw InputError("position '" + clipped(text) + "': end with ' f' (fox to move) or ' h' (hounds)");
  std::vector<std::string> rows;
  std::istringstream in(grid);
  for (std::string row; std::getline(in, row, '/');) rows.push_back(row);
  if (static_cast<int>(rows.size()) != size_)
    throw InputError("position: " + std::to_string(size_) + " rows expected, " + std::to_string(rows.size()) +
                     " given");
  Position p;
  p.fox_to_move = side == "f";
  int foxes = 0;
  for (int r = 1; r <= size_; ++r) {
    const std::string& row = rows[static_cast<std::size_t>(r - 1)];
    if (static_cast<int>(row.size()) != size_)
      throw InputError("position: row " + std::to_string(r) + " has " + std::to_string(row.size()) + " cells, not " +
                       std::to_string(size_));
    for (int c = 1; c <= size_; ++c) {
      const char cell = row[static_cast<std::size_t>(c - 1)];
      if (cell == '.') continue;
      if (cell != 'F' && cell != 'H') throw InputError(std::string("position: bad cell '") + cell + "' (F, H or .)");
      const int s = square_at_[static_cast<std::size_t>((r - 1) * size_ + c - 1)];
      if (s < 0)
        throw InputError("position: a piece on the light square (" + std::to_string(r) + "," + std::to_string(c) + ")");
      if (cell == 'F')
        p.fox = s, ++foxes;
      else
        p.hounds |= static_cast<std::uint32_t>(bit(s));
    }
  }
  if (foxes != 1) throw InputError("position: exactly one fox expected, " + std::to_string(foxes) + " given");
  if (popcount(p.hounds) != hounds())
    throw InputError("position: " + std::to_string(hounds()) + " hounds expected, " +
                     std::to_string(popcount(p.hounds)) + " given");
  return p;
}

std::string FoxAndHounds::format(const Position& p) const {
  std::string out;
  for (int r = 1; r <= size_; ++r) {
    if (r > 1) out += '/';
    for (int c = 1; c <= size_; ++c) {
      const int s = square_at_[static_cast<std::size_t>((r - 1) * size_ + c - 1)];
      out += s < 0 ? '.' : s == p.fox ? 'F' : has_bit(p.hounds, s) ? 'H' : '.';
    }
  }
  return out + (p.fox_to_move ? " f" : " h");
}

std::string FoxAndHounds::square_name(int square) const {
  return "(" + std::to_string(row_[square]) + "," + std::to_string(column_[square]) + ")";
}

std::string FoxAndHounds::move_name(const Position& from, const Position& to) const {
  if (from.fox != to.fox) return square_name(from.fox) + "-" + square_name(to.fox);
  const auto moved = from.hounds ^ to.hounds;
  return square_name(lowest_bit(moved & from.hounds)) + "-" + square_name(lowest_bit(moved & to.hounds));
}

}  // namespace gs::hunt
