// Probing solved tables: the layer files of a game in a directory (solvers/io/table_file.h).
// A probe reads one block of a layer file (header and block index checked when the file is first
// opened, the block when read); a whole layer is read and checked (checksums, counts) only when
// asked for with table(), as builds, statistics and verification do. Gives the value of any
// position, the value of each of its moves, and the value its moves imply (to verify a table). A small library: it
// needs the game's ranking and moves, not the solvers, so the command, bindings and other programs can link it alone
// (target gs_probe).
#pragma once

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/errors.h"
#include "solvers/common/game.h"
#include "solvers/common/progress_rule.h"
#include "solvers/io/table_file.h"
#include "solvers/probe/value_table.h"

namespace gs {

template <Tabled G>
class LayerTables {
 public:
  using Position = typename G::Position;

  LayerTables(const G& game, std::string dir) : game_(game), dir_(std::move(dir)) {}

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

  bool present(int layer) const { return std::filesystem::exists(path(layer)); }

  // The layer's table, read and checked once. Throws DataError for a missing or damaged file.
  const ValueTable& table(int layer) {
    auto it = tables_.find(layer);
    if (it == tables_.end()) {
      if (!present(layer))
        throw DataError("layer " + std::to_string(layer) + " is not built: " + path(layer) +
                        " is missing (build the tables first)");
      TableFile file = read_table_file(path(layer), expected(layer));
      ValueTable t(file.entries.size());
      t.raw() = std::move(file.entries);
      const LayerStats s = count_layer(t);
      if (s.wins != file.header.wins || s.losses != file.header.losses || s.draws != file.header.draws)
        throw DataError(path(layer) + ": value counts differ from the header");
      it = adopt(layer, std::move(t), file.header);
    }
    return it->second;
  }

  const TableHeader& header(int layer) {
    if (!headers_.count(layer)) headers_[layer] = blocks(layer).header();
    return headers_.at(layer);
  }

  // Layers whose tables are in memory.
  std::size_t loaded() const { return tables_.size(); }
  // Frees a layer's table (its header stays); it is read again from its file if needed.
  void drop(int layer) { tables_.erase(layer); }

  // The value of a position for the side to move; past the tables, the game's terminal value.
  Value value(const Position& p) {
    const LayerIndex at = game_.locate(p);
    if (at.layer < 0) {
      const auto end = game_.terminal(p);
      if (!end) throw DataError("the position is outside the tables");
      return {*end, 0};
    }
    if (const auto it = tables_.find(at.layer); it != tables_.end()) return it->second.value(at.index);
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
    for_each_successor(game_, p, [&](const typename G::Move& m, const Position& next) {
      list.emplace_back(m, move_value(p, next, counter));
    });
    std::stable_sort(list.begin(), list.end(),
                     [](const auto& a, const auto& b) { return preference(a.second) < preference(b.second); });
    return list;
  }

  // The value p must have given its moves' stored values (a side with no move has lost).
  Value implied(const Position& p) requires Game<G> {
    if (const auto end = game_.terminal(p)) return {*end, 0};
    std::optional<Value> best;
    for_each_successor(game_, p, [&](const typename G::Move&, const Position& next) {
      const Value v = move_value(p, next, std::nullopt);
      if (!best || preference(v) < preference(*best)) best = v;
    });
    return best.value_or(Value{Outcome::kLoss, 0});
  }

  // The value of the move p -> next for the side making it. Under a progress rule
  // (solvers/common/progress_rule.h) with p's counter at `counter`; with none, as stored (the
  // distance to progress past the limit, as the solver left it).
  Value move_value(const Position& p, const Position& next, std::optional<int> counter) {
    Value v = value(next);
    if constexpr (ProgressRuled<G>) {
      const int from = game_.locate(p).layer, to = game_.locate(next).layer;
      if (to < 0 || (to != from && game_.progress(from, to)))
        v = {game_.value_at(v, 0).outcome, 0};  // the counter starts again
      else if (counter)
        v = game_.value_at(v, *counter + 1);
    }
    return through(v);
  }

 protected:
  // Forgets everything read of a layer's file.
  void forget(int layer) {
    tables_.erase(layer);
    headers_.erase(layer);
    blocks_.erase(layer);
  }

  // A table solved here rather than read.
  std::map<int, ValueTable>::iterator adopt(int layer, ValueTable table, const TableHeader& header) {
    headers_[layer] = header;
    return tables_.insert_or_assign(layer, std::move(table)).first;
  }

 private:
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
  std::map<int, ValueTable> tables_;
  std::map<int, TableBlocks> blocks_;
  std::map<int, TableHeader> headers_;
};

}  // namespace gs
