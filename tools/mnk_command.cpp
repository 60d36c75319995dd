// `gamesolver mnk` and `gamesolver tictactoe`: weak solution (default), strong solution (--all),
// move values of a position (--position), and probing a written table (probe).
#include <iomanip>
#include <iostream>
#include <sstream>
#include <unordered_map>

#include "engine/core/errors.h"
#include "engine/mnk/packed_mnk.h"
#include "solvers/common/progress.h"
#include "solvers/io/checked_text_file.h"
#include "solvers/minimax/alpha_beta.h"
#include "solvers/minimax/strong_solver.h"
#include "tools/cli.h"
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

std::string value_name(int value, bool x_to_move) {
  if (value == 0) return "draw";
  return (value > 0) == x_to_move ? "first-player-win" : "second-player-win";
}

std::string side_value(int value) { return value > 0 ? "win" : value < 0 ? "loss" : "draw"; }

struct MnkOptions {
  cli::GlobalOptions global;
  int threads = 1;
  int table_bits = 24;
};

nlohmann::json strong(const mnk::MnkGame& game, const MnkOptions& options, const std::string& output) {
  const cli::Stopwatch clock;
  const mnk::PackedMnk packed(game);
  const StrongSolution<mnk::PackedMnk> solution(packed);
  std::uint64_t positions = 0, canonical = 0, terminal = 0, x_wins = 0, o_wins = 0, draws = 0;
  uint128 games = 0;
  std::ostringstream table;
  for (std::size_t ply = 0; ply < solution.layers().size(); ++ply) {
    const LayerSet& layer = solution.layers()[ply];
    canonical += layer.size();
    for (std::size_t i = 0; i < layer.size(); ++i) {
      const int orbit = packed.orbit_size(layer[i]);
      positions += orbit;
      const StrongValue v = solution.value_at(ply, i);
      if (!output.empty()) table << std::hex << layer[i] << std::dec << ' ' << v.value << ' ' << v.distance << '\n';
      if (!solution.terminal_at(ply, i)) continue;
      terminal += orbit;
      games += solution.paths_at(ply, i) * static_cast<unsigned>(orbit);
      if (v.value == 0) draws += orbit;
      else if (ply % 2 == 1) x_wins += orbit;  // X made the last move
      else o_wins += orbit;
    }
  }
  const StrongValue root = solution.value_at(0, 0);
  const double seconds = clock.seconds();
  if (!output.empty()) {
    std::ostringstream header;
    header << "gamesolver-mnk-table v1 m=" << game.m() << " n=" << game.n() << " k=" << game.k() << " positions=" << canonical
           << " index=canonical-packed\n";
    write_checked_text(output, header.str() + table.str());
  }
  if (options.global.human_output()) {
    std::cout << "Game " << game.name() << " (" << game.m() << " columns, " << game.n() << " rows, " << game.k()
              << " in a row), strong solution\n"
              << "  positions reachable (empty board and terminal ones included): " << positions << "\n"
              << "  up to the " << game.symmetries().order() << " symmetries of the board: " << canonical << "\n"
              << "  terminal: " << terminal << " (X wins " << x_wins << ", O wins " << o_wins << ", draws " << draws << ")\n"
              << "  games (move sequences from the empty board to a terminal position): " << to_decimal(games) << "\n"
              << "  value of the empty board: " << value_name(root.value, true) << " in " << root.distance << " plies\n"
              << "  " << seconds << " s with " << options.threads << " thread(s)\n";
    if (!output.empty()) std::cout << "Table written to " << output << "\n";
  }
  return {{"game", game.name()},      {"m", game.m()},
          {"n", game.n()},            {"k", game.k()},
          {"positions", positions},   {"canonical", canonical},
          {"terminal", {{"total", terminal}, {"x_wins", x_wins}, {"o_wins", o_wins}, {"draws", draws}}},
          {"games", to_decimal(games)}, {"value", value_name(root.value, true)},
          {"distance", root.distance},  {"seconds", seconds},
          {"threads", options.threads}};
}

