#include "tools/peg/peg_beam.h"

#include "engine/peg/compactness.h"
#include "solvers/beam/beam_search.h"
#include "solvers/layered/layered_search.h"
#include "tools/peg/peg_report.h"

namespace gs::tools {

PegBeamResult peg_beam(const peg::PegPuzzle& puzzle, peg::Position start, const PegBeamOptions& options) {
  const peg::Compactness compactness(puzzle.board());
  PegBeamResult result;
  std::vector<std::size_t> widths;  // 1,000, 10,000, ... below the largest, then the largest
  for (std::size_t w = 1'000; w < options.max_width; w *= 10) widths.push_back(w);
  if (options.max_width > 0) widths.push_back(options.max_width);
  for (const std::size_t width : widths) {
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
  constexpr std::size_t kEndgameStates = std::size_t{1} << 21;  // the last layer's bound
  return goal_layers(puzzle, goals, puzzle.board().holes() / 2, kEndgameStates);
}

}  // namespace gs::tools
