// A solved layer held for reading, as the table files store it (solvers/io/table_file.h): 2 bits
// a position for the value (0 no position, else the Outcome code), and the distances of the wins
// and losses only, in index order, 1 byte each (2 when some distance passes 255). A position's
// distance is found by counting the wins and losses before it: a count per 224 positions, kept
// in the cache line of their seven words of values, then popcounts of at most seven words. Against ValueTable's 2 bytes
// a position, about 1 byte where two thirds of the positions are decided (Tigers and Goats), less where fewer are.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/value.h"
#include "solvers/probe/value_table.h"

namespace gs {

class CompactTable {
 public:
  CompactTable() = default;
  // `entries`: ValueTable's form (Outcome code in bits 0-1, distance above).
  explicit CompactTable(const std::vector<std::uint16_t>& entries);
  // A table of `size` positions, `decided` of them won or lost (`wide`: some distance passes
  // 255), filled by append() in index order, a part at a time (a file read block by block).
  CompactTable(std::uint64_t size, std::uint64_t decided, bool wide);
  void append(std::span<const std::uint16_t> entries);
  explicit CompactTable(const ValueTable& table) : CompactTable(table.raw()) {}

  std::uint64_t size() const { return size_; }
  bool has(std::uint64_t i) const { return code(i) != 0; }  // a position at this index
  Outcome outcome(std::uint64_t i) const { return static_cast<Outcome>(code(i)); }
  int distance(std::uint64_t i) const { return entry(i) >> 2; }
  Value value(std::uint64_t i) const {
    const std::uint16_t e = entry(i);
    return {static_cast<Outcome>(e & 3), e >> 2};
  }
  // ValueTable's form of entry i.
  std::uint16_t entry(std::uint64_t i) const {
    const std::uint64_t w = i / kPerWord;
    const Group& g = groups_[w / kWords];
    const std::uint64_t bits = g.words[w % kWords];
    const unsigned c = static_cast<unsigned>(bits >> (2 * (i % kPerWord))) & 3u;
    if (c == 0 || c == static_cast<unsigned>(Outcome::kDraw)) return static_cast<std::uint16_t>(c);
    // Wins and losses before i: the group's count, its earlier words, this word's lower part.
    std::uint64_t k = g.before;
    for (std::uint64_t v = 0; v < w % kWords; ++v) k += static_cast<std::uint64_t>(std::popcount(decided(g.words[v])));
    const std::uint64_t below = (std::uint64_t{1} << (2 * (i % kPerWord))) - 1;
    k += static_cast<std::uint64_t>(std::popcount(decided(bits) & below));
    const int d = wide_ ? distances16_[k] : distances8_[k];
    return static_cast<std::uint16_t>(c | static_cast<unsigned>(d) << 2);
  }
  // f(i) for each index in [begin, end) whose outcome is o, in order: a word of 32 positions
  // tested at once.
  template <class F>
  void for_each_with(Outcome o, std::uint64_t begin, std::uint64_t end, F&& f) const {
    const std::uint64_t pattern = 0x5555555555555555ull * static_cast<std::uint64_t>(o);
    for (std::uint64_t w = begin / kPerWord; w * kPerWord < end; ++w) {
      const std::uint64_t x = groups_[w / kWords].words[w % kWords] ^ pattern;  // 00 where the code is o
      std::uint64_t hits = ~(x | x >> 1) & 0x5555555555555555ull;
      while (hits) {
        const std::uint64_t i = w * kPerWord + static_cast<std::uint64_t>(std::countr_zero(hits)) / 2;
        hits &= hits - 1;
        if (i >= begin && i < end) f(i);
      }
    }
  }
  std::vector<std::uint16_t> entries() const;  // every entry, ValueTable's form
  std::uint64_t bytes() const;                 // memory held

 private:
  static constexpr int kPerWord = 32;
  static constexpr int kWords = 7;  // words of values per group
  struct alignas(64) Group {
    std::uint64_t before = 0;  // decided positions before the group
    std::uint64_t words[kWords] = {};
  };

  unsigned code(std::uint64_t i) const {
    return static_cast<unsigned>(groups_[i / kPerWord / kWords].words[i / kPerWord % kWords] >> (2 * (i % kPerWord))) &
           3u;
  }
  // One bit (the low one of each pair) per decided position of a word: codes 01 and 10.
  static std::uint64_t decided(std::uint64_t word) { return (word ^ (word >> 1)) & 0x5555555555555555ull; }

  std::uint64_t size_ = 0;
  std::uint64_t filled_ = 0, decided_ = 0;  // entries appended, and the wins and losses among them
  std::vector<Group> groups_;
  std::vector<std::uint8_t> distances8_;
  std::vector<std::uint16_t> distances16_;
  bool wide_ = false;
};

}  // namespace gs
