// Proof-number search (solvers/pns/df_pn.h) against the strong solver of small m,n,k boards and
// the retrograde tables of the hunt games, including Fox and Geese, whose positions repeat.
#include <gtest/gtest.h>

#include <random>

#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/mnk/packed_mnk.h"
#include "solvers/minimax/strong_solver.h"
#include "solvers/pns/df_pn.h"
#include "solvers/retrograde/retrograde_solver.h"
#include "tests/support/sanitized.h"

namespace gs {
namespace {

using mnk::MnkGame;
using mnk::PackedMnk;

constexpr DfpnOptions kSmall{.table_bytes = std::size_t{1} << 20};

TEST(Dfpn, EqualsTheStrongSolutionOnEveryPositionOfSmallBoards) {
  for (const auto& [m, n, k] : {std::tuple{3, 3, 3}, {4, 3, 3}, {3, 4, 3}}) {
    const MnkGame g(m, n, k);
    const PackedMnk packed(g);
    const StrongSolution<PackedMnk> strong(packed);
    for (std::size_t ply = 0; ply < strong.layers().size(); ++ply)
      for (std::size_t i = 0; i < strong.layers()[ply].size(); ++i) {
        const auto p = strong.layers()[ply][i];
        const auto v = dfpn_value(packed, p, kSmall);
        ASSERT_EQ(v.outcome, strong.value_at(ply, i).outcome) << g.name() << " " << g.format(PackedMnk::unpack(p));
        // A proved win's move wins, a proved draw's move does not lose.
        if (v.move && !strong.terminal_at(ply, i)) {
          const Value after = *strong.lookup(packed.play(p, *v.move));
          EXPECT_EQ(through(after).outcome, *v.outcome) << g.format(PackedMnk::unpack(p));
        }
      }
  }
}

TEST(Dfpn, EqualsTheStrongSolutionOnSampledPositionsOf4x4) {
  for (const auto& [m, n, k] : {std::tuple{4, 4, 3}, {4, 4, 4}}) {
    const MnkGame g(m, n, k);
    const PackedMnk packed(g);
    const StrongSolution<PackedMnk> strong(packed);
    std::mt19937_64 random(7);
    const auto samples = gs::testing::whole_or_sanitized<std::size_t>(5, 2);
    for (std::size_t ply = 0; ply < strong.layers().size(); ++ply) {
      const std::size_t size = strong.layers()[ply].size();
      for (std::size_t sample = 0; sample < std::min(samples, size); ++sample) {
        const std::size_t i = size <= samples ? sample : random() % size;  // a small layer: each position once
        const auto p = strong.layers()[ply][i];
        ASSERT_EQ(dfpn_value(packed, p, kSmall).outcome, strong.value_at(ply, i).outcome)
            << g.name() << " " << g.format(PackedMnk::unpack(p));
      }
    }
  }
  // The start of 4,4,4 is a draw; of 4,4,3 a first-player win.
  EXPECT_EQ(dfpn_value(PackedMnk(MnkGame(4, 4, 4)), 0, kSmall).outcome, Outcome::kDraw);
  EXPECT_EQ(dfpn_value(PackedMnk(MnkGame(4, 4, 3)), 0, kSmall).outcome, Outcome::kWin);
}

TEST(Dfpn, ANodeLimitGivesNoAnswerRatherThanAWrongOne) {
  const MnkGame g(4, 4, 4);
  const PackedMnk packed(g);
  const auto r = DfpnSolver<PackedMnk>(packed, {.table_bytes = 1 << 20, .node_limit = 50}).prove(0, Goal::win);
  EXPECT_EQ(r.proof, Proof::unknown);
  EXPECT_LE(r.nodes, 51u);
  EXPECT_FALSE(dfpn_value(packed, 0, {.table_bytes = 1 << 20, .node_limit = 50}).outcome);
}

// Every position of a hunt game's tables (or every `step`-th index) against df-pn.
template <class G>
void expect_tables_agree(const G& g, std::uint64_t step, bool with_oracle) {
  const auto tables = solve_in_memory(g);
  // The oracle answers positions of the first layers (fewer pieces) from the tables: leaves
  // that df-pn then needs not search.
  const auto oracle = [&](const typename G::Position& p) -> std::optional<Outcome> {
    const LayerIndex at = g.locate(p);
    if (at.layer < 0 || at.layer >= g.layer_count() / 2) return std::nullopt;
    return tables[static_cast<std::size_t>(at.layer)].outcome(at.index);
  };
  std::uint64_t checked = 0;
  for (int layer = 0; layer < g.layer_count(); ++layer)
    for (std::uint64_t i = 0; i < g.layer_size(layer); i += step) {
      const auto p = g.unrank(layer, i);
      if (!p || g.terminal(*p)) continue;
      const auto v = with_oracle ? dfpn_value(g, *p, kSmall, oracle) : dfpn_value(g, *p, kSmall);
      ASSERT_EQ(v.outcome, tables[static_cast<std::size_t>(layer)].outcome(i)) << g.format(*p);
      ++checked;
    }
  EXPECT_GT(checked, 100u);
}

TEST(Dfpn, EqualsTheFoxAndHoundsTables) {
  expect_tables_agree(hunt::FoxAndHounds(4), 1, false);
  expect_tables_agree(hunt::FoxAndHounds(6), 7, true);
}

// Fox and Geese repeats positions (the fox walks back and forth, geese step sideways): proofs
// through a cycle must not be taken for proofs along other paths. Every answer must be the
// table's; nearly every win and loss must be answered within the node limit (a draw needs the
// whole cyclic region searched, which df-pn does badly: those may stay open, and the test says
// how many were answered).
TEST(Dfpn, EqualsTheFoxAndGeeseTablesWherePositionsRepeat) {
  const hunt::FoxAndGeese g(4);
  const auto tables = solve_in_memory(g);
  const DfpnOptions limited{.table_bytes = std::size_t{1} << 22, .node_limit = 20000};
  int decided = 0, decided_answered = 0, draws = 0, draws_answered = 0;
  for (int layer = 0; layer < g.layer_count(); ++layer)
    for (std::uint64_t i = 0; i < g.layer_size(layer); i += 4999) {
      const auto p = g.unrank(layer, i);
      if (!p || g.terminal(*p)) continue;
      const Outcome table = tables[static_cast<std::size_t>(layer)].outcome(i);
      const auto v = dfpn_value(g, *p, limited);
      if (v.outcome) {
        EXPECT_EQ(*v.outcome, table) << g.format(*p);
      }
      if (table == Outcome::kDraw) {
        ++draws;
        draws_answered += v.outcome.has_value();
      } else {
        ++decided;
        decided_answered += v.outcome.has_value();
      }
    }
  EXPECT_GT(decided, 20);
  EXPECT_GT(draws, 20);
  EXPECT_GE(decided_answered * 100, decided * 95);  // nearly every win and loss
  std::cout << "Fox and Geese, 4 geese: " << decided_answered << " of " << decided << " wins and losses answered, "
            << draws_answered << " of " << draws << " draws, within 20,000 nodes a proof\n";
}

}  // namespace
}  // namespace gs
