// Retrograde analysis of a two-player game whose positions are split into layers with a dense
// index each: every position gets its value for the side to move (win, loss, draw) and, for
// wins and losses, the number of plies to the end with best play (the winner hurries, the
// loser delays). Positions never resolved are draws: neither side can force an end.
//
// Layers are solved in order; a move leads to the same layer, to one solved before (a capture,
// a hound's step), whose table is only read, or out of the index to a terminal position (layer
// -1, valued by the game's terminal test). Within a layer:
//  (1) in parallel over the index, each position is unranked and decided if terminal; else its
//      moves out of the layer are looked up: a losing one makes a win pending at 1 + its
//      distance; if every move leaves the layer and wins for the opponent, a loss is pending;
//  (2) ply by ply, the positions decided at distance d make their predecessors in the layer
//      wins at d + 1 (if they lost); if they won, each predecessor is re-examined, and one whose
//      moves are now all decided wins for the opponent is a loss at one more than its slowest.
//      Re-examining (rather than counting down moves) stays right when the index is reduced by
//      symmetry, where a position's moves and its representative's un-moves need not pair up.
//      Decisions are made when their ply comes up, so every win is the fastest and every loss
//      the slowest; each ply runs in parallel with a result independent of the order.
// Knows no game.
#pragma once

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "engine/core/layer_index.h"
#include "engine/core/outcome.h"

namespace gs {

template <class G>
concept IndexedGame = requires(const G& game, const typename G::Position& p, int layer, std::uint64_t index) {
  { game.layer_count() } -> std::convertible_to<int>;              // solved in order 0, 1, ...
  { game.layer_size(layer) } -> std::convertible_to<std::uint64_t>;
  { game.locate(p) } -> std::same_as<LayerIndex>;                   // rank; layer -1: terminal, outside
  { game.unrank(layer, index) } -> std::same_as<std::optional<typename G::Position>>;  // nullopt: none
  { game.terminal(p) } -> std::same_as<std::optional<Outcome>>;     // decided without a move
  game.for_each_successor(p, [](const typename G::Position&) {});   // into this or earlier layers
  game.for_each_predecessor(p, [](const typename G::Position&) {}); // may include other layers
};

// One solved layer: per index, the value (2 bits) and the distance (14 bits); 0 = no position.
class ValueTable {
 public:
  static constexpr int kMaxDistance = (1 << 14) - 1;

  ValueTable() = default;
  explicit ValueTable(std::uint64_t size) : entries_(size) {}

  std::uint64_t size() const { return entries_.size(); }
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
LayerStats count_layer(const ValueTable& table);

template <IndexedGame G>
class RetrogradeSolver {
 public:
  using Position = typename G::Position;

  // `earlier(l)` gives the solved table of an earlier layer l.
  RetrogradeSolver(const G& game, std::function<const ValueTable&(int)> earlier) : game_(game), earlier_(std::move(earlier)) {}

  ValueTable solve_layer(int layer) {
    layer_ = layer;
    const std::uint64_t n = game_.layer_size(layer);
    ValueTable table(n);
    std::map<int, Schedule> plies;
    initialise(table, plies);
    while (!plies.empty()) {
      const auto [d, scheduled] = *plies.begin();
      plies.erase(plies.begin());
      const Schedule decided = decide(table, scheduled, d);
      propagate(table, decided, d, plies);
    }
    mark_draws(table);
    return table;
  }

 private:
  struct Scheduled {
    std::uint64_t index;
    Outcome outcome;
  };
  using Schedule = std::vector<Scheduled>;
  using Collector = tbb::enumerable_thread_specific<std::map<int, Schedule>>;

  static void merge(Collector& parts, std::map<int, Schedule>& plies) {
    for (auto& part : parts)
      for (auto& [d, list] : part) plies[d].insert(plies[d].end(), list.begin(), list.end());
  }

  // The value of a move's destination for the side to move there, if known: from this layer's
  // table as solved so far, an earlier layer's table, or the terminal test outside the index.
  std::optional<std::pair<Outcome, int>> value_of(const ValueTable& table, const Position& next) const {
    const LayerIndex at = game_.locate(next);
    if (at.layer < 0) return std::pair{*game_.terminal(next), 0};
    const ValueTable& t = at.layer == layer_ ? table : earlier_(at.layer);
    const std::uint16_t entry = at.layer == layer_ ? std::atomic_ref<const std::uint16_t>(t.raw()[at.index]).load(std::memory_order_relaxed)
                                                   : t.raw()[at.index];
    if (entry == 0) return std::nullopt;
    return std::pair{static_cast<Outcome>(entry & 3), entry >> 2};
  }

