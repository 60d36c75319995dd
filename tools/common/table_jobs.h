// The jobs on solved tables shared by every game with retrograde tables (`gamesolver hunt`,
// `gamesolver mountnfall`): build, probe, stats and verify. Templates over the game; each returns
// its Report (JSON and summary).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "solvers/common/capabilities.h"
#include "solvers/common/progress.h"
#include "solvers/io/checked_text_file.h"
#include "solvers/retrograde/layer_store.h"
#include "solvers/retrograde/loss_filter.h"
#include "tools/common/cli.h"
#include "tools/common/process_ranks.h"
#include "tools/common/report_builder.h"
#include "tools/draw/column_chart.h"
#include "tools/draw/table_game_drawing.h"

namespace gs::tools::table_jobs {

struct TableJobOptions {
  cli::GlobalOptions global;
  int threads = 1;
  std::string dir;
  std::optional<int> up_to;  // build: last layer (default: all)
  bool compress = true;
  std::string position;             // probe: default the start
  int counter = 0;                  // probe under a progress rule: plies since the last progress
  int line = 0;                     // probe: plies of the principal line to print
  std::string checksums;            // verify: a published checksum list (see sums) the tables must match
  double checkpoint_seconds = 300;  // reach with a directory: the least time between two saves
};

// The last layer on disk. Layers are built in order (a build stopped, or limited by --up-to,
// ends with a run of missing layers), so a layer missing below one present is damage, and no
// layer at all is no tables: both DataErrors, not an empty report.
template <class Store, class G>
int last_layer_present(Store& store, const G& game, const std::string& dir) {
  int last = -1;
  for (int layer = 0; layer < game.layer_count(); ++layer)
    if (store.present(layer)) {
      store.header(layer);  // a file of another game or variant is refused first, by name
      last = layer;
    }
  if (last < 0)
    throw DataError("no table files of " + std::string(G::kName) + " " + game.variant() + " in " + dir +
                    " (build makes them)");
  for (int layer = 0; layer < last; ++layer)
    if (!store.present(layer))
      throw DataError("layer " + std::to_string(layer) + " (" + game.layer_name(layer) + ") is missing from " + dir +
                      " while layer " + std::to_string(last) + " is there: build again to restore it");
  return last;
}

// One layer's line in a published checksum list.
inline std::string sums_line(const TableHeader& h) {
  return "layer=" + std::to_string(h.layer) + " positions=" + std::to_string(h.positions) +
         " wins=" + std::to_string(h.wins) + " losses=" + std::to_string(h.losses) +
         " draws=" + std::to_string(h.draws) + " longest=" + std::to_string(h.longest) + " checksum=" + h.checksum +
         (h.stated_from.empty() ? "" : " stated-from=" + h.stated_from);
}

// The checksum list of the built layers (as data/checksums/ publishes them): per layer its size,
// counts and the checksum of its file's header, which covers every block.
template <Reported G>
Report sums(const G& game, const TableJobOptions& options) {
  LayerTables<G> tables(game, options.dir);
  last_layer_present(tables, game, options.dir);
  std::string text = "# " + std::string(G::kName) + " " + game.variant() + " (gamesolver-table v2)\n";
  nlohmann::json layers = nlohmann::json::array();
  for (int layer = 0; layer < game.layer_count(); ++layer) {
    if (!tables.present(layer)) continue;
    const TableHeader& h = tables.header(layer);
    tables.check_blocks(layer);  // a checksum is published only for a file that is whole
    text += sums_line(h) + "\n";
    layers.push_back({{"layer", layer}, {"line", sums_line(h)}});
  }
  return Report{nlohmann::json{{"game", G::kName}, {"variant", game.variant()}, {"layers", layers}}, text};
}

inline nlohmann::json value_json(const Value& v) {
  nlohmann::json j = {{"value", outcome_name(v.outcome)}};
  if (v.outcome != Outcome::kDraw) j["distance"] = v.distance;
  return j;
}

// A rank's exchanges so far, for its progress line in a build across ranks (every rank reports
// its own progress; only rank 0 the result).
inline std::string rank_progress(const Ranks& ranks) {
  const RankTraffic t = ranks.traffic();
  return "sent " + std::to_string((t.bytes_sent + (1 << 19)) >> 20) + " MiB, received " +
         std::to_string((t.bytes_received + (1 << 19)) >> 20) + " MiB, " + std::to_string(static_cast<int>(t.seconds)) +
         " s in exchanges";
}

// Every rank's work and exchanges since `before`, gathered on every rank (a collective
// operation): positions of its slices, bytes sent and received, seconds inside the exchanges
// (sending, receiving and waiting for the slowest rank).
inline nlohmann::json ranks_json(Ranks& ranks, std::uint64_t positions, const RankTraffic& before) {
  RankTraffic t = ranks.traffic();
  t.bytes_sent -= before.bytes_sent, t.bytes_received -= before.bytes_received;
  t.seconds -= before.seconds, t.operations -= before.operations;
  const std::vector<std::uint64_t> all = ranks.gather_all(
      {positions, t.bytes_sent, t.bytes_received, static_cast<std::uint64_t>(t.seconds * 1e6), t.operations});
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t r = 0; r + 4 < all.size(); r += 5)
    out.push_back({{"rank", r / 5},
                   {"positions", all[r]},
                   {"bytes_sent", all[r + 1]},
                   {"bytes_received", all[r + 2]},
                   {"exchange_seconds", static_cast<double>(all[r + 3]) * 1e-6},
                   {"exchanges", all[r + 4]}});
  return out;
}

