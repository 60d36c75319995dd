// Building a game's tables on disk: the layers solved in order into table files, resumable (a
// layer whose file is present and valid is loaded, not solved again). Reading, probing and
// checking are the probe library's (solvers/probe/layer_tables.h); this adds the solver.
// Across ranks (ranks.h) every rank runs this same loop on the same folder (shared by the
// machines): each layer is solved together (retrograde_solver.h) and written by slices
// (sliced_table_write.h); files the build writes whole (statements of rule tables) are rank 0's.
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "solvers/distributed/ranks.h"
#include "solvers/io/stale_temporaries.h"
#include "solvers/probe/layer_tables.h"
#include "solvers/retrograde/retrograde_solver.h"
#include "solvers/retrograde/sliced_table_write.h"

namespace gs {

template <Stored G>
class LayerStore : public LayerTables<G> {
 public:
  LayerStore(const G& game, std::string dir, Ranks* ranks = nullptr)
      : LayerTables<G>(game, std::move(dir)), ranks_(ranks ? ranks : &alone_) {}

  // Builds layers 0..last: a valid file is loaded, a missing or damaged one (a file cut short, a
  // checksum that fails) solved and written again. `on_layer(layer, solved)` reports each layer;
  // repaired() lists the damaged files and why.
  void build(int last, bool compress, const std::function<void(int, bool)>& on_layer) {
    std::filesystem::create_directories(this->dir());
    if (first_rank()) remove_stale_temporaries(this->dir());  // left by a build killed between write and rename
    ranks_->barrier();
    RetrogradeSolver<G> solver(
        this->game(), [this](int l) -> const CompactTable& { return this->table(l); }, ranks_);
    solver_ = &solver;
    for (int layer = 0; layer <= last; ++layer) {
      layer_ = layer;
      if constexpr (LayerDependencies<G>) drop_unread(layer, last);
      if constexpr (LayerTables<G>::kStates) {
        if (states(layer)) {
          const bool wrote = ranks_->max(first_rank() && state(layer)) != 0;
          if (!first_rank()) this->forget(layer);  // read again what rank 0 wrote
          on_layer(layer, wrote);
          continue;
        }
        if (first_rank()) std::filesystem::remove(stated_path(this->path(layer)));  // a statement no longer made
        ranks_->barrier();
        this->forget(layer);
      }
      // Every rank solves when any finds the file missing or damaged.
      const bool solve = ranks_->max(!this->present(layer) || !intact(layer, last)) != 0;
      if (solve) {
        ValueTable t = solver.solve_layer(layer);
        const LayerStats s = count_layer(t);
        TableHeader h = this->expected(layer);
        h.wins = s.wins, h.losses = s.losses, h.draws = s.draws, h.longest = s.longest;
        if (ranks_->size() == 1) {
          h.checksum = write_table_file(this->path(layer), h, t.raw(), compress);
        } else {
          const auto [begin, end] = solver.slice(t.size(), ranks_->rank());
          h.checksum = write_table_file_in_slices(this->path(layer), h, t.raw(), compress, *ranks_, begin, end);
        }
        if (read_later(layer, last))
          this->adopt(layer, t, h);
        else
          this->adopt_header(layer, h);
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

  // Under a progress rule: whether a layer's rule table is stated from the plain one
  // (solvers/common/progress_rule.h): its play without progress is bounded below the limit, its
  // plain table is built, and condition (Z) holds.
  bool states(int layer) requires LayerTables<G>::kStates {
    return this->bounded(layer) && this->plain().present(layer) && this->condition_z(layer);
  }

 private:
  // Writes the layer's statement unless a valid one is there; returns whether it wrote.
  bool state(int layer) requires LayerTables<G>::kStates {
    try {
      if (this->stated(layer)) return false;
    } catch (const DataError& e) {
      repaired_.push_back(e.what());
      this->forget(layer);
    }
    const StatedLayer s{.plain_variant = this->game().plain().variant(),
                        .plain_checksum = this->plain().header(layer).checksum,
                        .quiet_plies = this->game().quiet_plies(layer)};
    write_stated_layer(stated_path(this->path(layer)), this->expected(layer), s);
    std::filesystem::remove(this->path(layer));  // a table solved before the statement applied
    this->forget(layer);
    return true;
  }

 public:
  // Whether a layer's file reads back. A game that names the layers each layer reads has every
  // block checked against its checksum, and the table is read when a layer to solve needs it (so
  // a resumed build does not read back the layers it will not use); otherwise a layer a later one
  // reads is read whole now. A damaged file is noted and forgotten, to be solved again.
  bool intact(int layer, int last) {
    try {
      this->header(layer);
      if constexpr (LayerDependencies<G>)
        this->check_blocks(layer);
      else if (read_later(layer, last))
        this->table(layer);
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
  bool first_rank() const { return ranks_->rank() == 0; }

  Ranks alone_;
  Ranks* ranks_;
  std::vector<std::string> repaired_;
  std::atomic<const RetrogradeSolver<G>*> solver_{nullptr};
  std::atomic<int> layer_{0};
};

}  // namespace gs
