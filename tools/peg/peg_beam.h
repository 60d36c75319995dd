// Beam searches for a peg solitaire solution (solvers/beam/beam_search.h), the most compact
// positions of each layer kept (engine/peg/compactness.h): widths 1,000, then 10 times more each
// try, the last one the largest width, until one finds a solution. On Wiegleb's board a width of 100,000
// solves in seconds pairs that depth-first searches left open after billions of positions.
// Finding none proves nothing; the caller goes on with an exhaustive method.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "engine/peg/puzzle.h"
#include "solvers/layered/layer_set.h"

namespace gs::tools {

struct PegBeamOptions {
  std::size_t max_width = 100'000;                     // 0: no beam search
  const std::vector<LayerSet>* goal_layers = nullptr;  // peg_endgames of the puzzle, or none
  const std::atomic<bool>* cancel = nullptr;           // stop when it becomes true
};

struct PegBeamResult {
  bool solved = false;
  std::vector<peg::Jump> solution;  // from the start to the puzzle's finish
  std::uint64_t nodes = 0;          // positions expanded, over every width tried
  std::size_t width = 0;            // the width that found it (or the last tried)
};

// `puzzle` prunes by its pagodas; its finish set and symmetries are the goal's.
PegBeamResult peg_beam(const peg::PegPuzzle& puzzle, peg::Position start, const PegBeamOptions& options);

// The endgames towards the puzzle's finishes: by number of jumps left, every canonical position
// that can end on one, up to the last layer of at most about 2 M positions (a second or so).
// The beams stop at them, and the searches of --all-starts are cut by them.
std::vector<LayerSet> peg_endgames(const peg::PegPuzzle& puzzle);

}  // namespace gs::tools
