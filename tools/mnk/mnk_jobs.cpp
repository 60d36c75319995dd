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
#include "tools/common/report_builder.h"
#include "tools/draw/mnk_drawing.h"
#include "tools/mnk/mnk_jobs.h"
#include "tools/mnk/mnk_proof.h"
#include "tools/mnk/mnk_table_file.h"

namespace gs::tools {

std::string value_name(Outcome value, bool x_to_move) {
  if (value == Outcome::kDraw) return "draw";
  return (value == Outcome::kWin) == x_to_move ? "first-player-win" : "second-player-win";
}

namespace {

// The position with the values of its moves on their cells, captioned with its value.
std::string mnk_picture(const mnk::MnkGame& game, mnk::Position p, const std::vector<draw::CellValue>& cells,
                        Outcome value) {
  draw::Diagram d = draw::mnk_diagram(game, p, cells);
  d.caption += ": " + value_name(value, mnk::MnkGame::to_move(p) == mnk::Player::x);
  return draw::diagram_svg(d);
}

Report strong_impl(const mnk::MnkGame& game, const MnkOptions& options, const std::string& output) {
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
  ReportBuilder r;
  r.set("game", game.name())
      .set("m", game.m())
      .set("n", game.n())
      .set("k", game.k())
      .set("positions", positions)
      .set("canonical", canonical)
      .set("terminal", {{"total", terminal}, {"x_wins", x_wins}, {"o_wins", o_wins}, {"draws", draws}})
      .set("games", to_decimal(games))
      .set("value", value_name(root.outcome, true))
      .set("distance", root.distance)
      .set("seconds", clock.seconds())
      .set("threads", options.threads);
  if (!output.empty()) write_mnk_table(output, game.m(), game.n(), game.k(), table);
  r.line("Game {game} ({m} columns, {n} rows, {k} in a row), strong solution")
      .line("  positions reachable (empty board and terminal ones included): {positions}")
      .line("  up to the " + std::to_string(game.symmetries().order()) + " symmetries of the board: {canonical}")
      .line("  terminal: {terminal.total} (X wins {terminal.x_wins}, O wins {terminal.o_wins}, draws {terminal.draws})")
      .line("  games (move sequences from the empty board to a terminal position): {games}")
      .line("  value of the empty board: {value} in {distance} plies")
      .line("  {seconds:g} s with {threads} thread(s)");
  if (!output.empty()) r.raw("Table written to " + output + "\n");
  return r.build();
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
  std::vector<draw::CellValue> drawn;
  if (!value && position) {  // a position asked about: the value of every legal move
    const auto values = move_values(packed, p, search);
    value = values.front().first;
    best_move = game.cell_name(values.front().second);
    for (const auto& [v, cell] : values) {
      moves.push_back({{"move", game.cell_name(cell)}, {"value", outcome_name(v)}});
      drawn.push_back({.cell = cell, .text = outcome_name(v), .kind = outcome_name(v)});
    }
  } else if (!value) {  // the weak solution: the value and one best move
    const auto [v, cell] = search.best_move(View::pack(p));
    value = v;
    best_move = game.cell_name(cell);
    drawn.push_back({.cell = cell, .text = "best", .kind = "best"});
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
                text.str(), mnk_picture(game, p, drawn, *value)};
}

// The value of the empty board by proofs (mnk_proof.h). Alone (--solver df-pn) they go on until
// they decide; before alpha-beta (auto) only the relaxation runs, within a budget: when it proves
// both sides unable to win, the draw needs no search of the real game.
Report proof_report(const mnk::MnkGame& game, const MnkOptions& options, const MnkProof& proof, double gib,
                    const cli::Stopwatch& clock) {
  std::ostringstream text;
  const double seconds = clock.seconds();
  const std::string best = proof.move ? game.cell_name(*proof.move) : "";
  const bool relaxation_only = proof.mover.by != "df-pn" && proof.other.by != "df-pn";
  const auto said = [](const MnkQuestion& q, const char* side) {
    const std::string answer = !q.can_win ? "open" : *q.can_win ? "yes" : "no";
    return std::string(side) + " can win: " + answer + (q.by.empty() ? "" : " by " + q.by) + " (" +
           std::to_string(q.relaxation_nodes) + " maker-breaker nodes, " + std::to_string(q.real_nodes) +
           " df-pn nodes)";
  };
  text << "Game " << game.name() << ", position " << game.format({}) << ", X to move\n"
       << "Value: " << outcome_name(*proof.value) << " for the side to move (" << value_name(*proof.value, true)
       << ")\n";
  if (!best.empty()) text << "Best move: " << best << "\n";
  text << "Proofs: " << said(proof.mover, "X") << "; " << said(proof.other, "O") << "\n"
       << proof.nodes() << " nodes in " << seconds << " s with 2 thread(s), tables of " << gib << " GiB at most\n";
  return Report{
      nlohmann::json{{"game", game.name()},
                     {"position", game.format({})},
                     {"to_move", "X"},
                     {"value", value_name(*proof.value, true)},
                     {"best_move", best},
                     {"moves", nlohmann::json::array()},
                     {"solver", relaxation_only ? "maker-breaker" : "df-pn"},
                     {"proofs", proof.to_json()},
                     {"nodes", proof.nodes()},
                     {"table_gib", gib},
                     {"seconds", seconds},
                     {"threads", std::min(options.threads, 2)}},
      text.str(),
      mnk_picture(game, {},
                  proof.move ? std::vector<draw::CellValue>{{.cell = *proof.move, .text = "best", .kind = "best"}}
                             : std::vector<draw::CellValue>{},
                  *proof.value)};
}

// The proofs' tables at most (they grow from 4 MiB while half full): 1 GiB by default (a third
// of the machine's memory if less); --memory for the big boards.
double proof_memory(const MnkOptions& options) {
  return options.memory_gib > 0 ? options.memory_gib : std::min(1.0, cli::physical_memory_bytes() / 3 / (1 << 30));
}

std::optional<Report> prove_empty_board(const mnk::MnkGame& game, const MnkOptions& options,
                                        const MnkProofOptions& proof_options) {
  const cli::Stopwatch clock;
  MnkProver prover(game, proof_options);
  ProgressReporter progress(options.global.progress(),
                            [&] { return "proof-number search: " + std::to_string(prover.nodes()) + " nodes"; });
  const MnkProof proof = prover.prove({});
  if (!proof.value) return std::nullopt;
  return proof_report(game, options, proof, proof_options.memory_gib, clock);
}

}  // namespace

Report mnk_strong(const mnk::MnkGame& game, const MnkOptions& options, const std::string& output) {
  return strong_impl(game, options, output);
}

// Boards up to 32 cells search on one 64-bit word, larger ones on a 128-bit word.
Report mnk_weak(const mnk::MnkGame& game, const MnkOptions& options, const std::optional<std::string>& position) {
  if (options.solver == MnkSolver::df_pn && position)  // also a finished one: df-pn answers for the empty board
    throw InputError(
        "--solver df-pn gives the value and a best move of the empty board; "
        "the values of a position's moves come from alpha-beta (--solver alpha-beta)");
  const bool automatic = options.solver == MnkSolver::automatic && !position;
  if (options.solver == MnkSolver::df_pn || (automatic && mnk_solver_for(game) == MnkSolver::df_pn)) {
    if (auto report = prove_empty_board(game, options, {.memory_gib = proof_memory(options)})) return *report;
    throw DataError("proof-number search stopped without an answer");
  }
  if (automatic) {
    // The relaxation's bound first: 2^16 nodes (a fraction of a second) settle the draws it can.
    const MnkProofOptions bound{
        .memory_gib = std::min(proof_memory(options), 0.25), .real_game = false, .relaxation_nodes = 1 << 16};
    if (auto report = prove_empty_board(game, options, bound)) return *report;
  }
  return game.packable() ? weak_impl<mnk::PackedMnk>(game, options, position)
                         : weak_impl<mnk::WideMnk>(game, options, position);
}

// Measured on 2 cores (docs/commands.md): alpha-beta is the faster up to 25 cells (5,5,4, a
// draw: 7.7 s against 339 s), the proofs beyond (6,5,4, a win: 4.1 s against 80 s; 6,6,5, a
// draw: 0.2 s, where alpha-beta does not finish in 15 minutes).
MnkSolver mnk_solver_for(const mnk::MnkGame& game) {
  return game.cells() <= 25 ? MnkSolver::alpha_beta : MnkSolver::df_pn;
}

MnkSolver parse_mnk_solver(const std::string& name) {
  if (name == "auto") return MnkSolver::automatic;
  if (name == "alpha-beta") return MnkSolver::alpha_beta;
  if (name == "df-pn") return MnkSolver::df_pn;
  throw InputError("--solver must be auto, alpha-beta or df-pn");
}

Report mnk_probe(const std::string& path, const std::string& position_text, const MnkOptions&) {
  const MnkTable table = read_mnk_table(path);
  try {
    return mnk_probe_table(table, position_text);
  } catch (const DataError& e) {
    throw DataError(path + ": " + e.what());
  }
}

Report mnk_probe_table(const MnkTable& table, const std::string& position_text) {
  std::ostringstream text;
  const mnk::MnkGame game(table.m, table.n, table.k);
  const mnk::Position p = game.parse(position_text);
  const auto [value, distance] = mnk_table_value(table, game, p);
  const bool x_to_move = mnk::MnkGame::to_move(p) == mnk::Player::x;
  nlohmann::json moves = nlohmann::json::array();
  std::vector<draw::CellValue> drawn;
  for (const auto& [cell, v] : mnk_table_moves(table, game, p)) {
    moves.push_back({{"move", game.cell_name(cell)}, {"value", outcome_name(v.outcome)}, {"distance", v.distance}});
    drawn.push_back({.cell = cell, .text = draw::short_value(v), .kind = outcome_name(v.outcome)});
  }
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
                text.str(), mnk_picture(game, p, drawn, value)};
}

}  // namespace gs::tools
