// Fox and Geese (rules: docs/rules/hunt-games.md) on the 33-point cross: one fox, up to 13 geese
// (the index holds up to 17: the positions of the 17-goose game on the same board and moves).
// The fox steps along a line or jumps a goose (capturing it), and may go on jumping: every
// prefix of a chain is a move of its own. Geese step down, sideways, or diagonally down where
// a diagonal is drawn. The fox wins at its 10th capture (3 geese left) or when the geese cannot
// move; the geese win when the fox cannot move.
//
// Indexed part: the positions with 4 to `max_geese` geese, in layers by the number of geese and
// the sum of the geese's row numbers (1 at the top). Geese never move up, so a goose's step down
// leads to the layer of the next row sum and a capture to a layer of fewer geese; only the fox's
// steps and the geese's sideways steps stay in a layer. Layers are solved fewest geese first, and
// for each number of geese from the largest row sum down; the capture of the fourth-last goose
// leaves the index. Positions are reduced by the left-right mirror (the only symmetry: geese move
// down): the index is the fox's class, then the rank of the goose set among the fox's free
// points by row sum (WeightedSubsets), then the side to move. Layers::per_goose_count keeps the
// first index, one layer per number of geese, to check the layered one against.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game_tables.h"
#include "engine/core/layer_index.h"
#include "engine/core/placement_index.h"
#include "engine/core/value.h"
#include "engine/core/weighted_subsets.h"
#include "engine/hunt/hunt_board.h"

namespace gs::hunt {

class FoxAndGeese {
 public:
  struct Position {
    int fox = 0;
    Bitboard geese = 0;
    bool fox_to_move = true;
    bool operator==(const Position&) const = default;
  };
  using Move = Position;  // a move is named by the position it reaches (see engine/core/game.h)

  static constexpr const char* kName = "fox-geese";
  static constexpr const char* kIndexScheme = "foxclass.geeseset.side";
  static constexpr const char* kSides[2] = {"fox", "geese"};
  static constexpr int kGeese = 13;     // the rules' game
  static constexpr int kMaxGeese = 17;  // what the index holds: the 17-goose game's positions too
  static constexpr int kFoxWinsAt = 3;  // geese left after the 10th capture

  // Index schemes: layers by the number of geese and their row sum, or one layer per number of
  // geese (the first scheme, kept to check the other against).
  enum class Layers { per_row_sum, per_goose_count };
  struct Variant {
    int max_geese = 8;
    bool reduced = true;  // index by the mirror (false: every position, for cross-checks)
    Layers layers = Layers::per_row_sum;
  };
  explicit FoxAndGeese(int max_geese = 8) : FoxAndGeese(Variant{.max_geese = max_geese}) {}
  explicit FoxAndGeese(const Variant& v);
  Variant settings() const {
    return {.max_geese = max_geese_,
            .reduced = reduce_,
            .layers = by_row_sum_ ? Layers::per_row_sum : Layers::per_goose_count};
  }

  std::string variant() const {
    return "geese4-" + std::to_string(max_geese_) + (by_row_sum_ ? "-rows" : "") + (reduce_ ? "" : "-unreduced");
  }
  const HuntBoard& board() const { return board_; }
  Position start() const;  // 13 geese on the top three rows, the fox in the centre, fox to move
  int side(const Position& p) const { return p.fox_to_move ? 0 : 1; }

  std::optional<Outcome> terminal(const Position& p) const;

  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    const Bitboard empty = board_.all() & ~p.geese & ~bit(p.fox);
    if (p.fox_to_move) {
      for_each_bit(board_.neighbours(p.fox) & empty, [&](int to) { f(Position{to, p.geese, false}); });
      jump_chains(p.fox, p.geese, f);
      return;
    }
    for_each_bit(p.geese, [&](int g) {
      for_each_bit(goose_steps_[static_cast<std::size_t>(g)] & empty, [&](int to) {
        f(Position{p.fox, p.geese ^ bit(g) ^ bit(to), true});
      });
    });
  }

  // Predecessors by a move that captures nothing (the same layer): a fox or goose un-step.
  Position play(const Position&, const Move& m) const { return m; }

  template <class F>
  void for_each_unmove(const Position& p, F&& f) const {
    const Bitboard empty = board_.all() & ~p.geese & ~bit(p.fox);
    if (!p.fox_to_move) {
      for_each_bit(board_.neighbours(p.fox) & empty, [&](int from) { f(Position{from, p.geese, true}); });
      return;
    }
    for_each_bit(p.geese, [&](int g) {
      for_each_bit(goose_origins_[static_cast<std::size_t>(g)] & empty, [&](int from) {
        f(Position{p.fox, p.geese ^ bit(g) ^ bit(from), false});
      });
    });
  }

