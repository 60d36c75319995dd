#include "engine/peg/board.h"

#include <algorithm>

#include "engine/core/errors.h"
#include "engine/peg/notation.h"

namespace gs::peg {

std::vector<GridDirection> jump_directions(JumpGeometry g) {
  std::vector<GridDirection> d = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
  if (g == JumpGeometry::diagonal) d.insert(d.end(), {{1, 1}, {-1, -1}, {1, -1}, {-1, 1}});
  if (g == JumpGeometry::triangular) d.insert(d.end(), {{1, 1}, {-1, -1}});
  return d;
}

std::string geometry_name(JumpGeometry g) {
  switch (g) {
    case JumpGeometry::orthogonal: return "orthogonal";
    case JumpGeometry::diagonal: return "diagonal";
    case JumpGeometry::triangular: return "triangular";
  }
  return "?";
}

JumpGeometry parse_geometry(const std::string& text) {
  if (text == "orthogonal") return JumpGeometry::orthogonal;
  if (text == "diagonal") return JumpGeometry::diagonal;
  if (text == "triangular") return JumpGeometry::triangular;
  throw InputError("unknown jump geometry '" + clipped(text) + "' (expected orthogonal, diagonal or triangular)");
}

Board::Board(const BoardSpec& spec) : spec_(spec) {
  grid_rows_ = static_cast<int>(spec.grid.size());
  for (const auto& row : spec.grid) grid_cols_ = std::max<int>(grid_cols_, static_cast<int>(row.size()));
  if (grid_cols_ > 26) throw InputError("board '" + clipped(spec.name) + "' is wider than 26 columns (a..z)");
  hole_at_.assign(static_cast<std::size_t>(grid_rows_) * grid_cols_, -1);
  for (int r = 0; r < grid_rows_; ++r)
    for (int c = 0; c < static_cast<int>(spec.grid[r].size()); ++c) {
      const char ch = spec.grid[r][c];
      if (ch == '.') continue;
      if (ch != 'o')
        throw InputError("board '" + clipped(spec.name) + "': unexpected character '" + clipped({&ch, 1}) +
                         "' in grid row " + std::to_string(r + 1) + " (use 'o' for a hole, '.' for none)");
      hole_at_[r * grid_cols_ + c] = static_cast<int>(points_.size());
      points_.push_back({r, c});
    }
  if (points_.empty()) throw InputError("board '" + clipped(spec.name) + "' has no holes");
  if (points_.size() > 64)
    throw InputError("board '" + clipped(spec.name) + "' has " + std::to_string(points_.size()) +
                     " holes; at most 64 are supported");

  const auto directions = jump_directions(spec.geometry);
  for (int h = 0; h < holes(); ++h)
    for (auto d : directions) {
      const GridPoint p = points_[h];
      const int over = hole_at(p.row + d.drow, p.col + d.dcol);
      const int to = hole_at(p.row + 2 * d.drow, p.col + 2 * d.dcol);
      if (over < 0 || to < 0) continue;
      jumps_.push_back({h, over, to, bit(h) | bit(over), bit(to), bit(h) | bit(over) | bit(to)});
    }

  // jumps_ is ordered by starting hole, so the jumps from one hole are a range of it.
  from_first_.assign(holes() + 1, 0);
  onto_first_.assign(holes() + 1, 0);
  for (const Jump& j : jumps_) ++from_first_[j.from + 1], ++onto_first_[j.to + 1];
  for (int h = 0; h < holes(); ++h) from_first_[h + 1] += from_first_[h], onto_first_[h + 1] += onto_first_[h];
  onto_.resize(jumps_.size());
  std::vector<int> filled(onto_first_.begin(), onto_first_.end() - 1);
  for (std::size_t i = 0; i < jumps_.size(); ++i) onto_[filled[jumps_[i].to]++] = static_cast<std::uint16_t>(i);

  jump_words_ = static_cast<int>((jumps_.size() + 63) / 64);
  for (std::size_t i = 0; i < jumps_.size(); ++i) {
    const Jump& j = jumps_[i];
    const int over_delta = j.over - j.to, from_delta = j.from - j.to;
    auto group = std::find_if(jump_groups_.begin(), jump_groups_.end(), [&](const JumpGroup& g) {
      return g.over_delta == over_delta && g.from_delta == from_delta;
    });
    if (group == jump_groups_.end()) group = jump_groups_.insert(jump_groups_.end(), {over_delta, from_delta, 0, {}});
    group->targets |= j.to_mask;
    group->jump_at[j.to] = static_cast<std::uint16_t>(i);
  }

  std::vector<BitPermutation> elements;
  for (const auto& perm : lattice_symmetries(points_, directions)) elements.emplace_back(perm);
  symmetries_ = SymmetryGroup(std::move(elements));

  // The centre is the one hole every symmetry fixes (none on a board without symmetry).
  if (symmetries_.order() > 1) {
    std::vector<int> fixed;
    for (int h = 0; h < holes(); ++h) {
      bool all_fix = true;
      for (int g = 0; g < symmetries_.order(); ++g) all_fix = all_fix && symmetries_[g](h) == h;
      if (all_fix) fixed.push_back(h);
    }
    if (fixed.size() == 1) centre_ = fixed[0];
  }
  default_start_ = spec.default_start ? std::optional<int>(parse_hole(*this, *spec.default_start)) : centre_;
  if (spec.default_finish)
    default_finish_ =
        *spec.default_finish == "any" ? std::nullopt : std::optional<int>(parse_hole(*this, *spec.default_finish));
  else
    default_finish_ = centre_;
}

int Board::hole_at(int row, int col) const {
  if (row < 0 || col < 0 || row >= grid_rows_ || col >= grid_cols_) return -1;
  return hole_at_[row * grid_cols_ + col];
}

}  // namespace gs::peg
