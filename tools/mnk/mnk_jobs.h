// The jobs of `gamesolver mnk`: each returns its Report (JSON and summary).
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/value.h"
#include "engine/mnk/mnk_game.h"
#include "tools/common/cli.h"
#include "tools/mnk/mnk_table_file.h"

namespace gs::tools {

// Which search answers the value of the empty board: alpha-beta, or proofs (mnk_proof.h: the
// maker-breaker relaxation's bounds and proof-number search of the real game); auto tries the
// relaxation's bound first, then picks by the board (mnk_solver_for).
enum class MnkSolver { automatic, alpha_beta, df_pn };

struct MnkOptions {
  cli::GlobalOptions global;
  int threads = 1;
  int table_bits = 24;
  MnkSolver solver = MnkSolver::automatic;
  double memory_gib = 0;  // the proofs' tables at most; 0 = 1 GiB (a third of the machine's memory if less)
};

MnkSolver parse_mnk_solver(const std::string& name);  // InputError for another word
// The solver auto stands for on this board.
MnkSolver mnk_solver_for(const mnk::MnkGame& game);

// Strong solution from the empty board (boards of up to 16 cells); writes the table to `output`.
Report mnk_strong(const mnk::MnkGame& game, const MnkOptions& options, const std::string& output);
// Value and best move of the empty board, or the value of every legal move of `position`.
Report mnk_weak(const mnk::MnkGame& game, const MnkOptions& options, const std::optional<std::string>& position);
// A position looked up in a table file written by mnk_strong.
Report mnk_probe(const std::string& path, const std::string& position, const MnkOptions& options);
// The same in a table already read (what serve answers).
Report mnk_probe_table(const MnkTable& table, const std::string& position);
// The certificate of a win for the side to move at `position` (default the empty board), from
// proof-number search (tools/mnk/mnk_certify.cpp; docs/certificates.md). Boards of up to 32 cells.
Report mnk_certify(const mnk::MnkGame& game, const MnkOptions& options, const std::optional<std::string>& position,
                   const std::string& output);
// A person against perfect play on standard input and output.
int mnk_play(const mnk::MnkGame& game, const MnkOptions& options, bool human_first);

// "first-player-win", "draw" or "second-player-win" from a value for the side to move.
std::string value_name(Outcome value, bool x_to_move);

}  // namespace gs::tools
