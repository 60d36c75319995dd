// A small dense linear program: maximise c.x subject to A x <= b and x >= 0, with b >= 0 (so the
// origin is feasible and no first phase is needed). For the few hundred rows and columns of a
// peg solitaire pagoda (tools/peg/pagoda_search.h), not for large or ill-conditioned problems:
// doubles, a dense tableau, Bland's rule (the lowest eligible column and row enter and leave,
// which cannot cycle, so degenerate programs - b = 0 in most rows - still end). Callers that
// need certainty check the answer exactly themselves (the pagoda search rounds it to integers).
#pragma once

#include <optional>
#include <vector>

namespace gs {

struct LinearProgram {
  int variables = 0;
  std::vector<double> objective;          // c, one per variable
  std::vector<std::vector<double>> rows;  // A, one vector of `variables` entries per constraint
  std::vector<double> bounds;             // b, one per row, each >= 0
};

struct LpSolution {
  double value = 0;
  std::vector<double> x;
};

// The optimum, or nullopt when the program is unbounded (or the pivot limit is reached).
std::optional<LpSolution> maximise(const LinearProgram& lp, int max_pivots = 100000);

}  // namespace gs
