#include "engine/peg/notation.h"

#include <cctype>
#include <sstream>

#include "engine/core/errors.h"

namespace gs::peg {

std::string hole_name(const Board& board, int hole) {
  const GridPoint p = board.point(hole);
  return std::string(1, static_cast<char>('a' + p.col)) + std::to_string(board.grid_rows() - p.row);
}

int parse_hole(const Board& board, const std::string& name) {
  const auto bad = [&](const std::string& why) {
    return InputError("bad hole '" + clipped(name) + "' on board '" + clipped(board.name()) + "': " + why);
  };
  if (name.size() < 2 || !std::islower(static_cast<unsigned char>(name[0])))
    throw bad("expected a column letter and a row number, like d4");
  for (std::size_t i = 1; i < name.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(name[i])))
      throw bad("expected a column letter and a row number, like d4");
  if (name.size() > 4) throw bad("row number too large");
  const int col = name[0] - 'a';
  const int row_from_bottom = std::stoi(name.substr(1));
  const int hole = board.hole_at(board.grid_rows() - row_from_bottom, col);
  if (hole < 0) throw bad("no such hole on this board");
  return hole;
}

std::string jump_name(const Board& board, const Jump& jump) {
  return hole_name(board, jump.from) + "-" + hole_name(board, jump.to);
}

const Jump& parse_jump(const Board& board, Position pos, const std::string& text) {
  const auto dash = text.find('-');
  if (dash == std::string::npos) throw InputError("bad jump '" + clipped(text) + "': expected from-to, like d2-d4");
  const int from = parse_hole(board, text.substr(0, dash));
  const int to = parse_hole(board, text.substr(dash + 1));
  for (const Jump& j : board.jumps()) {
    if (j.from != from || j.to != to) continue;
    if ((pos & j.from_over) != j.from_over || (pos & j.to_mask))
      throw DataError("jump " + text + " is not legal here: it needs pegs on " + hole_name(board, j.from) + " and " +
                      hole_name(board, j.over) + " and an empty " + hole_name(board, j.to));
    return j;
  }
  throw InputError("'" + clipped(text) + "' is not a jump on board '" + clipped(board.name()) +
                   "' (holes must be two apart in a line)");
}

Position parse_grid(const Board& board, const std::string& text) {
  std::vector<std::string> rows;
  std::string row;
  for (char ch : text) {
    if (ch == '/' || ch == '\n') {
      if (!row.empty()) rows.push_back(row);
      row.clear();
    } else if (ch != ' ' && ch != '\r' && ch != '\t') {
      row += ch;
    }
  }
  if (!row.empty()) rows.push_back(row);
  if (static_cast<int>(rows.size()) != board.grid_rows())
    throw InputError("position grid has " + std::to_string(rows.size()) + " rows; board '" + clipped(board.name()) +
                     "' has " + std::to_string(board.grid_rows()));
  Position pos = 0;
  for (int r = 0; r < board.grid_rows(); ++r) {
    const auto& line = rows[r];
    for (int c = 0; c < static_cast<int>(line.size()); ++c) {
      const int hole = board.hole_at(r, c);
      const char ch = line[c];
      const std::string where = "row " + std::to_string(r + 1) + " column " + std::to_string(c + 1);
      if (ch != 'x' && ch != 'X' && ch != 'o' && ch != '.')
        throw InputError("position grid: unexpected '" + clipped({&ch, 1}) + "' at " + where +
                         " (use x peg, o empty, . no hole)");
      if (hole < 0 && ch != '.')
        throw InputError("position grid: " + where + " is not a hole of board '" + clipped(board.name()) + "'");
      if (hole >= 0 && ch == '.') throw InputError("position grid: " + where + " is a hole; write x or o there");
      if (ch == 'x' || ch == 'X') pos |= bit(hole);
    }
    for (int c = static_cast<int>(line.size()); c < board.grid_cols(); ++c)
      if (board.hole_at(r, c) >= 0) throw InputError("position grid: row " + std::to_string(r + 1) + " is too short");
  }
  return pos;
}

namespace {

Position parse_hole_list(const Board& board, const std::string& text) {
  std::string normalised = text;
  for (char& ch : normalised)
    if (ch == ',') ch = ' ';
  std::istringstream in(normalised);
  Position pos = 0;
  for (std::string name; in >> name;) {
    const int hole = parse_hole(board, name);
    if (has_bit(pos, hole)) throw InputError("position lists hole " + name + " twice");
    pos |= bit(hole);
  }
  return pos;
}

}  // namespace

Position parse_position(const Board& board, const std::string& text) {
  const bool grid = text.find('/') != std::string::npos || text.find('\n') != std::string::npos;
  const Position pos = grid ? parse_grid(board, text) : parse_hole_list(board, text);
  if (pos == 0) throw InputError("position has no pegs");
  return pos;
}

std::string position_grid(const Board& board, Position pos) {
  std::string out;
  for (int r = 0; r < board.grid_rows(); ++r) {
    if (r) out += '/';
    for (int c = 0; c < board.grid_cols(); ++c) {
      const int h = board.hole_at(r, c);
      out += h < 0 ? '.' : has_bit(pos, h) ? 'x' : 'o';
    }
  }
  return out;
}

std::string position_diagram(const Board& board, Position pos) {
  std::ostringstream out;
  const int width = static_cast<int>(std::to_string(board.grid_rows()).size());
  for (int r = 0; r < board.grid_rows(); ++r) {
    std::string label = std::to_string(board.grid_rows() - r);
    out << std::string(width - label.size(), ' ') << label << ' ';
    for (int c = 0; c < board.grid_cols(); ++c) {
      const int h = board.hole_at(r, c);
      out << ' ' << (h < 0 ? ' ' : has_bit(pos, h) ? 'x' : 'o');
    }
    out << '\n';
  }
  out << std::string(width + 1, ' ');
  for (int c = 0; c < board.grid_cols(); ++c) out << ' ' << static_cast<char>('a' + c);
  out << '\n';
  return out.str();
}

std::vector<std::string> hole_names(const Board& board, Bitboard holes) {
  std::vector<std::string> names;
  for_each_bit(holes, [&](int h) { names.push_back(hole_name(board, h)); });
  return names;
}

int count_moves(const std::vector<Jump>& jumps) {
  int moves = 0;
  int last_landing = -1;
  for (const Jump& j : jumps) {
    if (j.from != last_landing) ++moves;
    last_landing = j.to;
  }
  return moves;
}

}  // namespace gs::peg
