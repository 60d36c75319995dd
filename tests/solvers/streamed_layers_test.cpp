// The streamed (on-disk) layered analysis against the in-memory passes it replaces: the same
// layer and alive files byte for byte, the same counts and dead-end statistics, with one range a
// layer or many (a tiny memory budget), and after a resume. Also the block files' checks.
#include <gtest/gtest.h>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <set>

#include "engine/core/errors.h"
#include "engine/peg/board_file.h"
#include "engine/peg/notation.h"
#include "engine/peg/puzzle.h"
#include "solvers/layered/game_statistics.h"
#include "solvers/layered/layered_search.h"
#include "solvers/layered/partitioned_counts.h"
#include "solvers/layered/streamed_layers.h"
#include "tests/support/sanitized.h"
#include "tests/support/temp_dir.h"

namespace gs {
namespace {

using peg::Board;
using peg::PegPuzzle;
using peg::Position;

using testing::TempDir;

// The file an in-memory layer would be, written the way the streamed analysis writes its own.
std::string file_of(const LayerSet& layer, const StreamedOptions& o, const char* kind, std::size_t d,
                    const TempDir& t) {
  std::vector<std::uint64_t> states = layer.states();
  std::sort(states.begin(), states.end());
  const std::string path = t.file(std::string("expected-") + kind);
  StateFileWriter w(path, "", streamed_detail::header(o, kind, d));
  for (const auto s : states) w.add(s);
  w.finish();
  return testing::read_bytes(path);
}

struct Problem {
  Board board;
  Position start;
  Bitboard finishes;
};

StreamedAnalysis expect_streamed_equals_in_memory(const Problem& p, std::size_t memory_bytes) {
  const SymmetryGroup group = p.board.symmetries().stabiliser({p.start, p.finishes});
  const PegPuzzle puzzle(p.board, p.finishes, group);
  const auto layers = enumerate_layers(puzzle, p.start);
  const auto alive = alive_layers(puzzle, layers);
  const auto games = game_statistics(puzzle, layers);
  const auto paths = count_paths(puzzle, layers);  // over every layer: the paths to every state

  const TempDir dir, scratch;
  const StreamedOptions o{.dir = dir.str(), .problem = "test " + p.board.name(), .memory_bytes = memory_bytes};
  StreamedLayers<PegPuzzle> streamed(puzzle, o);
  const StreamedAnalysis a = streamed.run(p.start);
  const std::string where = p.board.name() + " memory " + std::to_string(memory_bytes);

  EXPECT_EQ(a.layers.size(), layers.size()) << where;
  for (std::size_t d = 0; d < std::min(a.layers.size(), layers.size()); ++d) {
    const StreamedLayer& l = a.layers[d];
    EXPECT_EQ(testing::read_bytes(dir.file("layer-" + std::string(d < 10 ? "0" : "") + std::to_string(d) + ".states")),
              file_of(layers[d], o, "layer", d, scratch))
        << where << " depth " << d;
    EXPECT_EQ(testing::read_bytes(dir.file("alive-" + std::string(d < 10 ? "0" : "") + std::to_string(d) + ".states")),
              file_of(alive[d], o, "alive", d, scratch))
        << where << " depth " << d;
    EXPECT_EQ(l.canonical, layers[d].size()) << where << " depth " << d;
    EXPECT_EQ(l.total, total_states(puzzle, layers[d])) << where << " depth " << d;
    EXPECT_EQ(l.alive_canonical, alive[d].size()) << where << " depth " << d;
    EXPECT_EQ(l.alive_total, total_states(puzzle, alive[d])) << where << " depth " << d;
    EXPECT_EQ(l.dead_canonical, games.layers[d].canonical) << where << " depth " << d;
    EXPECT_EQ(l.dead_total, games.layers[d].total) << where << " depth " << d;
    EXPECT_EQ(to_decimal(l.games), to_decimal(games.layers[d].games)) << where << " depth " << d;
  }
  // The deepest layer keeps its counts: the paths into each of its states' orbits.
  const std::size_t last = layers.size() - 1;
  const StateFileReader deepest = streamed.layer_with_counts(last);
  std::vector<std::uint64_t> states;
  std::vector<uint128> counts;
  std::size_t checked = 0;
  for (std::size_t b = 0; b < deepest.blocks(); ++b) {
    deepest.read_block(b, states, &counts);
    for (std::size_t i = 0; i < states.size(); ++i, ++checked)
      EXPECT_EQ(to_decimal(counts[i]), to_decimal(paths[last][layers[last].find(states[i])] *
                                                  static_cast<unsigned>(group.orbit_size(states[i]))))
          << where;
  }
  EXPECT_EQ(checked, layers[last].size()) << where;
  return a;
}

Problem single_vacancy_problem(const char* board, const char* hole, bool any_finish) {
  const Board b = peg::load_board(board);
  const int h = peg::parse_hole(b, hole);
  return {b, b.all_holes() & ~bit(h), any_finish ? b.all_holes() : bit(h)};
}

TEST(StreamedLayers, EqualTheInMemoryPassesOnSmallBoards) {
  for (const Problem& p :
       {single_vacancy_problem("triangle5", "a5", true), single_vacancy_problem("triangle5", "c3", true),
        single_vacancy_problem("triangle6", "a6", true), single_vacancy_problem("triangle6", "c4", false)})
    expect_streamed_equals_in_memory(p, std::size_t{64} << 20);
}

// An English sub-problem: the centre game after eight jumps, each the board's first legal one
// (about a hundred thousand positions).
Problem english_sub_problem() {
  const Board b = peg::load_board("english");
  Position s = b.all_holes() & ~bit(peg::parse_hole(b, "d4"));
  for (int k = 0; k < 8; ++k) {
    Position next = 0;
    b.for_each_jump(s, [&](const peg::Jump& j) {
      if (next == 0) next = s ^ j.all;
    });
    s = next;
  }
  return {b, s, b.all_holes()};
}

TEST(StreamedLayers, EqualTheInMemoryPassesOnAnEnglishSubProblem) {
  const Problem p = english_sub_problem();
  const StreamedAnalysis a = expect_streamed_equals_in_memory(p, std::size_t{256} << 20);
  for (const auto& l : a.layers) EXPECT_EQ(l.ranges, 1);
}

// A budget far below the layers' sizes: the big layers are built in several ranges (and some
// first tries overflow the table and start again), with the same files. Under a sanitizer,
// triangle6 alone (the English sub-problem's ranges are the Release suite's).
TEST(StreamedLayers, ATinyMemoryBudgetSplitsLayersIntoRangesWithTheSameResult) {
  if (!gs::testing::kSanitized) {
    const StreamedAnalysis a = expect_streamed_equals_in_memory(english_sub_problem(), std::size_t{24} << 14);
    int most = 0;
    for (const auto& l : a.layers) most = std::max(most, l.ranges);
    EXPECT_GT(most, 4);
  }
  expect_streamed_equals_in_memory(single_vacancy_problem("triangle6", "a6", true), 24 * 1024);
}

// The smallest budget, from every start of triangle6 up to symmetry, with path counts and
// without (as a meeting's halves): the first range of a layer, whose pass also counts the
// layer's statistics, now and then overfills only as its last pairs go into the tables; the
// statistics must then come from the pass that is kept, once (a second job on the directory
// checks them against the states files).
TEST(StreamedLayers, TheSmallestBudgetCountsEveryLayerOnce) {
  for (const char* hole : {"a1", "b1", "c1", "b2", "c2", "c3"}) {
    const Problem p = single_vacancy_problem("triangle6", hole, false);
    expect_streamed_equals_in_memory(p, 64);
    const PegPuzzle puzzle(p.board, p.finishes, p.board.symmetries().stabiliser({p.start, p.finishes}));
    const TempDir dir;
    const StreamedOptions bare{.dir = dir.str(), .problem = "bare", .memory_bytes = 64, .path_counts = false};
    const std::size_t deepest = StreamedLayers<PegPuzzle>(puzzle, bare).forward_to({p.start}, 64);
    EXPECT_EQ(StreamedLayers<PegPuzzle>(puzzle, bare).forward_to({p.start}, 64), deepest) << hole;
  }
}

TEST(StreamedLayers, AStoppedAnalysisResumesAndAnotherProblemIsRefused) {
  const Problem p = single_vacancy_problem("triangle6", "a6", true);
  const PegPuzzle puzzle(p.board, p.finishes, p.board.symmetries().stabiliser({p.start, p.finishes}));
  const TempDir dir;
  const StreamedOptions o{.dir = dir.str(), .problem = "resume", .memory_bytes = 1 << 20};
  const StreamedAnalysis whole = StreamedLayers<PegPuzzle>(puzzle, o).run(p.start);
  const TempDir stopped_dir;
  StreamedOptions stopped = o;
  stopped.dir = stopped_dir.str();
  stopped.max_steps = 9;  // as if stopped during step 9
  EXPECT_FALSE(StreamedLayers<PegPuzzle>(puzzle, stopped).run(p.start).complete);
  stopped.max_steps = 4;  // then stopped again, four steps further
  EXPECT_FALSE(StreamedLayers<PegPuzzle>(puzzle, stopped).run(p.start).complete);
  stopped.max_steps = ~std::size_t{0};
  const StreamedAnalysis resumed = StreamedLayers<PegPuzzle>(puzzle, stopped).run(p.start);
  EXPECT_TRUE(resumed.complete);
  ASSERT_EQ(resumed.layers.size(), whole.layers.size());
  for (std::size_t d = 0; d < whole.layers.size(); ++d) {
    EXPECT_EQ(resumed.layers[d].total, whole.layers[d].total);
    EXPECT_EQ(resumed.layers[d].alive_total, whole.layers[d].alive_total);
    EXPECT_EQ(to_decimal(resumed.layers[d].games), to_decimal(whole.layers[d].games));
  }
  StreamedOptions other = o;
  other.problem = "another";
  EXPECT_THROW(StreamedLayers<PegPuzzle>(puzzle, other).run(p.start), DataError);
}

// Layers held in memory give the same analysis as layers on disk (with one thread or two) and
// write nothing; with a limit the layers pass midway, the job writes what it holds and goes on
// on disk, to the same files.
TEST(StreamedLayers, LayersHeldInMemoryGiveTheSameAnalysisAndSpillToTheSameFiles) {
  for (const Problem& p : {single_vacancy_problem("triangle6", "a6", true), english_sub_problem()}) {
    const PegPuzzle puzzle(p.board, p.finishes, p.board.symmetries().stabiliser({p.start, p.finishes}));
    const auto run = [&](const TempDir& dir, std::size_t held) {
      StreamedLayers<PegPuzzle> streamed(
          puzzle, {.dir = dir.str(), .problem = "held", .memory_bytes = 64 << 20, .memory_layers_bytes = held});
      StreamedAnalysis a = streamed.run(p.start);
      std::vector<std::uint64_t> states, all;
      std::vector<uint128> counts, all_counts;
      const StateFileReader last = streamed.layer_with_counts(a.layers.size() - 1);
      for (std::size_t b = 0; b < last.blocks(); ++b) {
        last.read_block(b, states, &counts);
        all.insert(all.end(), states.begin(), states.end());
        all_counts.insert(all_counts.end(), counts.begin(), counts.end());
      }
      return std::tuple{a, all, all_counts};
    };
    const TempDir disk_dir, memory_dir, spilled_dir;
    const auto [disk, disk_last, disk_counts] = run(disk_dir, 0);
    const auto [memory, memory_last, memory_counts] = run(memory_dir, std::size_t{1} << 30);
    const auto [spilled, spilled_last, spilled_counts] = run(spilled_dir, 64 << 10);
    const TempDir one_thread_dir;
    const auto one_thread = [&] {
      const tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
      return run(one_thread_dir, std::size_t{1} << 30);
    }();
    EXPECT_EQ(memory.disk_bytes, 0u) << p.board.name();
    EXPECT_GT(memory.memory_bytes, 0u) << p.board.name();
    EXPECT_EQ(spilled.memory_bytes, 0u) << p.board.name();
    for (const StreamedAnalysis* a : {&memory, &spilled, &std::get<0>(one_thread)}) {
      ASSERT_EQ(a->layers.size(), disk.layers.size()) << p.board.name();
      for (std::size_t d = 0; d < disk.layers.size(); ++d) {
        const StreamedLayer &x = disk.layers[d], &y = a->layers[d];
        EXPECT_EQ(std::tuple(x.canonical, x.total, x.dead_canonical, x.dead_total, x.first_dead, x.alive_canonical,
                             x.alive_total, to_decimal(x.games)),
                  std::tuple(y.canonical, y.total, y.dead_canonical, y.dead_total, y.first_dead, y.alive_canonical,
                             y.alive_total, to_decimal(y.games)))
            << p.board.name() << " depth " << d;
      }
    }
    EXPECT_EQ(memory_last, disk_last);
    EXPECT_EQ(spilled_last, disk_last);
    EXPECT_TRUE(memory_counts == disk_counts);
    EXPECT_TRUE(spilled_counts == disk_counts);
    EXPECT_EQ(std::get<1>(one_thread), disk_last);
    EXPECT_TRUE(std::get<2>(one_thread) == disk_counts);
    // Every set file of the disk run is in the spilled run's directory, byte for byte.
    int compared = 0;
    for (const auto& entry : std::filesystem::directory_iterator(disk_dir.str())) {
      const std::string name = entry.path().filename().string();
      if (!name.ends_with(".states") && !name.ends_with(".counts")) continue;
      EXPECT_EQ(testing::read_bytes(spilled_dir.file(name)), testing::read_bytes(entry.path().string()))
          << p.board.name() << " " << name;
      ++compared;
    }
    EXPECT_GT(compared, 10);
  }
}

// The partitioned sums against a plain map: skewed states, weights past 2^64, many threads, a
// budget that the tables pass (full) and one they fit.
TEST(StreamedLayersPartitionedCounts, SumsEqualAPlainMapInIncreasingOrder) {
  std::mt19937_64 random(7);
  std::vector<std::pair<std::uint64_t, uint128>> pairs;
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t state = 1 + (random() % 3 == 0 ? random() % 5000 : random() >> (random() % 40));
    const uint128 weight = random() % 100 == 0 ? (static_cast<uint128>(random()) << 64) | random() : random() % 1000;
    pairs.emplace_back(state, weight);
  }
  std::map<std::uint64_t, uint128> expected;
  for (const auto& [s, w] : pairs) expected[s] += w;
  std::vector<std::uint64_t> sample;
  for (std::size_t i = 0; i < pairs.size(); i += 7) sample.push_back(pairs[i].first);
  std::sort(sample.begin(), sample.end());