inline std::string ranks_text(const nlohmann::json& ranks) {
  std::ostringstream text;
  std::uint64_t positions = 0, sent = 0;
  for (const auto& r : ranks)
    positions += r["positions"].get<std::uint64_t>(), sent += r["bytes_sent"].get<std::uint64_t>();
  text << "  " << ranks.size() << " MPI ranks: " << sent << " bytes sent in all ("
       << (positions ? static_cast<double>(sent) / static_cast<double>(positions) : 0.0) << " per position solved)\n";
  for (const auto& r : ranks)
    text << "    rank " << r["rank"] << ": " << r["positions"] << " positions, sent " << r["bytes_sent"]
         << " B, received " << r["bytes_received"] << " B, " << r["exchange_seconds"].get<double>()
         << " s in exchanges\n";
  return text.str();
}

// A layer being solved holds 2 bytes a position: a layer past memory is refused now, not killed
// for memory hours into the build.
template <Reported G>
void check_layers_fit(const G& game, int last) {
  int largest = 0;
  for (int layer = 1; layer <= last; ++layer)
    if (game.layer_size(layer) > game.layer_size(largest)) largest = layer;
  cli::check_memory_fits(static_cast<double>(sizeof(std::uint16_t)) * static_cast<double>(game.layer_size(largest)),
                         G::kName + std::string(" ") + game.variant() + ": solving layer " + std::to_string(largest) +
                             " (" + std::to_string(game.layer_size(largest)) + " positions)",
                         "--up-to L builds the layers below it");
}

// The values of the game's starts that the built layers hold (reading them loads layers).
template <Reported G>
nlohmann::json starts_json(const G& game, LayerStore<G>& store, int last) {
  nlohmann::json starts = nlohmann::json::array();
  for (const auto& start : game.starts()) {
    if (!game.tabulated(start) || game.locate(start).layer > last) continue;
    auto j = value_json(store.value(start));
    j["position"] = game.format(start);
    j["side_to_move"] = G::kSides[game.side(start)];
    starts.push_back(j);
  }
  return starts;
}

