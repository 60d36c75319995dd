// Game values of two-player games solved exactly, always for the side to move.
#pragma once

#include <cstdint>
#include <string>

namespace gs {

enum class Outcome : std::uint8_t { kUnknown = 0, kWin = 1, kLoss = 2, kDraw = 3 };

inline std::string outcome_name(Outcome o) {
  switch (o) {
    case Outcome::kWin: return "win";
    case Outcome::kLoss: return "loss";
    case Outcome::kDraw: return "draw";
    case Outcome::kUnknown: break;
  }
  return "unknown";
}

}  // namespace gs
