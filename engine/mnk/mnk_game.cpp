#include "engine/mnk/mnk_game.h"

#include <algorithm>
#include <cctype>

#include "engine/core/errors.h"
#include "engine/core/lattice.h"

namespace gs::mnk {

MnkGame::MnkGame(int m, int n, int k) : m_(m), n_(n), k_(k) {
  if (m < 1 || m > 8 || n < 1 || n > 8) throw InputError("m and n must be between 1 and 8 (the board is at most 8x8)");
  if (k < 1 || k > std::max(m, n))
    throw InputError("k must be between 1 and max(m, n) = " + std::to_string(std::max(m, n)));
  // Directions east, south, south-east, south-west: (drow, dcol) and the cells where k fit.
  const int deltas[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (const auto& d : deltas) {
    Bitboard starts = 0;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < m; ++c) {
        const int er = r + (k - 1) * d[0], ec = c + (k - 1) * d[1];
        if (er < n && ec >= 0 && ec < m) starts |= bit(r * m + c);
      }
    if (starts) directions_.push_back({d[0] * m + d[1], starts});
  }
  std::vector<int> lines_through(cells(), 0);
  for (const LineDirection& d : directions_)
    for_each_bit(d.starts, [&](int start) {
      Bitboard line = 0;
      for (int i = 0; i < k; ++i) line |= bit(start + i * d.shift);
      lines_.push_back(line);
      for_each_bit(line, [&](int cell) { ++lines_through[cell]; });
    });
  for (int cell = 0; cell < cells(); ++cell) cells_by_centrality_.push_back(cell);
  std::stable_sort(cells_by_centrality_.begin(), cells_by_centrality_.end(),
                   [&](int a, int b) { return lines_through[a] > lines_through[b]; });
  std::vector<GridPoint> points;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < m; ++c) points.push_back({r, c});
  std::vector<BitPermutation> elements;
  for (const auto& perm :
       lattice_symmetries(points, {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}}))
    elements.emplace_back(perm);
  symmetries_ = SymmetryGroup(std::move(elements));
}

Position MnkGame::parse(const std::string& text) const {
  std::vector<std::string> rows(1);
  for (char ch : text) {
    if (ch == '/')
      rows.emplace_back();
    else if (ch != ' ')
      rows.back() += ch;
  }
  if (static_cast<int>(rows.size()) != n_)
    throw InputError("position '" + clipped(text) + "' has " + std::to_string(rows.size()) + " rows; the board has " +
                     std::to_string(n_));
  Position p;
  for (int r = 0; r < n_; ++r) {
    if (static_cast<int>(rows[r].size()) != m_)
      throw InputError("position row " + std::to_string(r + 1) + " has " + std::to_string(rows[r].size()) +
                       " cells; the board has " + std::to_string(m_) + " columns");
    for (int c = 0; c < m_; ++c) {
      const char ch = static_cast<char>(std::toupper(static_cast<unsigned char>(rows[r][c])));
      if (ch == 'X')
        p.x |= bit(r * m_ + c);
      else if (ch == 'O')
        p.o |= bit(r * m_ + c);
      else if (ch != '.')
        throw InputError(std::string("position: unexpected '") + rows[r][c] + "' (use X, O or .)");
    }
  }
  const int xs = popcount(p.x), os = popcount(p.o);
  if (xs != os && xs != os + 1)
    throw InputError("impossible position: X has " + std::to_string(xs) + " pieces and O " + std::to_string(os) +
                     " (X moves first, so X has as many as O or one more)");
  const bool x_line = has_line(p.x), o_line = has_line(p.o);
  if (x_line && o_line) throw InputError("impossible position: both players have " + std::to_string(k_) + " in a row");
  if (x_line && xs != os + 1)
    throw InputError("impossible position: X has a line but O has moved since (play stops at a win)");
  if (o_line && xs != os)
    throw InputError("impossible position: O has a line but X has moved since (play stops at a win)");
  // The winner's last piece must have made every line it has: otherwise play went on after a win.
  const Bitboard winner = x_line ? p.x : o_line ? p.o : 0;
  if (winner) {
    bool last_piece_found = false;
    for_each_bit(winner, [&](int cell) { last_piece_found = last_piece_found || !has_line(winner & ~bit(cell)); });
    if (!last_piece_found)
      throw InputError("impossible position: a line was completed before the last move (play stops at a win)");
  }
  return p;
}

std::string MnkGame::format(Position p) const {
  std::string out;
  for (int r = 0; r < n_; ++r) {
    if (r) out += '/';
    for (int c = 0; c < m_; ++c) {
      const int cell = r * m_ + c;
      out += has_bit(p.x, cell) ? 'X' : has_bit(p.o, cell) ? 'O' : '.';
    }
  }
  return out;
}

std::string MnkGame::cell_name(int cell) const {
  return std::string(1, static_cast<char>('a' + cell % m_)) + std::to_string(n_ - cell / m_);
}

int MnkGame::parse_cell(const std::string& name) const {
  for (int cell = 0; cell < cells(); ++cell)
    if (cell_name(cell) == name) return cell;
  throw InputError("no cell '" + clipped(name) + "' on a " + std::to_string(m_) + "x" + std::to_string(n_) +
                   " board (columns a.., rows 1.. from the bottom)");
}

}  // namespace gs::mnk