template <Reported G>
Report build(const G& game, const TableJobOptions& options) {
  const cli::Stopwatch clock;
  Ranks& ranks = cli::ranks();
  const RankTraffic before = ranks.traffic();  // a game under a rule builds twice in one process
  LayerStore<G> store(game, options.dir, &ranks);
  const int last = std::min(options.up_to.value_or(game.layer_count() - 1), game.layer_count() - 1);
  check_layers_fit(game, last);
  std::atomic<int> current{0};
  int solved = 0, loaded = 0, stated = 0;
  std::uint64_t sliced = 0;  // positions of this rank's slices of the layers it solved
  LayerStats total;
  {
    const ProgressReporter progress(options.global.progress(), [&] {
      const std::string rank = "rank " + std::to_string(ranks.rank()) + " of " + std::to_string(ranks.size()) + ": ";
      return (ranks.size() > 1 ? rank : "") + G::kName + " build: " + std::to_string(current.load()) + " of " +
             std::to_string(last + 1) + " layers done; " + store.progress() +
             (ranks.size() > 1 ? "; " + rank_progress(ranks) : "");
    });
    store.build(last, options.compress, [&](int layer, bool was_solved) {
      if (store.stated(layer))
        ++stated;
      else
        (was_solved ? solved : loaded) += 1;
      if (was_solved && !store.stated(layer)) {
        const auto [begin, end] = RetrogradeSolver<G>::slice_of(game.layer_size(layer), ranks);
        sliced += end - begin;
      }
      current = layer + 1;
      const TableHeader& h = store.header(layer);
      total.positions += h.wins + h.losses + h.draws;
      total.wins += h.wins, total.losses += h.losses, total.draws += h.draws;
      total.longest = std::max(total.longest, h.longest);
    });
  }
  ReportBuilder r;
  r.set("game", G::kName)
      .set("variant", game.variant())
      .set("layers", last + 1)
      .set("layer_count", game.layer_count())
      .set("solved_layers", solved)
      .set("loaded_layers", loaded)
      .set("stated_layers", stated)
      .set("positions", total.positions)
      .set("wins", total.wins)
      .set("losses", total.losses)
      .set("draws", total.draws)
      .set("longest", total.longest)
      .set("repaired", store.repaired());
  const nlohmann::json starts = starts_json(game, store, last);
  if (!starts.empty()) r.set("start", starts[0]);
  if (starts.size() > 1) r.set("starts", starts);
  r.set("seconds", clock.seconds()).set("threads", options.threads).set("peak_memory_mib", cli::peak_memory_mib());
  const nlohmann::json per_rank = ranks_json(ranks, sliced, before);  // a collective: every rank takes part
  if (ranks.size() > 1) r.set("ranks", per_rank);

  r.raw(r.fill("{game} {variant}: layers 0-") + std::to_string(last) +
        r.fill(" of {layer_count} ({solved_layers} solved, {loaded_layers} loaded from ") + options.dir +
        (stated ? r.fill(", {stated_layers} stated from the plain tables (bounded play without progress)") : "") +
        ")\n")
      .line(
          "  {positions} positions: {wins} won, {losses} lost, {draws} drawn for the side to move; longest "
          "{longest} plies");
  for (const auto& why : store.repaired()) r.raw("  damaged, solved again: " + why + "\n");
  for (const auto& j : starts)
    r.raw("  start " + j["position"].get<std::string>() + ": " + j["side_to_move"].get<std::string>() + " to move, " +
          value_text(store.value(game.parse(j["position"].get<std::string>()))) + "\n");
  r.line("  {seconds:g} s, {threads} threads, peak {peak_memory_mib:g} MiB");
  if (ranks.size() > 1) r.raw(ranks_text(per_rank));
  return r.build();
}

