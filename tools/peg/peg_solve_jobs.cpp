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
#include "tools/common/report_builder.h"
#include "tools/draw/peg_drawing.h"
#include "tools/peg/pagoda_learning.h"
#include "tools/peg/peg_beam.h"
#include "tools/peg/peg_jobs.h"
#include "tools/peg/peg_report.h"
#include "tools/peg/peg_solution_file.h"

namespace gs::tools {

namespace {

// The first 2 M positions of the search answer most problems in milliseconds; past them beam
// searches look for a solution, and if they find none the search goes on to its end.
constexpr std::uint64_t kSearchBeforeBeam = 2'000'000;

// What the search found: a solution (by the search or a beam search), or a proof there is none.
struct Found {
  DfsResult<peg::PegPuzzle> result;
  std::string proof = "exhaustive search", found_by = "search";
  int learned_pagodas = 0;
  std::vector<peg::Jump> jumps;
  std::uint64_t beam_nodes = 0;
};

class SolveSearch {
 public:
  SolveSearch(const peg::PegPuzzle& puzzle, const PegRequest& request, const PegJobOptions& options)
      : puzzle_(puzzle), request_(request), options_(options) {}

  Found run(Bitboard reachable_finishes) {
    if (reachable_finishes == 0) {
      found_.proof = "position class";
    } else {
      const DfsOptions dfs{.threads = options_.threads,
                           .split_depth = 6,
                           .table_bits = options_.table_bits > 0 ? options_.table_bits : DfsOptions{}.table_bits};
      if (popcount(reachable_finishes) == 1)
        learning_search(dfs);
      else
        plain_search(dfs);
    }
    if (found_.jumps.empty()) found_.jumps = copy_jumps(found_.result.path);
    found_.result.nodes += found_.beam_nodes;
    return found_;
  }

 private:
  // One finish: pagodas towards it prune, and the search learns more as it goes.
  void learning_search(const DfsOptions& dfs) {
    PagodaLearningSearch search(puzzle_, dfs, nullptr);
    ProgressReporter progress(options_.global.progress(), [&] { return searching(search.nodes()); });
    LearningResult learned;
    bool answered = false;
    while (!answered && search.nodes() < kSearchBeforeBeam) answered = search.advance(request_.start, learned);
    if (!answered && beam()) {
      found_.result.solved = true;
      found_.result.nodes = learned.search.nodes;
    } else {
      while (!answered) answered = search.advance(request_.start, learned);
      found_.result = learned.search;
    }
    found_.learned_pagodas = learned.pagodas;
  }

  void plain_search(const DfsOptions& dfs) {
    DfsOptions first = dfs;
    first.max_nodes = kSearchBeforeBeam;
    DfsSolver<peg::PegPuzzle> solver(puzzle_, first);
    ProgressReporter progress(options_.global.progress(), [&] { return searching(solver.nodes()); });
    found_.result = solver.solve(request_.start);
    if (!found_.result.complete && beam()) {
      found_.result.solved = true;
    } else if (!found_.result.complete) {
      const std::uint64_t before = found_.result.nodes;
      DfsSolver<peg::PegPuzzle> rest(puzzle_, dfs);
      found_.result = rest.solve(request_.start);
      found_.result.nodes += before;
    }
  }

  // Beam searches for a solution (none with --beam-width 0); whether one was found.
  bool beam() {
    if (options_.beam_width == 0) return false;
    beaming_ = true;
    const std::vector<LayerSet> endgames = peg_endgames(puzzle_);
    const PegBeamResult b =
        peg_beam(puzzle_, request_.start, {.max_width = options_.beam_width, .goal_layers = &endgames});
    beaming_ = false;
    found_.beam_nodes = b.nodes;
    if (b.solved) found_.jumps = b.solution, found_.found_by = "beam search (width " + std::to_string(b.width) + ")";
    return b.solved;
  }

  std::string searching(std::uint64_t nodes) const {
    return (beaming_ ? "beam searches after " : "searching: ") + std::to_string(nodes) + " positions expanded";
  }

  const peg::PegPuzzle& puzzle_;
  const PegRequest& request_;
  const PegJobOptions& options_;
  std::atomic<bool> beaming_{false};
  Found found_;
};

}  // namespace

Report peg_solve(const PegRequest& request, const PegJobOptions& options) {
  const peg::Board& board = request.board;
  const cli::Stopwatch clock;
  const peg::PositionClasses classes(board);
  const Bitboard reachable_finishes =
      options.class_pruning ? request.finishes & classes.feasible_finishes(request.start) : request.finishes;
  // Symmetries that map the finish set onto itself keep "dead" meaningful under canonical forms.
  const peg::PegPuzzle puzzle(board, reachable_finishes, board.symmetries().stabiliser({reachable_finishes}));
  const Found found = SolveSearch(puzzle, request, options).run(reachable_finishes);
  const bool solved = found.result.solved;

  ReportBuilder r;
  r.set("board", board.name())
      .set("start", request.start_label)
      .set("finish", request.finish_label)
      .set("solved", solved)
      .set("proof", solved ? "solution" : found.proof)
      .set("found_by", solved ? found.found_by : "")
      .set("jumps", jump_names(board, found.jumps))
      .set("moves", peg::count_moves(found.jumps))
      .set("nodes", found.result.nodes)
      .set("learned_pagodas", found.learned_pagodas)
      .set("seconds", clock.seconds())
      .set("threads", options.threads)
      .set("peak_memory_mib", cli::peak_memory_mib());
  std::ostringstream text;
  present_solution(request, found.jumps, solved, "Solved.",
                   "Unsolvable: no sequence of jumps ends with one peg on " +
                       (request.finish_label == "any" ? std::string("any hole") : request.finish_label) +
                       " (proved by " + found.proof + ").",
                   options.output, options.steps, text);
  r.raw(text.str())
      .line()
      .line(
          "{nodes} positions expanded in {seconds:g} s with {threads} thread(s), peak memory {peak_memory_mib:int} "
          "MiB");
  return r.build([request, jumps = found.jumps, solved] { return solution_svg(request, jumps, solved); });
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
