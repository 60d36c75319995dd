// The maker-breaker relaxation of m,n,k games (engine/mnk/maker_breaker.h) and the proofs built
// on it (tools/mnk/mnk_proof.h): its early verdicts (pairing, Erdos-Selfridge) against a plain
// minimax of the relaxation, its bounds against the strong solution of the real game.
#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

#include "engine/mnk/maker_breaker.h"
#include "engine/mnk/packed_mnk.h"
#include "solvers/common/hash.h"
#include "solvers/minimax/strong_solver.h"
#include "solvers/pns/df_pn.h"
#include "tools/mnk/mnk_proof.h"

namespace gs {
namespace {

using mnk::MakerBreaker;
using mnk::MnkGame;
using mnk::PackedMnk;
using mnk::Player;

constexpr DfpnOptions kSmall{.table_bytes = std::size_t{1} << 16};

// The relaxation by plain minimax over every empty cell, ended only by a maker line or by no
// line left without a breaker stone: no pairing, no Erdos-Selfridge, no move pruning.
class PlainRelaxation {
 public:
  PlainRelaxation(const MnkGame& g, Player maker) : g_(g), maker_(maker) {}
  bool maker_wins(mnk::Position p) {
    const auto key = MakerBreaker::pack(p);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    const Bitboard mine = maker_ == Player::x ? p.x : p.o, theirs = maker_ == Player::x ? p.o : p.x;
    bool result = false;
    if (g_.has_line(mine)) {
      result = true;
    } else {
      bool live = false;
      for (Bitboard line : g_.lines()) live = live || !(line & theirs);
      if (live) {
        const bool maker_moves = MnkGame::to_move(p) == maker_;
        result = !maker_moves;
        for_each_bit(g_.full() & ~(p.x | p.o), [&](int cell) {
          if (maker_wins(g_.play(p, cell)) == maker_moves) result = maker_moves;
        });
      }
    }
    return memo_[key] = result;
  }

