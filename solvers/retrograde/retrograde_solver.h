// Retrograde analysis of a two-player game whose positions are split into layers with a dense
// index each: every position gets its value for the side to move (win, loss, draw) and, for
// wins and losses, the number of plies to the end with best play (the winner hurries, the
// loser delays). Positions never resolved are draws: neither side can force an end.
//
// Layers are solved in order; a move leads to the same layer, to one solved before (a capture,
// a hound's step), whose table is only read, or out of the index to a terminal position (layer
// -1, valued by the game's terminal test). Within a layer, all in the one table of 2 bytes a
// position (no lists, no counters):
//  (1) in parallel over the index, each position is unranked and decided if terminal; else its
//      moves out of the layer are looked up: a losing one makes it a win pending at 1 + its
//      distance; if every move leaves the layer and wins for the opponent, it is a loss. A layer
//      none of whose moves stays inside (a game's acyclic part) is then solved: (2) is skipped.
//      Exits that are un-moves of where they lead (ReversedExits) are found from that side
//      instead: each loss there makes its predecessors here wins at one more, the fastest kept,
//      which is the minimum pass (1) would take over them; positions with no move inside still
//      look up every exit, for their loss;
//  (2) ply by ply, a parallel pass over the index takes the positions whose value became final
//      at distance d: their predecessors in the layer become wins at d + 1 (if they lost; a
//      pending slower win is replaced), or are re-examined (if they won): a predecessor whose
//      moves are all final wins for the opponent is a loss at one more than its slowest.
//      Re-examining (rather than counting down moves) stays right when the index is reduced by
//      symmetry, where a position's moves and its representative's un-moves need not pair up.
//      Values are final when their ply comes up, so every win is the fastest and every loss the
//      slowest, and a pass gives the same table whatever the order of its work.
// A game under a progress rule (progress_rule.h) reads a move that progresses by the rule value
// of where it leads, at distance 0. Knows no game.
//
// Across ranks (ranks.h: MPI processes, each with its own threads), every rank holds the whole
// layer and works on its slice of the index: (1) on its slice, after which the slices are
// shared; in (2) it takes the positions of its slice that became final, but settles their
// predecessors wherever they are, in its own copy, and logs each change; after the pass the
// logs are shared and every rank applies the others' changes (a faster win replaces a slower or
// none, a loss replaces none). A pass's result depends only on the table before it (above), so
// every copy ends the pass equal to the one-process table: the same tables, bit for bit.
#pragma once

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <tuple>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "engine/core/game.h"
#include "engine/core/game_tables.h"
#include "engine/core/layer_index.h"
#include "engine/core/value.h"
#include "solvers/common/capabilities.h"
#include "solvers/common/progress_rule.h"
#include "solvers/distributed/ranks.h"
#include "solvers/probe/compact_table.h"
#include "solvers/probe/value_table.h"
#include "solvers/retrograde/located_exits.h"

namespace gs {

template <Indexed G>
class RetrogradeSolver {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  // `earlier(l)` gives the solved table of an earlier layer l, held compact for reading.
  // `ranks`: the processes solving each layer together (none: this one alone).
  RetrogradeSolver(const G& game, std::function<const CompactTable&(int)> earlier, Ranks* ranks = nullptr)
      : game_(game), earlier_(std::move(earlier)), ranks_(ranks ? ranks : &alone_) {}

  // Slices of the index are cut at whole blocks of table files (table_file.h), so each rank
  // can write its own.
  static constexpr std::uint64_t kSliceAlign = 1 << 16;
  std::pair<std::uint64_t, std::uint64_t> slice(std::uint64_t size, int rank) const {
    return rank_slice(size, rank, ranks_->size(), align_);
  }
  // Finer slices (a multiple of 512, the chunk of the ply passes), for tests on small layers:
  // the layer's file can then no longer be written by slices.
  void set_slice_align(std::uint64_t align) { align_ = std::max(kChunk, align / kChunk * kChunk); }
  static std::pair<std::uint64_t, std::uint64_t> slice_of(std::uint64_t size, const Ranks& ranks) {
    return rank_slice(size, ranks.rank(), ranks.size(), kSliceAlign);
  }