// Values of every legal move from p, best first, for the side to move.
template <class View>
std::vector<std::pair<int, int>> move_values(const View& view, mnk::Position p, AlphaBeta<View>& search) {
  std::vector<std::pair<int, int>> values;  // (value for the mover, cell)
  view.for_each_move(View::pack(p), [&](int cell, typename View::State child) { values.emplace_back(-search.value(child), cell); });
  std::stable_sort(values.begin(), values.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  return values;
}

template <class View>
nlohmann::json weak(const mnk::MnkGame& game, const MnkOptions& options, const std::optional<std::string>& position) {
  const cli::Stopwatch clock;
  const View packed(game);
  const mnk::Position p = position ? game.parse(*position) : mnk::Position{};
  const bool x_to_move = mnk::MnkGame::to_move(p) == mnk::Player::x;
  AlphaBeta<View> search(packed, {options.threads, 3, options.table_bits});
  ProgressReporter progress(options.global.progress(), [&] { return "searching: " + std::to_string(search.nodes()) + " nodes"; });
  nlohmann::json moves = nlohmann::json::array();
  int value = packed.terminal_value(View::pack(p)).value_or(-2);
  std::string best_move;
  if (value == -2 && position) {  // a position asked about: the value of every legal move
    const auto values = move_values(packed, p, search);
    value = values.front().first;
    best_move = game.cell_name(values.front().second);
    for (const auto& [v, cell] : values) moves.push_back({{"move", game.cell_name(cell)}, {"value", side_value(v)}});
  } else if (value == -2) {  // the weak solution: the value and one best move
    const auto [v, cell] = search.best_move(View::pack(p));
    value = v;
    best_move = game.cell_name(cell);
  }
  const double seconds = clock.seconds();
  if (options.global.human_output()) {
    std::cout << "Game " << game.name() << ", position " << game.format(p) << ", " << (x_to_move ? "X" : "O") << " to move\n"
              << "Value: " << side_value(value) << " for the side to move (" << value_name(value, x_to_move) << ")\n";
    if (!best_move.empty()) std::cout << "Best move: " << best_move << "\n";
    if (!moves.empty()) {
      std::cout << "Moves, best first:";
      for (const auto& m : moves) std::cout << "  " << m["move"].get<std::string>() << " " << m["value"].get<std::string>();
      std::cout << "\n";
    }
    std::cout << search.nodes() << " nodes in " << seconds << " s with " << options.threads << " thread(s)\n";
  }
  return {{"game", game.name()},           {"position", game.format(p)},
          {"to_move", x_to_move ? "X" : "O"}, {"value", value_name(value, x_to_move)},
          {"best_move", best_move},        {"moves", moves},
          {"nodes", search.nodes()},       {"seconds", seconds},
          {"threads", options.threads}};
}

nlohmann::json probe(const std::string& path, const std::string& position_text, const MnkOptions& options) {
  const std::string body = read_checked_text(path);
  std::istringstream in(body);
  std::string header;
  std::getline(in, header);
  int m = 0, n = 0, k = 0;
  if (std::sscanf(header.c_str(), "gamesolver-mnk-table v1 m=%d n=%d k=%d", &m, &n, &k) != 3)
    throw DataError(path + ": not a gamesolver m,n,k table (or an unsupported version)");
  const mnk::MnkGame game(m, n, k);
  std::unordered_map<std::uint64_t, std::pair<int, int>> table;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::uint64_t state;
    int value, distance;
    if (!(fields >> std::hex >> state >> std::dec >> value >> distance)) throw DataError(path + ": malformed record '" + line + "'");
    table[state] = {value, distance};
  }
  const mnk::Position p = game.parse(position_text);
  const auto find = [&](mnk::Position q) {
    const auto it = table.find(game.canonical(mnk::MnkGame::pack(q)));
    if (it == table.end()) throw DataError(path + ": position " + game.format(q) + " is not in the table");
    return it->second;
  };
  const auto [value, distance] = find(p);
  const bool x_to_move = mnk::MnkGame::to_move(p) == mnk::Player::x;
  nlohmann::json moves = nlohmann::json::array();
  std::vector<std::tuple<int, int, int>> ranked;  // value for the mover, distance, cell
  if (!game.is_terminal(p))
    game.for_each_move(p, [&](int cell, mnk::Position child) {
      const auto [v, d] = find(child);
      ranked.emplace_back(-v, d + 1, cell);
    });
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    if (std::get<0>(a) != std::get<0>(b)) return std::get<0>(a) > std::get<0>(b);
    return std::get<0>(a) > 0 ? std::get<1>(a) < std::get<1>(b) : std::get<1>(a) > std::get<1>(b);
  });
  for (const auto& [v, d, cell] : ranked) moves.push_back({{"move", game.cell_name(cell)}, {"value", side_value(v)}, {"distance", d}});
  if (options.global.human_output()) {
    std::cout << "Game " << game.name() << ", position " << game.format(p) << ", " << (x_to_move ? "X" : "O") << " to move: "
              << side_value(value) << " in " << distance << " plies\n";
    for (const auto& mv : moves)
      std::cout << "  " << mv["move"].get<std::string>() << "  " << mv["value"].get<std::string>() << " in " << mv["distance"].get<int>() << "\n";
  }
  return {{"game", game.name()}, {"position", game.format(p)}, {"value", value_name(value, x_to_move)}, {"distance", distance}, {"moves", moves}};
}

