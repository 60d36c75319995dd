#include "engine/hunt/hunt_board.h"

#include <sstream>

#include "engine/core/errors.h"
#include "engine/core/lattice.h"

namespace gs::hunt {

namespace {
const GridDirection kDirections[] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {1, 1}, {-1, 1}, {1, -1}};
bool diagonal(const GridDirection& d) { return d.drow != 0 && d.dcol != 0; }
}  // namespace

HuntBoard::HuntBoard(const std::vector<std::string>& rows) : layout_(rows) {
  std::vector<GridPoint> grid_points;
  for (int r = 1; r <= static_cast<int>(rows.size()); ++r)
    for (int c = 1; c <= static_cast<int>(rows[static_cast<std::size_t>(r - 1)].size()); ++c)
      if (rows[static_cast<std::size_t>(r - 1)][static_cast<std::size_t>(c - 1)] == 'o') {
        row_.push_back(r);
        column_.push_back(c);
        grid_points.push_back({r, c});
      }
  neighbours_.assign(row_.size(), 0);
  jumps_.resize(row_.size());
  for (int p = 0; p < points(); ++p)
    for (const auto& d : kDirections) {
      if (diagonal(d) && (row(p) + column(p)) % 2 != 0) continue;  // diagonals only through even points
      const int q = point_at(row(p) + d.drow, column(p) + d.dcol);
      if (q < 0) continue;
      neighbours_[static_cast<std::size_t>(p)] |= bit(q);
      const int beyond = point_at(row(p) + 2 * d.drow, column(p) + 2 * d.dcol);
      if (beyond >= 0) jumps_[static_cast<std::size_t>(p)].push_back({q, beyond});
    }
  std::vector<BitPermutation> elements;
  for (const auto& perm :
       lattice_symmetries(grid_points, std::vector<GridDirection>(std::begin(kDirections), std::end(kDirections)))) {
    // The diagonals are drawn only through even points: keep the symmetries that respect them.
    bool keeps = true;
    for (int p = 0; p < this->points(); ++p)
      keeps = keeps && (row(p) + column(p)) % 2 ==
                           (row(perm[static_cast<std::size_t>(p)]) + column(perm[static_cast<std::size_t>(p)])) % 2;
    if (keeps) elements.emplace_back(perm);
  }
  symmetries_ = SymmetryGroup(std::move(elements));
}

HuntBoard HuntBoard::square(int n) {
  return HuntBoard(
      std::vector<std::string>(static_cast<std::size_t>(n), std::string(static_cast<std::size_t>(n), 'o')));
}

int HuntBoard::point_at(int r, int c) const {
  if (r < 1 || r > rows() || c < 1 || c > static_cast<int>(layout_[static_cast<std::size_t>(r - 1)].size())) return -1;
  if (layout_[static_cast<std::size_t>(r - 1)][static_cast<std::size_t>(c - 1)] != 'o') return -1;
  int index = 0;
  for (int rr = 1; rr <= rows(); ++rr)
    for (int cc = 1; cc <= static_cast<int>(layout_[static_cast<std::size_t>(rr - 1)].size()); ++cc) {
      if (rr == r && cc == c) return index;
      index += layout_[static_cast<std::size_t>(rr - 1)][static_cast<std::size_t>(cc - 1)] == 'o';
    }
  return -1;
}

std::string HuntBoard::point_name(int p) const {
  return "(" + std::to_string(row(p)) + "," + std::to_string(column(p)) + ")";
}

std::vector<std::pair<int, char>> HuntBoard::parse_grid(const std::string& text) const {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line, '/');) lines.push_back(line);
  if (static_cast<int>(lines.size()) != rows())
    throw InputError("position: " + std::to_string(rows()) + " rows expected, " + std::to_string(lines.size()) +
                     " given");
  std::vector<std::pair<int, char>> cells;
  for (int r = 1; r <= rows(); ++r) {
    std::string line = lines[static_cast<std::size_t>(r - 1)];
    const auto& shape = layout_[static_cast<std::size_t>(r - 1)];
    // The cross's missing corners may be written as spaces or left out.
    const auto pad = shape.find('o');
    if (line.size() < shape.size() && shape.front() == ' ' && pad + line.size() <= shape.size())
      line = std::string(pad, ' ') + line + std::string(shape.size() - pad - line.size(), ' ');
    if (line.size() != shape.size())
      throw InputError("position: row " + std::to_string(r) + " has " + std::to_string(line.size()) + " cells, not " +
                       std::to_string(shape.size()));
    for (int c = 1; c <= static_cast<int>(shape.size()); ++c) {
      const char cell = line[static_cast<std::size_t>(c - 1)];
      const int p = point_at(r, c);
      if (p < 0) {
        if (cell != ' ')
          throw InputError("position: (" + std::to_string(r) + "," + std::to_string(c) +
                           ") is not a point of the board");
        continue;
      }
      cells.push_back({p, cell});
    }
  }
  return cells;
}

}  // namespace gs::hunt
