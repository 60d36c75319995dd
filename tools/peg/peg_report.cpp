#include "tools/peg/peg_report.h"

#include <iostream>

#include "engine/peg/notation.h"
#include "solvers/io/checked_text_file.h"
#include "tools/draw/peg_drawing.h"
#include "tools/peg/peg_solution_file.h"

namespace gs::tools {

std::string board_summary(const peg::Board& board) {
  return board.name() + " (" + std::to_string(board.holes()) + " holes, " + std::to_string(board.jumps().size()) +
         " jumps, " + peg::geometry_name(board.geometry()) + ", symmetry group of order " +
         std::to_string(board.symmetries().order()) + ")";
}

std::vector<std::string> move_chains(const peg::Board& board, const std::vector<peg::Jump>& jumps) {
  std::vector<std::string> chains;
  int last = -1;
  for (const auto& j : jumps) {
    if (j.from == last)
      chains.back().append("-").append(peg::hole_name(board, j.to));
    else
      chains.push_back(peg::jump_name(board, j));
    last = j.to;
  }
  return chains;
}

std::vector<peg::Jump> copy_jumps(const std::vector<const peg::Jump*>& path) {
  std::vector<peg::Jump> jumps;
  jumps.reserve(path.size());
  for (const peg::Jump* j : path) jumps.push_back(*j);
  return jumps;
}

void present_solution(const PegRequest& request, const std::vector<peg::Jump>& jumps, bool solved,
                      const std::string& solved_line, const std::string& unsolved_line, const std::string& output,
                      bool steps, std::ostream& out) {
  if (solved && !output.empty()) write_checked_text(output, format_peg_solution(request, jumps));
  out << "Board:  " << board_summary(request.board) << "\n"
      << "Start:  " << request.start_label << "    Finish: " << request.finish_label << "\n";
  if (!solved) {
    out << unsolved_line << "\n";
    return;
  }
  out << solved_line;
  print_solution(out, request, jumps, steps);
  if (!output.empty()) out << "\nSolution written to " << output << "\n";
}

nlohmann::json jump_names(const peg::Board& board, const std::vector<peg::Jump>& jumps) {
  nlohmann::json names = nlohmann::json::array();
  for (const auto& j : jumps) names.push_back(peg::jump_name(board, j));
  return names;
}

void print_solution(std::ostream& out, const PegRequest& request, const std::vector<peg::Jump>& jumps, bool steps) {
  const peg::Board& board = request.board;
  peg::Position pos = request.start;
  out << "\nStart:\n" << peg::position_diagram(board, pos);
  const auto chains = move_chains(board, jumps);
  out << "\n" << jumps.size() << " jumps in " << chains.size() << " moves:\n";
  for (std::size_t i = 0; i < chains.size(); ++i)
    out << (i % 8 ? "  " : i ? "\n  " : "  ") << i + 1 << ". " << chains[i];
  out << "\n";
  for (std::size_t i = 0; i < jumps.size(); ++i) {
    pos ^= jumps[i].all;
    if (steps)
      out << "\nAfter jump " << i + 1 << " (" << peg::jump_name(board, jumps[i]) << "):\n"
          << peg::position_diagram(board, pos);
  }
  if (!steps) out << "\nFinish:\n" << peg::position_diagram(board, pos);
}

std::string solution_svg(const PegRequest& request, const std::vector<peg::Jump>& jumps, bool solved) {
  const std::string problem =
      request.board.name() + ", start " + request.start_label + ", finish " + request.finish_label;
  if (solved) return draw::peg_solution_svg(request.board, request.start, jumps, problem);
  draw::Diagram start = draw::peg_diagram(request.board, request.start);
  start.caption = problem + ": unsolvable";
  return draw::diagram_svg(start);
}

}  // namespace gs::tools
