// One solved layer in memory: per index, the value for the side to move (2 bits) and the
// distance (14 bits); 0 = no position at this index. With its counts.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/value.h"

namespace gs {

class ValueTable {
 public:
  static constexpr int kMaxDistance = (1 << 14) - 1;

  ValueTable() = default;
  explicit ValueTable(std::uint64_t size) : entries_(size) {}

  std::uint64_t size() const { return entries_.size(); }
  Value value(std::uint64_t i) const { return {outcome(i), distance(i)}; }
  Outcome outcome(std::uint64_t i) const { return static_cast<Outcome>(entries_[i] & 3); }
  int distance(std::uint64_t i) const { return entries_[i] >> 2; }
  static std::uint16_t encode(Outcome o, int d) { return static_cast<std::uint16_t>(static_cast<int>(o) | d << 2); }
  std::vector<std::uint16_t>& raw() { return entries_; }
  const std::vector<std::uint16_t>& raw() const { return entries_; }

 private:
  std::vector<std::uint16_t> entries_;
};

struct LayerStats {
  std::uint64_t positions = 0, wins = 0, losses = 0, draws = 0;
  int longest = 0;  // plies of the longest win or loss
};

// Of entries in ValueTable's form (also a table file's, see table_file.h), added to `s`.
inline void count_entries(std::span<const std::uint16_t> entries, LayerStats& s) {
  for (const std::uint16_t entry : entries) {
    if (entry == 0) continue;  // no position
    ++s.positions;
    const auto outcome = static_cast<Outcome>(entry & 3);
    switch (outcome) {
      case Outcome::kWin: ++s.wins; break;
      case Outcome::kLoss: ++s.losses; break;
      default: ++s.draws; break;
    }
    if (outcome != Outcome::kDraw) s.longest = std::max(s.longest, entry >> 2);
  }
}
inline LayerStats count_entries(const std::vector<std::uint16_t>& entries) {
  LayerStats s;
  count_entries(entries, s);
  return s;
}

inline LayerStats count_layer(const ValueTable& table) { return count_entries(table.raw()); }

}  // namespace gs
