// Building a game's tables on disk: the layers solved in order into table files, resumable (a
// layer whose file is present and valid is loaded, not solved again). Reading, probing and
// checking are the probe library's (solvers/probe/layer_tables.h); this adds the solver.
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "solvers/probe/layer_tables.h"
#include "solvers/retrograde/retrograde_solver.h"

namespace gs {

template <Stored G>
class LayerStore : public LayerTables<G> {
 public:
  LayerStore(const G& game, std::string dir) : LayerTables<G>(game, std::move(dir)) {}

  // Builds layers 0..last: a valid file is loaded, a missing or damaged one (a file cut short, a
  // checksum that fails) solved and written again. `on_layer(layer, solved)` reports each layer;
  // repaired() lists the damaged files and why.
  void build(int last, bool compress, const std::function<void(int, bool)>& on_layer) {
    std::filesystem::create_directories(this->dir());
    RetrogradeSolver<G> solver(this->game(), [this](int l) -> const ValueTable& { return this->table(l); });
    solver_ = &solver;
    for (int layer = 0; layer <= last; ++layer) {
      layer_ = layer;
      if constexpr (LayerDependencies<G>) drop_unread(layer, last);
      const bool solve = !this->present(layer) || !intact(layer, last);
      if (solve) {
        ValueTable t = solver.solve_layer(layer);
        const LayerStats s = count_layer(t);
        TableHeader h = this->expected(layer);
        h.wins = s.wins, h.losses = s.losses, h.draws = s.draws, h.longest = s.longest;
        h.checksum = write_table_file(this->path(layer), h, t.raw(), compress);
        this->adopt(layer, std::move(t), h);
      }
      on_layer(layer, solve);
    }
    solver_ = nullptr;
  }

  // Before layer `next`: drops every table that no layer from `next` to `last` reads, so memory
  // holds the layer being solved and the layers it reads, not the whole game.
  void drop_unread(int next, int last) requires LayerDependencies<G> {
    std::vector<bool> read(static_cast<std::size_t>(next), false);
    for (int layer = next; layer <= last; ++layer)
      for (int earlier : this->game().layers_read(layer))
        if (earlier < next) read[static_cast<std::size_t>(earlier)] = true;
    for (int layer = 0; layer < next; ++layer)
      if (!read[static_cast<std::size_t>(layer)]) this->drop(layer);
  }

  const std::vector<std::string>& repaired() const { return repaired_; }

  // Whether a layer's file reads back: whole when a later layer reads it, else its header and
  // block index. A damaged file is noted and forgotten, to be solved again.
  bool intact(int layer, int last) {
    try {
      if (read_later(layer, last))
        this->table(layer);
      else
        this->header(layer);
      return true;
    } catch (const DataError& e) {
      repaired_.push_back(e.what());
      this->forget(layer);
      return false;
    }
  }

  // Whether a layer after `layer` (up to `last`) reads it (every one may, for a game that does
  // not say).
  bool read_later(int layer, int last) const {
    if constexpr (LayerDependencies<G>) {
      for (int later = layer + 1; later <= last; ++later)
        for (int earlier : this->game().layers_read(later))
          if (earlier == layer) return true;
      return false;
    } else {
      return true;
    }
  }

  // "layer L, ply d" while build runs (read from the progress thread).
  std::string progress() const {
    const auto* solver = solver_.load();
    const int ply = solver ? solver->current_ply() : -1;
    return "layer " + std::to_string(layer_.load()) + (ply < 0 ? ", first pass" : ", ply " + std::to_string(ply));
  }

 private:
  std::vector<std::string> repaired_;
  std::atomic<const RetrogradeSolver<G>*> solver_{nullptr};
  std::atomic<int> layer_{0};
};

}  // namespace gs
