// The retrograde solver across ranks without MPI: ranks as threads of this process meeting at a
// barrier (ThreadRanks, a test double of ranks.h), slices of 512 positions so that small layers
// are shared out. Every rank's tables must equal the one-process solve, entry for entry. Runs in
// the sanitizer jobs too (which build without MPI).
#include <gtest/gtest.h>

#include <barrier>
#include <cstring>
#include <thread>

#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"
#include "engine/mountnfall/mountnfall_index.h"
#include "solvers/common/progress_rule.h"
#include "solvers/distributed/ranks.h"
#include "solvers/retrograde/retrograde_solver.h"

namespace {

using namespace gs;
using namespace gs::hunt;

// Where the threads meet: each publishes a pointer or a value, waits for all, reads the others'.
struct Meeting {
  explicit Meeting(int n) : n(n), sync(n), slots(static_cast<std::size_t>(n)) {}
  int n;
  std::barrier<> sync;
  std::vector<const void*> slots;
};

class ThreadRanks final : public Ranks {
 public:
  ThreadRanks(Meeting& m, int rank) : m_(m), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return m_.n; }

  void share(std::byte* data, const std::vector<std::uint64_t>& offsets) override {
    publish(data);
    for (int r = 0; r < m_.n; ++r)
      if (r != rank_) {
        const auto begin = offsets[static_cast<std::size_t>(r)], end = offsets[static_cast<std::size_t>(r) + 1];
        std::memcpy(data + begin, static_cast<const std::byte*>(slot(r)) + begin, end - begin);
        received_ += end - begin;
      }
    m_.sync.arrive_and_wait();  // nobody changes its data before all have copied
  }
  std::vector<std::uint64_t> gather_all(std::vector<std::uint64_t> mine) override {
    publish(&mine);
    std::vector<std::uint64_t> all;
    for (int r = 0; r < m_.n; ++r) {
      const auto& theirs = *static_cast<const std::vector<std::uint64_t>*>(slot(r));
      all.insert(all.end(), theirs.begin(), theirs.end());
    }
    m_.sync.arrive_and_wait();
    return all;
  }
  std::uint64_t max(std::uint64_t value) override {
    std::uint64_t out = 0;
    for (const auto v : gather_all({value})) out = std::max(out, v);
    return out;
  }
  void barrier() override { m_.sync.arrive_and_wait(); }

 private:
  void publish(const void* p) {
    m_.slots[static_cast<std::size_t>(rank_)] = p;
    m_.sync.arrive_and_wait();
  }
  const void* slot(int r) const { return m_.slots[static_cast<std::size_t>(r)]; }

  Meeting& m_;
  int rank_;
};

template <Indexed G>
std::vector<ValueTable> solve_as_rank(const G& game, Ranks& ranks) {
  std::vector<ValueTable> tables;
  std::vector<CompactTable> read;
  RetrogradeSolver<G> solver(
      game, [&](int l) -> const CompactTable& { return read[static_cast<std::size_t>(l)]; }, &ranks);
  solver.set_slice_align(512);
  for (int layer = 0; layer < game.layer_count(); ++layer) {
    tables.push_back(solver.solve_layer(layer));
    read.emplace_back(tables.back());
  }
  return tables;
}

// Every rank's tables equal the one-process tables, with 2 and 3 ranks.
template <Indexed G>
void same_as_one_process(const G& game) {
  const std::vector<ValueTable> expected = solve_in_memory(game);
  std::uint64_t shared_layers = 0;  // layers big enough to be cut in slices
  for (const auto& t : expected) shared_layers += t.size() > 512;
  EXPECT_GT(shared_layers, 1u) << "too small a game to test slices";
  for (const int n : {2, 3}) {
    Meeting meeting(n);
    std::vector<std::vector<ValueTable>> got(static_cast<std::size_t>(n));
    std::vector<std::thread> threads;
    for (int r = 0; r < n; ++r)
      threads.emplace_back([&, r] {
        ThreadRanks ranks(meeting, r);
        got[static_cast<std::size_t>(r)] = solve_as_rank(game, ranks);
      });
    for (auto& t : threads) t.join();
    for (int r = 0; r < n; ++r) {
      const auto& tables = got[static_cast<std::size_t>(r)];
      ASSERT_EQ(tables.size(), expected.size());
      for (std::size_t layer = 0; layer < tables.size(); ++layer)
        ASSERT_EQ(tables[layer].raw(), expected[layer].raw()) << n << " ranks, rank " << r << ", layer " << layer;
    }
  }
}

TEST(DistributedSolver, FoxAndHoundsEqualsOneProcess) { same_as_one_process(FoxAndHounds(6)); }

TEST(DistributedSolver, TigersAndGoatsEqualsOneProcess) {
  same_as_one_process(
      TigersAndGoats({.size = 4, .goats = 4, .win_captures = 2, .phase = TigersAndGoats::Phase::whole}));
}

TEST(DistributedSolver, MountNFallEqualsOneProcess) { same_as_one_process(mountnfall::MountNFallIndex(4, 2)); }

TEST(DistributedSolver, FoxAndGeeseUnderItsDrawRuleEqualsOneProcess) {
  same_as_one_process(FoxAndGeese(4));
  same_as_one_process(UnderProgressRule<FoxAndGeese>(FoxAndGeese(4), 20));
}

}  // namespace