// The probe on tables already open (`gamesolver serve` keeps them open between requests).
template <Reported G>
Report probe(const G& game, LayerTables<G>& tables, const TableJobOptions& options) {
  std::ostringstream text;
  const auto p = options.position.empty() ? game.start() : game.parse(options.position);
  if (!game.terminal(p) && !game.tabulated(p))
    throw InputError("the position is outside the tables (goats in hand, or more geese than built)");
  const cli::Stopwatch clock;  // the probe alone: opening the files, one block read per layer touched
  Value v = tables.value(p);
  std::optional<int> counter;
  if constexpr (ProgressRuled<G>) {
    if (options.counter < 0 || options.counter >= game.progress_limit())
      throw InputError("--counter must be 0 to " + std::to_string(game.progress_limit() - 1));
    counter = options.counter;
    v = game.value_at(v, options.counter);
  }
  const auto moves = tables.moves(p, counter);
  const double probe_ms = clock.seconds() * 1000;
  // The principal line: the best move (moves() lists it first) after the best move; under a
  // rule, with the counter followed.
  nlohmann::json line = nlohmann::json::array();
  std::string line_text;
  auto at = p;
  for (std::optional<int> c = counter; static_cast<int>(line.size()) < options.line;) {
    const auto best = tables.moves(at, c);
    if (best.empty()) break;
    const auto next = game.play(at, best.front().first);
    line.push_back(game.move_name(at, best.front().first));
    line_text += " " + line.back().template get<std::string>();
    if constexpr (ProgressRuled<G>) {
      c = progresses(game, game.locate(at).layer, game.locate(next).layer) ? 0 : *c + 1;
      if (*c >= game.progress_limit() && !game.terminal(next)) break;  // drawn by the rule
    }
    at = next;
  }
  nlohmann::json list = nlohmann::json::array();
  for (const auto& [m, value] : moves) {
    auto j = value_json(value);
    j["move"] = game.move_name(p, m);
    j["position"] = game.format(game.play(p, m));
    list.push_back(j);
  }
  text << game.format(p) << ": " << G::kSides[game.side(p)] << " to move, " << value_text(v) << "\n";
  for (const auto& [m, value] : moves) text << "  " << game.move_name(p, m) << "  " << value_text(value) << "\n";
  if (moves.empty()) text << "  (game over)\n";
  if (options.line > 0) text << "  line:" << line_text << "\n";
  auto result = value_json(v);
  result["position"] = game.format(p);
  result["side_to_move"] = G::kSides[game.side(p)];
  result["moves"] = list;
  if (counter) result["counter"] = *counter;
  if (options.line > 0) result["line"] = line;
  result["probe_ms"] = probe_ms;
  static_assert(draw::Drawn<G>, "a table game is drawn: declare diagram_of(game, position) in its namespace");
  draw::Diagram d = draw::diagram_with_moves(game, p, moves);
  d.caption += ": " + value_text(v);
  return Report{result, text.str(), draw::diagram_svg(d)};
}

template <Reported G>
Report probe(const G& game, const TableJobOptions& options) {
  LayerTables<G> tables(game, options.dir);
  return probe(game, tables, options);
}

// Under a progress rule: per layer, the positions whose value at counter 0 differs from the
// plain tables' (wins and losses the rule turns into draws), and the longest distance to
// progress. Both sets of tables must be built.
template <Reported G>
Report rule_changes(const UnderProgressRule<G>& ruled, const TableJobOptions& options) {
  std::ostringstream text;
  LayerTables<G> plain(ruled, options.dir);
  LayerTables<UnderProgressRule<G>> rule(ruled, options.dir);
  nlohmann::json layers = nlohmann::json::array();
  std::uint64_t total_wins = 0, total_losses = 0;
  int stated = 0;
  std::atomic<int> current{0};
  const ProgressReporter progress(options.global.progress(), [&] {
    return std::string(G::kName) + " rule changes: layer " + std::to_string(current.load()) + " of " +
           std::to_string(ruled.layer_count());
  });
  text << "under the " << ruled.progress_limit() << "-ply rule (values at counter 0):\n"
       << "layer  layer name                          wins drawn  losses drawn  longest to progress\n";
  for (int layer = 0; layer < ruled.layer_count(); ++layer) {
    current = layer;
    if (!plain.present(layer) || !rule.present(layer)) continue;
    if (rule.stated(layer)) {  // no change, by the proof in progress_rule.h
      layers.push_back({{"layer", layer},
                        {"layer_name", ruled.layer_name(layer)},
                        {"wins_drawn", 0},
                        {"losses_drawn", 0},
                        {"stated", true},
                        {"longest_to_progress_at_most", rule.header(layer).longest}});
      ++stated;
      continue;
    }
    const CompactTable &a = plain.table(layer), &b = rule.table(layer);
    std::atomic<std::uint64_t> wins{0}, losses{0};
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, a.size()), [&](const auto& range) {
      std::uint64_t w = 0, l = 0;
      for (std::uint64_t i = range.begin(); i != range.end(); ++i) {
        if (ruled.value_at(b.value(i), 0).outcome != Outcome::kDraw || a.outcome(i) == Outcome::kDraw) continue;
        (a.outcome(i) == Outcome::kWin ? w : l) += 1;
      }
      wins += w, losses += l;
    });
    const int longest = rule.header(layer).longest;
    plain.drop(layer), rule.drop(layer);
    total_wins += wins, total_losses += losses;
    layers.push_back({{"layer", layer},
                      {"layer_name", ruled.layer_name(layer)},
                      {"wins_drawn", wins.load()},
                      {"losses_drawn", losses.load()},
                      {"longest_to_progress", longest}});
    char row[160];
    std::snprintf(row, sizeof row, "%5d  %-34s  %-10llu  %-12llu  %d\n", layer, ruled.layer_name(layer).c_str(),
                  static_cast<unsigned long long>(wins.load()), static_cast<unsigned long long>(losses.load()),
                  longest);
    text << row;
  }
  if (stated)
    text << "  " << stated << " layers stated from the plain tables: no change (their play without progress is "
         << "bounded)\n";
  text << "  " << total_wins << " wins and " << total_losses << " losses become draws\n";
  return Report{nlohmann::json{{"limit", ruled.progress_limit()},
                               {"stated_layers", stated},
                               {"layers", layers},
                               {"wins_drawn", total_wins},
                               {"losses_drawn", total_losses}},
                text.str()};
}