  // The ply being propagated (-1 during the first pass), for progress reports from any thread.
  int current_ply() const { return ply_.load(std::memory_order_relaxed); }

  ValueTable solve_layer(int layer) {
    layer_ = layer;
    read_.assign(static_cast<std::size_t>(layer), nullptr);
    if constexpr (LayerDependencies<G>)
      for (int earlier : game_.layers_read(layer)) read_[static_cast<std::size_t>(earlier)] = &earlier_(earlier);
    ValueTable table(game_.layer_size(layer));
    std::tie(begin_, end_) = slice(table.size(), ranks_->rank());
    marks_.assign((table.size() + kChunk - 1) / kChunk, 0);
    horizon_ = 0;
    ply_ = -1;
    const bool cycles = initialise(table);
    for (int d = 0; cycles && d <= horizon_.load(); ++d) {
      ply_ = d;
      propagate(table, d);
      if (shared()) share_changes(table);
    }
    mark_draws(table);
    return table;
  }

 private:
  // An entry holds a final value, except a win whose distance is still above the ply being
  // processed: a win pending from a move out of the layer, which a faster win may replace.
  // While solving, an index that names no position (unrank() gives nothing): a distance no
  // ply reaches, so no pass takes it, and no move leads there.
  static constexpr std::uint16_t kNoPosition = 0xFFFF;

  static bool final_at(std::uint16_t entry, int d) {
    return entry != 0 && (static_cast<Outcome>(entry & 3) != Outcome::kWin || (entry >> 2) <= d);
  }

  std::uint16_t load(const ValueTable& table, std::uint64_t i) const {
    return std::atomic_ref<const std::uint16_t>(table.raw()[i]).load(std::memory_order_relaxed);
  }

  // Sets entry i from `expected` to (o, d); keeps the horizon (the largest distance set).
  // Across ranks, a change of a ply pass is logged for the others (the first pass's travel
  // with the slices).
  bool settle(ValueTable& table, std::uint64_t i, std::uint16_t expected, Outcome o, int d) {
    const std::uint16_t entry = ValueTable::encode(o, d);
    if (!set(table, i, expected, entry)) return false;
    if (shared() && ply_.load(std::memory_order_relaxed) >= 0) changes_.local().push_back(i << 16 | entry);
    return true;
  }
  // Entry i becomes a win at `ply` if it holds nothing or a slower pending win; tried again
  // while other threads change it.
  void settle_win(ValueTable& table, std::uint64_t i, int ply) {
    for (std::uint16_t seen = load(table, i);; seen = load(table, i)) {
      const bool slower = static_cast<Outcome>(seen & 3) == Outcome::kWin && (seen >> 2) > ply;
      if ((seen != 0 && !slower) || settle(table, i, seen, Outcome::kWin, ply)) return;
    }
  }
  bool set(ValueTable& table, std::uint64_t i, std::uint16_t expected, std::uint16_t entry) {
    if (!std::atomic_ref<std::uint16_t>(table.raw()[i]).compare_exchange_strong(expected, entry)) return false;
    const int d = entry >> 2;
    for (int h = horizon_.load(); h < d && !horizon_.compare_exchange_weak(h, d);) {
    }
    std::atomic_ref<std::uint64_t>(marks_[i / kChunk]).fetch_or(mark(d), std::memory_order_relaxed);
    return true;
  }

  bool shared() const { return ranks_->size() > 1; }

