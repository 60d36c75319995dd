// Laws every game of the vocabulary (engine/core/game.h and the headers beside it) must keep, checked on positions
// reached by random play in each engine: moves and unmoves invert each other, canonical forms
// are idempotent and play alike, canonical moves are the canonical forms of the moves, locate
// and unrank invert each other, and located moves are the moves located. A law a game cannot
// state (no unmoves, no index) is skipped for it at compile time.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/game_symmetry.h"
#include "engine/core/game_tables.h"
#include "engine/core/layer_index.h"
#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"
#include "engine/mountnfall/mountnfall_index.h"
#include "engine/peg/board_file.h"
#include "engine/peg/notation.h"
#include "engine/peg/puzzle.h"

namespace gs {
namespace {

// Equal as multisets (positions need only ==).
template <class T>
bool same_multiset(std::vector<T> a, std::vector<T> b) {
  if (a.size() != b.size()) return false;
  for (const T& x : a) {
    const auto it = std::find(b.begin(), b.end(), x);
    if (it == b.end()) return false;
    b.erase(it);
  }
  return true;
}

template <class G>
bool is_terminal(const G& g, const typename G::Position& p) {
  if constexpr (TwoPlayerGame<G>)
    return g.terminal(p).has_value();
  else
    return false;
}

// Inside the tables of an indexed game (a hunt game's start may hold more pieces than its
// tables count): the index laws hold there.
template <class G>
bool in_tables(const G& g, const typename G::Position& p) {
  if constexpr (Reported<G>)
    return g.tabulated(p);
  else
    return true;
}

// An indexed game's unmoves are the moves that stay in a layer (the solver reaches the other
// layers forwards); every move of any other game.
template <class G>
bool undone_by_unmoves(const G& g, const typename G::Position& p, const typename G::Position& q) {
  if constexpr (Indexed<G>)
    return in_tables(g, q) && g.locate(q).layer == g.locate(p).layer;
  else
    return true;
}

template <class G>
typename G::Position canonical_of(const G& g, const typename G::Position& p) {
  if constexpr (Symmetric<G>)
    return g.canonical(p);
  else
    return p;
}

template <class G>
std::vector<typename G::Position> successors(const G& g, const typename G::Position& p) {
  std::vector<typename G::Position> out;
  if (!is_terminal(g, p))
    for_each_successor(g, p, [&](const auto&, const typename G::Position& q) { out.push_back(q); });
  return out;
}

// Positions on random walks from the starts: every position each walk passes.
template <class G>
std::vector<typename G::Position> walk(const G& g, const std::vector<typename G::Position>& starts, int walks,
                                       int depth) {
  std::mt19937_64 random(12345);
  std::vector<typename G::Position> seen;
  for (int w = 0; w < walks; ++w) {
    typename G::Position p = starts[static_cast<std::size_t>(w) % starts.size()];
    for (int d = 0; d <= depth; ++d) {
      seen.push_back(p);
      const auto next = successors(g, p);
      if (next.empty()) break;
      p = next[random() % next.size()];
    }
  }
  return seen;
}

template <class G>
void check_laws(const G& g, const std::vector<typename G::Position>& positions) {
  using Position = typename G::Position;
  int unmoves_checked = 0, located = 0;
  for (const Position& p : positions) {
    const std::vector<Position> next = successors(g, p);
    if constexpr (Unmoves<G>) {
      // Every move is undone by some unmove of the position it reaches, and every unmove leads
      // back to a position with a move to p (up to symmetry: an index may keep representatives).
      for (const Position& q : next) {
        if (!undone_by_unmoves(g, p, q)) continue;
        bool back = false;
        for_each_predecessor(
            g, q, [&](const auto&, const Position& r) { back = back || canonical_of(g, r) == canonical_of(g, p); });
        ASSERT_TRUE(back) << "a move that no unmove undoes";
      }
      for_each_predecessor(g, p, [&](const auto&, const Position& r) {
        if (is_terminal(g, r)) return;  // play stops there: no move leaves it
        bool forward = false;
        for (const Position& q : successors(g, r)) forward = forward || canonical_of(g, q) == canonical_of(g, p);
        EXPECT_TRUE(forward) << "an unmove that no move redoes";
        ++unmoves_checked;
      });
    }
    if constexpr (Symmetric<G>) {
      // Idempotent, and a position plays as its representative does.
      const Position c = g.canonical(p);
      ASSERT_TRUE(g.canonical(c) == c);
      ASSERT_EQ(is_terminal(g, p), is_terminal(g, c));
      std::vector<Position> from_p, from_c;
      for (const Position& q : next) from_p.push_back(g.canonical(q));
      for (const Position& q : successors(g, c)) from_c.push_back(g.canonical(q));
      ASSERT_TRUE(same_multiset(from_p, from_c)) << "a position and its canonical form play differently";
    }
    if constexpr (CanonicalMoves<G>) {
      std::vector<Position> fast, slow;
      g.for_each_canonical_move(p, [&](const auto&, const Position& q) { fast.push_back(q); });
      for (const Position& q : next) slow.push_back(g.canonical(q));
      ASSERT_TRUE(same_multiset(fast, slow)) << "canonical moves differ from the moves made canonical";
      fast.clear(), slow.clear();
      g.for_each_canonical_unmove(p, [&](const auto&, const Position& q) { fast.push_back(q); });
      for_each_predecessor(g, p, [&](const auto&, const Position& q) { slow.push_back(g.canonical(q)); });
      ASSERT_TRUE(same_multiset(fast, slow)) << "canonical unmoves differ from the unmoves made canonical";
    }
    if constexpr (Indexed<G>) {
      if (!in_tables(g, p)) continue;
      const LayerIndex at = g.locate(p);
      if (at.layer >= 0) {
        const auto back = g.unrank(at.layer, at.index);
        ASSERT_TRUE(back.has_value()) << "a located position that unranks to nothing";
        ASSERT_EQ(g.locate(*back), at);
        ++located;
      }
      std::vector<std::pair<Position, LayerIndex>> fast, slow;
      if (!is_terminal(g, p)) {
        for_each_located_successor(g, p, [&](const Position& q, LayerIndex w) { fast.emplace_back(q, w); });
        for (const Position& q : next) slow.emplace_back(q, in_tables(g, q) ? g.locate(q) : LayerIndex{-1, 0});
      }
      ASSERT_TRUE(same_multiset(fast, slow)) << "located moves differ from the moves located";
    }
  }
  if constexpr (Unmoves<G>) {
    EXPECT_GT(unmoves_checked, 0);
  }
  if constexpr (Indexed<G>) {
    EXPECT_GT(located, 0);
  }
}

// Positions of the tables: a few indices of every layer, unranked.
template <Indexed G>
std::vector<typename G::Position> table_positions(const G& g, std::uint64_t per_layer) {
  std::mt19937_64 random(3);
  std::vector<typename G::Position> out;
  for (int layer = 0; layer < g.layer_count(); ++layer)
    for (std::uint64_t k = 0; k < per_layer && g.layer_size(layer) > 0; ++k)
      if (const auto p = g.unrank(layer, random() % g.layer_size(layer))) out.push_back(*p);
  return out;
}

// Every index of a layer that names a position names one that locates back to it.
template <Indexed G>
void check_unrank_locate(const G& g, std::uint64_t per_layer) {
  std::mt19937_64 random(7);
  int checked = 0;
  for (int layer = 0; layer < g.layer_count(); ++layer) {
    const std::uint64_t size = g.layer_size(layer);
    for (std::uint64_t k = 0; k < std::min(size, per_layer); ++k) {
      const std::uint64_t i = k < per_layer / 2 ? k : random() % size;
      if (const auto p = g.unrank(layer, i)) {
        ASSERT_EQ(g.locate(*p), (LayerIndex{layer, i})) << "layer " << layer << " index " << i;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 0);
}

TEST(GameLaws, PegSolitaire) {
  for (const char* name : {"english", "triangle5", "diamond"}) {
    const peg::Board board = peg::load_board(name);
    const int f = board.centre().value_or(0);
    // The group that fixes the finish: the analyses' and searches' puzzle.
    const peg::PegPuzzle puzzle(board, bit(f), board.symmetries().stabiliser({bit(f)}));
    std::vector<peg::Position> starts;
    for (int s = 0; s < board.holes(); s += 3) starts.push_back(board.all_holes() & ~bit(s));
    check_laws(puzzle, walk(puzzle, starts, 60, board.holes()));
  }
}

TEST(GameLaws, FoxAndHounds) {
  const hunt::FoxAndHounds g(6);
  check_laws(g, walk(g, table_positions(g, 8), 200, 40));
  check_unrank_locate(g, 400);
}

TEST(GameLaws, TigersAndGoats) {
  for (const bool reduce : {true, false}) {
    const hunt::TigersAndGoats g(
        {.size = 4, .goats = 6, .win_captures = 2, .reduced = reduce, .phase = hunt::TigersAndGoats::Phase::whole});
    check_laws(g, walk(g, table_positions(g, 8), 200, 40));
    check_unrank_locate(g, 400);
  }
}

TEST(GameLaws, FoxAndGeese) {
  using Layers = hunt::FoxAndGeese::Layers;
  for (const bool reduce : {true, false})
    for (const Layers layers : {Layers::per_row_sum, Layers::per_goose_count}) {
      const hunt::FoxAndGeese g({.max_geese = 5, .reduced = reduce, .layers = layers});
      check_laws(g, walk(g, table_positions(g, 8), 200, 40));
      check_unrank_locate(g, 400);
    }
}

TEST(GameLaws, MountNFall) {
  for (const bool reduce : {true, false}) {
    const auto g = reduce ? mountnfall::MountNFallIndex(4, 2) : mountnfall::MountNFallIndex::every_position(4, 2);
    check_laws(g, walk(g, table_positions(g, 8), 200, 30));
    check_unrank_locate(g, 400);
  }
}

}  // namespace
}  // namespace gs