// Per layer, the positions each side wins and the drawn ones, whoever is to move (stacked).
inline std::string outcome_chart(const std::string& tables, const char* const sides[2], const nlohmann::json& rows) {
  draw::ColumnChart chart{.title = "Positions of " + tables + " by value, per layer",
                          .x_axis = "layer",
                          .y_axis = "positions",
                          .series = {std::string(sides[0]) + " wins", "drawn", std::string(sides[1]) + " wins"},
                          .values = {{}, {}, {}},
                          .stacked = true,
                          .colours = {"#4878a8", "#b8b8b8", "#e08a3c"}};
  for (const auto& row : rows) {
    const std::string label = std::to_string(row["layer"].get<int>());
    if (chart.labels.empty() || chart.labels.back() != label) {
      chart.labels.push_back(label);
      for (auto& series : chart.values) series.push_back(0);
    }
    const bool first = row["side_to_move"].get<std::string>() == sides[0];
    chart.values[first ? 0 : 2].back() += static_cast<double>(row["won"].get<std::uint64_t>());
    chart.values[1].back() += static_cast<double>(row["drawn"].get<std::uint64_t>());
    chart.values[first ? 2 : 0].back() += static_cast<double>(row["lost"].get<std::uint64_t>());
  }
  return draw::svg_column_chart(chart);
}

// A layer's positions by side to move and value, the longest win, and wins and losses by
// remoteness (plies to the end with best play).
struct LayerCounts {
  std::uint64_t won[2] = {}, drawn[2] = {}, lost[2] = {};
  int longest[2] = {};
  std::vector<std::array<std::uint64_t, 2>> remoteness;  // [distance] = {won, lost}

  void add(const LayerCounts& c) {
    for (int side = 0; side < 2; ++side)
      won[side] += c.won[side], drawn[side] += c.drawn[side], lost[side] += c.lost[side],
          longest[side] = std::max(longest[side], c.longest[side]);
    if (remoteness.size() < c.remoteness.size()) remoteness.resize(c.remoteness.size(), {0, 0});
    for (std::size_t d = 0; d < c.remoteness.size(); ++d)
      remoteness[d][0] += c.remoteness[d][0], remoteness[d][1] += c.remoteness[d][1];
  }
};

// Games whose layers each hold one side to move, or both (-1): their counts need no unranking
// (Tigers and Goats splits its layers by side).
template <class G>
concept SidedLayers = requires(const G& g, int layer) {
  { g.layer_side(layer) } -> std::convertible_to<int>;
};

