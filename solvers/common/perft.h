// Perft: the number of move sequences of a given depth from a position, as chess engines count
// them to check and time move generation (two moves reaching the same position count twice).
#pragma once

#include <cstdint>

#include "engine/core/game.h"

namespace gs {

template <Game G>
std::uint64_t perft(const G& game, const typename G::Position& p, int depth) {
  if (depth == 0) return 1;
  std::uint64_t total = 0;
  for_each_successor(game, p, [&](const typename G::Move&, const typename G::Position& next) {
    total += perft(game, next, depth - 1);
  });
  return total;
}

}  // namespace gs
