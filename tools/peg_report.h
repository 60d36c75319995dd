// Human-readable pieces shared by the peg jobs.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/peg/board.h"
#include "tools/peg_problem.h"

namespace gs::tools {

std::string board_summary(const peg::Board& board);
// Prints the start, the jumps grouped by move, and the final position (or every step).
void print_solution(std::ostream& out, const PegRequest& request, const std::vector<peg::Jump>& jumps, bool steps);
nlohmann::json jump_names(const peg::Board& board, const std::vector<peg::Jump>& jumps);
// The moves as chains: "d2-d4", "f5-d5-d3" for a peg jumping twice.
std::vector<std::string> move_chains(const peg::Board& board, const std::vector<peg::Jump>& jumps);

}  // namespace gs::tools
