// The solved layers of a game on disk: one table file per layer in a directory, built in order
// and resumable (a layer whose file is present and valid is loaded, not solved again), and read
// back on demand for probing, statistics and verification. Knows no game: the game supplies
// its name, variant and index scheme for the file headers.
#pragma once

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <string>

#include "engine/core/errors.h"
#include "solvers/io/table_file.h"
#include "solvers/retrograde/retrograde_solver.h"

namespace gs {

template <class G>
concept StoredGame = IndexedGame<G> && requires(const G& game) {
  { G::kName } -> std::convertible_to<std::string>;
  { G::kIndexScheme } -> std::convertible_to<std::string>;
  { game.variant() } -> std::convertible_to<std::string>;
};

template <StoredGame G>
class LayerStore {
 public:
  LayerStore(const G& game, std::string dir) : game_(game), dir_(std::move(dir)) {}

  std::string path(int layer) const {
    char name[32];
    std::snprintf(name, sizeof name, "-layer%03d.gst", layer);
    return dir_ + "/" + G::kName + "-" + game_.variant() + name;
  }

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

  // The layer's table, read (and checked) once.
  const ValueTable& table(int layer) {
    auto it = tables_.find(layer);
    if (it == tables_.end()) {
      if (!present(layer))
        throw DataError("layer " + std::to_string(layer) + " is not built: " + path(layer) +
                        " is missing (run hunt build)");
      TableFile file = read_table_file(path(layer), expected(layer));
      ValueTable t(file.entries.size());
      t.raw() = std::move(file.entries);
      const LayerStats s = count_layer(t);
      if (s.wins != file.header.wins || s.losses != file.header.losses || s.draws != file.header.draws)
        throw DataError(path(layer) + ": value counts differ from the header");
      headers_[layer] = file.header;
      it = tables_.emplace(layer, std::move(t)).first;
    }
    return it->second;
  }

  const TableHeader& header(int layer) {
    table(layer);
    return headers_.at(layer);
  }

  // Builds layers 0..last: a valid file is loaded, a missing one solved and written (a damaged
  // one is an error: delete it to rebuild). `on_layer(layer, solved)` reports each layer.
  void build(int last, bool compress, const std::function<void(int, bool)>& on_layer) {
    std::filesystem::create_directories(dir_);
    RetrogradeSolver<G> solver(game_, [this](int l) -> const ValueTable& { return table(l); });
    solver_ = &solver;
    for (int layer = 0; layer <= last; ++layer) {
      layer_ = layer;
      const bool solve = !present(layer);
      if (solve) {
        ValueTable t = solver.solve_layer(layer);
        const LayerStats s = count_layer(t);
        TableHeader h = expected(layer);
        h.wins = s.wins, h.losses = s.losses, h.draws = s.draws, h.longest = s.longest;
        write_table_file(path(layer), h, t.raw(), compress);
        headers_[layer] = h;
        tables_[layer] = std::move(t);
      } else {
        table(layer);
      }
      on_layer(layer, solve);
    }
    solver_ = nullptr;
  }

  // "layer L, ply d" while build runs (read from the progress thread).
  std::string progress() const {
    const auto* solver = solver_.load();
    const int ply = solver ? solver->current_ply() : -1;
    return "layer " + std::to_string(layer_.load()) + (ply < 0 ? ", first pass" : ", ply " + std::to_string(ply));
  }

 private:
  const G& game_;
  std::string dir_;
  std::atomic<const RetrogradeSolver<G>*> solver_{nullptr};
  std::atomic<int> layer_{0};
  std::map<int, ValueTable> tables_;
  std::map<int, TableHeader> headers_;
};

}  // namespace gs
