#include "tools/peg/peg_beam.h"

#include <algorithm>

#include "engine/peg/compactness.h"
#include "solvers/beam/beam_search.h"
#include "solvers/layered/layered_search.h"
#include "tools/peg/peg_report.h"

namespace gs::tools {

PegBeamResult peg_beam(const peg::PegPuzzle& puzzle, peg::Position start, const PegBeamOptions& options) {
  const peg::Compactness compactness(puzzle.board());
  PegBeamResult result;
  for (std::size_t width = std::min<std::size_t>(1'000, options.max_width); width > 0;
       width = width == options.max_width ? 0 : std::min(width * 10, options.max_width)) {
    const BeamResult<peg::PegPuzzle> beam = beam_search(
        puzzle, start, BeamOptions{.width = width, .goal_layers = options.goal_layers, .cancel = options.cancel},
        [&](peg::Position p) { return compactness.border(p); });
    result.nodes += beam.nodes;
    result.width = width;
    if (beam.solved) {
      result.solved = true;
      result.solution = copy_jumps(beam.path);
      break;
    }
    if (options.cancel && options.cancel->load()) break;
  }
  return result;
}

std::vector<LayerSet> peg_endgames(const peg::PegPuzzle& puzzle) {
  std::vector<peg::Position> goals;
  for_each_bit(puzzle.finishes(), [&](int f) { goals.push_back(bit(f)); });
  return goal_layers(puzzle, goals, puzzle.board().holes() / 2, std::size_t{1} << 21);
}

}  // namespace gs::tools
