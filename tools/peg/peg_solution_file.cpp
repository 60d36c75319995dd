#include "tools/peg/peg_solution_file.h"

#include <map>
#include <optional>
#include <sstream>

#include "engine/core/errors.h"
#include "engine/peg/board_file.h"
#include "engine/peg/builtin_boards.h"
#include "engine/peg/notation.h"
#include "solvers/io/checked_text_file.h"

namespace gs::tools {

namespace {
constexpr const char* kMagic = kPegSolutionMagic;
constexpr const char* kVersion = "v1";

// A board's name as one header word: a board file's name may hold spaces ("english copy"),
// which would otherwise read back as a built-in board's name and a stray word.
std::string header_word(std::string name) {
  for (char& c : name)
    if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f) c = '_';
  return name.empty() ? "_" : name;
}

std::string join(const std::vector<std::string>& rows, char sep) {
  std::string out;
  for (std::size_t i = 0; i < rows.size(); ++i) out += (i ? std::string(1, sep) : "") + rows[i];
  return out;
}
}  // namespace

std::string format_peg_solution(const PegRequest& request, const std::vector<peg::Jump>& jumps) {
  const peg::Board& board = request.board;
  std::ostringstream out;
  out << kMagic << ' ' << kVersion << " board=" << header_word(board.name()) << " start=" << request.start_label
      << " finish=" << request.finish_label << "\n";
  out << "jumps: " << peg::geometry_name(board.geometry()) << "\n";
  out << "grid: " << join(board.spec().grid, '/') << "\n";
  out << "start-position: " << peg::position_grid(board, request.start) << "\n";
  out << "moves: " << peg::count_moves(jumps) << "\n";
  for (const auto& j : jumps) out << "jump: " << peg::jump_name(board, j) << "\n";
  return out.str();
}

PegVerification verify_peg_solution(const std::string& path) {
  const RecordFile file = read_record_file(path, kMagic, kVersion, "peg solution");
  auto fields = file.header;
  for (const char* key : {"board", "start", "finish"})
    if (!fields.count(key)) throw DataError(path + ": header lacks " + key + "=");

  std::optional<std::string> geometry, grid, start_position, moves;
  std::vector<std::string> jump_texts;
  for (const auto& [key, value] : file.records) {
    if (key == "jumps")
      geometry = value;
    else if (key == "grid")
      grid = value;
    else if (key == "start-position")
      start_position = value;
    else if (key == "jump")
      jump_texts.push_back(value);
    else if (key == "moves")
      moves = value;
    else
      throw DataError(path + ": unknown field '" + clipped(key) + "'");
  }
  if (!geometry || !grid || !start_position) throw DataError(path + ": missing jumps, grid or start-position line");

  peg::BoardSpec spec;
  spec.name = fields["board"];
  std::istringstream rows(*grid);
  for (std::string row; std::getline(rows, row, '/');) spec.grid.push_back(row);

  PegVerification v;
  v.board = spec.name;
  v.start = fields["start"];
  v.finish = fields["finish"];
  try {
    spec.geometry = peg::parse_geometry(*geometry);
    // A file naming a built-in board is that board: the same holes and the same jumps.
    for (const auto& builtin : peg::builtin_board_texts())
      if (builtin.name == spec.name) {
        const peg::BoardSpec real = peg::parse_board_spec(builtin.text, builtin.name);
        if (real.grid != spec.grid || real.geometry != spec.geometry)
          throw DataError(path + ": its grid or jumps differ from built-in board '" + clipped(spec.name) + "'");
      }
    const peg::Board& board = v.board_of_file.emplace(spec);
    // Always a grid (one row on a one-row board, which has no '/').
    peg::Position pos = peg::parse_grid(board, *start_position);
    v.start_position = pos;
    if (start_label(board, pos) != v.start)
      throw DataError(path + ": start=" + v.start + " does not match start-position");
    const Bitboard finishes = v.finish == "any" ? board.all_holes() : bit(peg::parse_hole(board, v.finish));
    std::vector<peg::Jump> jumps;
    for (const auto& text : jump_texts) {
      try {
        const peg::Jump& j = peg::parse_jump(board, pos, text);
        jumps.push_back(j);
        pos ^= j.all;
      } catch (const DataError& e) {
        v.reason = "jump " + std::to_string(jumps.size() + 1) + " (" + text + "): " + e.what();
        v.final_position = pos;
        v.jumps = static_cast<int>(jumps.size());
        v.played = jumps;
        return v;
      }
    }
    v.jumps = static_cast<int>(jumps.size());
    v.moves = peg::count_moves(jumps);
    if (moves && *moves != std::to_string(v.moves))
      throw DataError(path + ": moves: " + clipped(*moves) + " but the jumps make " + std::to_string(v.moves) +
                      " moves");
    v.played = jumps;
    v.final_position = pos;
    if (popcount(pos) != 1)
      v.reason = "ends with " + std::to_string(popcount(pos)) + " pegs, not one";
    else if (!(pos & finishes))
      v.reason = "the last peg is on " + peg::hole_name(board, lowest_bit(pos)) + ", not " + v.finish;
    else
      v.valid = true;
  } catch (const InputError& e) {
    throw DataError(path + ": " + e.what());
  }
  return v;
}

}  // namespace gs::tools
