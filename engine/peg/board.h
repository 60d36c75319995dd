// A peg solitaire board: at most 64 holes on a square or triangular grid, its jump table
// (from, over, to) and its symmetry group derived from the geometry.
#pragma once

#include <array>
#include <cstdint>
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
  std::vector<std::string> grid;              // rows top to bottom, 'o' = hole, '.' = no hole
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

  // Calls f(jump) for every jump legal in `pos`, in the order of jumps() (by starting hole):
  // depth-first searches depend on that order, which keeps pegs of one region moving together.
  template <class F>
  void for_each_jump(Position pos, F&& f) const {
    visit_in_order(f, [&](const JumpGroup& g) { return jumps_of(pos, g); });
  }
  // Calls f(jump) for every jump whose reverse is legal in `pos` (a peg on `to`, `over` and
  // `from` empty): the jumps that could have produced `pos`.
  template <class F>
  void for_each_unjump(Position pos, F&& f) const {
    visit_in_order(f, [&](const JumpGroup& g) { return unjumps_of(pos, g); });
  }
  // The jumps legal in `pos` that start on `hole`, and those whose reverse is legal in `pos` and
  // that land on `hole` (a peg's next jump in a run, forwards and backwards), in jumps() order.
  template <class F>
  void for_each_jump_from(Position pos, int hole, F&& f) const {
    for (int i = from_first_[hole]; i < from_first_[hole + 1]; ++i)
      if ((pos & jumps_[i].all) == jumps_[i].from_over) f(jumps_[i]);
  }
  template <class F>
  void for_each_unjump_onto(Position pos, int hole, F&& f) const {
    for (int k = onto_first_[hole]; k < onto_first_[hole + 1]; ++k)
      if ((pos & jumps_[onto_[k]].all) == jumps_[onto_[k]].to_mask) f(jumps_[onto_[k]]);
  }
  // The same jumps in no fixed order, without the pass that sorts them by index: for passes
  // that only sum over them.
  template <class F>
  void for_each_jump_unordered(Position pos, F&& f) const {
    for (const JumpGroup& g : jump_groups_) for_each_bit(jumps_of(pos, g), [&](int to) { f(jumps_[g.jump_at[to]]); });
  }
  template <class F>
  void for_each_unjump_unordered(Position pos, F&& f) const {
    for (const JumpGroup& g : jump_groups_) for_each_bit(unjumps_of(pos, g), [&](int to) { f(jumps_[g.jump_at[to]]); });
  }

 private:
  // Jumps whose over and from holes sit at the same index distances from the landing hole
  // (over = to + over_delta, from = to + from_delta) are tested together, by shifting the
  // whole board word: a handful of word operations replace a branch per jump.
  struct JumpGroup {
    int over_delta, from_delta;
    Bitboard targets;                       // landing holes of the group's jumps
    std::array<std::uint16_t, 64> jump_at;  // landing hole -> index into jumps_
  };
  // Bit i of the result is bit i + delta of b.
  static Bitboard shifted(Bitboard b, int delta) { return delta >= 0 ? b >> delta : b << -delta; }
  // The landing holes of a group's legal jumps, and of its legal reverse jumps.
  Bitboard jumps_of(Position pos, const JumpGroup& g) const {
    return ~pos & g.targets & shifted(pos, g.over_delta) & shifted(pos, g.from_delta);
  }
  Bitboard unjumps_of(Position pos, const JumpGroup& g) const {
    const Bitboard empty = ~pos & all_holes();
    return pos & g.targets & shifted(empty, g.over_delta) & shifted(empty, g.from_delta);
  }
  static constexpr int kMaxJumpWords = 8;  // 64 holes x 8 directions = 512 jumps at most

  // Marks the jumps each group allows (landing holes from `allowed(group)`) in a bitset over
  // jump indices, then calls f on them in index order.
  template <class F, class Allowed>
  void visit_in_order(F& f, Allowed&& allowed) const {
    std::array<std::uint64_t, kMaxJumpWords> legal{};
    for (const JumpGroup& g : jump_groups_)
      for_each_bit(allowed(g), [&](int to) {
        const int j = g.jump_at[to];
        legal[j >> 6] |= std::uint64_t{1} << (j & 63);
      });
    for (int w = 0; w < jump_words_; ++w) for_each_bit(legal[w], [&](int b) { f(jumps_[64 * w + b]); });
  }

  BoardSpec spec_;
  int grid_rows_ = 0, grid_cols_ = 0;
  std::vector<GridPoint> points_;
  std::vector<int> hole_at_;
  std::vector<Jump> jumps_;
  std::vector<JumpGroup> jump_groups_;
  int jump_words_ = 0;
  std::vector<int> from_first_;  // jumps from hole h: jumps_[from_first_[h], from_first_[h + 1])
  std::vector<int> onto_first_;  // jumps onto hole h: onto_[onto_first_[h], onto_first_[h + 1])
  std::vector<std::uint16_t> onto_;
  SymmetryGroup symmetries_;
  std::optional<int> centre_, default_start_, default_finish_;
};

std::vector<GridDirection> jump_directions(JumpGeometry g);
std::string geometry_name(JumpGeometry g);
JumpGeometry parse_geometry(const std::string& text);  // throws InputError

}  // namespace gs::peg
