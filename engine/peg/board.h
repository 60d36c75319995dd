// A peg solitaire board: at most 64 holes on a square or triangular grid, its jump table
// (from, over, to) and its symmetry group derived from the geometry.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/bit_permutation.h"
#include "engine/core/bitboard.h"
#include "engine/core/lattice.h"

namespace gs::peg {

using Position = Bitboard;  // bit i set = a peg in hole i

// Which lines a peg may jump along.
enum class JumpGeometry {
  orthogonal,  // square grid, rows and columns
  diagonal,    // square grid, rows, columns and both diagonals
  triangular,  // triangular lattice in skew coordinates: rows, columns and the down-right diagonal
};

struct Jump {
  int from, over, to;
  Bitboard from_over;  // pegs the jump needs
  Bitboard to_mask;    // hole that must be empty
  Bitboard all;        // the three holes a jump toggles
};

struct BoardSpec {
  std::string name;
  JumpGeometry geometry = JumpGeometry::orthogonal;
  std::vector<std::string> grid;  // rows top to bottom, 'o' = hole, '.' = no hole
  std::optional<std::string> default_start;   // hole name
  std::optional<std::string> default_finish;  // hole name or "any"
};

class Board {
 public:
  explicit Board(const BoardSpec& spec);  // throws InputError on a bad spec

  const std::string& name() const { return spec_.name; }
  const BoardSpec& spec() const { return spec_; }
  JumpGeometry geometry() const { return spec_.geometry; }
  int holes() const { return static_cast<int>(points_.size()); }
  int grid_rows() const { return grid_rows_; }
  int grid_cols() const { return grid_cols_; }
  GridPoint point(int hole) const { return points_[hole]; }
  int hole_at(int row, int col) const;  // -1 where there is no hole
  Bitboard all_holes() const { return low_bits(holes()); }

  const std::vector<Jump>& jumps() const { return jumps_; }
  const SymmetryGroup& symmetries() const { return symmetries_; }
  std::optional<int> centre() const { return centre_; }
  std::optional<int> default_start() const { return default_start_; }
  std::optional<int> default_finish() const { return default_finish_; }  // nullopt = any

  // Calls f(jump) for every jump legal in `pos`.
  template <class F>
  void for_each_jump(Position pos, F&& f) const {
    for (const Jump& j : jumps_)
      if ((pos & j.from_over) == j.from_over && !(pos & j.to_mask)) f(j);
  }
  // Calls f(jump) for every jump whose reverse is legal in `pos` (a peg on `to`, `over` and
  // `from` empty): the jumps that could have produced `pos`.
  template <class F>
  void for_each_unjump(Position pos, F&& f) const {
    for (const Jump& j : jumps_)
      if (!(pos & j.from_over) && (pos & j.to_mask)) f(j);
  }

 private:
  BoardSpec spec_;
  int grid_rows_ = 0, grid_cols_ = 0;
  std::vector<GridPoint> points_;
  std::vector<int> hole_at_;
  std::vector<Jump> jumps_;
  SymmetryGroup symmetries_;
  std::optional<int> centre_, default_start_, default_finish_;
};

std::vector<GridDirection> jump_directions(JumpGeometry g);
std::string geometry_name(JumpGeometry g);
JumpGeometry parse_geometry(const std::string& text);  // throws InputError

}  // namespace gs::peg
