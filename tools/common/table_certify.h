// The certificate of a position's value, read from solved tables (docs/certificates.md). A win:
// every position reachable from it when the winner plays the tables' fastest winning move and
// the other side plays every legal move; for each one where the winner moves, that move and the
// distance. A draw: the same for one side's strategy that never loses (its best move by the
// tables), one certificate a side. `gamesolver certificate check` proves the claim from the file
// alone.
#pragma once

#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "engine/core/game_tables.h"
#include "engine/core/layer_index.h"
#include "engine/core/value.h"
#include "solvers/common/progress.h"
#include "solvers/probe/layer_tables.h"
#include "tools/certificate/certificate_writer.h"
#include "tools/common/cli.h"
#include "tools/common/table_jobs.h"

namespace gs::tools::table_jobs {

namespace certify_parts {

// The side whose moves a certificate records: the winner; for a draw the side asked for (its
// strategy never loses; the other side's certificate completes the proof of the draw).
template <Reported G>
int strategy_side(const G& game, const typename G::Position& start, const Value& value, const std::string& asked) {
  if (value.outcome == Outcome::kDraw) {
    const auto* named = std::find(std::begin(G::kSides), std::end(G::kSides), asked);
    if (named == std::end(G::kSides))
      throw InputError("the position is a draw: give --side " + std::string(G::kSides[0]) + " or --side " +
                       G::kSides[1] +
                       " for that side's strategy that never loses (one certificate a side proves "
                       "the draw)");
    return static_cast<int>(named - std::begin(G::kSides));
  }
  const int side = value.outcome == Outcome::kWin ? game.side(start) : 1 - game.side(start);
  if (!asked.empty() && asked != G::kSides[side])
    throw InputError("the position is won for the " + std::string(G::kSides[side]) +
                     ": --side names the winner or is left out");
  return side;
}

// The strategy's move at `p` (the strategy's side to move, valued `v` by the tables): the move
// the tables rank first. The tables must hold a win there (a draw's strategy: a draw or a win)
// that this move keeps.
template <Reported G>
typename G::Move strategy_move(const G& game, LayerTables<G>& tables, const typename G::Position& p, const Value& v,
                               int side, bool draw) {
  const auto best = tables.best_move(p, std::nullopt);
  const bool acceptable = v.outcome == Outcome::kWin || (draw && v.outcome == Outcome::kDraw);
  if (!acceptable || !best || best->second != v)
    throw DataError("the tables do not hold a " + std::string(draw ? "draw or a win" : "win") + " for the " +
                    G::kSides[side] + " at " + game.format(p) + " (damaged or inconsistent tables: run hunt verify)");
  return best->first;
}

// Layers read whole when first needed (a probe of a block per position is 30 times slower)
// while they fit in a budget, freed once the walk has left them; past the budget, the tables
// probe block by block.
template <Reported G>
class LayerWindow {
 public:
  LayerWindow(const G& game, LayerTables<G>& tables, double budget)
      : game_(game), tables_(tables), budget_(budget), loaded_(static_cast<std::size_t>(game.layer_count())) {}
  void need(int layer) {
    if (layer < 0 || loaded_[static_cast<std::size_t>(layer)]) return;  // < 0: the game's end, past the index
    if (held_ + bytes(layer) > budget_) return;
    tables_.table(layer);
    loaded_[static_cast<std::size_t>(layer)] = true, held_ += bytes(layer);
  }
  void done_above(int layer) {
    for (int l = layer + 1; l < game_.layer_count(); ++l)
      if (loaded_[static_cast<std::size_t>(l)])
        tables_.drop(l), loaded_[static_cast<std::size_t>(l)] = false, held_ -= bytes(l);
  }

