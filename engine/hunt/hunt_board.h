// The board of a hunt game: points of a grid, lines between orthogonal neighbours and diagonal
// lines through every point whose row + column is even (docs/rules/hunt-games.md). Per point: its
// neighbours along lines, and its jumps (over a neighbour to the point beyond it on the same
// line). Symmetries come from the geometry (engine/core/lattice.h).
#pragma once

#include <string>
#include <vector>

#include "engine/core/bit_permutation.h"
#include "engine/core/bitboard.h"

namespace gs::hunt {

struct HuntJump {
  int over = 0, to = 0;
};

class HuntBoard {
 public:
  // rows: 'o' a point, ' ' none (the cross's corners); row 1 is the first string.
  explicit HuntBoard(const std::vector<std::string>& rows);
  static HuntBoard square(int n);  // n x n points (Tigers and Goats: 5)

  int points() const { return static_cast<int>(row_.size()); }
  int rows() const { return static_cast<int>(layout_.size()); }
  int columns() const { return static_cast<int>(layout_[0].size()); }
  int row(int p) const { return row_[static_cast<std::size_t>(p)]; }  // 1-based
  int column(int p) const { return column_[static_cast<std::size_t>(p)]; }
  int point_at(int row, int column) const;  // -1 off the board
  Bitboard all() const { return low_bits(points()); }

  Bitboard neighbours(int p) const { return neighbours_[static_cast<std::size_t>(p)]; }
  const std::vector<HuntJump>& jumps(int p) const { return jumps_[static_cast<std::size_t>(p)]; }
  const SymmetryGroup& symmetries() const { return symmetries_; }

  std::string point_name(int p) const;  // "(row,column)"
  // Rows separated by '/', one character per grid cell: cell(p) for points, ' ' elsewhere.
  template <class Cell>
  std::string grid(Cell&& cell) const {
    std::string out;
    for (int r = 1; r <= rows(); ++r) {
      if (r > 1) out += '/';
      for (int c = 1; c <= columns(); ++c) {
        const int p = point_at(r, c);
        out += p < 0 ? ' ' : cell(p);
      }
    }
    return out;
  }
  // The point of every cell of a grid text (' ' or a missing corner: no point); InputError if
  // the shape differs.
  std::vector<std::pair<int, char>> parse_grid(const std::string& text) const;

 private:
  std::vector<std::string> layout_;
  std::vector<int> row_, column_;
  std::vector<Bitboard> neighbours_;
  std::vector<std::vector<HuntJump>> jumps_;
  SymmetryGroup symmetries_;
};

}  // namespace gs::hunt
