// The positions of a game's index that play from the start reaches, counted per layer: an index
// holds every placement of the pieces (Tigers and Goats: tigers to move with 20 goats in hand),
// most of which no game reaches. A forward pass over the index alone, no table read.
//
// Why layer by layer: a move leads to its own layer or to one solved before it (the order the
// retrograde solver needs), so once the layers above are done, a layer receives nothing more
// from outside. Its marks are then closed under its own moves by sweeps (each sweep expands the
// marks the last one added) and its bitmap is freed. Memory: one bit an index position of the
// layers marked and not yet done.
//
// A side's strategy (`ReachStrategy`): at that side's positions only the move the tables rank
// first is followed (the move a certificate records, table_certify.h), at the other side's every
// move; the positions marked are then those the strategy meets against every defence, and the
// ones with its side to move are the records of its certificate, counted up to the index's
// symmetries (a certificate lists positions as played: at most the symmetries' number of times
// as many). Each layer's tables, and those its moves read, are held while it is swept.
//
// With a directory (--dir) the job is resumable: after a finished layer, once
// `checkpoint_seconds` have passed since the last save, the rows done and the marks of the layers
// still to do are saved there (reach_checkpoint.h); a run given the same directory starts after
// the last save, and one given a finished directory reports without redoing anything.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "engine/core/game_tables.h"
#include "engine/core/layer_index.h"
#include "solvers/common/capabilities.h"
#include "solvers/common/progress.h"
#include "tools/common/cli.h"
#include "tools/common/reach_checkpoint.h"
#include "tools/common/table_certify.h"
#include "tools/common/table_jobs.h"

namespace gs::tools::table_jobs {

// A row of the report: layer, name, index entries, positions reached.
inline std::string reach_row(const nlohmann::json& row) {
  char text[160];
  std::snprintf(text, sizeof text, "%5d  %-34s  %22llu  %llu\n", row.at("layer").get<int>(),
                row.at("layer_name").get<std::string>().c_str(),
                static_cast<unsigned long long>(row.at("entries").get<std::uint64_t>()),
                static_cast<unsigned long long>(row.at("reached").get<std::uint64_t>()));
  return text;
}

// One bit an index position of a layer, set from any thread.
class LayerMarks {
 public:
  explicit LayerMarks(std::uint64_t size) : words_((size + 63) / 64), bits_(new std::atomic<std::uint64_t>[words_]) {
    for (std::size_t w = 0; w < words_; ++w) bits_[w].store(0, std::memory_order_relaxed);
  }
  // True when the bit was clear.
  bool mark(std::uint64_t index) {
    const std::uint64_t bit = std::uint64_t{1} << (index % 64);
    // Most moves reach a position marked before: a plain load then, no locked write.
    if (bits_[index / 64].load(std::memory_order_relaxed) & bit) return false;
    return !(bits_[index / 64].fetch_or(bit, std::memory_order_relaxed) & bit);
  }
  std::uint64_t word(std::size_t w) const { return bits_[w].load(std::memory_order_relaxed); }
  std::vector<std::uint64_t> words() const {
    std::vector<std::uint64_t> out(words_);
    for (std::size_t w = 0; w < words_; ++w) out[w] = word(w);
    return out;
  }
  void assign(const std::vector<std::uint64_t>& saved) {
    for (std::size_t w = 0; w < words_; ++w) bits_[w].store(saved[w], std::memory_order_relaxed);
  }
  std::size_t word_count() const { return words_; }
  std::uint64_t count() const {
    std::uint64_t n = 0;
    for (std::size_t w = 0; w < words_; ++w) n += static_cast<std::uint64_t>(std::popcount(word(w)));
    return n;
  }