 private:
  const MnkGame& g_;
  Player maker_;
  struct Hash {
    std::size_t operator()(uint128 s) const { return mix64(static_cast<std::uint64_t>(s) ^ mix64(s >> 64)); }
  };
  std::unordered_map<uint128, bool, Hash> memo_;
};

bool relaxation_maker_wins(const MakerBreaker& mb, mnk::Position p) {
  const auto r = DfpnSolver<MakerBreaker>(mb, kSmall).prove(MakerBreaker::pack(p), Goal::win);
  EXPECT_NE(r.proof, Proof::unknown);
  return (r.proof == Proof::proven) == mb.maker_to_move(p);
}

TEST(MakerBreaker, EqualsAPlainMinimaxOfTheRelaxationOnEveryPositionOfSmallBoards) {
  int breaker_wins = 0, maker_wins = 0;
  for (const auto& [m, n, k] : {std::tuple{3, 3, 3}, {4, 3, 3}, {4, 3, 4}}) {
    const MnkGame g(m, n, k);
    const PackedMnk packed(g);
    const StrongSolution<PackedMnk> strong(packed);
    for (const Player maker : {Player::x, Player::o}) {
      const MakerBreaker mb(g, maker);
      PlainRelaxation plain(g, maker);
      for (std::size_t ply = 0; ply < strong.layers().size(); ++ply)
        for (std::size_t i = 0; i < strong.layers()[ply].size(); ++i) {
          const mnk::Position p = PackedMnk::unpack(strong.layers()[ply][i]);
          const bool want = plain.maker_wins(p);
          ASSERT_EQ(relaxation_maker_wins(mb, p), want) << g.name() << " " << g.format(p);
          ++(want ? maker_wins : breaker_wins);
        }
    }
  }
  // Both verdicts occur often, so the comparison tests both.
  EXPECT_GT(breaker_wins, 1000);
  EXPECT_GT(maker_wins, 1000);
}

// A breaker win of the relaxation says the maker cannot win the real game: never contradicted by
// the strong solution, and decisive on many positions.
TEST(MakerBreaker, ItsBoundsHoldInTheRealGame) {
  for (const auto& [m, n, k, step] : {std::tuple{3, 3, 3, 1}, {4, 4, 3, 31}, {4, 4, 4, 4999}}) {
    const MnkGame g(m, n, k);
    const PackedMnk packed(g);
    const StrongSolution<PackedMnk> strong(packed);
    int bounded = 0;
    for (const Player maker : {Player::x, Player::o}) {
      const MakerBreaker mb(g, maker);
      for (std::size_t ply = 0; ply < strong.layers().size(); ++ply)
        for (std::size_t i = 0; i < strong.layers()[ply].size(); i += step) {
          if (strong.terminal_at(ply, i)) continue;
          const mnk::Position p = PackedMnk::unpack(strong.layers()[ply][i]);
          if (relaxation_maker_wins(mb, p)) continue;
          ++bounded;
          const Outcome real = strong.value_at(ply, i).outcome;  // for the side to move
          const bool maker_moves = MnkGame::to_move(p) == maker;
          EXPECT_NE(real, maker_moves ? Outcome::kWin : Outcome::kLoss) << g.name() << " " << g.format(p);
        }
    }
    EXPECT_GT(bounded, 20) << g.name();
  }
}

// The proofs' value equals the strong solution's, with a move that keeps it.
TEST(MakerBreakerProver, EqualsTheStrongSolution) {
  for (const auto& [m, n, k, step] : {std::tuple{3, 3, 3, 1}, {4, 3, 3, 3}, {4, 4, 3, 401}, {4, 4, 4, 19997}}) {
    const MnkGame g(m, n, k);
    const PackedMnk packed(g);
    const StrongSolution<PackedMnk> strong(packed);
    for (std::size_t ply = 0; ply < strong.layers().size(); ++ply)
      for (std::size_t i = 0; i < strong.layers()[ply].size(); i += step) {
        if (strong.terminal_at(ply, i)) continue;
        const auto word = strong.layers()[ply][i];
        tools::MnkProver prover(g, {.memory_gib = 1.0 / 4096});
        const tools::MnkProof proof = prover.prove(PackedMnk::unpack(word));
        ASSERT_TRUE(proof.value) << g.name() << " " << g.format(PackedMnk::unpack(word));
        ASSERT_EQ(*proof.value, strong.value_at(ply, i).outcome)
            << g.name() << " " << g.format(PackedMnk::unpack(word));
        if (proof.move) {
          const Value after = *strong.lookup(packed.play(word, *proof.move));
          EXPECT_EQ(through(after).outcome, *proof.value) << g.format(PackedMnk::unpack(word));
        }
      }
  }
}

// 6,6,5 is a draw (published: 7,7,5 is, and a smaller board cannot help the first player);
// the relaxation proves it in a few thousand nodes, with a budget to spare.
TEST(MakerBreakerProver, Proves665ADrawByTheRelaxation) {
  const MnkGame g(6, 6, 5);
  tools::MnkProver prover(g, {.memory_gib = 1.0 / 16, .real_game = false, .relaxation_nodes = 1 << 16});
  const tools::MnkProof proof = prover.prove({});
  ASSERT_TRUE(proof.value);
  EXPECT_EQ(*proof.value, Outcome::kDraw);
  EXPECT_EQ(proof.mover.by, "maker-breaker");
  EXPECT_EQ(proof.other.by, "maker-breaker");
  EXPECT_LT(proof.nodes(), 10000u);
  ASSERT_TRUE(proof.move);
}

// The relaxation alone cannot settle 5,5,4 (the first player wins the relaxation but not the
// game): with the real game left out the value stays open rather than guessed.
TEST(MakerBreakerProver, LeavesTheValueOpenWhenTheRelaxationCannotSettleIt) {
  const MnkGame g(5, 5, 4);
  tools::MnkProver prover(g, {.memory_gib = 1.0 / 16, .real_game = false, .relaxation_nodes = 1 << 20});
  const tools::MnkProof proof = prover.prove({});
  EXPECT_FALSE(proof.value);
  EXPECT_FALSE(proof.mover.can_win);
  ASSERT_TRUE(proof.other.can_win);
  EXPECT_FALSE(*proof.other.can_win);  // O cannot win: X at least draws
}

}  // namespace
}  // namespace gs
