#include "solvers/probe/compact_table.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace gs {

namespace {
bool decided_entry(std::uint16_t e) {
  const auto o = static_cast<Outcome>(e & 3);
  return o == Outcome::kWin || o == Outcome::kLoss;
}
}  // namespace

CompactTable::CompactTable(const std::vector<std::uint16_t>& entries) {
  const LayerStats s = count_entries(entries);
  *this = CompactTable(entries.size(), s.wins + s.losses, s.longest > 255);
  append(entries);
}

CompactTable::CompactTable(std::uint64_t size, std::uint64_t decided, bool wide) : size_(size), wide_(wide) {
  const std::uint64_t words = (size_ + kPerWord - 1) / kPerWord;
  groups_.assign((words + kWords - 1) / kWords, Group{});
  if (wide_)
    distances16_.reserve(decided);
  else
    distances8_.reserve(decided);
}

void CompactTable::append(std::span<const std::uint16_t> entries) {
  if (entries.size() > size_ - filled_) throw std::logic_error("CompactTable: more entries than its size");
  for (const std::uint16_t e : entries) {
    const std::uint64_t i = filled_++, w = i / kPerWord;
    Group& g = groups_[w / kWords];
    if (w % kWords == 0 && i % kPerWord == 0) g.before = decided_;  // the group's first entry
    g.words[w % kWords] |= static_cast<std::uint64_t>(e & 3) << (2 * (i % kPerWord));
    if (!decided_entry(e)) continue;
    ++decided_;
    if (wide_)
      distances16_.push_back(static_cast<std::uint16_t>(e >> 2));
    else
      distances8_.push_back(static_cast<std::uint8_t>(e >> 2));
  }
}

std::vector<std::uint16_t> CompactTable::entries() const {
  std::vector<std::uint16_t> out(size_);
  for (std::uint64_t i = 0; i < size_; ++i) out[i] = entry(i);
  return out;
}

std::uint64_t CompactTable::bytes() const {
  return groups_.size() * sizeof(Group) + distances8_.size() + distances16_.size() * 2;
}

}  // namespace gs