  PartitionedCounts counts(std::size_t{64} << 20);
  counts.start(sample, expected.size());
  tbb::parallel_for(std::size_t{0}, pairs.size(),
                    [&](std::size_t i) { counts.local().add(pairs[i].first, pairs[i].second); });
  counts.flush();
  ASSERT_FALSE(counts.full());
  const std::size_t n = counts.sort();
  ASSERT_EQ(n, expected.size());
  // Sorted positions at and above states in the sets and between them, as the map counts them.
  std::vector<std::uint64_t> states;
  for (const auto& entry : expected) states.push_back(entry.first);
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t s = i % 2 ? pairs[random() % pairs.size()].first : 1 + (random() >> (random() % 40));
    const auto at = static_cast<std::size_t>(std::lower_bound(states.begin(), states.end(), s) - states.begin());
    const auto above = static_cast<std::size_t>(std::upper_bound(states.begin(), states.end(), s) - states.begin());
    ASSERT_EQ(counts.sorted_position(s, false), at) << s;
    ASSERT_EQ(counts.sorted_position(s, true), above) << s;
  }
  auto it = expected.begin();
  std::size_t seen = 0;
  counts.for_each_sorted(0, n, [&](const PartitionedCounts::Slot& slot) {
    ASSERT_EQ(slot.state, it->first);
    EXPECT_EQ(to_decimal(slot.count()), to_decimal(it->second));
    ++it, ++seen;
  });
  EXPECT_EQ(seen, n);
  // A window in the middle, as the parallel block writer reads it.
  std::vector<std::uint64_t> window;
  counts.for_each_sorted(n / 3, 1000, [&](const PartitionedCounts::Slot& slot) { window.push_back(slot.state); });
  EXPECT_EQ(window.front(), states[n / 3]);
  EXPECT_EQ(window.size(), 1000U);

