// The jobs of `gamesolver peg`, each returning its Report (JSON and summary).
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "tools/common/cli.h"
#include "tools/common/replay.h"
#include "tools/peg/peg_problem.h"

namespace gs::tools {

// --fewest-moves: the meeting of two searches counted in moves (in memory), the moves over every
// position that can finish (the streamed layers, on disk past --memory), or the first and then,
// if it stops at --memory, the second.
enum class FewestMethod { automatic, meeting, layers };

struct PegJobOptions {
  cli::GlobalOptions global;
  int threads = 1;            // resolved thread count
  std::string output;         // solution file to write (--all-starts: a directory), "" = none
  bool steps = false;         // print a diagram after every jump
  bool class_pruning = true;  // decide class-infeasible problems without search
  std::string dir;            // --analyze: the layer files (kept, resumable); "" = a temporary directory
  std::size_t memory_bytes = std::size_t{1} << 30;  // --analyze: the budget for the layer being built
  int table_bits = 0;                               // dead-position table: 2^bits slots; 0 = the mode's default
  double time_limit = 0;   // --all-starts: seconds before the searches still running stop (undecided); 0 = none
  bool meet_open = false;  // --all-starts: decide what the searches leave open by meet_pair
  // --all-starts without a time limit: a pair's search runs the rounds whose budgets are at most
  // this many positions; the meeting of both halves decides what they leave open.
  std::uint64_t search_positions = 400'000'000;
  // solve and --all-starts: beam searches of widths 1,000, 10,000, ... up to this one look for a
  // solution before (solve: between) the exhaustive searches; 0: none (tools/peg/peg_beam.h).
  std::size_t beam_width = 100'000;
  // --meet and --all-starts: a meeting stops before its halves would pass this many canonical
  // positions, and leaves its pair undecided; none: no bound (--meet) or 2 G (--all-starts).
  std::optional<std::uint64_t> meeting_positions;
  // --fewest-moves: once the halves stop, the meeting's last steps go on one move further at a time
  // while the next would generate at most this many positions (not stored); 0: one move only.
  std::uint64_t last_positions = 50'000'000'000;
  FewestMethod fewest_method = FewestMethod::automatic;
};

Report peg_solve(const PegRequest& request, const PegJobOptions& options);
Report peg_analyze(const PegRequest& request, const PegJobOptions& options);
Report peg_all_starts(const peg::Board& board, const PegJobOptions& options);
Report peg_fewest_moves(const PegRequest& request, const PegJobOptions& options);
// One start and finish decided exhaustively from both ends (solvers/layered/meet_in_the_middle.h).
Report peg_meet(const PegRequest& request, const PegJobOptions& options);  // its core: peg_meet.h

// Returns the JSON and sets `valid`.
Report peg_verify(const std::string& path, const PegJobOptions& options, bool& valid);
Report peg_boards(const PegJobOptions& options);
// The frames of a solution file: the start, then the position after each jump (DataError if the
// file is damaged or a jump is illegal).
Replay peg_replay(const std::string& path);

}  // namespace gs::tools
