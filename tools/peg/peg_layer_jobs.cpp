// gamesolver peg: --analyze and --fewest-moves.
#include <bit>
#include <iomanip>
#include <iostream>
#include <map>
#include <mutex>

#include <tbb/parallel_for_each.h>

#include "engine/peg/notation.h"
#include "engine/peg/puzzle.h"
#include "solvers/common/progress.h"
#include "solvers/dfs/dfs_solver.h"
#include "solvers/io/checked_text_file.h"
#include "solvers/layered/fewest_moves.h"
#include "solvers/layered/game_statistics.h"
#include "solvers/layered/layered_search.h"
#include "tools/peg/peg_jobs.h"
#include "tools/peg/peg_report.h"
#include "tools/peg/peg_solution_file.h"

namespace gs::tools {

namespace {

// Symmetries usable for layered passes: they must fix the start (so counts are per orbit) and
// the finish set (so "can still finish" is a property of the orbit).
SymmetryGroup layered_group(const PegRequest& request) {
  return request.board.symmetries().stabiliser({request.start, request.finishes});
}

std::string layer_status(const LayerProgress& progress, const char* what) {
  return std::string(what) + ": depth " + std::to_string(progress.depth.load()) + ", " +
         std::to_string(progress.states.load()) + " canonical positions";
}

std::vector<LayerSet> enumerate_with_progress(const peg::PegPuzzle& puzzle, peg::Position start,
                                              const PegJobOptions& options) {
  LayerProgress progress;
  ProgressReporter reporter(options.global.progress(), [&] { return layer_status(progress, "enumerating"); });
  return enumerate_layers(puzzle, start, &progress);
}

}  // namespace

Report peg_analyze(const PegRequest& request, const PegJobOptions& options) {
  std::ostringstream text;
  const peg::Board& board = request.board;
  const cli::Stopwatch clock;
  const SymmetryGroup group = layered_group(request);
  const peg::PegPuzzle to_finish(board, request.finishes, group);
  const peg::PegPuzzle to_any(board, board.all_holes(), group);

  const auto layers = enumerate_with_progress(to_finish, request.start, options);
  const auto alive = alive_layers(to_finish, layers);
  const auto alive_any = request.finishes == board.all_holes() ? alive : alive_layers(to_any, layers);
  const auto paths = count_paths(to_any, alive_any);
  const GameStatistics games = [&] {
    if (!options.games) return GameStatistics{};
    LayerProgress progress;
    ProgressReporter reporter(options.global.progress(), [&] { return layer_status(progress, "counting games"); });
    return game_statistics(to_any, layers, &progress);
  }();

  nlohmann::json layer_list = nlohmann::json::array();
  std::uint64_t canonical = 0, total = 0, alive_canonical = 0, alive_total = 0;
  const int start_pegs = popcount(request.start);
  for (std::size_t d = 0; d < layers.size(); ++d) {
    const std::uint64_t t = total_states(to_finish, layers[d]), at = total_states(to_finish, alive[d]);
    canonical += layers[d].size(), total += t, alive_canonical += alive[d].size(), alive_total += at;
    layer_list.push_back({{"jumps", d},
                          {"pegs", start_pegs - static_cast<int>(d)},
                          {"canonical", layers[d].size()},
                          {"total", t},
                          {"finish_reachable_canonical", alive[d].size()},
                          {"finish_reachable_total", at}});
    if (options.games) {
      layer_list.back()["dead_ends_canonical"] = games.layers[d].canonical;
      layer_list.back()["dead_ends_total"] = games.layers[d].total;
      layer_list.back()["games_ending"] = to_decimal(games.layers[d].games);
    }
  }
  // Single-peg finishes: the count of an orbit's canonical state holds for each of its holes.
  nlohmann::json finishes = nlohmann::json::array();
  uint128 all_solutions = 0;
  for (int h = 0; h < board.holes(); ++h) {
    for (std::size_t d = 0; d < alive_any.size(); ++d) {
      const std::size_t i = alive_any[d].find(group.canonical(bit(h)));
      if (i == LayerSet::npos) continue;
      finishes.push_back({{"hole", peg::hole_name(board, h)}, {"solutions", to_decimal(paths[d][i])}});
      all_solutions += paths[d][i];
    }
  }
  nlohmann::json game_json = options.games
                                 ? nlohmann::json{{"games", to_decimal(games.games)}, {"exact", !games.overflow}}
                                 : nlohmann::json(nullptr);
  std::vector<peg::Jump> shortest_line;
  if (games.shortest >= 0) {
    shortest_line = copy_jumps(line_to(to_any, layers, request.start, games.shortest_end, games.shortest));
    game_json["shortest_dead_end"] = {{"jumps", games.shortest},
                                      {"pegs_left", start_pegs - games.shortest},
                                      {"line", jump_names(board, shortest_line)}};
  }
  const double seconds = clock.seconds();

  text << "Board:  " << board_summary(board) << "\n"
       << "Start:  " << request.start_label << "    Finish: " << request.finish_label
       << "    Symmetries used: " << group.order() << "\n\n"
       << " jumps  pegs    canonical        total   can finish (canonical)   can finish (total)"
       << (options.games ? "   dead ends (total)   games ending here" : "") << "\n";
  for (const auto& l : layer_list) {
    text << std::setw(6) << l["jumps"].get<int>() << std::setw(6) << l["pegs"].get<int>() << std::setw(13)
         << l["canonical"].get<std::uint64_t>() << std::setw(13) << l["total"].get<std::uint64_t>() << std::setw(25)
         << l["finish_reachable_canonical"].get<std::uint64_t>() << std::setw(21)
         << l["finish_reachable_total"].get<std::uint64_t>();
    if (options.games)
      text << std::setw(20) << l["dead_ends_total"].get<std::uint64_t>() << "   "
           << l["games_ending"].get<std::string>();
    text << "\n";
  }
  text << "   all      " << std::setw(13) << canonical << std::setw(13) << total << std::setw(25) << alive_canonical
       << std::setw(21) << alive_total
       << "\n\nSingle-peg finishes reachable, with the number of jump sequences to each:\n";
  for (const auto& f : finishes)
    text << "  " << f["hole"].get<std::string>() << "  " << f["solutions"].get<std::string>() << "\n";
  if (finishes.empty()) text << "  none\n";
  if (options.games)
    text << "\nGames (jump sequences from the start until no jump is possible): " << to_decimal(games.games)
         << (games.overflow ? " (NOT EXACT: a count passed 2^128)" : "") << "\n";
  if (games.shortest >= 0) {
    text << "Shortest game: " << games.shortest << " jumps, then no jump is possible with "
         << start_pegs - games.shortest << " pegs left (the most pegs any game can leave):";
    for (const auto& j : jump_names(board, shortest_line)) text << " " << j.get<std::string>();
    text << "\n";
  }
  text << "\n"
       << seconds << " s with " << options.threads << " thread(s), peak memory "
       << static_cast<int>(cli::peak_memory_mib()) << " MiB\n";
  return Report{nlohmann::json{{"board", board.name()},
                               {"start", request.start_label},
                               {"finish", request.finish_label},
                               {"symmetries", group.order()},
                               {"positions", {{"canonical", canonical}, {"total", total}}},
                               {"finish_reachable", {{"canonical", alive_canonical}, {"total", alive_total}}},
                               {"layers", layer_list},
                               {"finishes", finishes},
                               {"solutions", to_decimal(all_solutions)},
                               {"games", game_json},
                               {"seconds", seconds},
                               {"threads", options.threads},
                               {"peak_memory_mib", cli::peak_memory_mib()}},
                text.str()};
}

Report peg_fewest_moves(const PegRequest& request, const PegJobOptions& options) {
  std::ostringstream text;
  const peg::Board& board = request.board;
  const cli::Stopwatch clock;
  const peg::PegPuzzle puzzle(board, request.finishes, layered_group(request));
  // A start that shares no position class with any allowed finish cannot finish: skip the passes.
  const bool feasible = (request.finishes & peg::PositionClasses(board).feasible_finishes(request.start)) != 0;
  const auto layers = feasible ? enumerate_with_progress(puzzle, request.start, options) : std::vector<LayerSet>{};
  const auto alive = alive_layers(puzzle, layers);
  FewestMoves<peg::PegPuzzle> search(puzzle, alive);
  const auto result = search.solve();
  const auto jumps = copy_jumps(result.path);
  std::uint64_t searched = 0;
  for (const auto& l : alive) searched += l.size();
  const double seconds = clock.seconds();
  present_solution(
      request, jumps, result.solved,
      "Fewest moves: " + std::to_string(result.moves) + " (proved: every position that can still finish was examined)",
      "Unsolvable: no sequence of jumps ends with one peg on " + request.finish_label +
          (feasible ? " (proved by exhaustive search)." : " (proved by position class)."),
      options.output, options.steps, text);
  text << "\n"
       << searched << " canonical positions that can finish, " << seconds << " s with " << options.threads
       << " thread(s), peak memory " << static_cast<int>(cli::peak_memory_mib()) << " MiB\n";
  return Report{nlohmann::json{{"board", board.name()},
                               {"start", request.start_label},
                               {"finish", request.finish_label},
                               {"solved", result.solved},
                               {"moves", result.moves},
                               {"jumps", jump_names(board, jumps)},
                               {"positions", searched},
                               {"seconds", seconds},
                               {"threads", options.threads},
                               {"peak_memory_mib", cli::peak_memory_mib()}},
                text.str()};
}

}  // namespace gs::tools
