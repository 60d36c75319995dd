// Peg solitaire positions and solutions as diagrams (tools/draw/diagram.h): holes where the
// board has them (triangular boards drawn as triangles), pegs, and the next jump marked.
#pragma once

#include <string>
#include <vector>

#include "engine/peg/board.h"
#include "tools/draw/diagram.h"

namespace gs::draw {

// `next`: a jump legal in `pos`, drawn as an arrow with its peg and the jumped peg ringed.
Diagram peg_diagram(const peg::Board& board, peg::Position pos, const peg::Jump* next = nullptr);

// One diagram before each jump (the jump marked, captioned "k. from-to") and the final position.
std::vector<Diagram> peg_solution_frames(const peg::Board& board, peg::Position start,
                                         const std::vector<peg::Jump>& jumps);
std::string peg_solution_svg(const peg::Board& board, peg::Position start, const std::vector<peg::Jump>& jumps,
                             const std::string& title);

}  // namespace gs::draw
