// `gamesolver peg`: option parsing and dispatch to the jobs.
#include <iostream>

#include "engine/core/errors.h"
#include "engine/peg/board_file.h"
#include "tools/cli.h"
#include "tools/peg_jobs.h"
#include "tools/subcommands.h"

namespace gs::tools {

namespace {

const char* kUsage = R"(Usage: gamesolver peg [options]              solve (default), --analyze, --all-starts, --fewest-moves
       gamesolver peg verify FILE [options]  replay a solution file
       gamesolver peg boards [options]       list the built-in boards

Examples:
  gamesolver peg                                   English board, centre start, finish in the centre
  gamesolver peg --board french --start c5 --finish any --output sol.txt
  gamesolver peg verify sol.txt
  gamesolver peg --board triangle5                 top-corner start, last peg anywhere
  gamesolver peg --position 'd2,d3,d4,e4' --finish any --steps
  gamesolver peg --analyze --json analysis.json    every reachable position, layer by layer
  gamesolver peg --all-starts --board english      which finishes each start hole allows
  gamesolver peg --fewest-moves                    18 moves, proved minimal
  gamesolver peg --board my-board.txt              a board file (see README, 'Board files')

Holes are named by column letter (a, b, ... left to right) and row number (1, 2, ... bottom
to top): the English centre is d4. A position is a grid (x peg, o empty hole, . no hole, rows
top to bottom separated by '/') or a list of occupied holes ("d2,d3,e4").
)";

}  // namespace

int run_peg(const std::vector<std::string>& args) {
  PegJobOptions job;
  PegRequestOptions request;

  std::string start, position, finish;
  bool analyze = false, all_starts = false, fewest = false, no_class = false;

  namespace po = boost::program_options;
  po::options_description peg("Peg options");
  peg.add_options()
      ("board,b", po::value<std::string>(&request.board)->default_value("english"), "built-in board name or board file")
      ("start,s", po::value<std::string>(&start), "the hole left empty at the start (default: the board's start, usually the centre)")
      ("position,p", po::value<std::string>(&position), "start from this position instead (grid or hole list)")
      ("finish,f", po::value<std::string>(&finish), "hole for the last peg, or 'any' (default: the centre, else any)")
      ("analyze", po::bool_switch(&analyze), "enumerate every reachable position layer by layer, with counts")
      ("all-starts", po::bool_switch(&all_starts), "for every start hole, the holes where the last peg can finish")
      ("fewest-moves", po::bool_switch(&fewest), "a solution with the fewest moves (one peg's run of jumps), proved minimal")
      ("output,o", po::value<std::string>(&job.output), "write the solution to FILE (solve and --fewest-moves)")
      ("steps", po::bool_switch(&job.steps), "print the board after every jump")
      ("no-class-pruning", po::bool_switch(&no_class), "search even when position classes already prove the problem unsolvable")
      ("table-bits", po::value<int>(&job.table_bits)->default_value(26), "dead-position tables: 2^N entries in all, 8 bytes each (memory is touched only as used)");
  cli::Positionals words;
  po::variables_map vm;
  if (!cli::parse_subcommand(args, peg, job.global, words, vm, kUsage)) return 0;
  const std::string& mode_word = words.mode;
  const std::string& file = words.file;
  if (job.table_bits < 10 || job.table_bits > 34) throw InputError("--table-bits must be between 10 and 34");
  job.class_pruning = !no_class;
  const cli::ThreadLimit threads(job.global.threads);
  job.threads = threads.threads();
  if (vm.count("start")) request.start = start;
  if (vm.count("position")) request.position = position;
  if (vm.count("finish")) request.finish = finish;

  if (analyze + all_starts + fewest > 1) throw InputError("choose one of --analyze, --all-starts, --fewest-moves");
  if (!mode_word.empty() && mode_word != "verify" && mode_word != "boards" && mode_word != "solve")
    throw InputError("unknown peg mode '" + mode_word + "' (expected verify, boards or solve)");
  if (mode_word == "verify") {
    if (file.empty()) throw InputError("usage: gamesolver peg verify FILE");
    bool valid = false;
    cli::emit_json(job.global, peg_verify(file, job, valid));
    return valid ? 0 : 1;
  }
  if (!file.empty()) throw InputError("unexpected argument '" + file + "'");
  if (mode_word == "boards") {
    cli::emit_json(job.global, peg_boards(job));
    return 0;
  }
  if (all_starts) {
    if (request.start || request.position || request.finish)
      throw InputError("--all-starts tries every start and finish: drop --start, --position and --finish");
    cli::emit_json(job.global, peg_all_starts(peg::load_board(request.board), job));
    return 0;
  }
  const PegRequest resolved = resolve_peg_request(request);
  if (!job.output.empty() && analyze) throw InputError("--output applies to solve and --fewest-moves");
  nlohmann::json result = analyze ? peg_analyze(resolved, job) : fewest ? peg_fewest_moves(resolved, job) : peg_solve(resolved, job);
  cli::emit_json(job.global, result);
  return 0;
}

}  // namespace gs::tools
