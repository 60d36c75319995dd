// `gamesolver mnk` and `gamesolver tictactoe`: option parsing and dispatch to the jobs.
#include "engine/core/errors.h"
#include "tools/cli.h"
#include "tools/mnk_jobs.h"
#include "tools/subcommands.h"

namespace gs::tools {

namespace {

const char* kUsage = R"(Usage: gamesolver mnk --m M --n N --k K [options]    value and best move of the empty board
       gamesolver mnk ... --position P                   the value of every legal move, best first
       gamesolver mnk ... --all [--output FILE]          strong solution with statistics (up to 4x4)
       gamesolver mnk probe --table FILE --position P    look a position up in a written table
       gamesolver mnk ... --play [--first engine]        play against perfect play in the terminal
       gamesolver tictactoe [options]                    the same with m = n = k = 3

m columns, n rows (1..8 each), k in a row wins; X moves first. --all takes boards up to 16 cells.
Positions: rows top to bottom separated by '/', cells X, O and '.', e.g. 'X.O/.X./...'.
Cells in moves: column letter and row number from the bottom (a1 is the bottom-left corner).

Examples:
  gamesolver tictactoe --all                       5,478 positions, 765 up to symmetry, a draw
  gamesolver mnk --m 4 --n 4 --k 3                 first player wins
  gamesolver tictactoe --position 'X.O/.X./...'
  gamesolver tictactoe --all --output ttt.table && gamesolver mnk probe --table ttt.table --position 'X../.../...'
)";

int run(const std::vector<std::string>& args, bool tictactoe) {
  MnkOptions options;
  int m = 3, n = 3, k = 3;
  bool all = false, interactive = false;
  std::string position, output, table, first = "human";
  namespace po = boost::program_options;
  po::options_description mnk_options("m,n,k options");
  mnk_options.add_options()
      ("m", po::value<int>(&m)->default_value(3), "columns")
      ("n", po::value<int>(&n)->default_value(3), "rows")
      ("k", po::value<int>(&k)->default_value(3), "in a row to win")
      ("all", po::bool_switch(&all), "strong solution: every reachable position with its value (boards up to 4x4)")
      ("position,p", po::value<std::string>(&position), "a position: the value of every legal move")
      ("play", po::bool_switch(&interactive), "play against perfect play in the terminal")
      ("first", po::value<std::string>(&first)->default_value("human"), "with --play: who moves first, human or engine")
      ("output,o", po::value<std::string>(&output), "with --all: write the solution table to FILE")
      ("table", po::value<std::string>(&table), "with probe: the table file to read")
      ("table-bits", po::value<int>(&options.table_bits)->default_value(24), "transposition table of 2^N entries (16 bytes each)");
  cli::Positionals words;
  po::variables_map vm;
  if (!cli::parse_subcommand(args, mnk_options, options.global, words, vm, kUsage)) return 0;
  const std::string& mode = words.mode;
  if (!words.file.empty()) throw InputError("unexpected argument '" + words.file + "'");
  const cli::ThreadLimit threads(options.global.threads);
  options.threads = threads.threads();
  if (options.table_bits < 10 || options.table_bits > 32) throw InputError("--table-bits must be between 10 and 32");
  if (tictactoe && (!vm["m"].defaulted() || !vm["n"].defaulted() || !vm["k"].defaulted()))
    throw InputError("tictactoe is 3,3,3: use gamesolver mnk for other sizes");
  if (!mode.empty() && mode != "probe") throw InputError("unknown mnk mode '" + mode + "' (expected probe)");
  if (mode == "probe") {
    if (table.empty() || position.empty()) throw InputError("usage: gamesolver mnk probe --table FILE --position P");
    cli::emit_json(options.global, mnk_probe(table, position, options));
    return 0;
  }
  const mnk::MnkGame game(m, n, k);
  if (interactive) {
    if (first != "human" && first != "engine") throw InputError("--first must be human or engine");
    return mnk_play(game, options, first == "human");
  }
  if (all) {
    if (game.cells() > 16) throw InputError("--all enumerates every position: boards of at most 16 cells (4x4)");
    if (!position.empty()) throw InputError("--all solves from the empty board: drop --position");
    cli::emit_json(options.global, mnk_strong(game, options, output));
    return 0;
  }
  if (!output.empty()) throw InputError("--output applies to --all");
  const auto asked = vm.count("position") ? std::optional<std::string>(position) : std::nullopt;
  cli::emit_json(options.global, mnk_weak(game, options, asked));
  return 0;
}

}  // namespace

int run_mnk(const std::vector<std::string>& args) { return run(args, false); }
int run_tictactoe(const std::vector<std::string>& args) { return run(args, true); }

}  // namespace gs::tools