  PartitionedCounts small(std::size_t{1} << 20);  // far too small for these states
  small.start(sample, expected.size());
  for (const auto& [s, w] : pairs) small.local().add(s, w);
  small.flush();
  EXPECT_TRUE(small.full());
}

// The high parts of sums past 2^64 take memory only where they come, and it counts against the
// budget: the same states fit with low weights and overfill when every weight has a high part.
TEST(StreamedLayersPartitionedCounts, HighPartsCountAgainstTheBudget) {
  std::vector<std::uint64_t> states(100000);
  for (std::size_t i = 0; i < states.size(); ++i) states[i] = 1 + 3 * i;
  std::vector<std::uint64_t> sample;
  for (std::size_t i = 0; i < states.size(); i += 7) sample.push_back(states[i]);
  const auto fills = [&](uint128 weight) {
    PartitionedCounts counts(std::size_t{9} << 19);  // tables of 3.4 MiB: 16-byte cells fit, 24-byte ones do not
    counts.start(sample, states.size());
    for (const std::uint64_t s : states) counts.local().add(s, weight);
    counts.flush();
    return !counts.full();
  };
  EXPECT_TRUE(fills(5));
  EXPECT_FALSE(fills(static_cast<uint128>(1) << 64 | 5));
}

// A sample of neighbours finds a state once per way into it: weighed 1/k, a state found k times
// counts once, and the tables fit where the unweighted sample (the low half found four times as
// often as the high half) sizes the high half's tables too small and they grow past the budget.
TEST(StreamedLayersPartitionedCounts, AWeightedSampleSizesTheTablesOfStatesFoundManyTimes) {
  std::vector<std::uint64_t> states(100000);
  for (std::size_t i = 0; i < states.size(); ++i) states[i] = 1 + 3 * i;
  std::vector<std::uint64_t> sample;
  std::vector<float> weights;
  for (std::size_t i = 0; i < states.size(); i += 7) {
    const int found = i < states.size() / 2 ? 4 : 1;
    for (int k = 0; k < found; ++k) sample.push_back(states[i]), weights.push_back(1.0F / static_cast<float>(found));
  }
  const auto fits = [&](std::span<const float> w) {
    PartitionedCounts counts(std::size_t{4} << 20);  // tables of 3 MiB: the states at 16 bytes with room to spare
    counts.start(sample, states.size(), w);
    for (const std::uint64_t s : states) counts.local().add(s, 1);
    counts.flush();
    return !counts.full();
  };
  EXPECT_TRUE(fits(weights));
  EXPECT_FALSE(fits({}));
}

