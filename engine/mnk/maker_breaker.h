// The maker-breaker relaxation of an m,n,k game, a game of its own for the proof searches: the
// maker wins by completing k in a row, the breaker by leaving the maker no line to complete; the
// breaker's own lines do not count. It bounds the real game: a maker winning the real game
// (where the other side's lines also end the game and must be answered) wins this one with the
// same strategy, so a breaker win here proves that the maker's side cannot win the real game.
// With both sides checked, a draw of the real game is proved without ever searching its draws.
//
// Only the maker's live lines (those without a breaker stone) matter, which makes the game small:
// - a stone on a cell of no live line is worth no more than passing, and one more stone never
//   hurts its owner here, so both sides only play cells of live lines;
// - the breaker has won, before the search reaches the end, when a pairing strategy exists (two
//   empty cells of each live line, all different: the breaker answers a maker stone on one with
//   the other) or when the Erdos-Selfridge sum over live lines of 2^-(empty cells) is below 1/2
//   with the maker to move (below 1 with the breaker to move).
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "engine/core/game_search.h"
#include "engine/core/game_symmetry.h"
#include "engine/core/uint128.h"
#include "engine/core/value.h"
#include "engine/mnk/mnk_game.h"
#include "engine/mnk/packed_mnk.h"

namespace gs::mnk {

class MakerBreaker {
 public:
  // The real game's stones on the word of WideMnk (X in the low half, O in the high half), whose
  // moves and symmetries are the relaxation's too.
  using Position = uint128;
  using Move = int;  // the cell played

  MakerBreaker(const MnkGame& game, Player maker);
  const MnkGame& game() const { return *game_; }
  Player maker() const { return maker_; }

  static uint128 pack(mnk::Position p) { return WideMnk::pack(p); }
  static mnk::Position unpack(uint128 s) { return WideMnk::unpack(s); }

  uint128 start() const { return 0; }
  int ply(uint128 s) const { return wide_.ply(s); }
  uint128 play(uint128 s, int cell) const { return wide_.play(s, cell); }
  uint128 canonical(uint128 s) const { return wide_.canonical(s); }

  // Over when the maker has a line (the breaker, to move, has lost) or the breaker has won by
  // the rules above.
  std::optional<Outcome> terminal(uint128 s) const;

  template <class F>
  void for_each_move(uint128 s, F&& f) const {
    for_each_bit(live_cells(unpack(s)), [&](int cell) { f(cell); });
  }
  // A cell that completes a maker line (the maker's win; the breaker's only defence), else the
  // live cells by their weight in the Erdos-Selfridge sum, heaviest first.
  template <class F>
  void for_each_search_move(uint128 s, F&& f) const {
    std::array<int, 64> order;
    const int count = search_cells(unpack(s), order);
    for (int i = 0; i < count; ++i) f(order[i]);
  }

  // The real-game position as the maker and breaker see it.
  Bitboard maker_stones(mnk::Position p) const { return maker_ == Player::x ? p.x : p.o; }
  Bitboard breaker_stones(mnk::Position p) const { return maker_ == Player::x ? p.o : p.x; }
  bool maker_to_move(mnk::Position p) const { return MnkGame::to_move(p) == maker_; }

 private:
  Bitboard live_cells(mnk::Position p) const;
  static constexpr int kMaxLines = 4 * 64;                              // k = 1 on 8x8: every cell in four directions
  int search_cells(mnk::Position p, std::array<int, 64>& order) const;  // how many, in order
  bool breaker_has_won(mnk::Position p) const;
  bool has_pairing(const Bitboard* open_lines, int count) const;

  const MnkGame* game_;
  WideMnk wide_;
  Player maker_;
  std::vector<Bitboard> lines_;
};

// What the solvers may ask of it (engine/core/game*.h).
static_assert(TwoPlayerGame<MakerBreaker> && Symmetric<MakerBreaker> && PlyCounted<MakerBreaker> &&
              SearchMoves<MakerBreaker>);

}  // namespace gs::mnk