  // After a pass across ranks: every rank's changes applied by every other.
  void share_changes(ValueTable& table) {
    std::vector<std::uint64_t> mine;
    for (auto& log : changes_) {
      mine.insert(mine.end(), log.begin(), log.end());
      log.clear();
    }
    const std::vector<std::uint64_t> all = ranks_->gather_all(std::move(mine));
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, all.size()), [&](const auto& r) {
      for (std::size_t k = r.begin(); k != r.end(); ++k) apply(table, all[k] >> 16, static_cast<std::uint16_t>(all[k]));
    });
  }

  // Another rank's change to entry i: a win replaces nothing or a slower win, a loss replaces
  // nothing. Anything else means the copies differ: a bug, never a result.
  void apply(ValueTable& table, std::uint64_t i, std::uint16_t entry) {
    const auto win = [](std::uint16_t e) { return static_cast<Outcome>(e & 3) == Outcome::kWin; };
    for (;;) {
      const std::uint16_t seen = load(table, i);
      if (seen == entry || (win(seen) && win(entry) && (seen >> 2) < (entry >> 2))) return;
      if (seen != 0 && !(win(seen) && win(entry)))
        throw std::logic_error("ranks disagree on a position's value: the distributed solve is inconsistent (layer " +
                               std::to_string(layer_) + ", index " + std::to_string(i) + ": " + std::to_string(seen) +
                               " here, " + std::to_string(entry) + " from another rank, ply " +
                               std::to_string(ply_.load()) + ")");
      if (set(table, i, seen, entry)) return;
    }
  }

  // After the first pass across ranks: each rank's slice to every other.
  void share_slices(ValueTable& table) {
    std::vector<std::uint64_t> offsets;
    offsets.reserve(static_cast<std::size_t>(ranks_->size()) + 1);
    for (int r = 0; r < ranks_->size(); ++r) offsets.push_back(slice(table.size(), r).first * sizeof(std::uint16_t));
    offsets.push_back(table.size() * sizeof(std::uint16_t));
    ranks_->share(reinterpret_cast<std::byte*>(table.raw().data()), offsets);
  }

  // The value of a move's destination for the side to move there, if final at ply d: from this
  // layer's table, an earlier layer's table, or the terminal test outside the index.
  std::optional<std::pair<Outcome, int>> value_of(const ValueTable& table, const Position& next, int d) const {
    return value_of(table, next, game_.locate(next), d);
  }
  std::optional<std::pair<Outcome, int>> value_of(const ValueTable& table, const Position& next, LayerIndex at,
                                                  int d) const {
    if (at.layer < 0) return std::pair{*game_.terminal(next), 0};
    if (at.layer != layer_) return earlier_value(earlier(at.layer).entry(at.index), at.layer);
    const std::uint16_t entry = load(table, at.index);
    if (!final_at(entry, d)) return std::nullopt;
    return std::pair{static_cast<Outcome>(entry & 3), entry >> 2};
  }

  // An entry of an earlier layer's table, as the value of a move into that layer.
  std::pair<Outcome, int> earlier_value(std::uint16_t entry, int layer) const {
    if constexpr (ProgressRuled<G>)
      if (progresses(game_, layer_, layer)) {  // the counter starts again
        const Value v = game_.value_at({static_cast<Outcome>(entry & 3), entry >> 2}, 0);
        return std::pair{v.outcome, 0};
      }
    return std::pair{static_cast<Outcome>(entry & 3), entry >> 2};
  }

  // If every move of p is final at ply d and wins for the opponent, the ply of p's loss (one
  // more than the slowest); otherwise nothing.
  std::optional<int> loss_ply(const ValueTable& table, const Position& p, int d) const {
    int slowest = 0;
    bool lost = true;
    for_each_successor(game_, p, [&](const Move&, const Position& next) {
      if (!lost) return;
      const auto v = value_of(table, next, d);
      if (!v || v->first != Outcome::kWin)
        lost = false;
      else
        slowest = std::max(slowest, v->second + 1);
    });
    return lost ? std::optional<int>(slowest) : std::nullopt;
  }

  // The first pass's look at position i (p: what unrank gave): decided if terminal; else its
  // moves out of the layer are looked up, and a losing one makes it a win pending; a position
  // whose moves all leave and win for the opponent is lost. Returns whether a move stays inside.
  bool first_look(ValueTable& table, std::uint64_t i, const std::optional<Position>& p) {
    if (!p) {
      table.raw()[i] = kNoPosition;
      return false;
    }
    if (const auto end = game_.terminal(*p)) {
      settle(table, i, 0, *end, 0);
      return false;
    }
    int fastest_win = -1, slowest_loss = 0;
    bool all_win = true;
    const auto look = [&](const Position& next, LayerIndex at) {
      const auto [o, d] = *value_of(table, next, at, 0);
      if (o == Outcome::kLoss) fastest_win = fastest_win < 0 ? d + 1 : std::min(fastest_win, d + 1);
      if (o == Outcome::kWin)
        slowest_loss = std::max(slowest_loss, d + 1);
      else
        all_win = false;
    };
    // The exits a game finds back from where they lead come in by push_reversed_losses; a
    // position with no move inside needs them all now, for its loss.
    bool inside = false;
    if constexpr (ReversedExits<G>) inside = game_.for_each_located_unreversed_exit(*p, look);
    if (!inside) {
      fastest_win = -1, slowest_loss = 0, all_win = true;
      inside = for_each_located_exit(game_, *p, layer_, look);
    }
    if (fastest_win >= 0)
      settle(table, i, 0, Outcome::kWin, fastest_win);
    else if (!inside && all_win)
      settle(table, i, 0, Outcome::kLoss, slowest_loss);  // no move at all: ply 0
    return inside;
  }

  // The first pass, one look at each position's moves. Returns whether any move stays in the
  // layer: if none does, the layer has no cycles and every value is already final.
  bool initialise(ValueTable& table) {
    std::atomic<bool> any_inside{false};
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(begin_, end_), [&](const auto& range) {
      bool range_inside = false;
      for_each_unranked(game_, layer_, range.begin(), range.end(),
                        [&](std::uint64_t i, const std::optional<Position>& p) {
                          range_inside = first_look(table, i, p) || range_inside;
                        });
      if (range_inside) any_inside.store(true, std::memory_order_relaxed);
    });
    if constexpr (ReversedExits<G>) push_reversed_losses(table);
    if (!shared()) return any_inside.load();
    share_slices(table);
    const auto h = static_cast<int>(ranks_->max(static_cast<std::uint64_t>(horizon_.load())));
    horizon_ = h;
    return ranks_->max(any_inside.load() ? 1 : 0) != 0;
  }

  // The rest of the first pass for the exits a game finds back from where they lead: each loss
  // (for the side to move there, as this layer reads it) of an earlier layer that such exits
  // reach makes its predecessors in this layer (this rank's slice) wins at one ply more, the
  // fastest kept. Equal to looking up those exits from every position, which the first pass
  // then did not; positions with no move inside did, and keep their value.
  void push_reversed_losses(ValueTable& table) requires ReversedExits<G> {
    for (const int earlier_layer : game_.layers_read(layer_)) {
      if (!game_.exits_reversed(layer_, earlier_layer)) continue;
      const CompactTable& t = earlier(earlier_layer);
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, t.size(), 1 << 14), [&](const auto& range) {
        t.for_each_with(Outcome::kLoss, range.begin(), range.end(), [&](std::uint64_t i) {
          const auto value = earlier_value(t.entry(i), earlier_layer);
          if (value.first != Outcome::kLoss) return;
          const int d = value.second;  // a name of its own: lambdas below use it
          for_each_predecessor(game_, *game_.unrank(earlier_layer, i), [&](const Move&, const Position& pred) {
            const LayerIndex at = game_.locate(pred);
            if (at.layer != layer_ || at.index < begin_ || at.index >= end_ || game_.terminal(pred)) return;
            settle_win(table, at.index, d + 1);
          });
        });
      });
    }
  }

  // One pass over the layer (this rank's slice): every position whose value became final at ply
  // d makes its predecessors wins at d + 1 (if it lost) or has them re-examined (if it won).
  void propagate(ValueTable& table, int d) {
    const tbb::blocked_range<std::uint64_t> mine(begin_ / kChunk, (end_ + kChunk - 1) / kChunk);
    tbb::parallel_for(mine, [&](const auto& chunks) {
      for (std::uint64_t c = chunks.begin(); c != chunks.end(); ++c) {
        // No value set at distance d (mod 64) in this chunk: nothing to do.
        if (!(std::atomic_ref<std::uint64_t>(marks_[c]).load(std::memory_order_relaxed) & mark(d))) continue;
        const std::uint64_t end = std::min(table.size(), (c + 1) * kChunk);
        for (std::uint64_t i = c * kChunk; i != end; ++i) propagate_from(table, i, d);
      }
    });
  }

  // Position i, if its value became final at ply d: its predecessors in the layer become wins
  // at d + 1 (if it lost) or are re-examined (if it won).
  void propagate_from(ValueTable& table, std::uint64_t i, int d) {
    const std::uint16_t entry = load(table, i);
    if (entry == 0 || entry == kNoPosition || (entry >> 2) != d) return;
    const bool lost = static_cast<Outcome>(entry & 3) == Outcome::kLoss;
    for_each_predecessor(game_, *game_.unrank(layer_, i), [&](const Move&, const Position& pred) {
      const LayerIndex at = game_.locate(pred);
      if (at.layer != layer_ || game_.terminal(pred)) return;
      if (lost) {
        settle_win(table, at.index, d + 1);
      } else if (load(table, at.index) == 0) {
        if (const auto ply = loss_ply(table, pred, d))
          settle(table, at.index, 0, Outcome::kLoss, std::max(d + 1, *ply));
      }
    });
  }

  // Positions still open can never be forced to an end; indices of no position are 0 again.
  void mark_draws(ValueTable& table) {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, table.size()), [&](const auto& range) {
      for (std::uint64_t i = range.begin(); i != range.end(); ++i) {
        std::uint16_t& entry = table.raw()[i];
        if (entry == kNoPosition)
          entry = 0;
        else if (entry == 0)
          entry = ValueTable::encode(Outcome::kDraw, 0);
      }
    });
  }

  // The table of an earlier layer: those the game says this layer reads are looked up once.
  const CompactTable& earlier(int layer) const {
    const CompactTable* table = read_[static_cast<std::size_t>(layer)];
    return table ? *table : earlier_(layer);
  }

  // Per chunk of the table, bit d mod 64 set once a value at distance d is set there: a ply's
  // pass looks only at the chunks it names (the marks are never cleared, so a chunk is at worst
  // looked at again for nothing).
  static constexpr std::uint64_t kChunk = 512;
  static std::uint64_t mark(int d) { return std::uint64_t{1} << (d & 63); }

  const G& game_;
  std::function<const CompactTable&(int)> earlier_;
  Ranks alone_;
  Ranks* ranks_;
  std::uint64_t begin_ = 0, end_ = 0;  // this rank's slice of the layer
  std::uint64_t align_ = kSliceAlign;
  tbb::enumerable_thread_specific<std::vector<std::uint64_t>> changes_;  // index << 16 | entry
  std::vector<std::uint64_t> marks_;
  std::vector<const CompactTable*> read_;  // by layer: the tables read, or null
  int layer_ = 0;
  std::atomic<int> horizon_{0}, ply_{-1};
};

// Every layer solved in memory, in order (for small games and tests; builds use LayerStore).
template <Indexed G>
std::vector<ValueTable> solve_in_memory(const G& game) {
  std::vector<ValueTable> tables;
  std::vector<CompactTable> read;
  RetrogradeSolver<G> solver(game, [&](int l) -> const CompactTable& { return read[static_cast<std::size_t>(l)]; });
  for (int layer = 0; layer < game.layer_count(); ++layer) {
    tables.push_back(solver.solve_layer(layer));
    read.emplace_back(tables.back());
  }
  return tables;
}

}  // namespace gs