// One thread and two write the same files.
TEST(StreamedLayers, OneThreadAndTwoWriteTheSameFiles) {
  const Problem p = english_sub_problem();
  const PegPuzzle puzzle(p.board, p.finishes, p.board.symmetries().stabiliser({p.start, p.finishes}));
  std::vector<std::string> files[2];
  for (int threads = 1; threads <= 2; ++threads) {
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    const TempDir dir;
    StreamedLayers<PegPuzzle>(puzzle, {.dir = dir.str(), .problem = "threads", .memory_bytes = std::size_t{1} << 20})
        .run(p.start);
    std::vector<std::filesystem::path> names;
    for (const auto& e : std::filesystem::directory_iterator(dir.str())) names.push_back(e.path());
    std::sort(names.begin(), names.end());
    for (const auto& name : names)
      files[threads - 1].push_back(name.filename().string() + testing::read_bytes(name.string()));
  }
  EXPECT_GT(files[0].size(), 10U);
  EXPECT_EQ(files[0], files[1]);
}

// Without path counts (a meeting's halves): the same states in every layer, no counts file, a
// tiny budget's ranges included; the two kinds of layers are named apart, so neither resumes
// from the other's files.
TEST(StreamedLayers, LayersWithoutPathCountsHoldTheSameStates) {
  const Problem p = english_sub_problem();
  const PegPuzzle puzzle(p.board, p.finishes, p.board.symmetries().stabiliser({p.start, p.finishes}));
  const TempDir with, without;
  const StreamedOptions counted{.dir = with.str(), .problem = "paths", .memory_bytes = std::size_t{1} << 20};
  StreamedOptions bare = counted;
  bare.dir = without.str(), bare.path_counts = false;
  {
    StreamedLayers<PegPuzzle> a(puzzle, counted), b(puzzle, bare);
    const std::size_t deepest = a.forward_to({p.start}, 64);
    ASSERT_EQ(b.forward_to({p.start}, 64), deepest);
    ASSERT_GT(deepest, 10U);
    const auto all = [](const StateFileReader& r) {
      std::vector<std::uint64_t> states, block;
      for (std::size_t i = 0; i < r.blocks(); ++i)
        r.read_block(i, block), states.insert(states.end(), block.begin(), block.end());
      return states;
    };
    for (std::size_t d = 0; d <= deepest; ++d) {
      EXPECT_EQ(all(a.layer(d)), all(b.layer(d))) << "depth " << d;
      const std::string name = "layer-" + std::string(d < 10 ? "0" : "") + std::to_string(d) + ".counts";
      EXPECT_FALSE(std::filesystem::exists(without.file(name))) << "depth " << d;
    }
  }
  StreamedOptions mixed = counted;
  mixed.path_counts = false;
  EXPECT_THROW(StreamedLayers<PegPuzzle>(puzzle, mixed).forward_to({p.start}, 64), DataError);
}

