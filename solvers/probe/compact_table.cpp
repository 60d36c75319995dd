#include "solvers/probe/compact_table.h"

#include <algorithm>
#include <bit>

namespace gs {

namespace {
bool decided_entry(std::uint16_t e) {
  const auto o = static_cast<Outcome>(e & 3);
  return o == Outcome::kWin || o == Outcome::kLoss;
}
}  // namespace

CompactTable::CompactTable(const std::vector<std::uint16_t>& entries) : size_(entries.size()) {
  const std::uint64_t words = (size_ + kPerWord - 1) / kPerWord;
  groups_.assign((words + kWords - 1) / kWords, Group{});
  std::uint64_t decided_count = 0;
  int longest = 0;
  for (const std::uint16_t e : entries)
    if (decided_entry(e)) ++decided_count, longest = std::max(longest, e >> 2);
  wide_ = longest > 255;
  if (wide_)
    distances16_.reserve(decided_count);
  else
    distances8_.reserve(decided_count);
  std::uint64_t seen = 0;
  for (std::uint64_t w = 0; w < words; ++w) {
    if (w % kWords == 0) groups_[w / kWords].before = seen;
    std::uint64_t bits = 0;
    for (std::uint64_t i = w * kPerWord; i < std::min(size_, (w + 1) * kPerWord); ++i) {
      const std::uint16_t e = entries[i];
      bits |= static_cast<std::uint64_t>(e & 3) << (2 * (i % kPerWord));
      if (!decided_entry(e)) continue;
      ++seen;
      if (wide_)
        distances16_.push_back(static_cast<std::uint16_t>(e >> 2));
      else
        distances8_.push_back(static_cast<std::uint8_t>(e >> 2));
    }
    groups_[w / kWords].words[w % kWords] = bits;
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
