// Point sets on an integer grid and the grid symmetries that preserve them. A board's symmetry
// group is derived from its geometry: every integer linear map with entries in {-1, 0, 1} and
// determinant +-1 (which includes the 8 symmetries of the square and the 12 of the hexagonal
// lattice in skew coordinates) that maps the point set onto itself after re-anchoring, and maps
// the set of line directions onto itself.
#pragma once

#include <vector>

namespace gs {

struct GridPoint {
  int row = 0;  // from the top
  int col = 0;  // from the left
  friend bool operator==(const GridPoint&, const GridPoint&) = default;
};

struct GridDirection {
  int drow = 0;
  int dcol = 0;
  friend bool operator==(const GridDirection&, const GridDirection&) = default;
};

// Point permutations (image[i] = index of the image of points[i]) for every symmetry of the
// point set that preserves `directions` (a set closed under negation). The identity comes first.
std::vector<std::vector<int>> lattice_symmetries(const std::vector<GridPoint>& points,
                                                 const std::vector<GridDirection>& directions);

}  // namespace gs
