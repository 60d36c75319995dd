// Game values, always for the side to move: the outcome with best play and, for a win or a
// loss, the plies to the end (the winner hurries, the loser delays). The one value type of every
// game and solver.
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

// +1 for a win, 0 for a draw, -1 for a loss: the scale of negamax over exact outcomes.
constexpr int sign_of(Outcome o) { return o == Outcome::kWin ? 1 : o == Outcome::kLoss ? -1 : 0; }
constexpr Outcome outcome_of_sign(int s) { return s > 0 ? Outcome::kWin : s < 0 ? Outcome::kLoss : Outcome::kDraw; }

struct Value {
  Outcome outcome = Outcome::kUnknown;
  int distance = 0;  // plies to the end with best play; for a draw, where the game must end (a full
                     // m,n,k board), else 0 (endless play)
  bool operator==(const Value&) const = default;
};

// What a move is worth to the side making it, from the value of the position it reaches (where
// the other side is to move).
constexpr Value through(Value next) {
  if (next.outcome == Outcome::kLoss) return {Outcome::kWin, next.distance + 1};
  if (next.outcome == Outcome::kWin) return {Outcome::kLoss, next.distance + 1};
  return {next.outcome, next.distance == 0 ? 0 : next.distance + 1};
}

// Best first: the fastest win, then draws, then the slowest loss (smaller is better).
constexpr int preference(Value v) {
  if (v.outcome == Outcome::kWin) return -100000 + v.distance;
  if (v.outcome == Outcome::kDraw) return 0;
  return 100000 - v.distance;
}

// "win in 7 plies", "draw".
inline std::string value_text(Value v) {
  if (v.outcome == Outcome::kDraw) return "draw";
  return outcome_name(v.outcome) + " in " + std::to_string(v.distance) + " plies";
}

}  // namespace gs
