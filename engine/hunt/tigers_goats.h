// Tigers and Goats (Bagh-Chal; rules: docs/rules/hunt-games.md) on an n x n board of points (the
// real game: 5 x 5, 4 tigers on the corners, 20 goats, tigers win at 5 captures). Goats are
// placed while any remain in hand, then slide; a tiger steps or jumps one goat (one capture a
// turn). Goats win when no tiger can move; a side that cannot move loses.
//
// The indexed part is the sliding phase (every goat placed), or with Phase::whole the whole game.
// Layers are (goats in hand h, captures c), solved in order: h = 0 (the sliding phase) first,
// then h = 1, 2, ...; within one h the most captures first. Every move leaves its layer for one
// solved before it (a placement lowers h, a capture raises c; the winning capture leaves the
// index), except a step, which stays in the layer. With goats in hand, the only step is a
// tiger's, from tigers to move to goats to move: those layers are split by the side to move,
// goats first, so that no move stays in its layer and each is solved in one pass. Within a
// layer, positions are reduced by the board's symmetries: the index is the class of the tiger
// set, then the rank of the goat set among the points the tigers leave free, then (sliding
// phase only) the side to move; an index whose goat set is not the smallest image under the
// tiger set's stabiliser names no position.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game_tables.h"
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
  using Move = Position;  // a move is named by the position it reaches (see engine/core/game.h)

  static constexpr const char* kName = "tigers-goats";
  static constexpr const char* kIndexScheme = "tigerclass.goatset.side";
  static constexpr const char* kSides[2] = {"goats", "tigers"};

  // What the tables hold: the sliding phase alone (every goat placed), or the whole game.
  enum class Phase { sliding, whole };
  struct Variant {
    int size = 5;          // board side, 3 to 5
    int goats = 20;        // in all
    int win_captures = 5;  // captures that win
    bool reduced = true;   // index by symmetry classes (false: every position, for cross-checks)
    Phase phase = Phase::sliding;
  };
  TigersAndGoats() : TigersAndGoats(Variant{}) {}  // the real game's sliding phase
  explicit TigersAndGoats(const Variant& v);
  Variant settings() const {
    return {.size = n_,
            .goats = goats_,
            .win_captures = win_captures_,
            .reduced = reduce_,
            .phase = whole_game_ ? Phase::whole : Phase::sliding};
  }

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

  Position play(const Position&, const Move& m) const { return m; }

  // The moves with where they lead (as locate() gives it), in for_each_move's order; a
  // placement's index comes from the position's own goat set (PlacementIndex::for_each_added).
  template <class F>
  void for_each_located_move(const Position& p, F&& f) const {
    if (p.tigers_to_move || p.in_hand == 0 || !whole_game_ || p.captured >= win_captures_) {
      for_each_move(p, [&](const Position& next) { f(next, locate(next)); });
      return;
    }
    const int layer = layer_id(p.in_hand - 1, p.captured, 1);
    const bool both = p.in_hand == 1;  // into the sliding phase, whose index holds the side
    index_.for_each_added(p.tigers, p.goats, board_.all() & ~(p.tigers | p.goats), [&](int q, std::uint64_t rank) {
      f(Position{p.tigers, p.goats | bit(q), p.in_hand - 1, p.captured, true},
        LayerIndex{layer, both ? rank * 2 + 1 : rank});
    });
  }

  // Predecessors by a step (the only moves that stay in a layer): an un-step of a tiger, or of a
  // goat once none is in hand (before that the goats' last move was a placement).
  template <class F>
  void for_each_unmove(const Position& p, F&& f) const {
    const Bitboard empty = board_.all() & ~(p.tigers | p.goats);
    if (!p.tigers_to_move) {
      for_each_bit(p.tigers, [&](int t) {
        for_each_bit(board_.neighbours(t) & empty, [&](int from) {
          f(Position{p.tigers ^ bit(t) ^ bit(from), p.goats, p.in_hand, p.captured, true});
        });
      });
    } else if (p.in_hand == 0) {
      for_each_bit(p.goats, [&](int g) {
        for_each_bit(board_.neighbours(g) & empty, [&](int from) {
          f(Position{p.tigers, p.goats ^ bit(g) ^ bit(from), 0, p.captured, false});
        });
      });
    }
  }

  Position unplay(const Position&, const Move& m) const { return m; }
  std::vector<Position> starts() const { return {start()}; }

  int layer_count() const { return static_cast<int>(layers_.size()); }
  std::uint64_t layer_size(int layer) const;
  LayerIndex locate(const Position& p) const;  // layer -1 past the winning capture
  std::optional<Position> unrank(int layer, std::uint64_t index) const;
  std::uint64_t tiger_classes() const { return index_.classes(); }
  // The side to move of every position of a layer (split by side), or -1 for both.
  int layer_side(int layer) const {
    const int side = layers_[static_cast<std::size_t>(layer)].side;
    return side == kBothSides ? -1 : side;
  }
  // "3 captured", or "5 in hand, 3 captured, tigers to move"
  std::string layer_name(int layer) const;
  // The earlier layers this layer's moves reach: one goat fewer in hand, one capture more, and
  // for tigers to move with goats in hand, goats to move in the same (h, c).
  std::vector<int> layers_read(int layer) const;
  bool whole_game() const { return whole_game_; }
  // Whether a move between two layers is progress for the draw rule (a placement or a capture):
  // all are but a tiger's step from tigers to move to goats to move, goats in hand.
  bool progress(int from_layer, int to_layer) const {
    const Layer &a = layers_[static_cast<std::size_t>(from_layer)], &b = layers_[static_cast<std::size_t>(to_layer)];
    return a.in_hand != b.in_hand || a.captured != b.captured;
  }
  // Every line from a layer with goats in hand progresses within 1 ply (goats to move: every
  // goat move is a placement) or 2 (tigers to move: a step, then a placement); no bound once
  // every goat is placed.
  int quiet_plies(int layer) const {
    const Layer& l = layers_[static_cast<std::size_t>(layer)];
    if (l.in_hand == 0) return -1;
    return l.side == 0 ? 1 : 2;
  }
  bool tabulated(const Position& p) const {
    return (whole_game_ || p.in_hand == 0) && p.captured < win_captures_ && p.in_hand + p.captured <= goats_;
  }

  // Rows from the top separated by '/', cells T, G and '.', then the side to move (g or t),
  // goats in hand and captures: "T...T/...../...../...../T...T g 20 0". InputError if wrong.
  Position parse(const std::string& text) const;
  std::string format(const Position& p) const;
  std::string move_name(const Position& from, const Position& to) const;  // "(1,1)-(1,3)", "(1,2)" placed

 private:
  struct Layer {
    int in_hand, captured;
    int side;  // 0 goats to move, 1 tigers, kBothSides in the sliding phase
  };
  static constexpr int kBothSides = 2;
  int layer_id(int in_hand, int captured, int side) const;  // -1 outside the tables
  int goats_on_board(int layer) const {
    const Layer& l = layers_[static_cast<std::size_t>(layer)];
    return goats_ - l.in_hand - l.captured;
  }

  std::size_t layer_slot(int in_hand, int captured, int side) const {
    return (static_cast<std::size_t>(in_hand) * static_cast<std::size_t>(win_captures_) +
            static_cast<std::size_t>(captured)) *
               3 +
           static_cast<std::size_t>(side);
  }

  HuntBoard board_;
  int n_, goats_, win_captures_;
  bool reduce_, whole_game_;
  std::vector<Layer> layers_;  // in solving order
  std::vector<int> layer_of_;  // by (in_hand * win_captures + captured) * 3 + side; -1 outside
  SymmetryGroup group_;        // the board's symmetries, or the identity alone when not reducing
  PlacementIndex index_;       // tigers (A) and goats (B), up to group_
};

// The shared vocabulary it models (engine/core); the tools assert the capabilities that live
// with their solvers.
static_assert(Reported<TigersAndGoats> && LayerDependencies<TigersAndGoats> && ProgressLayers<TigersAndGoats> &&
              LocatedMoves<TigersAndGoats>);

}  // namespace gs::hunt
