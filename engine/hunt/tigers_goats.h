// Tigers and Goats (Bagh-Chal; rules: docs/rules/hunt-games.md) on an n x n board of points (the
// real game: 5 x 5, 4 tigers on the corners, 20 goats, tigers win at 5 captures). Goats are
// placed while any remain in hand, then slide; a tiger steps or jumps one goat (one capture a
// turn). Goats win when no tiger can move; a side that cannot move loses.
//
// The indexed part is the sliding phase (every goat placed): layers by captures, most captures
// first (a capture leads to the next layer; the winning capture leaves the index). Within a
// layer, positions are reduced by the board's symmetries: the index is the class of the tiger
// set, then the rank of the goat set among the points the tigers leave free, then the side to
// move; an index whose goat set is not the smallest image under the tiger set's stabiliser
// names no position.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/layer_index.h"
#include "engine/core/placement_index.h"
#include "engine/core/value.h"
#include "engine/hunt/hunt_board.h"

namespace gs::hunt {

class TigersAndGoats {
 public:
  struct Position {
    Bitboard tigers = 0, goats = 0;
    int in_hand = 0, captured = 0;
    bool tigers_to_move = false;
    bool operator==(const Position&) const = default;
  };
  using Move = Position;  // a move is named by the position it reaches (see solvers/common/game.h)

  static constexpr const char* kName = "tigers-goats";
  static constexpr const char* kIndexScheme = "tigerclass.goatset.side";
  static constexpr const char* kSides[2] = {"goats", "tigers"};

  // n: board side (3 to 5); goats: how many in all; win_captures: captures that win.
  // reduce: index by symmetry classes (off: every position, for cross-checks).
  explicit TigersAndGoats(int n = 5, int goats = 20, int win_captures = 5, bool reduce = true);

  std::string variant() const;
  const HuntBoard& board() const { return board_; }
  Position start() const;  // tigers on the corners, every goat in hand, goats to move
  int side(const Position& p) const { return p.tigers_to_move ? 1 : 0; }

  std::optional<Outcome> terminal(const Position& p) const;

  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    const Bitboard empty = board_.all() & ~(p.tigers | p.goats);
    if (p.tigers_to_move) {
      for_each_bit(p.tigers, [&](int t) {
        for_each_bit(board_.neighbours(t) & empty, [&](int to) {
          f(Position{p.tigers ^ bit(t) ^ bit(to), p.goats, p.in_hand, p.captured, false});
        });
        for (const HuntJump& j : board_.jumps(t))
          if (has_bit(p.goats, j.over) && has_bit(empty, j.to))
            f(Position{p.tigers ^ bit(t) ^ bit(j.to), p.goats ^ bit(j.over), p.in_hand, p.captured + 1, false});
      });
    } else if (p.in_hand > 0) {
      for_each_bit(empty, [&](int to) { f(Position{p.tigers, p.goats | bit(to), p.in_hand - 1, p.captured, true}); });
    } else {
      for_each_bit(p.goats, [&](int g) {
        for_each_bit(board_.neighbours(g) & empty, [&](int to) {
          f(Position{p.tigers, p.goats ^ bit(g) ^ bit(to), 0, p.captured, true});
        });
      });
    }
  }

  // Predecessors in the sliding phase by a move that captures nothing (the only ones in the
  // same layer): an un-step of a tiger or a goat.
  Position play(const Position&, const Move& m) const { return m; }

  template <class F>
  void for_each_unmove(const Position& p, F&& f) const {
    const Bitboard empty = board_.all() & ~(p.tigers | p.goats);
    if (!p.tigers_to_move) {
      for_each_bit(p.tigers, [&](int t) {
        for_each_bit(board_.neighbours(t) & empty, [&](int from) {
          f(Position{p.tigers ^ bit(t) ^ bit(from), p.goats, 0, p.captured, true});
        });
      });
    } else {
      for_each_bit(p.goats, [&](int g) {
        for_each_bit(board_.neighbours(g) & empty, [&](int from) {
          f(Position{p.tigers, p.goats ^ bit(g) ^ bit(from), 0, p.captured, false});
        });
      });
    }
  }

  Position unplay(const Position&, const Move& m) const { return m; }
  std::vector<Position> starts() const { return {start()}; }

  int layer_count() const { return win_captures_; }  // captures win_captures - 1 down to 0
  std::uint64_t layer_size(int layer) const;
  LayerIndex locate(const Position& p) const;  // sliding positions; layer -1 past the winning capture
  std::optional<Position> unrank(int layer, std::uint64_t index) const;
  std::uint64_t tiger_classes() const { return index_.classes(); }
  std::string layer_name(int layer) const { return std::to_string(win_captures_ - 1 - layer) + " captured"; }
  bool tabulated(const Position& p) const { return p.in_hand == 0 && p.captured < win_captures_; }

  // Rows from the top separated by '/', cells T, G and '.', then the side to move (g or t),
  // goats in hand and captures: "T...T/...../...../...../T...T g 20 0". InputError if wrong.
  Position parse(const std::string& text) const;
  std::string format(const Position& p) const;
  std::string move_name(const Position& from, const Position& to) const;  // "(1,1)-(1,3)", "(1,2)" placed

 private:
  int goats_on_board(int layer) const { return goats_ - (win_captures_ - 1 - layer); }

  HuntBoard board_;
  int n_, goats_, win_captures_;
  bool reduce_;
  SymmetryGroup group_;   // the board's symmetries, or the identity alone when not reducing
  PlacementIndex index_;  // tigers (A) and goats (B), up to group_
};

}  // namespace gs::hunt
