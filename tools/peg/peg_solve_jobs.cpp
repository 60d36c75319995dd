// gamesolver peg: solve, verify and boards.
#include <atomic>
#include <iostream>

#include "engine/core/errors.h"
#include "engine/peg/board_file.h"
#include "engine/peg/notation.h"
#include "engine/peg/puzzle.h"
#include "solvers/common/progress.h"
#include "solvers/dfs/dfs_solver.h"
#include "solvers/io/checked_text_file.h"
#include "tools/draw/peg_drawing.h"
#include "tools/peg/pagoda_learning.h"
#include "tools/peg/peg_beam.h"
#include "tools/peg/peg_jobs.h"
#include "tools/peg/peg_report.h"
#include "tools/peg/peg_solution_file.h"

namespace gs::tools {

Report peg_solve(const PegRequest& request, const PegJobOptions& options) {
  std::ostringstream text;
  const peg::Board& board = request.board;
  const cli::Stopwatch clock;
  const peg::PositionClasses classes(board);
  const Bitboard reachable_finishes =
      options.class_pruning ? request.finishes & classes.feasible_finishes(request.start) : request.finishes;
  // Symmetries that map the finish set onto itself keep "dead" meaningful under canonical forms.
  const peg::PegPuzzle puzzle(board, reachable_finishes, board.symmetries().stabiliser({reachable_finishes}));

  DfsResult<peg::PegPuzzle> result;
  std::string proof = "exhaustive search", found_by = "search";
  int learned_pagodas = 0;
  std::vector<peg::Jump> jumps;
  std::uint64_t beam_nodes = 0;
  std::atomic<bool> beaming{false};
  // The first 2 M positions of the search answer most problems in milliseconds; past them beam
  // searches look for a solution, and if they find none the search goes on to its end.
  constexpr std::uint64_t kSearchBeforeBeam = 2'000'000;
  const auto beam = [&] {
    if (options.beam_width == 0) return false;
    beaming = true;
    const std::vector<LayerSet> endgames = peg_endgames(puzzle);
    const PegBeamResult b =
        peg_beam(puzzle, request.start, {.max_width = options.beam_width, .goal_layers = &endgames});
    beaming = false;
    beam_nodes = b.nodes;
    if (b.solved) jumps = b.solution, found_by = "beam search (width " + std::to_string(b.width) + ")";
    return b.solved;
  };
  const auto searching = [&](std::uint64_t nodes) {
    return (beaming ? "beam searches after " : "searching: ") + std::to_string(nodes) + " positions expanded";
  };
  if (reachable_finishes == 0) {
    proof = "position class";
  } else {
    const DfsOptions dfs{.threads = options.threads,
                         .split_depth = 6,
                         .table_bits = options.table_bits > 0 ? options.table_bits : DfsOptions{}.table_bits};
    if (popcount(reachable_finishes) == 1) {
      // One finish: pagodas towards it prune, and the search learns more as it goes.
      PagodaLearningSearch search(puzzle, dfs, nullptr);
      ProgressReporter progress(options.global.progress(), [&] { return searching(search.nodes()); });
      LearningResult learned;
      bool answered = false;
      while (!answered && search.nodes() < kSearchBeforeBeam) answered = search.advance(request.start, learned);
      if (!answered && beam()) {
        result.solved = true;
        result.nodes = learned.search.nodes;
      } else {
        while (!answered) answered = search.advance(request.start, learned);
        result = learned.search;
      }
      learned_pagodas = learned.pagodas;
    } else {
      DfsOptions first = dfs;
      first.max_nodes = kSearchBeforeBeam;
      DfsSolver<peg::PegPuzzle> solver(puzzle, first);
      ProgressReporter progress(options.global.progress(), [&] { return searching(solver.nodes()); });
      result = solver.solve(request.start);
      if (!result.complete && beam()) {
        result.solved = true;
      } else if (!result.complete) {
        const std::uint64_t before = result.nodes;
        DfsSolver<peg::PegPuzzle> rest(puzzle, dfs);
        result = rest.solve(request.start);
        result.nodes += before;
      }
    }
  }
  if (jumps.empty()) jumps = copy_jumps(result.path);
  result.nodes += beam_nodes;
  const double seconds = clock.seconds();
  present_solution(request, jumps, result.solved, "Solved.",
                   "Unsolvable: no sequence of jumps ends with one peg on " +
                       (request.finish_label == "any" ? std::string("any hole") : request.finish_label) +
                       " (proved by " + proof + ").",
                   options.output, options.steps, text);
  text << "\n"
       << result.nodes << " positions expanded in " << seconds << " s with " << options.threads
       << " thread(s), peak memory " << static_cast<int>(cli::peak_memory_mib()) << " MiB\n";
  return Report{nlohmann::json{{"board", board.name()},
                               {"start", request.start_label},
                               {"finish", request.finish_label},
                               {"solved", result.solved},
                               {"proof", result.solved ? "solution" : proof},
                               {"found_by", result.solved ? found_by : ""},
                               {"jumps", jump_names(board, jumps)},
                               {"moves", peg::count_moves(jumps)},
                               {"nodes", result.nodes},
                               {"learned_pagodas", learned_pagodas},
                               {"seconds", seconds},
                               {"threads", options.threads},
                               {"peak_memory_mib", cli::peak_memory_mib()}},
                text.str(), "",
                [request, jumps, solved = result.solved] { return solution_svg(request, jumps, solved); }};
}

Report peg_verify(const std::string& path, const PegJobOptions& /*options*/, bool& valid) {
  std::ostringstream text;
  const PegVerification v = verify_peg_solution(path);
  valid = v.valid;
  text << path << ": board " << v.board << ", start " << v.start << ", finish " << v.finish << ", " << v.jumps
       << " jumps";
  if (v.valid)
    text << " in " << v.moves << " moves: valid solution\n";
  else
    text << ": INVALID: " << v.reason << "\n";
  // The reason on stderr too: the exit code says invalid, and --json or --quiet may hide stdout.
  if (!v.valid) std::cerr << "gamesolver: " << shown_path(path) << ": INVALID: " << v.reason << "\n";
  return Report{nlohmann::json{{"file", path},
                               {"valid", v.valid},
                               {"reason", v.reason},
                               {"board", v.board},
                               {"start", v.start},
                               {"finish", v.finish},
                               {"jumps", v.jumps},
                               {"moves", v.moves},
                               {"final_position", peg::position_grid(*v.board_of_file, v.final_position)}},
                text.str()};
}

Replay peg_replay(const std::string& path) {
  const PegVerification v = verify_peg_solution(path);
  // Only what `peg verify` accepts is drawn: a page must not show a finish the jumps never reach.
  if (!v.valid) throw DataError(shown_path(path) + ": " + v.reason + " (gamesolver peg verify says why)");
  const peg::Board& board = *v.board_of_file;
  Replay replay{.title = "Peg solitaire, " + v.board + ": start " + v.start + ", finish " + v.finish};
  peg::Position pos = v.start_position;
  replay.frames.push_back(draw::diagram_svg(draw::peg_diagram(board, pos)));
  replay.captions.push_back("start: " + std::to_string(popcount(pos)) + " pegs");
  for (std::size_t i = 0; i < v.played.size(); ++i) {
    // The jump drawn on the position before it, so the picture shows which peg jumps.
    draw::Diagram d = draw::peg_diagram(board, pos ^ v.played[i].all);
    d.arrows.push_back({.from = v.played[i].from, .to = v.played[i].to, .kind = "best"});
    d.marks.push_back({.point = v.played[i].over, .kind = "jumped"});
    replay.frames.push_back(draw::diagram_svg(d));
    replay.captions.push_back(std::to_string(i + 1) + ". " + peg::jump_name(board, v.played[i]));
    pos ^= v.played[i].all;
  }
  replay.final_position = peg::position_grid(board, pos);
  return replay;
}

Report peg_boards(const PegJobOptions& /*options*/) {
  std::ostringstream text;
  nlohmann::json list = nlohmann::json::array();
  for (const auto& name : peg::builtin_board_names()) {
    const peg::Board board = peg::load_board(name);
    const auto start = board.default_start();
    const auto finish = board.default_finish();
    list.push_back({{"name", name},
                    {"holes", board.holes()},
                    {"jumps", board.jumps().size()},
                    {"geometry", peg::geometry_name(board.geometry())},
                    {"symmetries", board.symmetries().order()},
                    {"position_classes", peg::PositionClasses(board).count()},
                    {"default_start", start ? peg::hole_name(board, *start) : "none"},
                    {"default_finish", finish ? peg::hole_name(board, *finish) : "any"}});
    text << board_summary(board) << ", start " << list.back()["default_start"].get<std::string>() << ", finish "
         << list.back()["default_finish"].get<std::string>() << "\n"
         << peg::position_diagram(board, board.all_holes()) << "\n";
  }
  return Report{nlohmann::json{{"boards", list}}, text.str()};
}

}  // namespace gs::tools
