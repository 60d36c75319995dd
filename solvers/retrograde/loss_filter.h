// Checking a layer's table against its positions' moves while ranking few of the moves. A
// position's value turns on its moves into lost positions (lost for the side to move there): the
// fastest of them wins; with none, one drawn move draws, else the slowest loss
// (LayerTables::implied_ranking_few). In the hunt games few positions are lost (Fox and Geese, 4
// to 8 geese: 0.08 %), so a filter of the lost positions of the layers a layer's moves reach, in
// every image under the index's symmetries, tells a move that cannot lead to a lost position
// without ranking it: a drawn position ranks its moves until the first drawn one, a won one only
// the moves the filter may hold, and only a lost one all of them. The filter never decides a
// value: a move it may hold is ranked and read, so a false "maybe" costs a lookup. It relies on
// the game's layers_read naming every layer a move reaches (tested) and its images (tested
// through the values: a lost position missing from the filter would change them).
//
// The filter costs an unranking of each lost position of the layers read, and stays in the
// caches only while small: it is made where the lost positions number at most a quarter of the
// layer's entries.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "engine/core/game_tables.h"
#include "solvers/common/capabilities.h"
#include "solvers/probe/layer_tables.h"

namespace gs {

// A set of 64-bit keys that may answer "maybe" for a key it does not hold, never "no" for one it
// holds, small enough to stay in the caches: one multiplication hashes a key to one word of a
// power-of-two array and to two bits in it (16 bits a key: about 1.5 % false "maybe"s). For sets
// a pass probes at every step; solvers/common/bloom_filter.h serves sets too big for the caches.
class CachedFilter {
 public:
  explicit CachedFilter(std::uint64_t keys) {
    int log_words = 0;
    while ((std::uint64_t{64} << log_words) < 16 * keys) ++log_words;
    shift_ = 64 - log_words;
    words_ = std::vector<std::atomic<std::uint64_t>>(std::size_t{1} << log_words);
  }
  void add(std::uint64_t key) { words_[word(key)].fetch_or(bits(key), std::memory_order_relaxed); }
  bool may_contain(std::uint64_t key) const {
    const std::uint64_t b = bits(key);
    return (words_[word(key)].load(std::memory_order_relaxed) & b) == b;
  }

 private:
  static constexpr std::uint64_t kOdd = 0x9e3779b97f4a7c15ULL;  // 2^64 / golden ratio
  std::size_t word(std::uint64_t key) const {
    return shift_ == 64 ? 0 : static_cast<std::size_t>((key * kOdd) >> shift_);
  }
  // Two bits from the product's bits below the word's (the upper bits mix the key best).
  std::uint64_t bits(std::uint64_t key) const {
    const std::uint64_t h = (key * kOdd) << (64 - shift_);
    return std::uint64_t{1} << (h >> 58) | std::uint64_t{1} << (h >> 52 & 63);
  }

  int shift_ = 64;
  std::vector<std::atomic<std::uint64_t>> words_;
};

// The layers whose positions the moves of `layer` reach: itself and those it reads (every
// earlier one, for a game that does not say).
template <Indexed G>
std::vector<int> layers_reached(const G& game, int layer) {
  std::vector<int> reads{layer};
  if constexpr (LayerDependencies<G>) {
    for (int l : game.layers_read(layer))
      if (l != layer) reads.push_back(l);
  } else {
    for (int l = 0; l < layer; ++l) reads.push_back(l);
  }
  return reads;
}

// The filter of the lost positions of the layers `layer`'s moves reach (tables read through
// `store`).
template <Stored G>
requires ImagedPositions<G> CachedFilter lost_positions(const G& game, LayerTables<G>& store, int layer) {
  const std::vector<int> reached = layers_reached(game, layer);
  tbb::enumerable_thread_specific<std::vector<std::uint64_t>> keys;
  for (int l : reached) {
    if (!store.present(l)) continue;
    const CompactTable& t = store.table(l);
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, t.size(), 1 << 16), [&](const auto& range) {
      auto& mine = keys.local();
      t.for_each_with(Outcome::kLoss, range.begin(), range.end(), [&](std::uint64_t i) {
        if (const auto p = game.unrank(l, i))
          game.for_each_image(*p, [&](const typename G::Position& image) { mine.push_back(game.key(image)); });
      });
    });
  }
  std::uint64_t count = 0;
  for (const auto& k : keys) count += k.size();
  CachedFilter filter(count);
  for (auto& k : keys)
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, k.size(), 1 << 14), [&](const auto& range) {
      for (std::size_t i = range.begin(); i != range.end(); ++i) filter.add(k[i]);
    });
  return filter;
}

// The same where it pays: none when the lost positions number more than a quarter of the layer's
// entries.
template <Stored G>
requires ImagedPositions<G> std::optional<CachedFilter> loss_filter(const G& game, LayerTables<G>& store, int layer) {
  std::uint64_t lost = 0;
  for (int l : layers_reached(game, layer))
    if (store.present(l)) lost += store.header(l).losses;
  if (lost > game.layer_size(layer) / 4) return std::nullopt;
  return lost_positions(game, store, layer);
}

}  // namespace gs