// The set builder against std::set: states added many times from both threads, less earlier
// sets; and the states an expansion would add that lie in a target, without storing them.
TEST(StreamedLayersLayerSet, BuildsLessEarlierSetsAndFindsAnExpansionWithinATarget) {
  std::mt19937_64 random(7);
  const auto random_set = [&](std::size_t n, std::uint64_t range) {
    LayerSet::Builder b;
    std::set<std::uint64_t> plain;
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t s = random() % range;
      b.add(s), plain.insert(s);
    }
    return std::pair{b.build(), plain};
  };
  const auto [earlier, earlier_plain] = random_set(20'000, 100'000);
  const auto [target, target_plain] = random_set(50'000, 400'000);
  const std::vector<LayerSet> minus = {earlier, target};
  // Each state of `earlier` adds 40 states (many of them several times, from both threads).
  const auto expand = [](std::uint64_t s, auto& sink) {
    for (std::uint64_t k = 0; k < 40; ++k) sink.add((s * 7 + k * k) % 400'000);
  };
  std::set<std::uint64_t> added;
  for (const std::uint64_t s : earlier_plain) {
    struct Plain {
      std::set<std::uint64_t>& out;
      void add(std::uint64_t x) { out.insert(x); }
    } sink{added};
    expand(s, sink);
  }
  std::vector<std::uint64_t> expected_less, expected_within;
  for (const std::uint64_t s : added) {
    if (!earlier_plain.count(s) && !target_plain.count(s)) expected_less.push_back(s);
    if (target_plain.count(s)) expected_within.push_back(s);
  }
  ASSERT_FALSE(expected_less.empty());
  ASSERT_FALSE(expected_within.empty());
  const auto sorted = [](const LayerSet& l) {
    std::vector<std::uint64_t> v = l.states();
    std::sort(v.begin(), v.end());
    return v;
  };
  for (const int threads : {1, 2}) {
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    const LayerSet next = earlier.expand(expand, minus);
    EXPECT_EQ(sorted(next), expected_less) << threads << " thread(s)";
    for (const std::uint64_t s : expected_less) ASSERT_TRUE(next.contains(s));
    EXPECT_EQ(sorted(earlier.expand_within(target, expand)), expected_within) << threads << " thread(s)";
    // Within a byte budget: the same set when it fits, none when it does not.
    const auto fits = earlier.try_expand(expand, minus, 64 * expected_less.size() + (1 << 20));
    ASSERT_TRUE(fits.has_value());
    EXPECT_EQ(sorted(*fits), expected_less);
    EXPECT_FALSE(earlier.try_expand(expand, minus, 8 * expected_less.size()).has_value())
        << "the set and its buckets take twice that while it is joined";
    EXPECT_FALSE(earlier.try_expand(expand, minus, 4096).has_value());
  }
}

