// engine/core: bit permutations, symmetry groups, GF(2) null spaces, lattice symmetries.
#include <gtest/gtest.h>

#include <random>

#include "engine/core/bit_permutation.h"
#include "engine/core/combinatorics.h"
#include "engine/core/gf2.h"
#include "engine/core/lattice.h"
#include "engine/core/weighted_subsets.h"
#include "solvers/lp/simplex.h"

#include <map>

namespace gs {

// Every k-subset of 20 points weighted by rows (as the cross's rows weigh geese) ranks onto
// 0..count-1 of its size and weight, once each, and unranks back; with unit weights the ranks
// are rank_k_subset's.
TEST(CoreWeightedSubsets, RanksEachSizeAndWeightDenselyAndUnranksBack) {
  std::vector<int> rows;
  for (int p = 0; p < 20; ++p) rows.push_back(1 + p / 3);
  const WeightedSubsets weighted(rows, 4);
  for (int k = 0; k <= 4; ++k) {
    std::map<int, std::vector<bool>> seen;  // by weight: ranks met
    for (std::uint64_t r = 0; r < binomial(20, k); ++r) {
      const Bitboard set = unrank_k_subset(r, k, 20);
      const int s = weighted.weight(set);
      const std::uint64_t rank = weighted.rank(set);
      auto& met = seen[s];
      met.resize(weighted.count(k, s), false);
      ASSERT_LT(rank, met.size());
      EXPECT_FALSE(met[rank]) << k << " points weighing " << s;
      met[rank] = true;
      ASSERT_EQ(weighted.unrank(rank, k, s), set);
    }
    std::uint64_t total = 0;
    for (const auto& [s, met] : seen) total += weighted.count(k, s);
    EXPECT_EQ(total, binomial(20, k));
  }
  const WeightedSubsets unit(std::vector<int>(20, 1), 5);
  for (std::uint64_t r = 0; r < binomial(20, 5); r += 7) EXPECT_EQ(unit.rank(unrank_k_subset(r, 5, 20)), r);
}

// A set's moves (one point moved to a free one, up or down) rank as rank() ranks them.
TEST(CoreWeightedSubsets, MovedPointRanksEqualRankingTheMovedSet) {
  std::vector<int> rows;
  for (int p = 0; p < 20; ++p) rows.push_back(1 + p / 3);
  const WeightedSubsets weighted(rows, 6);
  std::uint64_t checked = 0;
  for (int k = 1; k <= 6; ++k)
    for (std::uint64_t r = 0; r < binomial(20, k); r += 1 + r % 97) {
      const Bitboard set = unrank_k_subset(r, k, 20);
      const WeightedSubsets::Moves moves(weighted, set);
      ASSERT_EQ(moves.rank(), weighted.rank(set));
      for_each_bit(set, [&](int from) {
        for (int to = 0; to < 20; ++to)
          if (!has_bit(set, to)) {
            ASSERT_EQ(moves.rank_moved(from, to), weighted.rank(set ^ bit(from) ^ bit(to)))
                << set << " " << from << " " << to;
            ++checked;
          }
      });
    }
  EXPECT_GT(checked, 100000u);
}

// From each size and weight's first set, next() walks the ranks in order and ends with 0.
TEST(CoreWeightedSubsets, NextWalksTheRanksInOrder) {
  std::vector<int> rows;
  for (int p = 0; p < 20; ++p) rows.push_back(1 + p / 3);
  const WeightedSubsets weighted(rows, 5);
  std::uint64_t walked = 0;
  for (int k = 0; k <= 5; ++k)
    for (int s = 0; s <= 5 * 7; ++s) {
      const std::uint64_t count = weighted.count(k, s);
      if (count == 0) continue;
      Bitboard set = weighted.first(k, s);
      for (std::uint64_t r = 0; r < count; ++r, ++walked) {
        ASSERT_EQ(set, weighted.unrank(r, k, s)) << k << " points weighing " << s << ", rank " << r;
        set = weighted.next(set);
      }
      EXPECT_EQ(set, 0u) << k << " points weighing " << s;
    }
  EXPECT_EQ(walked,
            binomial(20, 0) + binomial(20, 1) + binomial(20, 2) + binomial(20, 3) + binomial(20, 4) + binomial(20, 5));
}

TEST(CoreBitPermutation, TableLookupMatchesBitByBitMapping) {
  std::vector<int> image(41);
  for (int i = 0; i < 41; ++i) image[i] = (i * 7 + 3) % 41;
  const BitPermutation p(image);
  std::mt19937_64 rng(1);
  for (int t = 0; t < 1000; ++t) {
    const Bitboard b = rng() & low_bits(41);
    Bitboard expected = 0;
    for_each_bit(b, [&](int i) { expected |= bit(image[i]); });
    EXPECT_EQ(p.apply(b), expected);
    EXPECT_EQ(p.inverse().apply(p.apply(b)), b);
  }
}

TEST(CoreSymmetryGroup, CanonicalFormIsTheSameForTheWholeOrbit) {
  // The square's 8 symmetries on a 3x3 grid.
  std::vector<GridPoint> points;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) points.push_back({r, c});
  std::vector<BitPermutation> elements;
  for (const auto& perm : lattice_symmetries(points, {{0, 1}, {0, -1}, {1, 0}, {-1, 0}})) elements.emplace_back(perm);
  const SymmetryGroup group(elements);
  ASSERT_EQ(group.order(), 8);
  for (Bitboard b = 0; b < 512; ++b) {
    const Bitboard c = group.canonical(b);
    int fixing = 0;
    for (int g = 0; g < 8; ++g) {
      EXPECT_EQ(group.canonical(group[g].apply(b)), c);
      fixing += group[g].apply(b) == b;
      EXPECT_EQ(group[group.inverse_of(g)].apply(group[g].apply(b)), b);
    }
    EXPECT_EQ(group.orbit_size(b), 8 / fixing);
    const auto [canon, g] = group.canonical_with_element(b);
    EXPECT_EQ(group[g].apply(b), canon);
  }
  EXPECT_EQ(group.orbit_size(0b000010000), 1);  // the centre alone
  EXPECT_EQ(group.orbit_size(0b000000001), 4);  // a corner
}