 private:
  double bytes(int layer) const { return 1.25 * static_cast<double>(game_.layer_size(layer)); }  // CompactTable's most
  const G& game_;
  LayerTables<G>& tables_;
  double budget_, held_ = 0;
  std::vector<bool> loaded_;
};

// The records of `side`'s strategy from `start`: every position of that side reachable when it
// plays the tables' best move and the other side plays every legal move, with that move and
// (a win) the distance. Positions are taken layer by layer, from the start's down: a move leads
// to its own layer or to one solved before it, so a layer is done when the walk leaves it.
template <Reported G>
std::vector<CertificateRecord> strategy_records(const G& game, LayerTables<G>& tables,
                                                const typename G::Position& start, int side, bool draw,
                                                std::uint64_t max_records, bool show_progress) {
  using Position = typename G::Position;
  LayerWindow<G> window(game, tables, 0.5 * cli::physical_memory_bytes());
  // Positions seen are kept as hashes of their text: two positions with one hash would leave a
  // record out, which the check refuses; it never passes a wrong certificate.
  std::unordered_set<std::uint64_t> seen;
  const auto first_visit = [&](const Position& p) {
    return seen.insert(std::hash<std::string>{}(game.format(p))).second;
  };
  std::map<int, std::vector<Position>, std::greater<>> pending;  // by layer, the highest first
  std::vector<CertificateRecord> records;
  std::atomic<std::uint64_t> positions{0};
  std::atomic<int> current{0};
  const ProgressReporter progress(show_progress, [&] {
    return std::string(G::kName) + " certify: layer " + std::to_string(current.load()) + ", " +
           std::to_string(positions.load()) + " positions of the " + G::kSides[side];
  });
  // The other side's replies at `p` (its turn): the positions of the strategy's side they reach.
  const auto replies = [&](const Position& p) {
    game.for_each_move(p, [&](const typename G::Move& m) {
      const Position next = game.play(p, m);
      if (const auto end = game.terminal(next)) {
        if (*end == Outcome::kLoss)
          throw DataError("the tables' strategy lets the " + std::string(G::kSides[1 - side]) + " win at " +
                          game.format(next));
        return;
      }
      if (first_visit(next)) pending[game.locate(next).layer].push_back(next);
    });
  };
  if (game.side(start) == side)
    first_visit(start), pending[game.locate(start).layer].push_back(start);
  else
    replies(start);
  while (!pending.empty()) {
    const auto layer = pending.begin();
    if (layer->second.empty()) {
      pending.erase(layer);
      continue;
    }
    current = layer->first;
    window.done_above(layer->first);
    const Position p = layer->second.back();
    layer->second.pop_back();
    window.need(layer->first);
    for_each_located_successor(game, p, [&](const Position&, LayerIndex at) { window.need(at.layer); });
    const Value v = tables.value(p);
    const auto best = strategy_move(game, tables, p, v, side, draw);
    const Position next = game.play(p, best);
    records.push_back({game.format(p), game.move_name(p, best), draw ? 0 : v.distance});
    if (++positions > max_records)
      throw DataError("the " + std::string(G::kSides[side]) + "'s strategy reaches more than " +
                      std::to_string(max_records) + " positions: too large to write here (--max-records)");
    if (!game.terminal(next)) replies(next);
  }
  return records;
}

}  // namespace certify_parts

// `strategy_side`: for a drawn position, the side whose strategy is written (a win's is the
// winner's); records past max_records stop the job.
template <Reported G>
Report certify(const G& game, const TableJobOptions& options, const std::string& output,
               const std::string& strategy_side = "", std::uint64_t max_records = 100'000'000) {
  const cli::Stopwatch clock;
  LayerTables<G> tables(game, options.dir);
  const auto start = options.position.empty() ? game.start() : game.parse(options.position);
  if (game.terminal(start)) throw InputError("the game is over at the position: there is nothing to certify");
  if (!game.tabulated(start))
    throw InputError("the position is outside the tables (goats in hand, or more geese than built)");
  const Value value = tables.value(start);
  const bool draw = value.outcome == Outcome::kDraw;
  const int side = certify_parts::strategy_side(game, start, value, strategy_side);
  std::vector<CertificateRecord> records =
      certify_parts::strategy_records(game, tables, start, side, draw, max_records, options.global.progress());
  const CertificateHeader header{.game = G::kName,
                                 .variant = game.variant(),
                                 .rules = "docs/rules/hunt-games.md",
                                 .draw_rule = "none",
                                 .position = game.format(start),
                                 .to_move = G::kSides[game.side(start)],
                                 .value = draw                             ? "draw"
                                          : value.outcome == Outcome::kWin ? "win"
                                                                           : "loss",
                                 .winner = draw ? "none" : G::kSides[side],
                                 .strategy = G::kSides[side],
                                 .distance = draw ? 0 : value.distance,
                                 .records = records.size()};
  return write_certificate_report(output, header, std::move(records),
                                  std::string(G::kName) + " " + game.variant() + ": " + header.position + ": " +
                                      header.to_move + " to move, " + value_text(value),
                                  nlohmann::json::object(), clock);
}

}  // namespace gs::tools::table_jobs