 private:
  std::size_t words_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> bits_;
};

// Whose strategy a reach follows, and the tables that give its moves.
struct ReachStrategy {
  std::string tables;  // the table files; empty: no strategy, every move of both sides
  std::string side;    // whose strategy (a won start: the winner's, which is the default)
};

// A strategy as a sweep follows it: the tables, held layer by layer, and the side.
template <Reported G>
struct FollowedStrategy {
  LayerTables<G>* tables = nullptr;  // null: no strategy
  int side = 0;
  bool draw = false;                  // a strategy that never loses (the start is a draw); else one that wins
  std::atomic<std::uint64_t> own{0};  // positions of `side` expanded in the layer being swept
};

// A sweep's range of the index is unranked in one run when at least one index in this many is
// to be expanded, and index by index otherwise.
inline constexpr std::uint64_t kSequentialBelow = 16;

// One sweep over a layer: each position marked and not yet `done` is expanded, the places of
// its moves marked. Returns whether a move marked a position of this layer anew (another sweep
// is needed). A range's fresh marks are taken once: those added while it is expanded wait for
// the next sweep.
template <Reported G>
bool reach_sweep(const G& game, int layer, const std::vector<std::unique_ptr<LayerMarks>>& marks, LayerMarks& done,
                 std::atomic<std::uint64_t>& expanded, FollowedStrategy<G>& strategy) {
  const LayerMarks& here = *marks[static_cast<std::size_t>(layer)];
  const std::uint64_t size = game.layer_size(layer);
  std::atomic<bool> added{false};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, here.word_count(), 64), [&](const auto& range) {
    std::vector<std::uint64_t> fresh(range.size());
    std::uint64_t count = 0;
    for (std::size_t w = range.begin(); w != range.end(); ++w) {
      fresh[w - range.begin()] = here.word(w) & ~done.word(w);
      count += static_cast<std::uint64_t>(std::popcount(fresh[w - range.begin()]));
    }
    const auto expand = [&](std::uint64_t index, const std::optional<typename G::Position>& p) {
      if (!(fresh[index / 64 - range.begin()] >> (index % 64) & 1)) return;
      done.mark(index);
      if (!p) throw std::logic_error("a reached index names no position");
      if (game.terminal(*p)) return;
      const auto reached = [&](LayerIndex at) {
        if (at.layer < 0) return;  // the game's end, outside the index
        if (at.layer > layer) throw std::logic_error("a move to a layer solved after its own");
        if (marks[static_cast<std::size_t>(at.layer)]->mark(at.index) && at.layer == layer) added = true;
      };
      if (strategy.tables && game.side(*p) == strategy.side) {
        ++strategy.own;
        const typename G::Move m = certify_parts::strategy_move(
            game, *strategy.tables, *p, strategy.tables->value(*p, {layer, index}), strategy.side, strategy.draw);
        reached(game.locate(game.play(*p, m)));
        return;
      }
      for_each_located_successor(game, *p, [&](const typename G::Position& next, LayerIndex at) {
        if (strategy.tables)
          if (const auto end = game.terminal(next); end && *end == Outcome::kLoss)
            throw DataError("the tables' strategy lets the " + std::string(G::kSides[1 - strategy.side]) + " win at " +
                            game.format(next));
        reached(at);
      });
    };
    const std::uint64_t begin = range.begin() * 64, end = std::min<std::uint64_t>(range.end() * 64, size);
    if (count * kSequentialBelow >= end - begin) {
      for_each_unranked(game, layer, begin, end, expand);  // each from the one before: cheaper
    } else {
      for (std::size_t w = range.begin(); w != range.end(); ++w)
        for (std::uint64_t bits = fresh[w - range.begin()]; bits; bits &= bits - 1) {
          const std::uint64_t index = w * 64 + static_cast<std::uint64_t>(std::countr_zero(bits));
          expand(index, game.unrank(layer, index));
        }
    }
    expanded += count;
  });
  return added;
}

// The rows of the layers done, and the totals.
template <Reported G>
Report reach_report(const G& game, const TableJobOptions& options, const nlohmann::json& per_layer, std::uint64_t total,
                    std::uint64_t index_total, double seconds) {
  std::string text = "layer  layer name                          index entries           reached\n";
  for (const auto& row : per_layer) text += reach_row(row);
  text += "  " + std::to_string(total) + " positions reached from the start, of the index's " +
          std::to_string(index_total) + " entries (some entries name no position; counted as the index counts, " +
          "up to its symmetries)\n  " + std::to_string(seconds) + " s, " + std::to_string(options.threads) +
          " threads, peak " + std::to_string(static_cast<int>(cli::peak_memory_mib())) + " MiB\n";
  return Report{nlohmann::json{{"game", G::kName},
                               {"variant", game.variant()},
                               {"layers", per_layer},
                               {"reached", total},
                               {"entries", index_total},
                               {"seconds", seconds},
                               {"threads", options.threads},
                               {"peak_memory_mib", cli::peak_memory_mib()}},
                text};
}

