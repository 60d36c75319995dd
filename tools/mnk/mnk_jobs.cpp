// gamesolver mnk: strong solution, weak solution and move values, table probe.
#include <iostream>
#include <sstream>
#include <unordered_map>

#include <tbb/task_group.h>

#include "engine/core/errors.h"
#include "engine/mnk/packed_mnk.h"
#include "solvers/common/progress.h"
#include "solvers/io/checked_text_file.h"
#include "solvers/minimax/alpha_beta.h"
#include "solvers/minimax/strong_solver.h"
#include "solvers/pns/df_pn.h"
#include "tools/mnk/mnk_jobs.h"
#include "tools/mnk/mnk_table_file.h"

namespace gs::tools {

std::string value_name(Outcome value, bool x_to_move) {
  if (value == Outcome::kDraw) return "draw";
  return (value == Outcome::kWin) == x_to_move ? "first-player-win" : "second-player-win";
}

namespace {

Report strong_impl(const mnk::MnkGame& game, const MnkOptions& options, const std::string& output) {
  std::ostringstream text;
  const cli::Stopwatch clock;
  const mnk::PackedMnk packed(game);
  const StrongSolution<mnk::PackedMnk> solution(packed);
  std::uint64_t positions = 0, canonical = 0, terminal = 0, x_wins = 0, o_wins = 0, draws = 0;
  uint128 games = 0;
  std::vector<MnkTableRecord> table;
  for (std::size_t ply = 0; ply < solution.layers().size(); ++ply) {
    const LayerSet& layer = solution.layers()[ply];
    canonical += layer.size();
    for (std::size_t i = 0; i < layer.size(); ++i) {
      const int orbit = packed.orbit_size(layer[i]);
      positions += orbit;
      const Value v = solution.value_at(ply, i);
      if (!output.empty()) table.push_back({layer[i], v});
      if (!solution.terminal_at(ply, i)) continue;
      terminal += orbit;
      games += solution.paths_at(ply, i) * static_cast<unsigned>(orbit);
      if (v.outcome == Outcome::kDraw)
        draws += orbit;
      else if (ply % 2 == 1)
        x_wins += orbit;  // X made the last move
      else
        o_wins += orbit;
    }
  }
  const Value root = solution.value_at(0, 0);
  const double seconds = clock.seconds();
  if (!output.empty()) {
    write_mnk_table(output, game.m(), game.n(), game.k(), table);
  }
  text << "Game " << game.name() << " (" << game.m() << " columns, " << game.n() << " rows, " << game.k()
       << " in a row), strong solution\n"
       << "  positions reachable (empty board and terminal ones included): " << positions << "\n"
       << "  up to the " << game.symmetries().order() << " symmetries of the board: " << canonical << "\n"
       << "  terminal: " << terminal << " (X wins " << x_wins << ", O wins " << o_wins << ", draws " << draws << ")\n"
       << "  games (move sequences from the empty board to a terminal position): " << to_decimal(games) << "\n"
       << "  value of the empty board: " << value_name(root.outcome, true) << " in " << root.distance << " plies\n"
       << "  " << seconds << " s with " << options.threads << " thread(s)\n";
  if (!output.empty()) text << "Table written to " << output << "\n";
  return Report{
      nlohmann::json{{"game", game.name()},
                     {"m", game.m()},
                     {"n", game.n()},
                     {"k", game.k()},
                     {"positions", positions},
                     {"canonical", canonical},
                     {"terminal", {{"total", terminal}, {"x_wins", x_wins}, {"o_wins", o_wins}, {"draws", draws}}},
                     {"games", to_decimal(games)},
                     {"value", value_name(root.outcome, true)},
                     {"distance", root.distance},
                     {"seconds", seconds},
                     {"threads", options.threads}},
      text.str()};
}

// Values of every legal move from p, best first, for the side to move.
template <class View>
std::vector<std::pair<Outcome, int>> move_values(const View& view, mnk::Position p, AlphaBeta<View>& search) {
  std::vector<std::pair<Outcome, int>> values;  // (value for the mover, cell)
  for_each_successor(view, View::pack(p), [&](int cell, typename View::Position child) {
    values.emplace_back(through({search.value(child)}).outcome, cell);
  });
  std::stable_sort(values.begin(), values.end(),
                   [](const auto& a, const auto& b) { return sign_of(a.first) > sign_of(b.first); });
  return values;
}

template <class View>
Report weak_impl(const mnk::MnkGame& game, const MnkOptions& options, const std::optional<std::string>& position) {
  std::ostringstream text;
  const cli::Stopwatch clock;
  const View packed(game);
  const mnk::Position p = position ? game.parse(*position) : mnk::Position{};
  const bool x_to_move = mnk::MnkGame::to_move(p) == mnk::Player::x;
  AlphaBeta<View> search(packed, {.threads = options.threads, .split_depth = 3, .table_bits = options.table_bits});
  ProgressReporter progress(options.global.progress(),
                            [&] { return "searching: " + std::to_string(search.nodes()) + " nodes"; });
  nlohmann::json moves = nlohmann::json::array();
  std::optional<Outcome> value = packed.terminal(View::pack(p));
  std::string best_move;
  if (!value && position) {  // a position asked about: the value of every legal move
    const auto values = move_values(packed, p, search);
    value = values.front().first;
    best_move = game.cell_name(values.front().second);
    for (const auto& [v, cell] : values) moves.push_back({{"move", game.cell_name(cell)}, {"value", outcome_name(v)}});
  } else if (!value) {  // the weak solution: the value and one best move
    const auto [v, cell] = search.best_move(View::pack(p));
    value = v;
    best_move = game.cell_name(cell);
  }
  const double seconds = clock.seconds();
  text << "Game " << game.name() << ", position " << game.format(p) << ", " << (x_to_move ? "X" : "O") << " to move\n"
       << "Value: " << outcome_name(*value) << " for the side to move (" << value_name(*value, x_to_move) << ")\n";
  if (!best_move.empty()) text << "Best move: " << best_move << "\n";
  if (!moves.empty()) {
    text << "Moves, best first:";
    for (const auto& m : moves) text << "  " << m["move"].get<std::string>() << " " << m["value"].get<std::string>();
    text << "\n";
  }
  text << search.nodes() << " nodes in " << seconds << " s with " << options.threads << " thread(s)\n";
  return Report{nlohmann::json{{"game", game.name()},
                               {"position", game.format(p)},
                               {"to_move", x_to_move ? "X" : "O"},
                               {"value", value_name(*value, x_to_move)},
                               {"best_move", best_move},
                               {"moves", moves},
                               {"solver", "alpha-beta"},
                               {"nodes", search.nodes()},
                               {"seconds", seconds},
                               {"threads", options.threads}},
                text.str()};
}

// The value of the empty board by two proofs side by side (one a thread): can X win, and can X
// at least draw? A proved win, or a disproved draw, decides alone and stops the other.
template <class View>
Report dfpn_impl(const mnk::MnkGame& game, const MnkOptions& options) {
  std::ostringstream text;
  const cli::Stopwatch clock;
  const View view(game);
  // Entries land at random, so the whole table is touched (and zeroed) however few the search
  // stores: a table far larger than the search costs more time than it saves (4,4,4: 2.3 s with
  // 0.25 GiB, 10 s with 4 GiB). 1 GiB by default; --memory for the big boards.
  const double gib =
      options.memory_gib > 0 ? options.memory_gib : std::min(1.0, cli::physical_memory_bytes() / 3 / (1 << 30));
  const DfpnOptions each{.table_bytes = static_cast<std::size_t>(gib * (1 << 30) / 2)};
  const int threads = std::min(options.threads, 2);  // one a proof
  std::atomic<bool> decided{false};
  DfpnOptions win_options = each, draw_options = each;
  win_options.cancel = draw_options.cancel = &decided;
  DfpnSolver<View> win_search(view, win_options), draw_search(view, draw_options);
  ProgressReporter progress(options.global.progress(), [&] {
    return "proof-number search: " + std::to_string(win_search.nodes() + draw_search.nodes()) + " nodes";
  });
  DfpnResult<int> win, draw;
  tbb::task_group both;
  both.run([&] {
    win = win_search.prove(view.start(), Goal::win);
    if (win.proof == Proof::proven) decided = true;
  });
  both.run([&] {
    draw = draw_search.prove(view.start(), Goal::at_least_draw);
    if (draw.proof == Proof::disproven) decided = true;
  });
  both.wait();
  std::optional<Outcome> value;
  std::optional<int> move;
  if (win.proof == Proof::proven)
    value = Outcome::kWin, move = win.move;
  else if (draw.proof == Proof::disproven)
    value = Outcome::kLoss;
  else if (win.proof == Proof::disproven && draw.proof == Proof::proven)
    value = Outcome::kDraw, move = draw.move;
  if (!value) throw DataError("proof-number search stopped without an answer");
  const double seconds = clock.seconds();
  const std::uint64_t nodes = win.nodes + draw.nodes;
  const std::string best = move ? game.cell_name(*move) : "";
  text << "Game " << game.name() << ", position " << game.format({}) << ", X to move\n"
       << "Value: " << outcome_name(*value) << " for the side to move (" << value_name(*value, true) << ")\n";
  if (!best.empty()) text << "Best move: " << best << "\n";
  text << "Proof-number search: win " << proof_name(win.proof) << " (" << win.nodes << " nodes), at least a draw "
       << proof_name(draw.proof) << " (" << draw.nodes << " nodes); " << seconds << " s with " << threads
       << " thread(s), tables of " << gib << " GiB\n";
  return Report{nlohmann::json{{"game", game.name()},
                               {"position", game.format({})},
                               {"to_move", "X"},
                               {"value", value_name(*value, true)},
                               {"best_move", best},
                               {"moves", nlohmann::json::array()},
                               {"solver", "df-pn"},
                               {"proofs",
                                {{"win", proof_name(win.proof)},
                                 {"win_nodes", win.nodes},
                                 {"at_least_draw", proof_name(draw.proof)},
                                 {"at_least_draw_nodes", draw.nodes}}},
                               {"nodes", nodes},
                               {"table_gib", gib},
                               {"seconds", seconds},
                               {"threads", threads}},
                text.str()};
}

}  // namespace

Report mnk_strong(const mnk::MnkGame& game, const MnkOptions& options, const std::string& output) {
  return strong_impl(game, options, output);
}

// Boards up to 32 cells search on one 64-bit word, larger ones on a 128-bit word.
Report mnk_weak(const mnk::MnkGame& game, const MnkOptions& options, const std::optional<std::string>& position) {
  const MnkSolver solver = options.solver == MnkSolver::automatic ? mnk_solver_for(game) : options.solver;
  if (solver == MnkSolver::df_pn) {
    if (position)  // also a finished one: df-pn would answer for the empty board instead
      throw InputError(
          "--solver df-pn gives the value and a best move of the empty board; "
          "the values of a position's moves come from alpha-beta (--solver alpha-beta)");
    return game.packable() ? dfpn_impl<mnk::PackedMnk>(game, options) : dfpn_impl<mnk::WideMnk>(game, options);
  }
  return game.packable() ? weak_impl<mnk::PackedMnk>(game, options, position)
                         : weak_impl<mnk::WideMnk>(game, options, position);
}

// Measured on 2 cores (README): alpha-beta answers every board tried faster, the draws by far
// (4,4,4: 0.36 s against 3.7 s; 5,4,4: 1.6 s against 26 s), so auto is alpha-beta everywhere
// until proof-number search wins somewhere.
MnkSolver mnk_solver_for(const mnk::MnkGame&) { return MnkSolver::alpha_beta; }

MnkSolver parse_mnk_solver(const std::string& name) {
  if (name == "auto") return MnkSolver::automatic;
  if (name == "alpha-beta") return MnkSolver::alpha_beta;
  if (name == "df-pn") return MnkSolver::df_pn;
  throw InputError("--solver must be auto, alpha-beta or df-pn");
}

Report mnk_probe(const std::string& path, const std::string& position_text, const MnkOptions& options) {
  std::ostringstream text;
  const MnkTable table = read_mnk_table(path);
  const mnk::MnkGame game(table.m, table.n, table.k);
  if (!game.packable()) throw DataError(path + ": tables hold boards of at most 32 cells");
  const mnk::PackedMnk packed(game);
  const mnk::Position p = game.parse(position_text);
  const auto find = [&](mnk::Position q) {
    const auto it = table.values.find(packed.canonical(mnk::PackedMnk::pack(q)));
    if (it == table.values.end()) throw DataError(path + ": position " + game.format(q) + " is not in the table");
    return it->second;
  };
  const auto [value, distance] = find(p);
  const bool x_to_move = mnk::MnkGame::to_move(p) == mnk::Player::x;
  nlohmann::json moves = nlohmann::json::array();
  std::vector<std::pair<Value, int>> ranked;  // value for the mover, cell
  if (!game.is_terminal(p))
    game.for_each_move(p, [&](int cell, mnk::Position child) {
      const Value v = find(child);
      ranked.emplace_back(Value{through(v).outcome, v.distance + 1}, cell);
    });
  // Best first: wins before draws before losses; the fastest win, the longest draw or loss.
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    if (a.first.outcome != b.first.outcome) return sign_of(a.first.outcome) > sign_of(b.first.outcome);
    return a.first.outcome == Outcome::kWin ? a.first.distance < b.first.distance : a.first.distance > b.first.distance;
  });
  for (const auto& [v, cell] : ranked)
    moves.push_back({{"move", game.cell_name(cell)}, {"value", outcome_name(v.outcome)}, {"distance", v.distance}});
  text << "Game " << game.name() << ", position " << game.format(p) << ", " << (x_to_move ? "X" : "O")
       << " to move: " << outcome_name(value) << " in " << distance << " plies\n";
  for (const auto& mv : moves)
    text << "  " << mv["move"].get<std::string>() << "  " << mv["value"].get<std::string>() << " in "
         << mv["distance"].get<int>() << "\n";
  return Report{nlohmann::json{{"game", game.name()},
                               {"position", game.format(p)},
                               {"value", value_name(value, x_to_move)},
                               {"distance", distance},
                               {"moves", moves}},
                text.str()};
}

}  // namespace gs::tools
