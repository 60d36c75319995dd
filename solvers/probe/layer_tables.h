// Probing solved tables: the layer files of a game in a directory (solvers/io/table_file.h).
// A probe reads one block of a layer file (header and block index checked when the file is first
// opened, the block when read); a whole layer is read and checked (checksums, counts) only when
// asked for with table(), as builds, statistics and verification do. Gives the value of any
// position, the value of each of its moves, and the value its moves imply (to verify a table). A small library: it
// needs the game's ranking and moves, not the solvers, so the command, bindings and other programs can link it alone
// (target gs_probe).
#pragma once

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/errors.h"
#include "engine/core/game.h"
#include "engine/core/game_tables.h"
#include "engine/core/layer_index.h"
#include "engine/core/value.h"
#include "solvers/common/progress_rule.h"
#include "solvers/io/table_file.h"
#include "solvers/probe/compact_table.h"
#include "solvers/probe/stated_layer.h"
#include "solvers/probe/value_table.h"

namespace gs {

// The game whose plain tables a game's tables under a progress rule restate (itself otherwise).
template <class G>
struct PlainGame {
  using type = G;
};
template <class G>
struct PlainGame<UnderProgressRule<G>> {
  using type = G;
};

template <Tabled G>
class LayerTables {
 public:
  using Position = typename G::Position;
  using Plain = typename PlainGame<G>::type;
  // Tables under a progress rule whose bounded layers may be stated from the plain tables.
  static constexpr bool kStates = ProgressRuled<G> && QuietBounded<G>;

  LayerTables(const G& game, std::string dir)
      : game_(game), dir_(std::move(dir)), by_layer_(static_cast<std::size_t>(game.layer_count()), nullptr) {}

  const G& game() const { return game_; }
  const std::string& dir() const { return dir_; }

  std::string path(int layer) const {
    char name[32];
    std::snprintf(name, sizeof name, "-layer%03d.gst", layer);
    return dir_ + "/" + G::kName + "-" + game_.variant() + name;
  }

  // The header a layer's file must have (its counts aside).
  TableHeader expected(int layer) const {
    TableHeader h;
    h.game = G::kName;
    h.variant = game_.variant();
    h.index_scheme = G::kIndexScheme;
    h.layer = layer;
    h.positions = game_.layer_size(layer);
    return h;
  }

  bool present(int layer) const {
    return std::filesystem::exists(path(layer)) || (kStates && std::filesystem::exists(stated_path(path(layer))));
  }

  // The layer's statement when its rule table is stated from the plain one (progress_rule.h),
  // checked against the plain file; nothing for a layer with a table file.
  const StatedLayer* stated(int layer) {
    if constexpr (!kStates) {
      return nullptr;
    } else {
      auto it = stated_.find(layer);
      if (it == stated_.end()) {
        std::optional<StatedLayer> s;
        if (!std::filesystem::exists(path(layer)) && std::filesystem::exists(stated_path(path(layer)))) {
          const std::string where = stated_path(path(layer));
          s = read_stated_layer(where, expected(layer));
          if (s->plain_variant != game_.plain().variant() || s->quiet_plies != game_.quiet_plies(layer))
            throw DataError(where + ": states another variant or bound than this game's");
          if (plain().header(layer).checksum != s->plain_checksum)
            throw DataError(where + ": states the plain table with checksum " + s->plain_checksum +
                            ", but the plain layer file's is " + plain().header(layer).checksum +
                            " (build again to state it anew)");
        }
        it = stated_.emplace(layer, std::move(s)).first;
      }
      return it->second ? &*it->second : nullptr;
    }
  }

  // Whether a layer's play without progress is bounded below the rule's limit.
  bool bounded(int layer) const requires kStates {
    const int q = game_.quiet_plies(layer);
    return q >= 1 && q < game_.progress_limit();
  }

  // Condition (Z) of progress_rule.h for stating the bounded layers from `first` on: every
  // unbounded layer comes before it and keeps the plain values at counter 0. Checked once.
  bool condition_z(int first) requires kStates {
    if (!condition_z_) {
      condition_z_ = true;
      for (int l = 0; l < game_.layer_count() && *condition_z_; ++l)
        if (!bounded(l)) *condition_z_ = l < first && plain().present(l) && keeps_values_at_zero(l);
    }
    return *condition_z_;
  }

  // Whether layer l's rule table has the plain table's outcome at counter 0 at every index.
  bool keeps_values_at_zero(int l) requires kStates {
    const CompactTable &rule = table(l), &plain_table = plain().table(l);
    bool same = true;
    for (std::uint64_t i = 0; i < rule.size() && same; ++i)
      same = !rule.has(i) || game_.value_at(rule.value(i), 0).outcome == plain_table.outcome(i);
    plain().drop(l);
    return same;
  }

  // The plain tables beside these (the same object for a game without a rule).
  LayerTables<Plain>& plain() {
    if constexpr (std::is_same_v<Plain, G>) {
      return *this;
    } else {
      if (!plain_) plain_ = std::make_unique<LayerTables<Plain>>(game_.plain(), dir_);
      return *plain_;
    }
  }

