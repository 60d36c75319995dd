#include "engine/core/lattice.h"

#include <algorithm>
#include <climits>
#include <map>
#include <utility>

namespace gs {

namespace {

struct Matrix {
  int a, b, c, d;  // (row, col) -> (a*row + b*col, c*row + d*col)
  GridPoint apply(GridPoint p) const { return {a * p.row + b * p.col, c * p.row + d * p.col}; }
  GridDirection apply(GridDirection v) const { return {a * v.drow + b * v.dcol, c * v.drow + d * v.dcol}; }
};

std::vector<Matrix> unimodular_candidates() {
  std::vector<Matrix> out;
  out.push_back({1, 0, 0, 1});  // identity first
  for (int a = -1; a <= 1; ++a)
    for (int b = -1; b <= 1; ++b)
      for (int c = -1; c <= 1; ++c)
        for (int d = -1; d <= 1; ++d) {
          const int det = a * d - b * c;
          const bool identity = a == 1 && b == 0 && c == 0 && d == 1;
          if ((det == 1 || det == -1) && !identity) out.push_back({a, b, c, d});
        }
  return out;
}

std::pair<int, int> min_corner(const std::vector<GridPoint>& pts) {
  int r = INT_MAX, c = INT_MAX;
  for (auto p : pts) r = std::min(r, p.row), c = std::min(c, p.col);
  return {r, c};
}

}  // namespace

std::vector<std::vector<int>> lattice_symmetries(const std::vector<GridPoint>& points,
                                                 const std::vector<GridDirection>& directions) {
  std::map<std::pair<int, int>, int> index;
  for (std::size_t i = 0; i < points.size(); ++i) index[{points[i].row, points[i].col}] = static_cast<int>(i);
  const auto [r0, c0] = min_corner(points);

  std::vector<std::vector<int>> result;
  for (const Matrix& m : unimodular_candidates()) {
    const bool keeps_directions = std::all_of(directions.begin(), directions.end(), [&](GridDirection v) {
      return std::find(directions.begin(), directions.end(), m.apply(v)) != directions.end();
    });
    if (!keeps_directions) continue;
    std::vector<GridPoint> image;
    image.reserve(points.size());
    for (auto p : points) image.push_back(m.apply(p));
    const auto [r1, c1] = min_corner(image);
    std::vector<int> perm;
    for (auto p : image) {
      auto it = index.find({p.row - r1 + r0, p.col - c1 + c0});
      if (it == index.end()) break;
      perm.push_back(it->second);
    }
    // Degenerate point sets (a single line) are fixed by several matrices: keep one of each.
    if (perm.size() == points.size() && std::find(result.begin(), result.end(), perm) == result.end())
      result.push_back(std::move(perm));
  }
  return result;
}

}  // namespace gs
