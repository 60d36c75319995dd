// Fox and Hounds (rules: docs/rules/hunt-games.md) on the dark squares of an n x n board (n = 4, 6
// or 8; the real game is 8): one fox, n/2 hounds. The fox steps diagonally either way, a hound
// one row up the board (to a lower row number). The fox wins on reaching the last row or once
// no hound stands on a row greater than its own; a side that cannot move loses. Hounds only
// advance, so every game ends.
//
// Squares are the dark squares (row + column even, 1-based, row 1 at the top) numbered in
// reading order. Layers: the hounds' advance (rows climbed, all hounds together) grows by one
// with every hound move, so positions are layered by advance, the most advanced solved first.
// Within a layer the index is the fox square, then the hound set's place among the sets of
// that advance (in combinatorial-number-system order), then the side to move.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/bitboard.h"
#include "engine/core/game_tables.h"
#include "engine/core/layer_index.h"
#include "engine/core/value.h"

namespace gs::hunt {

class FoxAndHounds {
 public:
  struct Position {
    std::uint32_t hounds = 0;  // bit s = a hound on square s
    int fox = 0;
    bool fox_to_move = true;
    bool operator==(const Position&) const = default;
  };
  using Move = Position;  // a move is named by the position it reaches (see engine/core/game.h)

  explicit FoxAndHounds(int size = 8);

  // Names for table files and reports.
  static constexpr const char* kName = "fox-hounds";
  static constexpr const char* kIndexScheme = "fox.houndset-by-advance.side";
  std::string variant() const { return std::to_string(size_) + "x" + std::to_string(size_); }
  static constexpr const char* kSides[2] = {"fox", "hounds"};
  int side(const Position& p) const { return p.fox_to_move ? 0 : 1; }

  int size() const { return size_; }
  int squares() const { return squares_; }
  int hounds() const { return size_ / 2; }
  Position start() const;

  int row(int square) const { return row_[square]; }  // 1-based, 1 at the top
  int column(int square) const { return column_[square]; }

  // Decided before any move: the fox has reached the last row or passed every hound.
  std::optional<Outcome> terminal(const Position& p) const;

  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    const Bitboard occupied = p.hounds | bit(p.fox);
    if (p.fox_to_move) {
      for_each_bit(all_[p.fox] & ~occupied, [&](int to) { f(Position{p.hounds, to, false}); });
      return;
    }
    for_each_bit(p.hounds, [&](int from) {
      for_each_bit(forward_[from] & ~occupied, [&](int to) {
        f(Position{static_cast<std::uint32_t>(p.hounds ^ bit(from) ^ bit(to)), p.fox, true});
      });
    });
  }

  // Positions with a move to p (terminal ones included; callers skip them).
  Position play(const Position&, const Move& m) const { return m; }

  template <class F>
  void for_each_unmove(const Position& p, F&& f) const {
    const Bitboard occupied = p.hounds | bit(p.fox);
    if (!p.fox_to_move) {
      for_each_bit(all_[p.fox] & ~occupied, [&](int from) { f(Position{p.hounds, from, true}); });
      return;
    }
    for_each_bit(p.hounds, [&](int to) {
      for_each_bit(backward_[to] & ~occupied, [&](int from) {
        f(Position{static_cast<std::uint32_t>(p.hounds ^ bit(to) ^ bit(from)), p.fox, false});
      });
    });
  }

  Position unplay(const Position&, const Move& m) const { return m; }
  std::vector<Position> starts() const { return {start()}; }
  bool tabulated(const Position&) const { return true; }  // the tables hold the whole game

  int layer_count() const { return static_cast<int>(sets_by_advance_.size()); }
  std::uint64_t layer_size(int layer) const;
  LayerIndex locate(const Position& p) const;
  std::string layer_name(int layer) const { return "hounds advanced " + std::to_string(layer_count() - 1 - layer); }
  std::optional<Position> unrank(int layer, std::uint64_t index) const;  // nullopt: the fox on a hound

  // Rows from the top separated by '/', n cells each ('F', 'H', '.'; pieces only on dark
  // squares), a space, then 'f' (fox to move) or 'h'. Throws InputError with the reason.
  Position parse(const std::string& text) const;
  std::string format(const Position& p) const;
  std::string square_name(int square) const;                              // "(row,column)"
  std::string move_name(const Position& from, const Position& to) const;  // "(1,5)-(2,4)"

 private:
  int size_, squares_;
  std::vector<int> row_, column_;
  std::vector<int> square_at_;  // by (row - 1) * size + column - 1, -1 on light squares
  std::vector<Bitboard> all_, forward_, backward_;
  std::vector<std::vector<std::uint32_t>> sets_by_advance_;  // hound-set ranks, by advance
  std::vector<std::uint32_t> place_in_layer_;                // by hound-set rank
  std::vector<std::uint8_t> advance_;                        // by hound-set rank
  int advance(std::uint32_t hounds) const;
};

// What the solvers may ask of it (engine/core/game*.h).
static_assert(Reported<FoxAndHounds>);

}  // namespace gs::hunt