  // The layer's table, read and checked once, held compact. Throws DataError for a missing or
  // damaged file.
  const CompactTable& table(int layer) {
    auto it = tables_.find(layer);
    if (it == tables_.end()) {
      if (stated(layer))
        throw DataError("layer " + std::to_string(layer) + " under the rule is stated from the plain table (" +
                        stated_path(path(layer)) + "): it has no table of its own");
      if (!present(layer))
        throw DataError("layer " + std::to_string(layer) + " is not built: " + path(layer) +
                        " is missing (build the tables first)");
      // Straight into the compact form, a block at a time: the 2 bytes a position of the
      // solver's form are never held for a layer only read.
      CompactTable table;
      const TableHeader header = read_table_blocks(
          path(layer), expected(layer),
          [&](const TableHeader& h) { table = CompactTable(h.positions, h.wins + h.losses, h.longest > 255); },
          [&](std::span<const std::uint16_t> block) { table.append(block); });
      headers_[layer] = header;
      it = hold(layer, std::move(table));
    }
    return it->second;
  }

  const TableHeader& header(int layer) {
    if (!headers_.count(layer)) {
      if (const StatedLayer* s = stated(layer)) {
        TableHeader h = plain().header(layer);
        h.variant = game_.variant();
        h.longest = s->quiet_plies;
        h.checksum = s->checksum;
        h.stated_from = s->plain_checksum;
        headers_[layer] = h;
      } else {
        headers_[layer] = blocks(layer).header();
      }
    }
    return headers_.at(layer);
  }

  // A layer's file read through, every block checked against its checksum (a stated layer has
  // no blocks of its own: its plain layer's are checked).
  void check_blocks(int layer) {
    if (stated(layer))
      plain().check_blocks(layer);
    else
      blocks(layer).check_blocks();
  }

  // Layers whose tables are in memory.
  std::size_t loaded() const { return tables_.size(); }
  // Frees a layer's table (its header stays); it is read again from its file if needed.
  void drop(int layer) {
    tables_.erase(layer);
    held(layer) = nullptr;
  }

  // The value of a position for the side to move; past the tables, the game's terminal value.
  Value value(const Position& p) { return value(p, game_.locate(p)); }
  // The same, with the position's place already known.
  Value value(const Position& p, LayerIndex at) {
    if (at.layer < 0) {
      const auto end = game_.terminal(p);
      if (!end) throw DataError("the position is outside the tables");
      return {*end, 0};
    }
    if (const CompactTable* t = held(at.layer)) return t->value(at.index);
    if constexpr (kStates)
      if (stated(at.layer)) return implied(p, at.layer);  // at most quiet_plies deep
    const std::uint16_t entry = blocks(at.layer).entry(at.index);
    return {static_cast<Outcome>(entry & 3), entry >> 2};
  }

  // Every move of p with its value for the side making it, best first (the fastest win, draws,
  // the slowest loss; moves of equal value in the game's order). Under a progress rule, with
  // p's counter at `counter`: a move that progresses is valued at 1 ply to progress.
  std::vector<std::pair<typename G::Move, Value>> moves(const Position& p,
                                                        std::optional<int> counter = 0) requires Game<G> {
    std::vector<std::pair<typename G::Move, Value>> list;
    if (game_.terminal(p)) return list;
    const int from = game_.locate(p).layer;
    for_each_successor(game_, p, [&](const typename G::Move& m, const Position& next) {
      list.emplace_back(m, move_value_from(from, next, counter));
    });
    std::stable_sort(list.begin(), list.end(),
                     [](const auto& a, const auto& b) { return preference(a.second) < preference(b.second); });
    return list;
  }

  // The move moves() lists first, with its value, without listing the others: the best, and of
  // equal ones the first in the game's order. None at the end of the game.
  std::optional<std::pair<typename G::Move, Value>> best_move(const Position& p,
                                                              std::optional<int> counter = 0) requires Game<G> {
    std::optional<std::pair<typename G::Move, Value>> best;
    if (game_.terminal(p)) return best;
    const int from = game_.locate(p).layer;
    for_each_successor(game_, p, [&](const typename G::Move& m, const Position& next) {
      const Value v = move_value_from(from, next, counter);
      if (!best || preference(v) < preference(best->second)) best.emplace(m, v);
    });
    return best;
  }

  // The value p must have given its moves' stored values (a side with no move has lost).
  Value implied(const Position& p) requires Game<G> {
    if (const auto end = game_.terminal(p)) return {*end, 0};
    return implied(p, game_.locate(p).layer);
  }
  // The same for p in layer `from` (a caller that walks a layer knows it: no rank to compute).
  Value implied(const Position& p, int from) requires Game<G> {
    if (const auto end = game_.terminal(p)) return {*end, 0};
    std::optional<Value> best;
    for_each_located_successor(game_, p, [&](const Position& next, LayerIndex at) {
      const Value v = through(read_across(next, at, from, std::nullopt));
      if (!best || preference(v) < preference(*best)) best = v;
    });
    return best.value_or(Value{Outcome::kLoss, 0});
  }

