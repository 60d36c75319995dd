// `gamesolver mountnfall`: exact tables of small boards (build, probe, stats, verify) and perft.
#include <iostream>

#include "engine/core/errors.h"
#include "engine/mountnfall/mountnfall_index.h"
#include "tools/cli.h"
#include "tools/subcommands.h"
#include "solvers/common/perft.h"
#include "solvers/minimax/negamax.h"
#include "tools/mountnfall_match.h"
#include "tools/table_jobs.h"

namespace gs::tools {

namespace {

const char* kUsage = R"(Usage: gamesolver mountnfall build  --size N --triangle T --dir DIR   solve every position of the board
       gamesolver mountnfall probe  --size N --triangle T --dir DIR [--position P]
       gamesolver mountnfall stats  --size N --triangle T --dir DIR
       gamesolver mountnfall verify --size N --triangle T --dir DIR
       gamesolver mountnfall perft  [--size N --triangle T] --depth D [--position P]
       gamesolver mountnfall analyse [--size N --triangle T] [--position P] [--time S] [--depth D] [--exact]
                                             iterative-deepening alpha-beta: score and principal variation
       gamesolver mountnfall play [--first engine] [--time S]   play against the engine in the terminal
       gamesolver mountnfall match [--games N] [--time S] [--player P] [--opponent Q] [--max-plies M]
                                             N games, colours alternating; players engine or baseline

Mount'n Fall on an n x n board (4 to 8) with start triangles of side T (T(T+1)/2 pawns each;
the real game: 8x8, T = 5). White moves first by default; both starts are reported. A side
with no legal move loses; positions from which neither side can force an end are draws (the
same values as scoring a repeated position as a draw: a winner's best line never repeats).
Tables: retrograde analysis by layers of pawn counts (see gamesolver hunt --help for files).

Positions: ranks from the top down separated by '/', cells '.' or a colour and a height
('w1', 'b3'), then ' w' or ' b'. Moves: 'a2-c2' (pile-up onto c2), 'd6>e' (collapse east).

Examples:
  gamesolver mountnfall build --size 4 --triangle 2 --dir tables    both starts are draws
  gamesolver mountnfall perft --depth 3                             8x8: 134, 17956, ...
  gamesolver mountnfall analyse --time 5                            the 8x8 start, 5 seconds
  gamesolver mountnfall match --games 100 --time 0.1                engine against the baseline
)";

}  // namespace

