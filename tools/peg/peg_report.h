// Human-readable pieces shared by the peg jobs.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/peg/board.h"
#include "tools/peg/peg_problem.h"

namespace gs::tools {

std::string board_summary(const peg::Board& board);
// Prints the start, the jumps grouped by move, and the final position (or every step).
void print_solution(std::ostream& out, const PegRequest& request, const std::vector<peg::Jump>& jumps, bool steps);
std::vector<peg::Jump> copy_jumps(const std::vector<const peg::Jump*>& path);
// What solve and --fewest-moves share: writes the solution file when solved and asked for, and
// prints the problem, then `solved_line` and the solution, or `unsolved_line`, to `out`.
void present_solution(const PegRequest& request, const std::vector<peg::Jump>& jumps, bool solved,
                      const std::string& solved_line, const std::string& unsolved_line, const std::string& output,
                      bool steps, std::ostream& out);
// The picture of solve and --fewest-moves: the solution move by move, or the start (unsolved).
std::string solution_svg(const PegRequest& request, const std::vector<peg::Jump>& jumps, bool solved);
nlohmann::json jump_names(const peg::Board& board, const std::vector<peg::Jump>& jumps);
// The moves as chains: "d2-d4", "f5-d5-d3" for a peg jumping twice.
std::vector<std::string> move_chains(const peg::Board& board, const std::vector<peg::Jump>& jumps);

}  // namespace gs::tools
