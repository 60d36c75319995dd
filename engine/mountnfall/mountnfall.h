// Mount'n Fall (rules: docs/rules/mount-n-fall.md) on an n x n board (4 to 8), with start
// triangles of side t in the A1 (Black) and opposite (White) corners; the real game is 8x8
// with t = 5. A square holds nothing or a stack of 1 to 15 pawns of one colour. A turn either
// piles singles up onto one of one's own pieces (walking over one's own singles) or collapses
// a stack (its pawns laid one a square along a direction, capturing whatever enemy piece they
// land on). A side with no legal move loses.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.h"

namespace gs::mountnfall {

constexpr int kMaxSize = 8;
constexpr int kDirections = 8;  // n ne e se s sw w nw
constexpr int kMaxHeight = 15;  // a colour's pawns in the real game

struct Move {
  enum Kind : std::uint8_t { kPileUp, kCollapse };
  Kind kind = kPileUp;
  std::uint8_t from = 0;
  std::uint8_t to = 0;         // pile-up: the square piled onto
  std::uint8_t direction = 0;  // collapse: 0..7 (n ne e se s sw w nw)
  bool operator==(const Move&) const = default;
};

// Height of the stack in a cell if it is white's (white = true) or black's, else 0.
constexpr int own_height(std::int8_t cell, bool white) {
  return white ? (cell > 0 ? cell : 0) : (cell < 0 ? -cell : 0);
}

struct Position {
  // Square index (rank - 1) * n + file, file A = 0. Positive: a white stack of that height,
  // negative: black, 0: empty.
  std::array<std::int8_t, static_cast<std::size_t>(kMaxSize) * kMaxSize> cells{};
  bool white_to_move = true;
  bool operator==(const Position&) const = default;
};

class MountNFall {
 public:
  using Position = mountnfall::Position;
  using Move = mountnfall::Move;

  MountNFall(int size = 8, int triangle = 5);

  int size() const { return n_; }
  int triangle() const { return t_; }
  Position start() const;  // White to move (the reference implementation's choice)

  // Calls f(move) for every legal move (no allocation; reentrant).
  template <class F>
  void for_each_move(const Position& p, F&& f) const;
  Position play(const Position& p, const Move& m) const;
  // Whether the move captures (a collapse that lands on an enemy piece): the search's noisy moves.
  bool noisy(const Position& p, const Move& m) const;
  bool is_legal(const Position& p, const Move& m) const;

  // Rows from rank n down to rank 1 separated by '/', cells '.' or a colour letter and a
  // height ('w1', 'b3'), then ' w' or ' b' (side to move). Throws InputError.
  Position parse(const std::string& text) const;
  std::string format(const Position& p) const;
  std::string square_name(int square) const;   // "a1"
  std::string move_name(const Move& m) const;  // "a2-c2" pile-up, "d6>e" collapse
  // The squares a player points at to make the move: a pile-up's single and the square piled
  // onto; a collapse's stack and the first square it falls on.
  std::pair<int, int> move_squares(const Move& m) const {
    return {m.from, m.kind == Move::kPileUp ? m.to : step(m.from, m.direction)};
  }
  Move parse_move(const Position& p, const std::string& text) const;  // legal or InputError

  // For the side to move: 100 per pawn more than the opponent, plus the difference in legal
  // moves (the search engine's evaluation).
  int evaluate(const Position& p) const;
  int material(const Position& p) const;  // pawns of the side to move less the opponent's
  int mobility(const Position& p) const;  // legal moves of the side to move
  std::uint64_t hash(const Position& p) const;

  // Positions with a move to p that captures nothing (pawn counts unchanged): an un-pile-up or
  // an un-collapse.
  template <class F>
  void for_each_previous(const Position& p, F&& f) const;

 private:
  // The square one step from s along direction d, or -1 off the board.
  int step(int s, int d) const;
  std::size_t cell_index(int rank, int file) const {
    return static_cast<std::size_t>(rank) * static_cast<std::size_t>(n_) + static_cast<std::size_t>(file);
  }

  int n_, t_;
};

template <class F>
void MountNFall::for_each_move(const Position& p, F&& f) const {
  auto own = [&](int s) { return own_height(p.cells[static_cast<std::size_t>(s)], p.white_to_move); };
  for (int s = 0; s < n_ * n_; ++s) {
    const int height = own(s);
    if (height == 1) {
      // Pile-up: walk over own singles; any own piece on the way is a target; a stack ends it.
      for (int d = 0; d < kDirections; ++d)
        for (int t = step(s, d), lifted = 1; t >= 0; t = step(t, d), ++lifted) {
          const int there = own(t);
          if (there == 0 || there + lifted > kMaxHeight) break;
          f(Move{Move::kPileUp, static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(t),
                 static_cast<std::uint8_t>(d)});
          if (there >= 2) break;
        }
    } else if (height >= 2) {
      // Collapse: h - 1 squares on the board, none holding an own stack.
      for (int d = 0; d < kDirections; ++d) {
        bool ok = true;
        for (int k = 1, t = s; k < height && ok; ++k) {
          t = step(t, d);
          ok = t >= 0 && own(t) < 2;
        }
        if (ok) f(Move{Move::kCollapse, static_cast<std::uint8_t>(s), 0, static_cast<std::uint8_t>(d)});
      }
    }
  }
}

template <class F>
void MountNFall::for_each_previous(const Position& p, F&& f) const {
  const bool mover = !p.white_to_move;  // the side that has just moved
  const std::int8_t sign = mover ? 1 : -1;
  auto height = [&](int s) { return own_height(p.cells[static_cast<std::size_t>(s)], mover); };
  for (int s = 0; s < n_ * n_; ++s) {
    const int h = height(s);
    if (h == 0) continue;
    for (int d = 0; d < kDirections; ++d) {
      const int back = (d + 4) % kDirections;
      // Un-pile-up: L singles came to s from the L empty squares behind it.
      for (int lifted = 1, from = step(s, back);
           lifted < h && from >= 0 && p.cells[static_cast<std::size_t>(from)] == 0; ++lifted, from = step(from, back)) {
        Position q = p;
        q.white_to_move = mover;
        q.cells[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(sign * (h - lifted));
        for (int k = 1, t = s; k <= lifted; ++k) {
          t = step(t, back);
          q.cells[static_cast<std::size_t>(t)] = sign;
        }
        f(q);
      }
      // Un-collapse of a stack of `tall` from the single on s, landing on own singles and murets.
      if (h != 1) continue;
      Position q = p;
      q.white_to_move = mover;
      for (int tall = 2, t = step(s, d); t >= 0 && (height(t) == 1 || height(t) == 2); ++tall, t = step(t, d)) {
        q.cells[static_cast<std::size_t>(t)] = static_cast<std::int8_t>(sign * (height(t) - 1));
        q.cells[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(sign * tall);
        f(q);
      }
    }
  }
}

// The shared vocabulary it models (engine/core); the tools assert the capabilities that live
// with their solvers.
static_assert(Game<MountNFall>);

}  // namespace gs::mountnfall
