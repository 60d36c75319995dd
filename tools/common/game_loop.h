// One loop for every game played out move by move: a person against an engine in the terminal
// (mnk --play, mountnfall play) and engine against engine (mountnfall match). Seats alternate,
// seat 0 moving first; the game ends at a terminal position (TwoPlayerGame), when the side to
// move has no legal move (it loses), at a repeated position (a draw, for games with a hash), at
// the ply cap (a draw), when the game's own draw rule says so (`drawn` after a move, e.g. plies
// without progress), or when a seat stops (a person typed quit).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/game_search.h"
#include "engine/core/value.h"
#include "solvers/common/capabilities.h"

namespace gs::tools {

template <Game G>
struct Seat {
  // The move to play in the position, given the hashes of the positions so far (for engines
  // that score repetitions), or nothing to stop the game.
  std::function<std::optional<typename G::Move>(const typename G::Position&, const std::vector<std::uint64_t>&)> choose;
};

template <Game G>
struct PlayOut {
  typename G::Position final_position;
  std::vector<typename G::Move> moves;
  std::optional<int> winner;  // the seat; none for a draw or a stopped game
  std::string reason;         // "game over", "no legal move", "repetition", "move cap", "stopped", or `drawn`'s
  int plies() const { return static_cast<int>(moves.size()); }
};

// `on_turn(p)` runs before each turn is decided (to show the position); `drawn(before, after)`
// after each move that does not end the game, with the reason of a draw by the game's rule.
template <Game G>
PlayOut<G> play_out(const G& game, typename G::Position p, std::array<Seat<G>, 2>& seats, int max_plies = 1 << 30,
                    const std::function<void(const typename G::Position&)>& on_turn = {},
                    const std::function<std::optional<std::string>(const typename G::Position&,
                                                                   const typename G::Position&)>& drawn = {}) {
  PlayOut<G> out;
  std::vector<std::uint64_t> history;
  for (int ply = 0;; ++ply) {
    out.final_position = p;
    if (on_turn) on_turn(p);
    const int mover = ply % 2;
    if (ply >= max_plies) {
      out.reason = "move cap";
      break;
    }
    if constexpr (TwoPlayerGame<G>)
      if (const auto end = game.terminal(p)) {
        if (*end != Outcome::kDraw) out.winner = *end == Outcome::kWin ? mover : 1 - mover;
        out.reason = "game over";
        break;
      }
    bool any = false;
    game.for_each_move(p, [&](const typename G::Move&) { any = true; });
    if (!any) {
      out.winner = 1 - mover;
      out.reason = "no legal move";
      break;
    }
    if constexpr (Hashed<G>) history.push_back(game.hash(p));
    const auto m = seats[static_cast<std::size_t>(mover)].choose(p, history);
    if (!m) {
      out.reason = "stopped";
      break;
    }
    out.moves.push_back(*m);
    const typename G::Position before = p;
    p = game.play(p, *m);
    if (drawn)
      if (const auto reason = drawn(before, p)) {
        out.final_position = p;
        out.reason = *reason;
        break;
      }
    if constexpr (Hashed<G>)
      if (std::find(history.begin(), history.end(), game.hash(p)) != history.end()) {
        out.final_position = p;
        out.reason = "repetition";
        break;
      }
  }
  return out;
}

// How play_out ends a recorded game whose `plies` moves reached `p`, for a replay to check the
// record's own words against: when the position ends it, the reason ("game over", "no legal
// move") and the winning seat (none for a draw); else nothing, since only a seat, the cap, a
// repetition or a draw rule could have stopped it there.
struct RecordedEnd {
  std::string reason;
  std::optional<int> winner;
};
template <Game G>
std::optional<RecordedEnd> natural_end(const G& game, const typename G::Position& p, int plies) {
  const int mover = plies % 2;
  if constexpr (TwoPlayerGame<G>)
    if (const auto end = game.terminal(p))
      return RecordedEnd{.reason = "game over",
                         .winner = *end == Outcome::kDraw  ? std::nullopt
                                   : *end == Outcome::kWin ? std::optional<int>(mover)
                                                           : std::optional<int>(1 - mover)};
  bool any = false;
  game.for_each_move(p, [&](const typename G::Move&) { any = true; });
  if (!any) return RecordedEnd{.reason = "no legal move", .winner = 1 - mover};
  return std::nullopt;
}

// The winning side's name (G::kSides) of a game that ended as `end` says, seat 0 being the side
// to move at `seat0`: null for a draw.
template <class G>
const char* winner_side(const G& game, const RecordedEnd& end, const typename G::Position& seat0) {
  if (!end.winner) return nullptr;
  const int first = game.side(seat0);
  return G::kSides[*end.winner == 0 ? first : 1 - first];
}

// Whether a record's `reason` is what play_out gives a game that ended as `end` says: the
// position's own reason, or, where the position does not end it, one of the others.
inline bool reason_fits(const std::optional<RecordedEnd>& end, const std::string& reason) {
  if (end) return reason == end->reason;
  return reason == "stopped" || reason == "repetition" || reason == "move cap" ||
         (reason.ends_with(": a draw") && reason.find("without progress") != std::string::npos);
}

}  // namespace gs::tools