  // implied(p), ranking only the moves that can change it: a move whose destination is not lost
  // (for the side to move there) never makes p a win, so such moves are put aside unranked, told
  // apart by `may_lose(next)`, which must answer true for every lost position (false answers are
  // taken as certain, true ones are checked). If a move wins, the fastest winning move decides;
  // if none does, the first drawn move put aside makes p a draw, and only when none draws are
  // they all valued (p is lost). Plain tables (no progress rule).
  template <class MayLose>
  Value implied_ranking_few(const Position& p, MayLose&& may_lose) requires Game<G> &&(!ProgressRuled<G>) {
    if (const auto end = game_.terminal(p)) return {*end, 0};
    constexpr std::size_t kAside = 64;                // beyond that many, moves are valued at once
    thread_local std::array<Position, kAside> aside;  // not built anew for every position
    std::size_t set_aside = 0;
    bool moved = false;
    std::optional<Value> best;
    const auto take = [&](Value v) {
      if (!best || preference(v) < preference(*best)) best = v;
    };
    for_each_successor(game_, p, [&](const auto&, const Position& next) {
      moved = true;
      // A terminal position may lie outside the tables, where may_lose knows nothing: valued now.
      if (set_aside < kAside && !game_.terminal(next) && !may_lose(next))
        aside[set_aside++] = next;
      else
        take(through(value(next)));
    });
    if (!moved) return {Outcome::kLoss, 0};
    if (best && best->outcome == Outcome::kWin) return *best;
    for (std::size_t i = 0; i < set_aside; ++i) {
      if (best && best->outcome == Outcome::kDraw) break;  // nothing put aside wins
      take(through(value(aside[i])));
    }
    return *best;
  }

  // The value of the move p -> next for the side making it. Under a progress rule
  // (solvers/common/progress_rule.h) with p's counter at `counter`; with none, as stored (the
  // distance to progress past the limit, as the solver left it).
  Value move_value(const Position& p, const Position& next, std::optional<int> counter) {
    return move_value_from(game_.locate(p).layer, next, counter);
  }

 protected:
  // Forgets everything read of a layer's file.
  void forget(int layer) {
    stated_.erase(layer);
    drop(layer);
    headers_.erase(layer);
    blocks_.erase(layer);
  }

  // The header of a table solved here and written, not kept.
  void adopt_header(int layer, const TableHeader& header) { headers_[layer] = header; }

  // A table solved here rather than read.
  std::map<int, CompactTable>::iterator adopt(int layer, const ValueTable& table, const TableHeader& header) {
    headers_[layer] = header;
    return hold(layer, CompactTable(table));
  }

 private:
  // move_value for a move out of layer `from` (a caller valuing every move of a position
  // locates it once).
  Value move_value_from(int from, const Position& next, std::optional<int> counter) {
    return through(read_across(next, game_.locate(next), from, counter));
  }

  // The value of a move's destination `next` (at `at`) as read from layer `from`: under a
  // progress rule, a move that progresses starts the counter again (its outcome at counter 0
  // alone counts: of a stated layer, the plain table's); with no counter, as stored.
  Value read_across(const Position& next, LayerIndex at, int from, std::optional<int> counter) {
    if constexpr (ProgressRuled<G>) {
      if (progresses(game_, from, at.layer)) {
        if (at.layer >= 0 && !held(at.layer) && stated(at.layer)) return {plain().value(next, at).outcome, 0};
        return {game_.value_at(value(next, at), 0).outcome, 0};
      }
      if (counter) return game_.value_at(value(next, at), *counter + 1);
    }
    return value(next, at);
  }

  std::map<int, CompactTable>::iterator hold(int layer, CompactTable&& table) {
    const auto it = tables_.insert_or_assign(layer, std::move(table)).first;
    held(layer) = &it->second;
    return it;
  }
  const CompactTable*& held(int layer) { return by_layer_.at(static_cast<std::size_t>(layer)); }

  // The layer's file, open for reading one block at a time.
  TableBlocks& blocks(int layer) {
    auto it = blocks_.find(layer);
    if (it == blocks_.end()) {
      if (!present(layer))
        throw DataError("layer " + std::to_string(layer) + " is not built: " + path(layer) +
                        " is missing (build the tables first)");
      it = blocks_.emplace(layer, TableBlocks(path(layer), expected(layer))).first;
    }
    return it->second;
  }

  const G& game_;
  std::string dir_;
  std::map<int, CompactTable> tables_;
  // tables_ by layer, or null: a move's lookup is one load, not a walk down the map.
  std::vector<const CompactTable*> by_layer_;
  std::map<int, TableBlocks> blocks_;
  std::map<int, TableHeader> headers_;
  std::map<int, std::optional<StatedLayer>> stated_;
  std::unique_ptr<LayerTables<Plain>> plain_;
  std::optional<bool> condition_z_;
};

}  // namespace gs
