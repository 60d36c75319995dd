// Laws every game of the vocabulary (engine/core/game.h and the headers beside it, and the
// capabilities that live with their solvers) must keep, checked on positions reached by random
// play in each engine: moves and unmoves invert each other, canonical forms are idempotent and
// play alike, locate and unrank invert each other, and a ply count rises by one a move. A game
// lists its moves one way, for_each_move; every other way a solver reads them (search moves,
// canonical moves and unmoves, moves by piece, located moves, located exits, reversed exits) is a
// fast path or a subset, and a law checks it against for_each_move (the streamed passes' lists
// against the canonical moves). A law a game cannot state (no unmoves, no index) is skipped for
// it at compile time.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/game_symmetry.h"
#include "engine/core/game_tables.h"
#include "engine/core/layer_index.h"
#include "engine/hopscotch/cards.h"
#include "engine/hopscotch/search_tableau.h"
#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"
#include "engine/mnk/maker_breaker.h"
#include "engine/mnk/packed_mnk.h"
#include "engine/mountnfall/mountnfall_index.h"
#include "engine/mountnfall/mountnfall_play.h"
#include "engine/peg/board_file.h"
#include "engine/peg/notation.h"
#include "engine/peg/puzzle.h"
#include "solvers/common/capabilities.h"
#include "solvers/layered/layered_puzzle.h"
#include "solvers/layered/streamed_layers.h"
#include "solvers/retrograde/located_exits.h"
#include "tools/registry.h"

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