  Position unplay(const Position&, const Move& m) const { return m; }

  // f(next, locate(next)) for each move of p: the geese's steps ranked from p's own rank.
  template <class F>
  void for_each_located_move(const Position& p, F&& f) const {
    if (p.fox_to_move)
      for_each_move(p, [&](const Position& next) { f(next, locate(next)); });
    else
      located_goose_steps(p, true, f);
  }
  // f(next, locate(next)) for each move of p that leaves its layer (a capture, a goose's step
  // down), and whether some move stays in it: what the solver's first pass needs, without
  // ranking the moves that stay.
  template <class F>
  bool for_each_located_exit(const Position& p, F&& f) const {
    if (!p.fox_to_move) return located_goose_steps(p, false, f);
    auto located = [&](const Position& next) { f(next, locate(next)); };
    jump_chains(p.fox, p.geese, located);
    return (board_.neighbours(p.fox) & board_.all() & ~p.geese) != 0;
  }
  // In the layers by row sum a goose's step down is the one move into the next row sum's layer,
  // and an un-move of where it leads; what is left to look up is the fox's captures.
  bool exits_reversed(int layer, int earlier) const {
    if (!by_row_sum_) return false;
    const Layer& l = layers_[static_cast<std::size_t>(layer)];
    return earlier >= 0 && earlier == layer_of(l.geese, l.row_sum + 1);
  }
  template <class F>
  bool for_each_located_unreversed_exit(const Position& p, F&& f) const {
    if (p.fox_to_move || !by_row_sum_) return for_each_located_exit(p, f);
    const Bitboard empty = board_.all() & ~p.geese & ~bit(p.fox);
    bool sideways = false;
    for_each_bit(p.geese,
                 [&](int g) { sideways = sideways || (goose_sideways_[static_cast<std::size_t>(g)] & empty); });
    return sideways;
  }
  // A machine word naming p, and the positions the index ranks as p: its images under the
  // mirror (the identity alone when not reduced).
  static std::uint64_t key(const Position& p) {
    return p.geese | static_cast<std::uint64_t>(p.fox) << 40 | static_cast<std::uint64_t>(p.fox_to_move) << 48;
  }
  template <class F>
  void for_each_image(const Position& p, F&& f) const {
    for (int k = 0; k < mirror_.order(); ++k) f(Position{mirror_[k](p.fox), mirror_[k].apply(p.geese), p.fox_to_move});
  }
  std::vector<Position> starts() const { return {start()}; }

  int layer_count() const { return static_cast<int>(layers_.size()); }
  std::uint64_t layer_size(int layer) const { return 2 * offsets_[static_cast<std::size_t>(layer)].back(); }
  LayerIndex locate(const Position& p) const;
  std::optional<Position> unrank(int layer, std::uint64_t index) const;
  // f(i, unrank(layer, i)) for i in [begin, end): the two sides of a placement unranked once,
  // and each goose set after the first found from the one before (WeightedSubsets::next).
  template <class F>
  void for_each_unranked(int layer, std::uint64_t begin, std::uint64_t end, F&& f) const {
    if (begin >= end) return;
    if (!by_row_sum_) {
      for (std::uint64_t i = begin; i < end; ++i) f(i, unrank(layer, i));
      return;
    }
    const Layer& l = layers_[static_cast<std::size_t>(layer)];
    const auto& offsets = offsets_[static_cast<std::size_t>(layer)];
    std::uint64_t placement = begin / 2;
    auto cls =
        static_cast<std::uint32_t>(std::upper_bound(offsets.begin(), offsets.end(), placement) - offsets.begin() - 1);
    Bitboard set = geese_of_class(cls).unrank(placement - offsets[cls], l.geese, l.row_sum);
    for (std::uint64_t i = begin;;) {
      const Bitboard geese = expand_bits(set, index_.free_set(cls));
      const bool named = index_.is_representative(cls, geese);
      const int fox = lowest_bit(index_.class_set(cls));
      for (; i < end && i / 2 == placement; ++i)
        f(i, named ? std::optional<Position>(Position{fox, geese, i % 2 == 0}) : std::nullopt);
      if (i >= end) return;
      ++placement;
      while (placement >= offsets[cls + 1]) ++cls;
      set = placement == offsets[cls] ? geese_of_class(cls).first(l.geese, l.row_sum) : geese_of_class(cls).next(set);
    }
  }
  std::string layer_name(int layer) const;  // "9 geese, row sum 40"
  // The layers a layer's moves reach: the next row sum (a step down) and fewer geese within the
  // row sums their captures can leave.
  std::vector<int> layers_read(int layer) const;
  // Progress for a draw rule on moves without a capture: a move between two numbers of geese.
  bool progress(int from_layer, int to_layer) const {
    return layers_[static_cast<std::size_t>(from_layer)].geese != layers_[static_cast<std::size_t>(to_layer)].geese;
  }
  bool tabulated(const Position& p) const { return popcount(p.geese) <= max_geese_; }