TEST(StreamedLayersBlockFile, RefusesAlteredBytes) {
  const TempDir dir;
  std::filesystem::create_directories(dir.str());
  const std::string path = dir.file("f.states");
  StateFileWriter w(path, "", "header");
  for (std::uint64_t s = 1; s < 20000; s += 3) w.add(s);
  w.finish();
  {
    const StateFileReader r(path);
    EXPECT_EQ(r.size(), 6667U);
    EXPECT_TRUE(r.contains(4));
    EXPECT_FALSE(r.contains(5));
    EXPECT_TRUE(r.contains(19999));
  }
  std::string bytes = testing::read_bytes(path);
  auto write = [&](const std::string& b) { std::ofstream(path, std::ios::binary | std::ios::trunc) << b; };
  std::string altered = bytes;
  altered[100] ^= 1;  // inside the first block
  write(altered);
  {
    const StateFileReader r(path);  // the index is intact
    std::vector<std::uint64_t> states;
    EXPECT_THROW(r.read_block(0, states), DataError);
  }
  altered = bytes;
  altered[altered.size() - 50] ^= 1;  // the index
  write(altered);
  EXPECT_THROW(StateFileReader{path}, DataError);
  write(bytes.substr(0, bytes.size() / 2));
  EXPECT_THROW(StateFileReader{path}, DataError);
  EXPECT_FALSE(block_file_ok(path));
}

}  // namespace
}  // namespace gs
