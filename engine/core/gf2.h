// Linear algebra over GF(2) on 64-bit rows.
#pragma once

#include <vector>

#include "engine/core/bitboard.h"

namespace gs {

// A basis of { x in GF(2)^columns : popcount(row & x) is even for every row }.
std::vector<Bitboard> gf2_null_space(std::vector<Bitboard> rows, int columns);

}  // namespace gs