// Every element of a is in b, as many times at least.
template <class T>
bool sub_multiset(const std::vector<T>& a, std::vector<T> b) {
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

// Mount'n Fall's unmoves are the moves that capture nothing (engine/mountnfall/mountnfall.h):
// the pawns of each colour unchanged.
bool undone_by_unmoves(const mountnfall::MountNFallPlay&, const mountnfall::Position& p,
                       const mountnfall::Position& q) {
  const auto pawns = [](const mountnfall::Position& r) {
    std::pair<int, int> n{0, 0};
    for (const int cell : r.cells) (cell > 0 ? n.first : n.second) += std::abs(cell);
    return n;
  };
  return pawns(p) == pawns(q);
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

// The ways of listing moves that are a subset or a count of for_each_move's.
template <class G>
void check_move_subsets(const G& g, const typename G::Position& p, const std::vector<typename G::Position>& next) {
  using Position = typename G::Position;
  if constexpr (PlyCounted<G>) {
    for (const Position& q : next) ASSERT_EQ(g.ply(q), g.ply(p) + 1) << "a move that does not add one to the ply";
  }
  if constexpr (Graded<G>) {
    if constexpr (Puzzle<G>) {
      if (g.is_goal(p)) {
        ASSERT_EQ(moves_left(g, p), 0) << "a goal with moves left";
      }
    }
    ASSERT_GE(moves_left(g, p), 0);
  }
  if constexpr (SearchMoves<G>) {
    std::vector<Position> searched;
    if (!is_terminal(g, p))
      g.for_each_search_move(p, [&](const typename G::Move& m) { searched.push_back(g.play(p, m)); });
    ASSERT_TRUE(sub_multiset(searched, next)) << "a search move that is not a move";
    ASSERT_EQ(searched.empty(), next.empty()) << "no search move where there are moves";
  }
  if constexpr (PieceMoves<G>) {
    // Moves from a point are the moves that start there, unmoves onto it those that land there.
    std::vector<typename G::Move> moves, unmoves;
    g.for_each_move(p, [&](const typename G::Move& m) { moves.push_back(m); });
    g.for_each_unmove(p, [&](const typename G::Move& m) { unmoves.push_back(m); });
    std::vector<int> points;
    for (const auto& m : moves) points.push_back(g.move_origin(m)), points.push_back(g.move_landing(m));
    for (const auto& m : unmoves) points.push_back(g.move_origin(m)), points.push_back(g.move_landing(m));
    for (const int point : points) {
      std::vector<typename G::Move> fast, slow;
      g.for_each_move_from(p, point, [&](const typename G::Move& m) { fast.push_back(m); });
      for (const auto& m : moves)
        if (g.move_origin(m) == point) slow.push_back(m);
      ASSERT_TRUE(same_multiset(fast, slow)) << "moves from a point differ from the moves that start there";
      fast.clear(), slow.clear();
      g.for_each_unmove_onto(p, point, [&](const typename G::Move& m) { fast.push_back(m); });
      for (const auto& m : unmoves)
        if (g.move_landing(m) == point) slow.push_back(m);
      ASSERT_TRUE(same_multiset(fast, slow)) << "unmoves onto a point differ from the unmoves that land there";
    }
  }
  if constexpr (StreamedPuzzle<G>) {
    // The streamed passes' lists, from a canonical state: its canonical children with its orbit's
    // size, and its canonical parents, in any order.
    const Position c = g.canonical(p);
    std::vector<Position> fast, slow;
    const int orbit = g.for_each_canonical_move_in_orbit(c, [&](const auto&, const Position& q) { fast.push_back(q); });
    g.for_each_canonical_move(c, [&](const auto&, const Position& q) { slow.push_back(q); });
    ASSERT_TRUE(same_multiset(fast, slow)) << "children in orbit differ from the canonical moves";
    int fixing = 0;
    for (int e = 0; e < g.symmetries().order(); ++e) fixing += g.symmetries()[e].apply(c) == c;
    ASSERT_EQ(orbit * fixing, g.symmetries().order())
        << "an orbit size that is not the group's order over the stabiliser";
    fast.clear(), slow.clear();
    g.for_each_canonical_unmove_unordered(c, [&](const auto&, const Position& q) { fast.push_back(q); });
    g.for_each_canonical_unmove(c, [&](const auto&, const Position& q) { slow.push_back(q); });
    ASSERT_TRUE(same_multiset(fast, slow)) << "unordered canonical unmoves differ from the canonical unmoves";
  }
  if constexpr (ElementUnmoves<G>) {
    // Each canonical parent is the parent's canonical form, and the named symmetry maps it there.
    g.for_each_canonical_unmove_with_element(p, [&](const typename G::Move& m, const Position& canonical, int element) {
      const Position parent = g.unplay(p, m);
      EXPECT_EQ(canonical, g.canonical(parent));
      EXPECT_EQ(g.symmetries()[element].apply(parent), canonical) << "a symmetry that does not map the parent";
    });
  }
}

// Located exits are the located moves that leave the layer; reversed exits are unmoves of where
// they lead, and the others are the unreversed exits.
template <class G>
void check_exits(const G& g, const typename G::Position& p, const std::vector<typename G::Position>& next) {
  using Position = typename G::Position;
  if constexpr (LocatedExits<G>) {
    if (is_terminal(g, p)) return;
    const int layer = g.locate(p).layer;
    std::vector<std::pair<Position, LayerIndex>> exits, slow;
    bool stays = false;
    for (const Position& q : next) {
      const LayerIndex at = in_tables(g, q) ? g.locate(q) : LayerIndex{-1, 0};
      if (at.layer == layer)
        stays = true;
      else
        slow.emplace_back(q, at);
    }
    const bool inside =
        g.for_each_located_exit(p, [&](const Position& q, LayerIndex at) { exits.emplace_back(q, at); });
    ASSERT_EQ(inside, stays) << "located exits that misreport a move inside the layer";
    ASSERT_TRUE(same_multiset(exits, slow)) << "located exits differ from the moves that leave the layer";
    if constexpr (ReversedExits<G>) {
      std::vector<std::pair<Position, LayerIndex>> unreversed, expected;
      ASSERT_EQ(g.for_each_located_unreversed_exit(
                    p, [&](const Position& q, LayerIndex at) { unreversed.emplace_back(q, at); }),
                stays);
      for (const auto& [q, at] : exits) {
        if (at.layer < 0 || !g.exits_reversed(layer, at.layer)) {
          expected.emplace_back(q, at);
          continue;
        }
        bool undone = false;
        for_each_predecessor(g, q, [&](const auto&, const Position& r) { undone = undone || r == p; });
        ASSERT_TRUE(undone) << "a reversed exit that no unmove of its destination undoes";
      }
      ASSERT_TRUE(same_multiset(unreversed, expected)) << "unreversed exits differ from the exits not reversed";
    }
  }
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
    check_move_subsets(g, p, next);
    if constexpr (Indexed<G>) {
      if (!in_tables(g, p)) continue;
      check_exits(g, p, next);
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

TEST(GameLaws, MnkAndMakerBreaker) {
  for (const auto& [m, n, k] : {std::tuple{3, 3, 3}, std::tuple{4, 4, 3}, std::tuple{5, 4, 4}}) {
    const mnk::MnkGame game(m, n, k);
    const mnk::PackedMnk packed(game);
    check_laws(packed, walk(packed, {packed.start()}, 100, m * n));
    const mnk::WideMnk wide(game);
    check_laws(wide, walk(wide, {wide.start()}, 100, m * n));
    for (const mnk::Player maker : {mnk::Player::x, mnk::Player::o}) {
      const mnk::MakerBreaker relaxed(game, maker);
      check_laws(relaxed, walk(relaxed, {relaxed.start()}, 100, m * n));
    }
  }
}

TEST(GameLaws, MountNFallPlay) {
  const mountnfall::MountNFallPlay g(4, 2);
  check_laws(g, walk(g, {g.start()}, 100, 40));
}

// A deal game is searched on one mutable state: undo after apply gives back the same state (its
// exact key, its moves and its score), along random lines of seeded deals, in both move rules.
TEST(GameLaws, HopscotchApplyAndUndoInvertEachOther) {
  std::mt19937_64 random(5);
  int checked = 0;
  for (const auto rules : {hopscotch::MoveRules::kNormalForm, hopscotch::MoveRules::kUnrestricted})
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      hopscotch::SearchTableau t(hopscotch::deal_from_seed(seed), rules);
      for (;;) {
        hopscotch::MoveList moves;
        t.generate_moves(moves);
        if (moves.size == 0) break;
        for (const hopscotch::Move& m : moves) {
          const auto key = t.exact_key();
          const int score = t.score();
          t.apply(m);
          t.undo(m);
          ASSERT_EQ(t.exact_key(), key) << "undo does not give back the state";
          ASSERT_EQ(t.score(), score);
          hopscotch::MoveList again;
          t.generate_moves(again);
          ASSERT_EQ(again.size, moves.size);
          ++checked;
        }
        t.apply(moves.moves[random() % static_cast<std::size_t>(moves.size)]);
      }
    }
  EXPECT_GT(checked, 1000);
}

// The games whose laws the tests above check, by the names the registry's self-checks give
// them. A game registered without laws here fails.
TEST(GameLaws, EveryRegisteredGameHasItsLaws) {
  const std::set<std::string> checked = {"peg (english)", "tictactoe", "hopscotch", "fox-hounds",
                                         "tigers-goats",  "fox-geese", "mountnfall"};
  int games = 0;
  for (const tools::Command& c : tools::commands())
    for (const tools::SelfCheck& check : c.self_checks()) {
      EXPECT_TRUE(checked.count(check.game)) << c.name << ": " << check.game << " has no laws in this file";
      ++games;
    }
  EXPECT_GE(games, 7);
}

}  // namespace
}  // namespace gs
