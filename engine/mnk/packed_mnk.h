// The m,n,k-game on one machine word, as the solvers see a two-player game: states, moves,
// terminal values and symmetries. X sits in the low half of the word and O in the high half:
// PackedMnk (64 bits) holds boards of up to 32 cells and is what the table-building solvers
// store; WideMnk (128 bits) holds any board up to 8x8, for the alpha-beta search.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "engine/core/uint128.h"
#include "engine/mnk/mnk_game.h"

namespace gs::mnk {

template <class Word>
class MnkWord {
 public:
  using State = Word;
  using Move = int;                                                 // the cell played
  static constexpr int kHalf = 4 * static_cast<int>(sizeof(Word));  // bits per player

  explicit MnkWord(const MnkGame& game) : game_(&game) {}
  const MnkGame& game() const { return *game_; }

  static State pack(Position p) { return State(p.x) | (State(p.o) << kHalf); }
  static Position unpack(State s) {
    return {static_cast<Bitboard>(s & low_bits(kHalf)), static_cast<Bitboard>(s >> kHalf)};
  }

  State start() const { return 0; }
  int ply(State s) const { return MnkGame::ply(unpack(s)); }
  // The smallest image under the board's symmetries: one canonical form per orbit.
  State canonical(State s) const {
    const Position p = unpack(s);
    State best = s;
    for (int g = 1; g < game_->symmetries().order(); ++g) best = std::min(best, pack(game_->image(p, g)));
    return best;
  }
  int orbit_size(State s) const {
    const Position p = unpack(s);
    int fixing = 0;
    for (int g = 0; g < game_->symmetries().order(); ++g) fixing += pack(game_->image(p, g)) == s;
    return game_->symmetries().order() / fixing;
  }
  // Value for the side to move at a terminal state: -1 (the last mover made a line) or 0 (full).
  std::optional<int> terminal_value(State s) const {
    const Position p = unpack(s);
    if (game_->won_by_last_mover(p)) return -1;
    if ((p.x | p.o) == game_->full()) return 0;
    return std::nullopt;
  }
  template <class F>
  void for_each_move(State s, F&& f) const {
    game_->for_each_move(unpack(s), [&](int cell, Position child) { f(cell, pack(child)); });
  }
  // Moves worth searching, best first (MnkGame::for_each_search_cell).
  template <class F>
  void for_each_search_move(State s, F&& f) const {
    const Position p = unpack(s);
    game_->for_each_search_cell(p, [&](int cell) { f(cell, pack(game_->play(p, cell))); });
  }

 private:
  const MnkGame* game_;
};

using PackedMnk = MnkWord<std::uint64_t>;
using WideMnk = MnkWord<uint128>;

}  // namespace gs::mnk