std::string diagram(const mnk::MnkGame& game, mnk::Position p) {
  std::ostringstream out;
  for (int r = 0; r < game.n(); ++r) {
    out << std::setw(2) << game.n() - r << ' ';
    for (int c = 0; c < game.m(); ++c) {
      const int cell = r * game.m() + c;
      out << ' ' << (has_bit(p.x, cell) ? 'X' : has_bit(p.o, cell) ? 'O' : '.');
    }
    out << '\n';
  }
  out << "   ";
  for (int c = 0; c < game.m(); ++c) out << ' ' << static_cast<char>('a' + c);
  return out.str() + "\n";
}

// A person against perfect play in the terminal: moves typed as cells (b2), 'quit' to stop.
template <class View>
int play(const mnk::MnkGame& game, const MnkOptions& options, bool human_first) {
  const View packed(game);
  AlphaBeta<View> search(packed, {options.threads, 3, options.table_bits});
  mnk::Position p;
  std::cout << "Game " << game.name() << ": you play " << (human_first ? "X (first)" : "O (second)")
            << ". Type a cell such as " << game.cell_name(game.cells_by_centrality().front()) << ", or quit.\n";
  while (true) {
    std::cout << "\n" << diagram(game, p);
    if (game.won_by_last_mover(p)) {
      const bool human_moved_last = (mnk::MnkGame::to_move(p) == mnk::Player::o) == human_first;
      std::cout << (human_moved_last ? "You win.\n" : "The engine wins.\n");
      return 0;
    }
    if ((p.x | p.o) == game.full()) {
      std::cout << "Draw.\n";
      return 0;
    }
    const bool human_turn = (mnk::MnkGame::to_move(p) == mnk::Player::x) == human_first;
    if (!human_turn) {
      const auto [value, cell] = search.best_move(View::pack(p));
      std::cout << "Engine plays " << game.cell_name(cell) << " (it expects to " << (value > 0 ? "win" : value < 0 ? "lose" : "draw") << ")\n";
      p = game.play(p, cell);
      continue;
    }
    std::cout << "Your move: " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line) || line == "quit" || line == "q") {
      std::cout << "\nStopped.\n";
      return 0;
    }
    try {
      const int cell = game.parse_cell(line);
      if (has_bit(p.x | p.o, cell)) {
        std::cout << line << " is taken.\n";
        continue;
      }
      p = game.play(p, cell);
    } catch (const InputError& e) {
      std::cout << e.what() << "\n";
    }
  }
}

int run(const std::vector<std::string>& args, bool tictactoe) {
  MnkOptions options;
  int m = 3, n = 3, k = 3;
  bool all = false, interactive = false;
  std::string position, output, table, mode, first = "human";
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
  po::options_description hidden;
  hidden.add_options()("mode", po::value<std::string>(&mode));
  po::options_description visible;
  visible.add(mnk_options).add(cli::global_options_description(options.global));
  po::options_description all_options;
  all_options.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("mode", 1);
  po::variables_map vm;
  if (!cli::parse_options(args, all_options, visible, positional, vm, kUsage)) return 0;
  const cli::ThreadLimit threads(options.global.threads);
  options.threads = threads.threads();
  if (options.table_bits < 10 || options.table_bits > 32) throw InputError("--table-bits must be between 10 and 32");
  if (tictactoe && (!vm["m"].defaulted() || !vm["n"].defaulted() || !vm["k"].defaulted()))
    throw InputError("tictactoe is 3,3,3: use gamesolver mnk for other sizes");
  if (!mode.empty() && mode != "probe") throw InputError("unknown mnk mode '" + mode + "' (expected probe)");
  if (mode == "probe") {
    if (table.empty() || position.empty()) throw InputError("usage: gamesolver mnk probe --table FILE --position P");
    cli::emit_json(options.global, probe(table, position, options));
    return 0;
  }
  const mnk::MnkGame game(m, n, k);
  // Boards up to 32 cells search on one 64-bit word, larger ones on a 128-bit word.
  if (interactive) {
    if (first != "human" && first != "engine") throw InputError("--first must be human or engine");
    return game.packable() ? play<mnk::PackedMnk>(game, options, first == "human") : play<mnk::WideMnk>(game, options, first == "human");
  }
  if (all) {
    if (game.cells() > 16) throw InputError("--all enumerates every position: boards of at most 16 cells (4x4)");
    if (!position.empty()) throw InputError("--all solves from the empty board: drop --position");
    cli::emit_json(options.global, strong(game, options, output));
    return 0;
  }
  if (!output.empty()) throw InputError("--output applies to --all");
  const auto asked = vm.count("position") ? std::optional<std::string>(position) : std::nullopt;
  cli::emit_json(options.global, game.packable() ? weak<mnk::PackedMnk>(game, options, asked) : weak<mnk::WideMnk>(game, options, asked));
  return 0;
}

}  // namespace

int run_mnk(const std::vector<std::string>& args) { return run(args, false); }
int run_tictactoe(const std::vector<std::string>& args) { return run(args, true); }

}  // namespace gs::tools