  // Rows from the top separated by '/' (the cross's short rows as 3 cells, or padded with
  // spaces to 7), cells F, G and '.', then 'f' (fox to move) or 'g'.
  Position parse(const std::string& text) const;
  std::string format(const Position& p) const;
  std::string move_name(const Position& from, const Position& to) const;

 private:
  template <class F>
  void jump_chains(int fox, Bitboard geese, F& f) const {
    for (const HuntJump& j : board_.jumps(fox))
      if (has_bit(geese, j.over) && !has_bit(geese, j.to)) {
        const Bitboard left = geese ^ bit(j.over);
        f(Position{j.to, left, false});
        jump_chains(j.to, left, f);
      }
  }

  // The geese's steps of p (geese to move), each with the place it leads to: a step of the
  // representative's geese changes one term of its rank (WeightedSubsets::Moves), in each frame
  // (identity or mirror) that maps the fox onto its class's point; the least image picks the
  // frame, as locate() would. Steps within a row are skipped unless `all`; returns whether
  // some step stays in p's layer.
  // Set by step_frames alone, and left uninitialised before: a Moves is 1.8 KB, made for every
  // position a pass looks at.
  struct StepFrames {
    std::uint32_t cls;
    int same, down;  // the layers of a sideways step and of a step down
    int count;       // frames usable (0: locate each step)
    std::array<bool, 2> mirrored;
    std::array<Bitboard, 2> image;  // p's geese in each frame
    std::array<std::optional<WeightedSubsets::Moves>, 2> moves;
  };
  void step_frames(const Position& p, StepFrames& frames) const;
  LayerIndex locate_step(const StepFrames& frames, int from, int to, bool stays) const;
  template <class F>
  bool located_goose_steps(const Position& p, bool all, F& f) const {
    const Bitboard empty = board_.all() & ~p.geese & ~bit(p.fox);
    StepFrames frames;
    step_frames(p, frames);
    bool inside = false;
    for_each_bit(p.geese, [&](int g) {
      for_each_bit(goose_steps_[static_cast<std::size_t>(g)] & empty, [&](int to) {
        const bool stays = !by_row_sum_ || board_.row(to) == board_.row(g);
        inside = inside || stays;
        if (stays && !all) return;
        const Position next{p.fox, p.geese ^ bit(g) ^ bit(to), true};
        f(next, frames.count ? locate_step(frames, g, to, stays) : locate(next));
      });
    });
    return inside;
  }

  int row_sum(Bitboard geese) const;
  const WeightedSubsets& geese_of_class(std::uint32_t cls) const {
    return by_rows_[static_cast<std::size_t>(class_row_[cls]) - 1];
  }
  int layer_of(int geese, int row_sum) const;  // -1 outside the index

  HuntBoard board_;
  int max_geese_;
  bool reduce_, by_row_sum_;
  SymmetryGroup mirror_;
  PlacementIndex index_;  // fox (A) and geese (B), up to the mirror
  std::vector<Bitboard> goose_steps_, goose_origins_, goose_sideways_;
  std::vector<int> mirror_point_;         // each point's image in the mirror (itself when not reduced)
  std::array<Bitboard, 8> row_points_{};  // by row, 1 to 7
  struct Layer {
    int geese, row_sum;  // row_sum -1: every row sum (one layer per number of geese)
  };
  std::vector<Layer> layers_;                        // in solving order
  std::vector<std::vector<int>> layer_of_;           // [geese][row sum]: the layer, or -1
  std::vector<WeightedSubsets> by_rows_;             // per fox row: geese among the fox's free points
  std::vector<std::uint8_t> class_row_;              // per fox class: its row
  std::vector<std::vector<std::uint64_t>> offsets_;  // per layer: each class's first index, then the total
};

// The shared vocabulary it models (engine/core); the tools assert the capabilities that live
// with their solvers.
static_assert(Reported<FoxAndGeese> && LayerDependencies<FoxAndGeese> && ProgressLayers<FoxAndGeese> &&
              LocatedMoves<FoxAndGeese>);

}  // namespace gs::hunt
