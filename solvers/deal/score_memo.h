// A per-thread cache of search results for single-player games: key -> best final score, either
// exact or an upper bound. Buckets of two entries; a full bucket overwrites its second entry, so
// the cache forgets but never lies. A generation number per entry lets one table serve many
// searches (deals) without being cleared between them.
#pragma once

#include <cstdint>
#include <type_traits>

#include "solvers/common/hash.h"
#include "solvers/common/zeroed_array.h"

namespace gs {

template <class Key>
class ScoreMemo {
 public:
  struct Entry {
    Key key{};
    std::uint32_t generation = 0;  // 0 = never written
    std::int16_t value = 0;
    bool exact = false;
  };

  // Zeroed memory (ZeroedArray) is an empty table: generation 0 is never current.
  explicit ScoreMemo(int capacity_bits)
      : mask_((std::size_t{1} << capacity_bits) / 2 - 1), entries_(std::size_t{1} << capacity_bits) {
    static_assert(std::is_trivially_copyable_v<Entry>);
  }

  void clear() { ++generation_; }  // forget everything in O(1)

  const Entry* find(const Key& key) const {
    const Entry* b = bucket(key);
    for (int i = 0; i < 2; ++i)
      if (b[i].generation == generation_ && b[i].key == key) return &b[i];
    return nullptr;
  }

  void store(const Key& key, int value, bool exact) {
    Entry* b = bucket(key);
    Entry* slot = &b[1];
    if (b[0].generation != generation_ || b[0].key == key)
      slot = &b[0];
    else if (b[1].generation == generation_ && b[1].key != key && exact && !b[1].exact)
      slot = &b[1];
    *slot = {key, generation_, static_cast<std::int16_t>(value), exact};
  }

  std::size_t bytes() const { return entries_.bytes(); }

 private:
  Entry* bucket(const Key& key) { return entries_.data() + (mix_words(key) & mask_) * 2; }
  const Entry* bucket(const Key& key) const { return entries_.data() + (mix_words(key) & mask_) * 2; }

  std::size_t mask_;
  ZeroedArray<Entry> entries_;
  std::uint32_t generation_ = 1;
};

}  // namespace gs