// Counted in parallel, each thread apart, then summed.
template <Reported G>
LayerCounts count_layer(const G& game, const CompactTable& t, int layer) {
  tbb::enumerable_thread_specific<LayerCounts> per_thread;
  int layer_side = -1;  // one side to move in the whole layer: no need to unrank
  if constexpr (SidedLayers<G>) layer_side = game.layer_side(layer);
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, t.size()), [&](const auto& range) {
    LayerCounts& c = per_thread.local();
    const auto count = [&](std::uint64_t i, int side) {
      const Outcome o = t.outcome(i);
      if (o == Outcome::kDraw) {
        ++c.drawn[side];
        return;
      }
      const auto d = static_cast<std::size_t>(t.distance(i));
      if (c.remoteness.size() <= d) c.remoteness.resize(d + 1, {0, 0});
      if (o == Outcome::kWin)
        ++c.won[side], ++c.remoteness[d][0], c.longest[side] = std::max(c.longest[side], t.distance(i));
      else
        ++c.lost[side], ++c.remoteness[d][1];
    };
    if (layer_side >= 0) {
      for (std::uint64_t i = range.begin(); i != range.end(); ++i)
        if (t.has(i)) count(i, layer_side);  // else no position
    } else {
      for_each_unranked(game, layer, range.begin(), range.end(), [&](std::uint64_t i, const auto& p) {
        if (p && t.has(i)) count(i, game.side(*p));
      });
    }
  });
  LayerCounts sum;
  for (const LayerCounts& c : per_thread) sum.add(c);
  return sum;
}

template <Reported G>
Report stats(const G& game, const TableJobOptions& options) {
  std::ostringstream text;
  LayerTables<G> store(game, options.dir);
  last_layer_present(store, game, options.dir);
  nlohmann::json layers = nlohmann::json::array();
  LayerCounts all;  // every layer's, for the positions by remoteness
  text << "layer  layer name                side    won         drawn       lost        longest win\n";
  int stated = 0;
  std::atomic<int> current{0};
  const ProgressReporter progress(options.global.progress(), [&] {
    return std::string(G::kName) + " stats: layer " + std::to_string(current.load()) + " of " +
           std::to_string(game.layer_count());
  });
  for (int layer = 0; layer < game.layer_count(); ++layer) {
    current = layer;
    if (!store.present(layer)) continue;
    if (store.stated(layer)) {  // values as the plain table's; distances computed when probed
      ++stated;
      continue;
    }
    const LayerCounts counts = count_layer(game, store.table(layer), layer);
    all.add(counts);
    store.drop(layer);  // each layer is read once: memory holds one at a time
    for (int side = 0; side < 2; ++side) {
      if (counts.won[side] + counts.drawn[side] + counts.lost[side] == 0) continue;  // a layer of one side to move
      layers.push_back({{"layer", layer},
                        {"layer_name", game.layer_name(layer)},
                        {"side_to_move", G::kSides[side]},
                        {"won", counts.won[side]},
                        {"drawn", counts.drawn[side]},
                        {"lost", counts.lost[side]},
                        {"longest_win", counts.longest[side]}});
      char row[160];
      std::snprintf(row, sizeof row, "%5d  %-24s  %-6s  %-10llu  %-10llu  %-10llu  %d\n", layer,
                    game.layer_name(layer).c_str(), G::kSides[side], static_cast<unsigned long long>(counts.won[side]),
                    static_cast<unsigned long long>(counts.drawn[side]),
                    static_cast<unsigned long long>(counts.lost[side]), counts.longest[side]);
      text << row;
    }
  }
  if (stated) text << "(" << stated << " layers stated from the plain tables, their values the same: not listed)\n";
  nlohmann::json by_remoteness = nlohmann::json::array();
  text << "\nremoteness  won         lost\n";
  const auto& remoteness = all.remoteness;
  for (std::size_t d = 0; d < remoteness.size(); ++d) {
    if (!remoteness[d][0] && !remoteness[d][1]) continue;
    by_remoteness.push_back({{"remoteness", d}, {"won", remoteness[d][0]}, {"lost", remoteness[d][1]}});
    char row[80];
    std::snprintf(row, sizeof row, "%10zu  %-10llu  %llu\n", d, static_cast<unsigned long long>(remoteness[d][0]),
                  static_cast<unsigned long long>(remoteness[d][1]));
    text << row;
  }
  return Report{nlohmann::json{{"game", G::kName},
                               {"variant", game.variant()},
                               {"layers", layers},
                               {"stated_layers", stated},
                               {"remoteness", by_remoteness}},
                text.str(), outcome_chart(std::string(G::kName) + " " + game.variant(), G::kSides, layers)};
}

// What verify found wrong: the count, and the first (for the report).
class VerifyErrors {
 public:
  void report(const std::string& error) {
    if (wrong_.fetch_add(1) == 0) {
      const std::lock_guard lock(first_mutex_);
      first_ = error;
    }
  }
  std::uint64_t count() const { return wrong_.load(); }
  std::string first() const {
    const std::lock_guard lock(first_mutex_);
    return first_;
  }