  // If every move of p is decided and wins for the opponent, the ply of p's loss (one more than
  // the slowest); otherwise nothing.
  std::optional<int> loss_ply(const ValueTable& table, const Position& p) const {
    int slowest = 0;
    bool lost = true;
    game_.for_each_successor(p, [&](const Position& next) {
      if (!lost) return;
      const auto v = value_of(table, next);
      if (!v || v->first != Outcome::kWin) lost = false;
      else slowest = std::max(slowest, v->second + 1);
    });
    return lost ? std::optional<int>(slowest) : std::nullopt;
  }

  void initialise(ValueTable& table, std::map<int, Schedule>& plies) {
    Collector found;
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, table.size()), [&](const auto& range) {
      auto& mine = found.local();
      for (std::uint64_t i = range.begin(); i != range.end(); ++i) {
        const auto p = game_.unrank(layer_, i);
        if (!p) continue;
        if (const auto end = game_.terminal(*p)) {
          mine[0].push_back({i, *end});
          continue;
        }
        int fastest_win = -1;
        bool inside = false;
        game_.for_each_successor(*p, [&](const Position& next) {
          if (game_.locate(next).layer == layer_) {
            inside = true;
            return;
          }
          const auto v = value_of(table, next);
          if (v->first == Outcome::kLoss) fastest_win = fastest_win < 0 ? v->second + 1 : std::min(fastest_win, v->second + 1);
        });
        if (fastest_win >= 0) mine[fastest_win].push_back({i, Outcome::kWin});
        else if (!inside)
          if (const auto ply = loss_ply(table, *p)) mine[*ply].push_back({i, Outcome::kLoss});  // no move at all: ply 0
      }
    });
    merge(found, plies);
  }

  // Sets the values scheduled for ply d that are still open; returns those it set.
  Schedule decide(ValueTable& table, const Schedule& scheduled, int d) {
    tbb::enumerable_thread_specific<Schedule> parts;
    auto* raw = table.raw().data();
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, scheduled.size()), [&](const auto& range) {
      auto& mine = parts.local();
      for (std::size_t k = range.begin(); k != range.end(); ++k) {
        std::uint16_t open = 0;
        if (std::atomic_ref<std::uint16_t>(raw[scheduled[k].index]).compare_exchange_strong(open, ValueTable::encode(scheduled[k].outcome, d)))
          mine.push_back(scheduled[k]);
      }
    });
    Schedule all;
    for (auto& part : parts) all.insert(all.end(), part.begin(), part.end());
    return all;
  }

  void propagate(const ValueTable& table, const Schedule& decided, int d, std::map<int, Schedule>& plies) {
    Collector found;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, decided.size()), [&](const auto& range) {
      auto& mine = found.local();
      for (std::size_t k = range.begin(); k != range.end(); ++k) {
        const bool lost = decided[k].outcome == Outcome::kLoss;
        game_.for_each_predecessor(*game_.unrank(layer_, decided[k].index), [&](const Position& pred) {
          const LayerIndex at = game_.locate(pred);
          if (at.layer != layer_ || game_.terminal(pred)) return;
          if (std::atomic_ref<const std::uint16_t>(table.raw()[at.index]).load(std::memory_order_relaxed) != 0) return;
          if (lost) mine[d + 1].push_back({at.index, Outcome::kWin});
          else if (const auto ply = loss_ply(table, pred)) mine[std::max(d + 1, *ply)].push_back({at.index, Outcome::kLoss});
        });
      }
    });
    merge(found, plies);
  }

  // Positions still open can never be forced to an end.
  void mark_draws(ValueTable& table) {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, table.size()), [&](const auto& range) {
      for (std::uint64_t i = range.begin(); i != range.end(); ++i)
        if (table.raw()[i] == 0 && game_.unrank(layer_, i)) table.raw()[i] = ValueTable::encode(Outcome::kDraw, 0);
    });
  }

  const G& game_;
  std::function<const ValueTable&(int)> earlier_;
  int layer_ = 0;
};

inline LayerStats count_layer(const ValueTable& table) {
  LayerStats s;
  for (std::uint64_t i = 0; i < table.size(); ++i) {
    const auto entry = table.raw()[i];
    if (entry == 0) continue;  // no position
    ++s.positions;
    switch (table.outcome(i)) {
      case Outcome::kWin: ++s.wins; break;
      case Outcome::kLoss: ++s.losses; break;
      default: ++s.draws; break;
    }
    if (table.outcome(i) != Outcome::kDraw) s.longest = std::max(s.longest, table.distance(i));
  }
  return s;
}

}  // namespace gs