template <Reported G>
Report reach(const G& game, const TableJobOptions& options, const ReachStrategy& asked = {}) {
  const cli::Stopwatch clock;
  const int layers = game.layer_count();
  double bits = 0;
  for (int l = 0; l < layers; ++l) bits += static_cast<double>(game.layer_size(l));
  cli::check_memory_fits(bits / 8, std::string(G::kName) + " " + game.variant() + ": a bit an index position",
                         "a smaller variant");
  // The start's layer is the top: every layer below it that a move can reach gets its bits here,
  // in the main thread, so the workers only set bits.
  int top = -1;
  for (const auto& start : game.starts()) {
    if (!game.tabulated(start)) throw InputError("the index does not hold the start (Tigers and Goats: --phase whole)");
    top = std::max(top, game.locate(start).layer);
  }
  std::string identity = std::string(G::kName) + " " + game.variant() + " " + G::kIndexScheme;
  FollowedStrategy<G> strategy;
  std::optional<LayerTables<G>> tables;
  if (!asked.tables.empty()) {
    if (game.starts().size() != 1) throw InputError("a strategy's reach needs a game with one start");
    const auto start = game.starts().front();
    tables.emplace(game, asked.tables);
    // Every layer the walk can read is held while it is swept, so the tables must be whole.
    if (last_layer_present(*tables, game, asked.tables) != game.layer_count() - 1)
      throw InputError("the tables in " + asked.tables + " are not complete: build them to the last layer first");
    const Value value = tables->value(start);
    strategy.tables = &*tables;
    strategy.draw = value.outcome == Outcome::kDraw;
    strategy.side = certify_parts::strategy_side(game, start, value, asked.side);
    // A checkpoint of another side's strategy, or of other tables, is not this one's.
    identity += std::string(" strategy of the ") + G::kSides[strategy.side] + ", tables " +
                tables->header(game.locate(start).layer).checksum;
  } else if (!asked.side.empty()) {
    throw InputError("--side needs --tables: the tables whose moves the side plays");
  }
  std::optional<ReachCheckpoint> checkpoint;
  ReachProgress done_so_far{.next = top};
  if (!options.dir.empty()) {
    checkpoint.emplace(options.dir, identity);
    if (auto saved = checkpoint->load()) done_so_far = *saved;
  }
  const bool resumed = done_so_far.next < top;
  std::vector<std::unique_ptr<LayerMarks>> marks(static_cast<std::size_t>(layers));
  for (int l = 0; l <= done_so_far.next; ++l) {
    marks[static_cast<std::size_t>(l)] = std::make_unique<LayerMarks>(game.layer_size(l));
    if (resumed)
      marks[static_cast<std::size_t>(l)]->assign(
          checkpoint->load_marks(l, marks[static_cast<std::size_t>(l)]->word_count()));
  }
  if (!resumed)
    for (const auto& start : game.starts()) {
      const LayerIndex at = game.locate(start);
      marks[static_cast<std::size_t>(at.layer)]->mark(at.index);
    }
  std::atomic<int> current{done_so_far.next};
  // reached: in the layers done
  std::atomic<std::uint64_t> reached{done_so_far.total}, expanded{done_so_far.expanded};
  const ProgressReporter progress(options.global.progress(), [&] {
    return std::string(G::kName) + " reach: layer " + std::to_string(current.load()) + ", " +
           std::to_string(reached.load()) + " positions reached in the layers done, " +
           std::to_string(expanded.load()) + " expanded in all";
  });
  nlohmann::json per_layer = done_so_far.rows;
  std::uint64_t total = done_so_far.total, index_total = done_so_far.index_total;
  cli::Stopwatch since_save;
  for (int layer = done_so_far.next; layer >= 0; --layer) {
    current = layer;
    LayerMarks& here = *marks[static_cast<std::size_t>(layer)];
    LayerMarks done(game.layer_size(layer));
    if (tables && here.count() > 0) hold_layers_read(game, *tables, layer);
    strategy.own = 0;
    while (reach_sweep(game, layer, marks, done, expanded, strategy)) {
    }  // until the layer's own moves add nothing
    const std::uint64_t count = here.count();
    marks[static_cast<std::size_t>(layer)].reset();
    total += count, index_total += game.layer_size(layer), reached += count;
    per_layer.push_back({{"layer", layer},
                         {"layer_name", game.layer_name(layer)},
                         {"entries", game.layer_size(layer)},
                         {"reached", count}});
    if (tables) per_layer.back()["strategy_to_move"] = strategy.own.load();
    // Each layer's row as it is done, so a run stopped before the end still leaves its figures.
    if (options.global.progress())
      std::fprintf(stderr, "%s reach, layer done: %s", G::kName, reach_row(per_layer.back()).c_str());
    if (checkpoint && (layer == 0 || since_save.seconds() >= options.checkpoint_seconds)) {
      for (int l = 0; l < layer; ++l) checkpoint->save_marks(l, marks[static_cast<std::size_t>(l)]->words());
      checkpoint->save({.next = layer - 1,
                        .rows = per_layer,
                        .total = total,
                        .index_total = index_total,
                        .expanded = expanded.load()});
      since_save = cli::Stopwatch();
    }
  }
  Report report = reach_report(game, options, per_layer, total, index_total, clock.seconds());
  if (tables) {
    std::uint64_t own = 0;
    for (const auto& row : per_layer) own += row.at("strategy_to_move").get<std::uint64_t>();
    const std::string side = G::kSides[strategy.side];
    report.json["strategy"] = {{"side", side}, {"draw", strategy.draw}, {"to_move", own}};
    report.text += "  the strategy of the " + side + " (the tables' first move; it " +
                   (strategy.draw ? "never loses" : "wins") + "): " + std::to_string(total) +
                   " positions up to symmetry, " + std::to_string(own) + " of them with the " + side +
                   " to move (the records of its certificate, up to symmetry)\n";
  }
  return report;
}

}  // namespace gs::tools::table_jobs