 private:
  std::atomic<std::uint64_t> wrong_{0};
  mutable std::mutex first_mutex_;
  std::string first_;
};

// The published checksum list's section for these tables (from its title line to the next
// title) against the tables' headers: a layer listed but not built, or built differently, is wrong.
template <Reported G>
void check_published_sums(const G& game, LayerTables<G>& store, const std::string& path, VerifyErrors& errors) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read the checksum list " + path);
  const std::string title = "# " + std::string(G::kName) + " " + game.variant() + " ";
  bool inside = false, found = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("# ", 0) == 0) {
      inside = line.rfind(title, 0) == 0;
      found = found || inside;
      continue;
    }
    if (!inside || line.empty()) continue;
    const int layer = std::atoi(line.c_str() + std::min(line.size(), std::size_t{6}));  // "layer=N ..."
    if (line.rfind("layer=", 0) != 0 || layer < 0 || layer >= game.layer_count())
      throw InputError(path + ": not a layer line: " + line);
    if (!store.present(layer))
      errors.report("layer " + std::to_string(layer) + " is listed in " + path + " but not built");
    else if (sums_line(store.header(layer)) != line)
      errors.report("layer " + std::to_string(layer) + " differs from " + path + ": " + sums_line(store.header(layer)));
  }
  if (!found) throw InputError(path + " lists no tables of " + G::kName + " " + game.variant());
}

// The layers an earlier verify checked, by their files' checksums (a damaged record is said in
// `text` and ignored).
inline std::map<int, std::string> read_verified_record(const std::string& path, std::ostringstream& text) {
  std::map<int, std::string> recorded;
  if (!std::filesystem::exists(path)) return recorded;
  try {
    std::istringstream in(read_checked_text(path, kSmallFileLimit));
    for (std::string line; std::getline(in, line);) {
      int layer = -1;
      char sum[17] = {};
      if (std::sscanf(line.c_str(), "layer=%d checksum=%16s", &layer, sum) == 2) recorded[layer] = sum;
    }
  } catch (const DataError& e) {
    text << "(ignored a damaged record of earlier checks: " << e.what() << ")\n";
    recorded.clear();
  }
  return recorded;
}

// Holds the tables of `layer` and of every layer its moves read (each earlier one, for a game
// that does not say) in memory, and frees every other: a parallel pass over the layer then only
// reads the store.
template <Reported G>
const CompactTable& hold_layers_read(const G& game, LayerTables<G>& store, int layer) {
  const std::vector<int> reached = layers_reached(game, layer);
  for (int l = 0; l < game.layer_count(); ++l)
    if (std::find(reached.begin(), reached.end(), l) == reached.end()) store.drop(l);
  for (int l : reached)
    if (store.present(l)) store.table(l);
  return store.table(layer);
}

// Every position of a layer re-derived from its successors, in parallel, the positions added to
// `checked` as they are done (the progress line reads it).
template <Reported G>
void verify_layer(const G& game, LayerTables<G>& store, int layer, VerifyErrors& errors,
                  std::atomic<std::uint64_t>& checked) {
  const CompactTable& t = hold_layers_read(game, store, layer);
  constexpr bool kFiltered = ImagedPositions<G> && !ProgressRuled<G>;
  std::optional<CachedFilter> losses;  // loss_filter.h: most moves then go unranked
  if constexpr (kFiltered) losses = loss_filter(game, store, layer);
  const auto implied = [&](const typename G::Position& p) {
    if constexpr (kFiltered)
      if (losses)
        return store.implied_ranking_few(p, [&](const auto& next) { return losses->may_contain(game.key(next)); });
    return store.implied(p, layer);
  };
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, t.size()), [&](const auto& range) {
    std::uint64_t count = 0;
    for_each_unranked(game, layer, range.begin(), range.end(), [&](std::uint64_t i, const auto& p) {
      if (!p) {
        if (t.has(i))
          errors.report("layer " + std::to_string(layer) + " index " + std::to_string(i) +
                        ": a value where no position is");
        return;
      }
      ++count;
      const Value have = t.value(i), want = implied(*p);
      if (want.outcome != have.outcome || (want.outcome != Outcome::kDraw && want.distance != have.distance))
        errors.report(game.format(*p) + ": stored " + value_text(have) + ", successors give " + value_text(want));
    });
    checked += count;
  });
}

