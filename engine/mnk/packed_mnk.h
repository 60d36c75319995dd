// The m,n,k-game on one machine word, as the solvers see a two-player game: states, moves,
// terminal values and symmetries. X sits in the low half of the word and O in the high half:
// PackedMnk (64 bits) holds boards of up to 32 cells and is what the table-building solvers
// store; WideMnk (128 bits) holds any board up to 8x8, for the alpha-beta search.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "engine/core/game_search.h"
#include "engine/core/game_symmetry.h"
#include "engine/core/uint128.h"
#include "engine/core/value.h"
#include "engine/mnk/mnk_game.h"

namespace gs::mnk {

template <class Word>
class MnkWord {
 public:
  using Position = Word;
  using Move = int;                                                 // the cell played
  static constexpr int kHalf = 4 * static_cast<int>(sizeof(Word));  // bits per player

  explicit MnkWord(const MnkGame& game) : game_(&game) {}
  const MnkGame& game() const { return *game_; }

  static Word pack(mnk::Position p) { return Word(p.x) | (Word(p.o) << kHalf); }
  static mnk::Position unpack(Word s) {
    return {static_cast<Bitboard>(s & low_bits(kHalf)), static_cast<Bitboard>(s >> kHalf)};
  }

  Word start() const { return 0; }
  int ply(Word s) const { return MnkGame::ply(unpack(s)); }
  // The smallest image under the board's symmetries: one canonical form per orbit.
  Word canonical(Word s) const {
    const mnk::Position p = unpack(s);
    Word best = s;
    for (int g = 1; g < game_->symmetries().order(); ++g) best = std::min(best, pack(game_->image(p, g)));
    return best;
  }
  int orbit_size(Word s) const {
    const mnk::Position p = unpack(s);
    int fixing = 0;
    for (int g = 0; g < game_->symmetries().order(); ++g) fixing += pack(game_->image(p, g)) == s;
    return game_->symmetries().order() / fixing;
  }
  // A loss for the side to move when the last mover made a line, a draw on a full board.
  std::optional<Outcome> terminal(Word s) const {
    const mnk::Position p = unpack(s);
    if (game_->won_by_last_mover(p)) return Outcome::kLoss;
    if ((p.x | p.o) == game_->full()) return Outcome::kDraw;
    return std::nullopt;
  }
  template <class F>
  void for_each_move(Word s, F&& f) const {
    game_->for_each_move(unpack(s), [&](int cell, mnk::Position) { f(cell); });
  }
  Word play(Word s, int cell) const { return pack(game_->play(unpack(s), cell)); }
  // Moves worth searching, best first (MnkGame::for_each_search_cell).
  template <class F>
  void for_each_search_move(Word s, F&& f) const {
    game_->for_each_search_cell(unpack(s), [&](int cell) { f(cell); });
  }

 private:
  const MnkGame* game_;
};

using PackedMnk = MnkWord<std::uint64_t>;
using WideMnk = MnkWord<uint128>;

// What the solvers may ask of them (engine/core/game*.h).
static_assert(TwoPlayerGame<PackedMnk> && CountedClasses<PackedMnk> && PlyCounted<PackedMnk> && SearchMoves<PackedMnk>);
static_assert(TwoPlayerGame<WideMnk> && CountedClasses<WideMnk> && PlyCounted<WideMnk> && SearchMoves<WideMnk>);

}  // namespace gs::mnk
