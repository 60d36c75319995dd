// gamesolver mnk: strong solution, weak solution and move values, table probe.
#include <iostream>
#include <sstream>
#include <unordered_map>

#include "engine/core/errors.h"
#include "engine/mnk/packed_mnk.h"
#include "solvers/common/progress.h"
#include "solvers/io/checked_text_file.h"
#include "solvers/minimax/alpha_beta.h"
#include "solvers/minimax/strong_solver.h"
#include "tools/mnk/mnk_jobs.h"

namespace gs::tools {

std::string value_name(int value, bool x_to_move) {
  if (value == 0) return "draw";
  return (value > 0) == x_to_move ? "first-player-win" : "second-player-win";
}

std::string side_value(int value) { return value > 0 ? "win" : value < 0 ? "loss" : "draw"; }

namespace {

nlohmann::json strong_impl(const mnk::MnkGame& game, const MnkOptions& options, const std::string& output) {
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
      if (v.value == 0)
        draws += orbit;
      else if (ply % 2 == 1)
        x_wins += orbit;  // X made the last move
      else
        o_wins += orbit;
    }
  }
  const StrongValue root = solution.value_at(0, 0);
  const double seconds = clock.seconds();
  if (!output.empty()) {
    std::ostringstream header;
    header << "gamesolver-mnk-table v1 m=" << game.m() << " n=" << game.n() << " k=" << game.k()
           << " positions=" << canonical << " index=canonical-packed\n";
    write_checked_text(output, header.str() + table.str());
  }
  if (options.global.human_output()) {
    std::cout << "Game " << game.name() << " (" << game.m() << " columns, " << game.n() << " rows, " << game.k()
              << " in a row), strong solution\n"
              << "  positions reachable (empty board and terminal ones included): " << positions << "\n"
              << "  up to the " << game.symmetries().order() << " symmetries of the board: " << canonical << "\n"
              << "  terminal: " << terminal << " (X wins " << x_wins << ", O wins " << o_wins << ", draws " << draws
              << ")\n"
              << "  games (move sequences from the empty board to a terminal position): " << to_decimal(games) << "\n"
              << "  value of the empty board: " << value_name(root.value, true) << " in " << root.distance << " plies\n"
              << "  " << seconds << " s with " << options.threads << " thread(s)\n";
    if (!output.empty()) std::cout << "Table written to " << output << "\n";
  }
  return {{"game", game.name()},
          {"m", game.m()},
          {"n", game.n()},
          {"k", game.k()},
          {"positions", positions},
          {"canonical", canonical},
          {"terminal", {{"total", terminal}, {"x_wins", x_wins}, {"o_wins", o_wins}, {"draws", draws}}},
          {"games", to_decimal(games)},
          {"value", value_name(root.value, true)},
          {"distance", root.distance},
          {"seconds", seconds},
          {"threads", options.threads}};
}

// Values of every legal move from p, best first, for the side to move.
template <class View>
std::vector<std::pair<int, int>> move_values(const View& view, mnk::Position p, AlphaBeta<View>& search) {
  std::vector<std::pair<int, int>> values;  // (value for the mover, cell)
  view.for_each_move(View::pack(p),
                     [&](int cell, typename View::State child) { values.emplace_back(-search.value(child), cell); });
  std::stable_sort(values.begin(), values.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  return values;
}

template <class View>
nlohmann::json weak_impl(const mnk::MnkGame& game, const MnkOptions& options,
                         const std::optional<std::string>& position) {
  const cli::Stopwatch clock;
  const View packed(game);
  const mnk::Position p = position ? game.parse(*position) : mnk::Position{};
  const bool x_to_move = mnk::MnkGame::to_move(p) == mnk::Player::x;
  AlphaBeta<View> search(packed, {options.threads, 3, options.table_bits});
  ProgressReporter progress(options.global.progress(),
                            [&] { return "searching: " + std::to_string(search.nodes()) + " nodes"; });
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
    std::cout << "Game " << game.name() << ", position " << game.format(p) << ", " << (x_to_move ? "X" : "O")
              << " to move\n"
              << "Value: " << side_value(value) << " for the side to move (" << value_name(value, x_to_move) << ")\n";
    if (!best_move.empty()) std::cout << "Best move: " << best_move << "\n";
    if (!moves.empty()) {
      std::cout << "Moves, best first:";
      for (const auto& m : moves)
        std::cout << "  " << m["move"].get<std::string>() << " " << m["value"].get<std::string>();
      std::cout << "\n";
    }
    std::cout << search.nodes() << " nodes in " << seconds << " s with " << options.threads << " thread(s)\n";
  }
  return {{"game", game.name()},
          {"position", game.format(p)},
          {"to_move", x_to_move ? "X" : "O"},
          {"value", value_name(value, x_to_move)},
          {"best_move", best_move},
          {"moves", moves},
          {"nodes", search.nodes()},
          {"seconds", seconds},
          {"threads", options.threads}};
}

}  // namespace

nlohmann::json mnk_strong(const mnk::MnkGame& game, const MnkOptions& options, const std::string& output) {
  return strong_impl(game, options, output);
}

// Boards up to 32 cells search on one 64-bit word, larger ones on a 128-bit word.
nlohmann::json mnk_weak(const mnk::MnkGame& game, const MnkOptions& options,
                        const std::optional<std::string>& position) {
  return game.packable() ? weak_impl<mnk::PackedMnk>(game, options, position)
                         : weak_impl<mnk::WideMnk>(game, options, position);
}

nlohmann::json mnk_probe(const std::string& path, const std::string& position_text, const MnkOptions& options) {
  const std::string body = read_checked_text(path);
  std::istringstream in(body);
  std::string header;
  std::getline(in, header);
  int m = 0, n = 0, k = 0;
  if (std::sscanf(header.c_str(), "gamesolver-mnk-table v1 m=%d n=%d k=%d", &m, &n, &k) != 3)
    throw DataError(path + ": not a gamesolver m,n,k table (or an unsupported version)");
  const mnk::MnkGame game(m, n, k);
  if (!game.packable()) throw DataError(path + ": tables hold boards of at most 32 cells");
  const mnk::PackedMnk packed(game);
  std::unordered_map<std::uint64_t, std::pair<int, int>> table;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::uint64_t state;
    int value, distance;
    if (!(fields >> std::hex >> state >> std::dec >> value >> distance))
      throw DataError(path + ": malformed record '" + line + "'");
    table[state] = {value, distance};
  }
  const mnk::Position p = game.parse(position_text);
  const auto find = [&](mnk::Position q) {
    const auto it = table.find(packed.canonical(mnk::PackedMnk::pack(q)));
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
  for (const auto& [v, d, cell] : ranked)
    moves.push_back({{"move", game.cell_name(cell)}, {"value", side_value(v)}, {"distance", d}});
  if (options.global.human_output()) {
    std::cout << "Game " << game.name() << ", position " << game.format(p) << ", " << (x_to_move ? "X" : "O")
              << " to move: " << side_value(value) << " in " << distance << " plies\n";
    for (const auto& mv : moves)
      std::cout << "  " << mv["move"].get<std::string>() << "  " << mv["value"].get<std::string>() << " in "
                << mv["distance"].get<int>() << "\n";
  }
  return {{"game", game.name()},
          {"position", game.format(p)},
          {"value", value_name(value, x_to_move)},
          {"distance", distance},
          {"moves", moves}};
}

}  // namespace gs::tools