template <Reported G>
Report verify(const G& game, const TableJobOptions& options, bool& valid) {
  std::ostringstream note;  // of a damaged record of earlier checks
  const cli::Stopwatch clock;
  LayerTables<G> store(game, options.dir);
  const int last = last_layer_present(store, game, options.dir);
  const bool complete = last == game.layer_count() - 1;
  VerifyErrors errors;
  if (!options.checksums.empty()) check_published_sums(game, store, options.checksums, errors);
  // Layers verified by an earlier run, by their files' checksums: a verify stopped part way
  // goes on from where it was (delete the record to check everything again).
  const std::string record_path = options.dir + "/" + G::kName + "-" + game.variant() + ".verified";
  const std::map<int, std::string> recorded = read_verified_record(record_path, note);
  std::string record;
  auto record_line = [](int layer, const std::string& checksum) {
    return "layer=" + std::to_string(layer) + " checksum=" + checksum + "\n";
  };
  std::atomic<std::uint64_t> checked{0};
  std::atomic<int> current{0};
  int layers = 0, skipped = 0, stated = 0;
  const ProgressReporter progress(options.global.progress(), [&] {
    return std::string(G::kName) + " verify: layer " + std::to_string(current.load()) + ", " +
           std::to_string(checked.load()) + " positions checked";
  });
  for (int layer = 0; layer < game.layer_count(); ++layer) {
    if (!store.present(layer)) continue;
    ++layers;
    current = layer;
    const std::string checksum = store.header(layer).checksum;
    if constexpr (LayerTables<G>::kStates) {
      // A stated layer: its plain table is checked by the plain verify, the statement against
      // that table's checksum when read; what remains is condition (Z) of progress_rule.h.
      if (store.stated(layer)) {
        if (!store.bounded(layer) || !store.condition_z(layer))
          errors.report("layer " + std::to_string(layer) + " is stated from the plain table, but condition (Z) fails");
        ++stated;
        continue;
      }
    }
    if (const auto it = recorded.find(layer); it != recorded.end() && it->second == checksum) {
      try {  // the file is still whole (every block's checksum); its values were checked
        check_table_file(store.path(layer), store.expected(layer));
      } catch (const DataError& e) {
        errors.report(e.what());
        continue;
      }
      ++skipped;
      record += record_line(layer, checksum);
      continue;
    }
    const std::uint64_t wrong_before = errors.count();
    verify_layer(game, store, layer, errors, checked);
    if (errors.count() == wrong_before) {
      record += record_line(layer, checksum);
      write_checked_text(record_path, record);
    }
  }
  valid = errors.count() == 0 && layers > 0;
  ReportBuilder r;
  r.set("game", G::kName)
      .set("variant", game.variant())
      .set("layers", layers)
      .set("checked", checked.load())
      .set("verified_earlier", skipped)
      .set("complete", complete)
      .set("stated_layers", stated)
      .set("wrong", errors.count())
      .set("valid", valid)
      .set("first_error", errors.first())
      .set("seconds", clock.seconds());
  r.raw(note.str());
  if (skipped) r.raw(r.fill("{verified_earlier} layers verified by an earlier run (") + record_path + ")\n");
  if (stated)
    r.line(
        "{stated_layers} layers stated from the plain tables: the statements match the plain files, and the "
        "unbounded layers keep the plain values at counter 0");
  if (!complete)
    r.line("a partial build: layers " + std::to_string(last + 1) + " to " + std::to_string(game.layer_count() - 1) +
           " are not built (the start may be among them), so only layers 0 to " + std::to_string(last) +
           " are checked");
  r.raw(r.fill("{game} {variant}: {layers} layers, {checked} positions re-checked against their successors: ") +
        (valid ? "all consistent" : "INVALID, " + std::to_string(errors.count()) + " wrong; first: " + errors.first()) +
        r.fill(" ({seconds:g} s)\n"));
  return r.build();
}

}  // namespace gs::tools::table_jobs