int run_mountnfall(const std::vector<std::string>& args) {
  table_jobs::TableJobOptions options;
  int size = 8, triangle = 5, depth = 0, table_bits = 22;
  bool exact = false;
  double seconds = 0;
  MatchOptions match;
  std::string first;
  namespace po = boost::program_options;
  po::options_description mnf("mountnfall options");
  mnf.add_options()
      ("size", po::value<int>(&size)->default_value(8), "board side, 4 to 8")
      ("triangle", po::value<int>(&triangle)->default_value(5), "side of the start triangles")
      ("dir", po::value<std::string>(&options.dir), "directory of the table files")
      ("position,p", po::value<std::string>(&options.position), "probe, perft: the position (default: the start)")
      ("depth", po::value<int>(&depth), "perft, analyse: plies")
      ("time", po::value<double>(&seconds)->default_value(0), "analyse: seconds (0: depth only)")
      ("table-bits", po::value<int>(&table_bits)->default_value(22), "analyse: transposition table of 2^N entries (16 bytes each)")
      ("games", po::value<int>(&match.games)->default_value(10), "match: games")
      ("first", po::value<std::string>(&first)->default_value("human"), "play: who plays White (moves first), human or engine")
      ("player", po::value<std::string>(&match.player)->default_value("engine"), "match: engine or baseline")
      ("opponent", po::value<std::string>(&match.opponent)->default_value("baseline"), "match: engine or baseline")
      ("max-plies", po::value<int>(&match.max_plies)->default_value(200), "match: a game this long is a draw")
      ("exact", po::bool_switch(&exact), "analyse: no late move reductions (every win and loss at its exact distance)");
  cli::Positionals words;
  po::variables_map vm;
  if (!cli::parse_subcommand(args, mnf, options.global, words, vm, kUsage)) return 0;
  const cli::ThreadLimit threads(options.global.threads);
  options.threads = threads.threads();
  if (!words.file.empty()) throw InputError("unexpected argument '" + words.file + "'");
  const std::string& mode = words.mode;
  if (mode == "perft") {
    if (depth < 1 || depth > 8) throw InputError("perft needs --depth 1 to 8");
    const mountnfall::MountNFall game(size, triangle);
    const auto start = options.position.empty() ? game.start() : game.parse(options.position);
    nlohmann::json counts = nlohmann::json::array();
    const cli::Stopwatch clock;
    for (int d = 1; d <= depth; ++d) {
      counts.push_back(gs::perft(game, start, d));
      if (options.global.human_output()) std::cout << "perft " << d << ": " << counts.back() << "\n";
    }
    cli::emit_json(options.global, {{"position", game.format(start)}, {"perft", counts}, {"seconds", clock.seconds()}});
    return 0;
  }
  if (mode == "play") {
    if (first != "human" && first != "engine") throw InputError("--first must be human or engine");
    return mountnfall_play(size, triangle, seconds > 0 ? seconds : 1.0, first == "human");
  }
  if (mode == "match") {
    match.global = options.global;
    match.size = size, match.triangle = triangle;
    match.seconds = seconds > 0 ? seconds : 0.1;
    if (match.max_plies < 1) throw InputError("--max-plies must be at least 1");
    cli::emit_json(options.global, mountnfall_match(match));
    return 0;
  }
  if (mode == "analyse" || mode == "analyze") {
    if (table_bits < 10 || table_bits > 30) throw InputError("--table-bits must be between 10 and 30");
    if (seconds <= 0 && depth <= 0) seconds = 5;  // a sensible default
    const mountnfall::MountNFall game(size, triangle);
    const auto root = options.position.empty() ? game.start() : game.parse(options.position);
    NegamaxSearch<mountnfall::MountNFall> search(game, table_bits, options.threads);
    SearchLimits limits;
    limits.depth = depth > 0 ? depth : 64;
    limits.seconds = seconds;
    limits.reductions = !exact;
    const auto report = search.search(root, limits);
    std::vector<std::string> pv;
    for (const auto& m : report.pv) pv.push_back(game.move_name(m));
    const bool mate = NegamaxSearch<mountnfall::MountNFall>::is_mate(report.score);
    const int plies = NegamaxSearch<mountnfall::MountNFall>::kWin - std::abs(report.score);
    if (options.global.human_output()) {
      std::cout << game.format(root) << "\n" << (root.white_to_move ? "White" : "Black") << " to move: ";
      if (mate) std::cout << (report.score > 0 ? "wins" : "loses") << " in " << plies << " plies";
      else std::cout << "score " << report.score << " (100 = a pawn)";
      std::cout << ", depth " << report.depth << ", " << report.nodes << " nodes, " << report.seconds << " s, " << search.threads()
                << " threads\n  pv:";
      for (const auto& m : pv) std::cout << " " << m;
      std::cout << "\n";
    }
    nlohmann::json result = {{"position", game.format(root)}, {"score", report.score}, {"depth", report.depth}, {"pv", pv},
                              {"nodes", report.nodes}, {"seconds", report.seconds}, {"threads", search.threads()}};
    if (mate) result["mate_in_plies"] = report.score > 0 ? plies : -plies;
    cli::emit_json(options.global, result);
    return 0;
  }
  if (mode != "build" && mode != "probe" && mode != "stats" && mode != "verify")
    throw InputError(mode.empty() ? "mountnfall needs a mode: build, probe, stats, verify, perft, analyse, play or match"
                                  : "unknown mountnfall mode '" + mode + "' (expected build, probe, stats, verify, perft, analyse, play or match)");
  if (options.dir.empty()) throw InputError("mountnfall " + mode + " needs --dir DIR");
  if (size > 6) throw InputError("exact tables are for boards up to 6x6 (--size)");
  const mountnfall::MountNFallIndex game(size, triangle);
  if (mode == "build") cli::emit_json(options.global, table_jobs::build(game, options));
  else if (mode == "probe") cli::emit_json(options.global, table_jobs::probe(game, options));
  else if (mode == "stats") cli::emit_json(options.global, table_jobs::stats(game, options));
  else {
    bool valid = false;
    cli::emit_json(options.global, table_jobs::verify(game, options, valid));
    return valid ? 0 : 1;
  }
  return 0;
}

}  // namespace gs::tools
