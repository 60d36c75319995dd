// Pagoda proofs found by linear programming: for a start position and a finish hole, a pagoda
// function (engine/peg/pagoda.h) under which the start weighs less than the finish, which proves
// the problem unsolvable. The program: maximise p(finish) - p(start) over weights p in [-1, 1]
// with p(from) + p(over) - p(to) >= 0 for every jump; an optimum above 0 is a proof. Its vertex
// is rounded to integers (scaled by 1, 2, ... 64) and kept only when the integer weights pass
// is_pagoda and weigh the start below the finish exactly: a proof never rests on rounding.
#pragma once

#include <optional>

#include "engine/peg/board.h"
#include "engine/peg/pagoda.h"

namespace gs::tools {

std::optional<peg::Pagoda> pagoda_proof(const peg::Board& board, peg::Position start, int finish);

}  // namespace gs::tools