TEST(CoreLatticeSymmetries, TriangleHasSixAndRectangleFour) {
  std::vector<GridPoint> triangle;
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c <= r; ++c) triangle.push_back({r, c});
  EXPECT_EQ(lattice_symmetries(triangle, {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, -1}}).size(), 6U);
  std::vector<GridPoint> rectangle;
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 3; ++c) rectangle.push_back({r, c});
  EXPECT_EQ(lattice_symmetries(rectangle, {{0, 1}, {0, -1}, {1, 0}, {-1, 0}}).size(), 4U);
}

TEST(CoreGf2NullSpace, BasisVectorsAreOrthogonalToEveryRowAndIndependent) {
  std::mt19937_64 rng(7);
  for (int t = 0; t < 50; ++t) {
    const int columns = 20;
    std::vector<Bitboard> rows(12);
    for (auto& r : rows) r = rng() & low_bits(columns);
    const auto basis = gf2_null_space(rows, columns);
    for (Bitboard x : basis)
      for (Bitboard r : rows) EXPECT_EQ(popcount(x & r) % 2, 0);
    // Independence: brute-force the span size over 2^k combinations for small k.
    std::vector<Bitboard> span = {0};
    for (Bitboard x : basis) {
      const auto n = span.size();
      for (std::size_t i = 0; i < n; ++i) span.push_back(span[i] ^ x);
    }
    std::sort(span.begin(), span.end());
    EXPECT_EQ(std::unique(span.begin(), span.end()) - span.begin(), static_cast<long>(span.size()));
    // Completeness: rank + nullity = columns, checked by counting all solutions by brute force.
    int solutions = 0;
    for (Bitboard x = 0; x < (Bitboard{1} << columns); x += 1) {
      bool ok = true;
      for (Bitboard r : rows) ok = ok && popcount(x & r) % 2 == 0;
      solutions += ok;
      if (t > 2) break;  // the exhaustive count is slow: do it for the first few systems only
    }
    if (t <= 2) {
      EXPECT_EQ(solutions, 1 << basis.size());
    }
  }
}

TEST(CoreSimplex, SmallProgramsOptimumAndUnbounded) {
  // maximise 3x + 2y: x + y <= 4, x + 3y <= 6, x <= 3; the optimum is x = 3, y = 1, value 11.
  const LinearProgram lp{.variables = 2, .objective = {3, 2}, .rows = {{1, 1}, {1, 3}, {1, 0}}, .bounds = {4, 6, 3}};
  const auto best = maximise(lp);
  ASSERT_TRUE(best);
  EXPECT_NEAR(best->value, 11, 1e-9);
  EXPECT_NEAR(best->x[0], 3, 1e-9);
  EXPECT_NEAR(best->x[1], 1, 1e-9);
  // A degenerate program (its bound 0) ends at 0; x is unbounded once y is the only limit.
  EXPECT_NEAR(maximise({.variables = 2, .objective = {1, -1}, .rows = {{1, -1}}, .bounds = {0}})
                  .value_or(LpSolution{.value = -1})
                  .value,
              0, 1e-12);
  EXPECT_FALSE(maximise({.variables = 2, .objective = {1, 0}, .rows = {{0, 1}}, .bounds = {1}}));
}

}  // namespace gs
