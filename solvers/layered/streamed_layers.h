// Layer-by-layer analysis of every state reachable from a start, with the layers on disk, so
// memory follows a fixed budget instead of the size of the tree. The same results as the
// in-memory passes of layered_search.h and game_statistics.h (the tests compare them), for
// puzzles whose every move goes one layer down (LayeredPuzzle), states canonical under a group
// that fixes the start and the goal set.
//
// Forward, depth d to d + 1: stream layer d (states and counts, sorted, compressed; see
// state_file.h), and add every canonical child to PartitionedCounts with the weight
//     orbit(P) = the number of move sequences from the start into the whole orbit of P.
// A child C then sums to orbit(C) exactly: a move from g.P into the orbit of C is g applied to a
// move from P into it, so each canonical parent stands for its orbit, and the paths to any one
// state of C's orbit are orbit(C) / |orbit of C|. The same pass counts layer d's states in all
// (orbit sizes, read off the images that canonicalise the children), its dead ends (no move) and
// the games that end in them (their orbit sums). When layer d + 1 will not fit the tables, its
// states are split into ranges of state values, cut at quantiles of a sample of children (each
// weighted by the inverse of its ways in from layer d, so that every state counts once), and
// layer d is streamed once per range; a range that overfills the tables anyway is cut again,
// with the rest of the layer, into more, smaller ranges (in_ranges); the ranges written stay.
//
// Backward, from the deepest layer: alive d = the states of layer d that are goals or parents of
// alive d + 1. The parents of alive d + 1 go into the tables (range by range, cut the same way at
// quantiles of a sample of parents), then layer d is streamed in order and filtered, so alive d
// comes out sorted without a sort.
//
// Files (in one directory; each written whole and renamed into place, so a stopped job resumes
// after its last finished step): layer-DD.states, layer-DD.counts (deleted once the next step no
// longer needs them, except the last layer's), layer-DD.stats after step DD is done,
// alive-DD.states and alive-DD.stats. Every file names its problem; files of another one are
// refused, and so are statistics whose counts disagree with the states files beside them. One job
// at a time holds the directory (directory_lock.h); it starts by removing what a killed job left:
// temporaries no live writer holds, and counts files that a finished step no longer needs.
// Without a directory to resume from, the same sets and statistics can stay in memory while they
// fit a limit (layer_store.h): nothing is then encoded, checked or written, and a job that
// outgrows the limit writes what it holds and goes on on disk.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>
#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "engine/core/game_symmetry.h"
#include "engine/core/uint128.h"
#include "solvers/common/hash.h"
#include "solvers/io/directory_lock.h"
#include "solvers/io/stale_temporaries.h"
#include "solvers/layered/layer_set_store.h"
#include "solvers/layered/layered_puzzle.h"
#include "solvers/layered/layered_search.h"
#include "solvers/layered/partitioned_counts.h"
#include "solvers/layered/state_file.h"

namespace gs {

struct StreamedOptions {
  std::string dir;                                  // the layer files
  std::string problem;                              // names the problem in every file (board, start, goals, group)
  std::size_t memory_bytes = std::size_t{4} << 30;  // for the tables of the layer being built
  LayerProgress* progress = nullptr;
  std::size_t max_steps = ~std::size_t{0};  // forward steps this run may take (a stopped run resumes)
  bool durable = true;  // files synced to disk as they are finished (not needed for a scratch directory)
  bool locked = false;  // the caller holds the directory's lock (directory_lock.h) for the whole job
  // Layers held in memory, not written to `dir`, while they take at most this many bytes; past
  // it they are written out and the job goes on on disk (layer_store.h). 0: on disk from the
  // start (a directory to resume from).
  std::size_t memory_layers_bytes = 0;
  // Children the puzzle proves cannot reach a goal (cannot_finish, where it has one) are left
  // out of the layers. The states that can reach a goal are the same; the layers and their
  // statistics then count only the states kept. For passes that need no more (forward_to).
  bool prune = false;
  // Path counts (orbit sums) in the layers and their statistics. Without them (a meeting of two
  // halves needs only the states) the layers are states alone, the games are not counted, and
  // the tables hold twice as many states within the same budget (partitioned_counts.h).
  bool path_counts = true;
};

struct StreamedLayer {
  std::uint64_t canonical = 0, total = 0;              // states up to symmetry, counted separately
  std::uint64_t dead_canonical = 0, dead_total = 0;    // of them, dead ends (no move)
  uint128 games = 0;                                   // move sequences from the start ending here
  std::uint64_t first_dead = 0;                        // the least canonical dead end (dead_canonical > 0)
  std::uint64_t alive_canonical = 0, alive_total = 0;  // states from which a goal is reachable
  std::uint64_t bytes = 0;                             // on disk (states, and counts while kept)
  int ranges = 1;                                      // passes over the layer above that built it
};

struct StreamedAnalysis {
  bool complete = false;  // false: stopped by max_steps, only what is done is reported (nothing)
  std::vector<StreamedLayer> layers;
  bool overflow = false;           // a count passed 2^128: the counts are not exact
  std::uint64_t disk_bytes = 0;    // the files at the end
  std::uint64_t memory_bytes = 0;  // the layers held in memory at the end (none once on disk)
};

namespace streamed_detail {

inline std::string name(const std::string& dir, const char* kind, std::size_t d, const char* ext) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%s-%02zu.%s", kind, d, ext);
  return (std::filesystem::path(dir) / buf).string();
}

inline std::string header(const StreamedOptions& o, const char* kind, std::size_t d) {
  const std::string_view k = kind;
  if (k != "layer" && k != "alive")  // a later pass's table: its values are the pass's own
    return nlohmann::json{{"problem", o.problem}, {"kind", kind}, {"depth", d}}.dump();
  return nlohmann::json{
      {"problem", o.problem}, {"kind", kind}, {"depth", d}, {"counts", o.path_counts ? "orbit sums" : "none"}}
      .dump();
}

inline void check_header(const std::string& path, const std::string& found, const std::string& expected) {
  if (found != expected)
    throw DataError(path + " belongs to another analysis (" + found + ", expected " + expected +
                    "): use another directory");
}

// A step's statistics, refused (DataError) when they are another problem's or not what the
// toolkit writes: every count an unsigned number, the games a decimal string.
inline nlohmann::json read_stats(const LayerSetStore& store, const std::string& path, const StreamedOptions& o,
                                 const char* kind, std::size_t d) {
  const bool layer = std::string_view(kind) == "layer";
  try {
    nlohmann::json j = nlohmann::json::parse(store.read_text(path));
    check_header(path, j.at("header").get<std::string>(), header(o, kind, d));
    const std::vector<const char*> counts =
        layer ? std::vector<const char*>{"canonical", "total", "dead_canonical", "dead_total", "first_dead", "ranges"}
              : std::vector<const char*>{"canonical", "total"};
    for (const char* key : counts)
      if (!j.contains(key) || !j[key].is_number_unsigned()) throw DataError(path + ": no count '" + key + "'");
    if (layer) {
      const auto& games = j.at("games").get_ref<const std::string&>();
      if (games.empty() || games.size() > 39 || games.find_first_not_of("0123456789") != std::string::npos)
        throw DataError(path + ": 'games' is not a count");
      if (!j.at("overflow").is_boolean()) throw DataError(path + ": 'overflow' is not true or false");
    }
    return j;
  } catch (const nlohmann::json::exception&) {
    throw DataError(path + ": damaged statistics (not the JSON this toolkit writes)");
  }
}

// The decimal digits read_stats checked; DataError past 2^128 (only a forged file gets there).
inline uint128 parse_u128(const std::string& s) {
  uint128 v = 0;
  for (const char c : s)
    if (__builtin_mul_overflow(v, uint128{10}, &v) || __builtin_add_overflow(v, uint128(c - '0'), &v))
      throw DataError("a game count in the statistics passes 2^128 (altered)");
  return v;
}

// A sorted sample of a layer's states with a weight each (StreamedLayers::sample says which);
// below[i] is the weight of states[0, i).
struct WeightedSample {
  std::vector<std::uint64_t> states;
  std::vector<float> weights;  // empty: every state weighs 1
  std::vector<double> below;
  bool empty() const { return states.empty(); }
  void sum() {
    below.assign(states.size() + 1, 0.0);
    for (std::size_t i = 0; i < states.size(); ++i) below[i + 1] = below[i] + (weights.empty() ? 1.0 : weights[i]);
  }
  std::size_t first_at_or_above(std::uint64_t state) const {
    return static_cast<std::size_t>(std::lower_bound(states.begin(), states.end(), state) - states.begin());
  }
  // The first index from `from` on whose states up to and including it weigh at least `w`.
  std::size_t at_weight(std::size_t from, double w) const {
    const auto it = std::lower_bound(below.begin() + static_cast<std::ptrdiff_t>(from) + 1, below.end(), w);
    return std::min(states.size() - 1, static_cast<std::size_t>(it - below.begin()) - 1);
  }
};

}  // namespace streamed_detail

// What the streamed passes need beyond a layered puzzle: the canonical children with the
// parent's orbit size, and the canonical parents, each in any order.
template <class P>
concept StreamedPuzzle = LayeredPuzzle<P> && requires(const P& p, typename P::Position s) {
  {
    p.for_each_canonical_move_in_orbit(s, [](typename P::Move, typename P::Position) {})
    } -> std::convertible_to<int>;
  p.for_each_canonical_unmove_unordered(s, [](typename P::Move, typename P::Position) {});
};

template <StreamedPuzzle P>
class StreamedLayers {
 public:
  StreamedLayers(const P& puzzle, StreamedOptions options)
      : puzzle_(puzzle),
        o_(std::move(options)),
        // The directory exists either way (a locked caller's may be a folder inside its own).
        lock_(o_.locked ? (created(o_.dir), std::nullopt)
                        : std::optional<DirectoryLock>(std::in_place, created(o_.dir))),
        store_(o_.memory_layers_bytes, o_.durable),
        counts_(o_.memory_bytes, {.weights = o_.path_counts}) {
    remove_stale_temporaries(o_.dir);  // a killed job's: no live writer holds them while we hold the directory
  }

  // Every step not already on disk, forward then backward; then the statistics from the files.
  StreamedAnalysis run(typename P::Position start) { return run(std::vector<typename P::Position>{start}); }
  // From several starts at once (all with as many pieces): layer 0 holds their canonical forms,
  // each counted once per start it stands for, so counts sum over the starts. The group must
  // fix the set of starts.
  StreamedAnalysis run(const std::vector<typename P::Position>& starts) {
    std::size_t d = 0, steps = 0;
    // The start layer is its states and its counts, renamed one after the other.
    if (!store_.exists(stats_path(0)) && !start_written()) write_start(starts);
    while (true) {
      if (store_.exists(stats_path(d))) {
        check_stats(d);  // refuses another problem's files, and counts that are not the files'
      } else {
        if (steps++ == o_.max_steps) {
          store_.spill_if_over(0);  // what is done stays done
          return StreamedAnalysis{};
        }
        forward(d);
        store_.spill_if_over(o_.memory_layers_bytes);
      }
      if (o_.progress) o_.progress->depth = static_cast<int>(d);
      if (store_.reader(states(d + 1)).size() == 0) break;
      // A step killed after its statistics, before it deleted the counts it no longer needed.
      if (d > 0) store_.remove(counts(d));
      ++d;
    }
    const std::size_t deepest = d;
    for (std::size_t a = deepest + 1; a-- > 0;)
      if (store_.exists(alive_stats_path(a))) {
        check_alive_stats(a);
      } else {
        backward(a, deepest);
        store_.spill_if_over(o_.memory_layers_bytes);
      }
    return collect(deepest);
  }

  // Forward steps alone, from the starts until layer `depth` is built (steps already done are
  // checked, not redone); no alive sets. Returns the deepest layer built: `depth`, or less when
  // a layer has no children.
  std::size_t forward_to(const std::vector<typename P::Position>& starts, std::size_t depth) {
    if (!store_.exists(stats_path(0)) && !start_written()) write_start(starts);
    for (std::size_t d = 0; d < depth; ++d) {
      if (store_.exists(stats_path(d))) {
        check_stats(d);
      } else {
        forward(d);
        store_.spill_if_over(o_.memory_layers_bytes);
      }
      if (o_.progress) o_.progress->depth = static_cast<int>(d + 1);
      if (store_.reader(states(d + 1)).size() == 0) return d;
    }
    return depth;
  }
  // Gives back the memory of the tables that build layers (another job may need it meanwhile).
  void release_tables() { counts_.release(); }
  // Where this job reports its progress (none: nullptr); later passes over its layers may add to it.
  LayerProgress* progress() const { return o_.progress; }

  // The states of layer d (for tracing lines back).
  StateFileReader layer(std::size_t d) const { return store_.reader(states(d)); }
  // The states of layer d from which a goal is reachable (after run()).
  StateFileReader alive(std::size_t d) const { return open(alive_states(d), "", "alive", d); }

  // Tables of later passes over the alive sets (fewest moves: `kind` "fewest"), one a depth,
  // kept where the layers are: in memory while they fit the limit, else beside the layer files
  // (so a stopped pass resumes after its last whole table). A table's value is its count.
  bool has_table(const char* kind, std::size_t d) const {
    return store_.whole(table_path(kind, d, "states")) && store_.whole(table_path(kind, d, "values"));
  }
  StateFileWriter table_writer(const char* kind, std::size_t d) {
    store_.spill_if_over(o_.memory_layers_bytes);
    return store_.writer(table_path(kind, d, "states"), table_path(kind, d, "values"),
                         streamed_detail::header(o_, kind, d));
  }
  StateFileReader table(const char* kind, std::size_t d) const {
    return open(table_path(kind, d, "states"), table_path(kind, d, "values"), kind, d);
  }
  // Layer d's states with their orbit sums (move sequences from the start into the state's whole
  // orbit), while its counts file is kept (the last layer's is).
  StateFileReader layer_with_counts(std::size_t d) const { return store_.reader(states(d), counts(d)); }

 private:
  std::string states(std::size_t d) const { return streamed_detail::name(o_.dir, "layer", d, "states"); }
  std::string counts(std::size_t d) const { return streamed_detail::name(o_.dir, "layer", d, "counts"); }
  bool start_written() const { return store_.whole(states(0)) && (!o_.path_counts || store_.whole(counts(0))); }
  // Layer d's counts file, or none (states alone) without path counts.
  std::string counts_of(std::size_t d) const { return o_.path_counts ? counts(d) : std::string(); }
  std::string stats_path(std::size_t d) const { return streamed_detail::name(o_.dir, "layer", d, "stats"); }
  std::string alive_states(std::size_t d) const { return streamed_detail::name(o_.dir, "alive", d, "states"); }
  std::string alive_stats_path(std::size_t d) const { return streamed_detail::name(o_.dir, "alive", d, "stats"); }
  std::string table_path(const char* kind, std::size_t d, const char* ext) const {
    return streamed_detail::name(o_.dir, kind, d, ext);
  }

  static const std::string& created(const std::string& dir) {
    std::filesystem::create_directories(dir);
    return dir;
  }

  // A step's statistics against the states file they describe (every count is a sum over its
  // states, so none can be below their number or above |group| times it); a layer's dead ends
  // besides, within the layer.
  void check_stats(std::size_t d) const { check_counts(stats_path(d), states(d), "layer", d); }
  void check_alive_stats(std::size_t d) const { check_counts(alive_stats_path(d), alive_states(d), "alive", d); }
  void check_counts(const std::string& stats, const std::string& states_file, const char* kind, std::size_t d) const {
    const nlohmann::json j = streamed_detail::read_stats(store_, stats, o_, kind, d);
    const std::uint64_t n = open(states_file, "", kind, d).size(), order = puzzle_.symmetries().order();
    const auto count = [&](const char* key) { return j.at(key).get<std::uint64_t>(); };
    const std::uint64_t total = count("total");
    bool fits = count("canonical") == n && total >= n && total <= n * order;
    if (std::string_view(kind) == "layer") {
      const std::uint64_t dead = count("dead_canonical"), dead_total = count("dead_total");
      fits = fits && dead <= n && dead_total >= dead && dead_total <= dead * order && dead_total <= total &&
             (d != 0 || n >= 1);
    }
    if (!fits)
      throw DataError(stats + ": its counts disagree with " + states_file + " (altered): use another directory");
  }

  StateFileReader open(const std::string& path, const std::string& counts_path, const char* kind, std::size_t d) const {
    StateFileReader r = store_.reader(path, counts_path);
    streamed_detail::check_header(path, r.header(), streamed_detail::header(o_, kind, d));
    return r;
  }

  void write_start(const std::vector<typename P::Position>& starts) {
    std::vector<typename P::Position> canonical;
    canonical.reserve(starts.size());
    for (const auto s : starts) canonical.push_back(puzzle_.canonical(s));
    std::sort(canonical.begin(), canonical.end());
    StateFileWriter w = store_.writer(states(0), counts_of(0), streamed_detail::header(o_, "layer", 0));
    for (std::size_t i = 0; i < canonical.size();) {
      std::size_t j = i;
      while (j < canonical.size() && canonical[j] == canonical[i]) ++j;
      w.add(canonical[i], j - i);
      i = j;
    }
    w.finish();
  }

  // A sorted sample of the neighbours (children or parents, by `neighbours`) of the states of
  // `from`: those of 64 states spread over each of up to 4,096 blocks spread over the file. A
  // sample of a few whole blocks would not do: the neighbours of a block's states, which are
  // close in value, crowd into a few regions of the next layer.
  template <class Neighbours>
  streamed_detail::WeightedSample sample(const StateFileReader& from, Neighbours&& neighbours) const {
    streamed_detail::WeightedSample out;
    const std::size_t step = std::max<std::size_t>(1, from.blocks() / 4096);
    std::vector<std::vector<std::uint64_t>> found((from.blocks() + step - 1) / step);
    tbb::parallel_for(std::size_t{0}, found.size(), [&](std::size_t k) {
      const std::span<const std::uint64_t> block = from.view_block(k * step, buffers_.local()).states;
      const std::size_t stride = std::max<std::size_t>(1, block.size() / 64);
      for (std::size_t i = 0; i < block.size(); i += stride)
        neighbours(block[i], [&](typename P::Move, typename P::Position n) { found[k].push_back(n); });
    });
    for (const auto& f : found) out.states.insert(out.states.end(), f.begin(), f.end());
    tbb::parallel_sort(out.states.begin(), out.states.end());
    return out;
  }

  // The same sample with weights, `back` listing the neighbours the other way. A state with k
  // ways in from `from` (pairs of a state there and a move) is found k times as often as one with
  // a single way in, while a table holds each state once; unweighted, the states with few ways in
  // were undercounted (on the English board the lowest quarter of a layer's values held a quarter
  // more states than its share of the sample) and the first range of a layer overfilled. So a
  // state weighs 1/k: k counted for 1 in 16 of the distinct states (chosen by a hash), each state
  // found weighing the mean 1/k of the counted ones in its run of the sample (1,024 runs). k
  // drifts slowly with the value, and counting every state's k cost more than it saved.
  template <class Neighbours, class Back>
  streamed_detail::WeightedSample sample(const StateFileReader& from, Neighbours&& neighbours, Back&& back) const {
    streamed_detail::WeightedSample out = sample(from, neighbours);
    const std::size_t n = out.states.size(), runs = std::max<std::size_t>(1, std::min<std::size_t>(1024, n));
    const auto counted = [](std::uint64_t state) { return mix64(state) % 16 == 0; };
    std::vector<std::uint64_t> measured;
    for (std::size_t i = 0; i < n; ++i)
      if ((i == 0 || out.states[i] != out.states[i - 1]) && counted(out.states[i])) measured.push_back(out.states[i]);
    const std::vector<std::uint32_t> ways = ways_in(from, measured, back);
    // The mean 1/k of each run's counted states (of the whole sample's where a run has none).
    std::vector<double> sum(runs + 1, 0.0), count(runs + 1, 0.0);  // [runs]: the whole sample's
    for (std::size_t i = 0, m = 0; i < n; ++i) {
      if (!counted(out.states[i])) continue;
      while (measured[m] != out.states[i]) ++m;
      const double w = 1.0 / static_cast<double>(std::max<std::uint32_t>(1, ways[m]));
      for (const std::size_t r : {i * runs / n, runs}) sum[r] += w, count[r] += 1.0;
    }
    out.weights.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t r = count[i * runs / n] > 0 ? i * runs / n : runs;
      out.weights[i] = static_cast<float>(count[r] > 0 ? sum[r] / count[r] : 1.0);
    }
    return out;
  }

  // For each of `states` (sorted), its ways in from `from`: the neighbours `back` lists for it
  // that are states of `from`. The neighbours are sorted, so that each block of `from` that may
  // hold one is unpacked once and merged with them (blocks_for_keys).
  template <class Back>
  std::vector<std::uint32_t> ways_in(const StateFileReader& from, const std::vector<std::uint64_t>& states,
                                     Back&& back) const {
    struct Way {
      std::uint64_t state;
      std::uint32_t into;  // the index in `states` of the state it leads to
    };
    tbb::enumerable_thread_specific<std::vector<Way>> local;
    tbb::parallel_for(std::size_t{0}, states.size(), [&](std::size_t i) {
      auto& found = local.local();
      back(states[i], [&](typename P::Move, typename P::Position n) {
        found.push_back({n, static_cast<std::uint32_t>(i)});
      });
    });
    std::vector<Way> ways;
    for (const auto& f : local) ways.insert(ways.end(), f.begin(), f.end());
    tbb::parallel_sort(ways.begin(), ways.end(), [](const Way& x, const Way& y) { return x.state < y.state; });
    const auto blocks = blocks_for_keys(from, ways.size(), [&](std::size_t i) { return ways[i].state; });
    std::vector<std::uint32_t> count(states.size(), 0);
    tbb::parallel_for(std::size_t{0}, blocks.size(), [&](std::size_t j) {
      const std::span<const std::uint64_t> block = from.view_block(blocks[j].first, buffers_.local()).states;
      const std::size_t end = j + 1 < blocks.size() ? blocks[j + 1].second : ways.size();
      auto at = block.begin();
      for (std::size_t i = blocks[j].second; i < end; ++i) {
        at = std::lower_bound(at, block.end(), ways[i].state);
        if (at != block.end() && *at == ways[i].state)
          std::atomic_ref<std::uint32_t>(count[ways[i].into]).fetch_add(1, std::memory_order_relaxed);
      }
    });
    return count;
  }

  // A range that overfills the tables is built again, with the rest of the layer, from an
  // estimate half as large again: after 40 tries it has grown 10^7 times, past any layer, so the
  // budget itself is too small. The slack keeps tiny estimates moving.
  static constexpr int kMaxAttempts = 40;
  static constexpr std::uint64_t kEstimateSlack = 1024;

  // Builds a set of states in ranges of state values that each fit the tables: for each range
  // [lo, hi), fill(lo, hi) adds its states, emit(lo, hi) writes them. `estimate`: about how many
  // states in all; the ranges and the partitions of the tables are cut at weighted quantiles of
  // take_sample(ranges) (sorted; taken only when one partition is not enough; `ranges`: when one
  // range will not do, and the sample must then weigh its states as sample() says). A range that
  // overfills the tables is dropped, and the values from its start on are cut again into more,
  // smaller ranges (the estimate half as large again); the ranges already written stay. Returns
  // the number of ranges written.
  template <class Sample, class Fill, class Emit>
  int in_ranges(std::uint64_t estimate, Sample&& take_sample, Fill&& fill, Emit&& emit) {
    const std::uint64_t room = counts_.room();
    streamed_detail::WeightedSample sample;
    std::uint64_t from = 0;  // the values below are written
    int written = 0;
    for (int attempt = 0;; ++attempt) {
      if (attempt > kMaxAttempts) throw DataError("the memory budget (--memory) is too small for this layer");
      if (estimate > PartitionedCounts::kPartitionStates && sample.empty()) {
        sample = take_sample(estimate > room);
        sample.sum();
      }
      // The part of the sample, and of the estimate, from `from` on.
      const std::size_t rest = sample.first_at_or_above(from);
      const double left = sample.empty() ? 0.0 : sample.below.back() - sample.below[rest];
      const std::uint64_t rest_estimate =
          sample.empty() ? estimate
                         : static_cast<std::uint64_t>(static_cast<double>(estimate) * left / sample.below.back());
      const std::size_t parts = std::max<std::size_t>(1, (rest_estimate + room - 1) / room);
      std::vector<std::uint64_t> cuts;
      for (std::size_t i = 1; i < parts && left > 0; ++i) {
        const double w = sample.below[rest] + left * static_cast<double>(i) / static_cast<double>(parts);
        const std::uint64_t c = sample.states[sample.at_weight(rest, w)];
        if (c > from && (cuts.empty() || c > cuts.back())) cuts.push_back(c);
      }
      bool fits = true;
      for (std::size_t r = 0; r <= cuts.size() && fits; ++r) {
        const std::uint64_t lo = r == 0 ? from : cuts[r - 1], hi = r == cuts.size() ? ~std::uint64_t{0} : cuts[r];
        const std::size_t first = sample.first_at_or_above(lo), last = sample.first_at_or_above(hi);
        const std::span<const std::uint64_t> states(sample.states.data() + first, last - first);
        const std::span<const float> weights =
            sample.weights.empty() ? std::span<const float>{}
                                   : std::span<const float>(sample.weights.data() + first, last - first);
        counts_.start(states, rest_estimate / (cuts.size() + 1), weights);
        fill(lo, hi);
        counts_.flush();
        fits = !counts_.full();
        if (!fits) break;
        emit(lo, hi);
        ++written, from = hi;
      }
      if (fits) return written;
      estimate += estimate / 2 + kEstimateSlack;
    }
  }

  // Writes the n sorted states of the tables (after those already in `out`), with their counts
  // when `with_counts`. Whole blocks are encoded in parallel; the states around them go through
  // add(), so blocks fall as if every state had been added alone.
  void write_table(StateFileWriter& out, std::size_t n, bool with_counts) {
    constexpr std::size_t B = StateFileWriter::kBlockStates;
    if (out.in_memory()) {
      out.append(n, [&](std::uint64_t* st, uint128* ct) {
        tbb::parallel_for(std::size_t{0}, (n + B - 1) / B, [&](std::size_t b) {
          std::size_t i = b * B;
          counts_.for_each_sorted(i, std::min(B, n - i), [&](const PartitionedCounts::Slot& slot) {
            st[i] = slot.state;
            if (ct) ct[i] = with_counts ? slot.count() : 0;
            ++i;
          });
        });
      });
      return;
    }
    const auto add = [&](const PartitionedCounts::Slot& s) { out.add(s.state, with_counts ? s.count() : 0); };
    const std::size_t head = std::min(n, out.pending() == 0 ? 0 : B - out.pending());
    counts_.for_each_sorted(0, head, add);
    const std::size_t blocks = (n - head) / B;
    for (std::size_t first = 0; first < blocks; first += 256) {
      const std::size_t last = std::min(blocks, first + 256);
      std::vector<std::string> s(last - first), c(last - first);
      std::vector<std::uint64_t> ends(2 * (last - first));
      tbb::parallel_for(first, last, [&](std::size_t b) {
        std::vector<std::uint64_t> st;
        std::vector<uint128> ct;
        st.reserve(B), ct.reserve(B);
        counts_.for_each_sorted(head + b * B, B, [&](const PartitionedCounts::Slot& slot) {
          st.push_back(slot.state), ct.push_back(with_counts ? slot.count() : 0);
        });
        StateFileWriter::encode_block(st.data(), with_counts ? ct.data() : nullptr, B, s[b - first], c[b - first]);
        ends[2 * (b - first)] = st.front(), ends[2 * (b - first) + 1] = st.back();
      });
      for (std::size_t b = first; b < last; ++b)
        out.add_encoded(s[b - first], c[b - first], ends[2 * (b - first)], ends[2 * (b - first) + 1]);
    }
    counts_.for_each_sorted(head + blocks * B, n - head - blocks * B, add);
  }

  struct Sums {
    StreamedLayer layer;
    bool overflow = false;
    void add(const Sums& o) {
      if (o.layer.dead_canonical && (!layer.dead_canonical || o.layer.first_dead < layer.first_dead))
        layer.first_dead = o.layer.first_dead;
      layer.canonical += o.layer.canonical, layer.total += o.layer.total;
      layer.dead_canonical += o.layer.dead_canonical, layer.dead_total += o.layer.dead_total;
      if (__builtin_add_overflow(layer.games, o.layer.games, &layer.games)) overflow = true;
      overflow = overflow || o.overflow;
    }
  };

  // Layer d + 1 from layer d: each parent's canonical children with the parent's path count,
  // summed a child, in as many ranges of children as the counts' room needs; layer d's own
  // statistics (positions, orbits, dead ends, games ending there) on the way.
  void forward(std::size_t d) {
    const StateFileReader parents = open(states(d), counts_of(d), "layer", d);
    const auto children = [&](std::uint64_t s, auto&& f) { puzzle_.for_each_canonical_move(s, f); };
    std::optional<StateFileWriter> out;
    out.emplace(store_.writer(states(d + 1), counts_of(d + 1), streamed_detail::header(o_, "layer", d + 1)));
    Sums sums, first_pass;
    const int ranges = in_ranges(
        next_layer_estimate(parents, d),
        [&](bool ranges) {
          const auto back = [&](std::uint64_t s, auto&& f) { puzzle_.for_each_canonical_unmove_unordered(s, f); };
          return ranges ? sample(parents, children, back) : sample(parents, children);
        },
        [&](std::uint64_t lo, std::uint64_t hi) {
          // The layer's own statistics are counted in the first range's pass, and kept when that
          // range is written (a range can overfill as late as the last flush of its pass).
          if (lo == 0)
            first_pass = expand(parents, lo, hi, true);
          else
            expand(parents, lo, hi, false);
        },
        [&](std::uint64_t lo, std::uint64_t) {
          if (lo == 0) sums.add(first_pass);
          write_table(*out, counts_.sort(), o_.path_counts);
          if (counts_.overflow()) sums.overflow = true;
        });
    sums.layer.ranges = ranges;
    const std::uint64_t written = out->finish();
    out.reset();
    const std::uint64_t next_size = store_.reader(states(d + 1)).size();
    if (o_.progress) o_.progress->states += next_size;
    nlohmann::json j = stats_json(sums, d);
    j["next_bytes"] = written;
    store_.write_text(stats_path(d), j.dump());
    // Layer d's counts are no longer needed when layer d + 1 holds the counts the next step uses.
    if (d > 0 && next_size != 0) store_.remove(counts(d));
  }

  // Layers grow or shrink by similar factors from one depth to the next: the next layer is
  // guessed at this one times the last factor, 5 % more, or 8 children a parent at the start.
  std::uint64_t next_layer_estimate(const StateFileReader& parents, std::size_t d) const {
    std::uint64_t estimate = parents.size() * 8;
    if (d > 0) {
      const nlohmann::json above = streamed_detail::read_stats(store_, stats_path(d - 1), o_, "layer", d - 1);
      const double before = std::max(above.at("canonical").get<double>(), 1.0),
                   now = static_cast<double>(parents.size());
      estimate =
          std::min<std::uint64_t>(estimate, static_cast<std::uint64_t>(1.05 * now * now / before) + kEstimateSlack);
    }
    return estimate;
  }

  // Adds the canonical children in [lo, hi) of every parent, with the parent's path count, to the
  // counts (in parallel, each thread's stage apart); with `statistics`, also the parents' own
  // statistics, returned.
  Sums expand(const StateFileReader& parents, std::uint64_t lo, std::uint64_t hi, bool statistics) {
    tbb::enumerable_thread_specific<Sums> local;
    tbb::parallel_for(std::size_t{0}, parents.blocks(), [&](std::size_t b) {
      if (counts_.full()) return;
      const auto [st, ct] = parents.view_block(b, buffers_.local(), o_.path_counts);
      PartitionedCounts::Stage& stage = counts_.local();
      Sums& s = local.local();
      for (std::size_t i = 0; i < st.size(); ++i) {
        const uint128 weight = ct.empty() ? 0 : ct[i];
        bool dead = true;
        const int orbit =
            puzzle_.for_each_canonical_move_in_orbit(st[i], [&](typename P::Move, typename P::Position c) {
              dead = false;
              if (c >= lo && c < hi && !pruned(c)) stage.add(c, weight);
            });
        if (!statistics) continue;
        s.layer.canonical += 1, s.layer.total += static_cast<std::uint64_t>(orbit);
        if (!dead) continue;
        if (s.layer.dead_canonical == 0 || st[i] < s.layer.first_dead) s.layer.first_dead = st[i];
        s.layer.dead_canonical += 1, s.layer.dead_total += static_cast<std::uint64_t>(orbit);
        if (__builtin_add_overflow(s.layer.games, weight, &s.layer.games)) s.overflow = true;
      }
    });
    Sums all;
    for (const Sums& s : local) all.add(s);
    return all;
  }

  bool pruned(typename P::Position s) const {
    if constexpr (Doomed<P>)
      return o_.prune && puzzle_.cannot_finish(s);
    else
      return false;
  }

  nlohmann::json stats_json(const Sums& s, std::size_t d) const {
    return {{"header", streamed_detail::header(o_, "layer", d)},
            {"canonical", s.layer.canonical},
            {"total", s.layer.total},
            {"dead_canonical", s.layer.dead_canonical},
            {"dead_total", s.layer.dead_total},
            {"games", to_decimal(s.layer.games)},
            {"first_dead", s.layer.first_dead},
            {"ranges", s.layer.ranges},
            {"overflow", s.overflow}};
  }

  void backward(std::size_t d, std::size_t deepest) {
    const StateFileReader layer = open(states(d), "", "layer", d);
    std::optional<StateFileReader> below;
    if (d < deepest) below.emplace(open(alive_states(d + 1), "", "alive", d + 1));
    const auto parents = [&](std::uint64_t s, auto&& f) { puzzle_.for_each_canonical_unmove_unordered(s, f); };
    std::optional<StateFileWriter> out;
    out.emplace(store_.writer(alive_states(d), "", streamed_detail::header(o_, "alive", d)));
    std::uint64_t total = 0;
    // The parents of states that can finish: a few each, many of them unreachable.
    const std::uint64_t estimate = below ? below->size() * 6 : 0;
    in_ranges(
        estimate,
        [&](bool ranges) {
          const auto back = [&](std::uint64_t s, auto&& f) { puzzle_.for_each_canonical_move(s, f); };
          if (!below) return streamed_detail::WeightedSample{};
          return ranges ? sample(*below, parents, back) : sample(*below, parents);
        },
        [&](std::uint64_t lo, std::uint64_t hi) {
          if (!below) return;
          tbb::parallel_for(std::size_t{0}, below->blocks(), [&](std::size_t b) {
            if (counts_.full()) return;
            PartitionedCounts::Stage& stage = counts_.local();
            for (const auto s : below->view_block(b, buffers_.local()).states)
              parents(s, [&](typename P::Move, typename P::Position p) {
                if (p >= lo && p < hi) stage.add(p, 0);
              });
          });
        },
        [&](std::uint64_t lo, std::uint64_t hi) { total += filter(layer, lo, hi, *out); });
    out->finish();
    out.reset();
    const nlohmann::json j = {{"header", streamed_detail::header(o_, "alive", d)},
                              {"canonical", store_.reader(alive_states(d)).size()},
                              {"total", total}};
    store_.write_text(alive_stats_path(d), j.dump());
  }

  // Writes the states of `layer` in [lo, hi) that are goals or in the tables; returns their
  // number counted separately. The tables are sorted, and each block of the layer is merged with
  // the tables' states in its span: two sorted sequences read in order, no lookup.
  std::uint64_t filter(const StateFileReader& layer, std::uint64_t lo, std::uint64_t hi, StateFileWriter& out) {
    counts_.sort();
    if (layer.blocks() == 0) return 0;
    const std::size_t b0 = layer.block_of(lo), b1 = layer.block_of(hi - 1) + 1;  // the blocks that may hold [lo, hi)
    std::uint64_t total = 0;
    for (std::size_t first = b0; first < b1; first += 256) {
      const std::size_t last = std::min(b1, first + 256);
      std::vector<std::vector<std::uint64_t>> kept(last - first);
      std::vector<std::uint64_t> totals(last - first, 0);
      tbb::parallel_for(first, last, [&](std::size_t b) {
        const std::span<const std::uint64_t> st = layer.view_block(b, buffers_.local()).states;
        if (st.empty()) return;
        std::vector<std::uint64_t>& found = found_.local();
        found.clear();
        const std::size_t from = counts_.sorted_position(st.front(), false),
                          to = counts_.sorted_position(st.back(), true);
        counts_.for_each_sorted(from, to - from,
                                [&](const PartitionedCounts::Slot& slot) { found.push_back(slot.state); });
        auto next = found.begin();
        for (const auto s : st) {
          while (next != found.end() && *next < s) ++next;
          if (s >= lo && s < hi && (puzzle_.is_goal(s) || (next != found.end() && *next == s))) {
            kept[b - first].push_back(s);
            totals[b - first] += static_cast<std::uint64_t>(puzzle_.symmetries().orbit_size(s));
          }
        }
      });
      for (std::size_t i = 0; i < kept.size(); ++i) {
        for (const auto s : kept[i]) out.add(s);
        total += totals[i];
      }
    }
    return total;
  }

  StreamedAnalysis collect(std::size_t deepest) const {
    StreamedAnalysis a;
    a.complete = true;
    int built_in = 1;
    for (std::size_t d = 0; d <= deepest; ++d) {
      const nlohmann::json j = streamed_detail::read_stats(store_, stats_path(d), o_, "layer", d);
      const nlohmann::json alive = streamed_detail::read_stats(store_, alive_stats_path(d), o_, "alive", d);
      StreamedLayer l;
      l.canonical = j.at("canonical"), l.total = j.at("total");
      l.dead_canonical = j.at("dead_canonical"), l.dead_total = j.at("dead_total");
      l.games = streamed_detail::parse_u128(j.at("games").get<std::string>());
      l.first_dead = j.at("first_dead");
      l.ranges = built_in;  // step d - 1 built this layer; step d's ranges built the next one
      built_in = j.at("ranges");
      l.alive_canonical = alive.at("canonical"), l.alive_total = alive.at("total");
      a.overflow = a.overflow || j.at("overflow").get<bool>();
      l.bytes = store_.reader(states(d)).bytes();
      a.layers.push_back(l);
    }
    a.memory_bytes = store_.memory_bytes();
    for (const auto& entry : std::filesystem::directory_iterator(o_.dir))
      if (entry.is_regular_file()) a.disk_bytes += entry.file_size();
    return a;
  }

  const P& puzzle_;
  StreamedOptions o_;
  std::optional<DirectoryLock> lock_;
  LayerSetStore store_;
  PartitionedCounts counts_;
  // Each thread's space for a block read from disk and for the states a filter finds, kept from
  // block to block. (No body that holds a view of it starts nested parallel work, so no other
  // task takes the same thread's buffer meanwhile.)
  mutable tbb::enumerable_thread_specific<StateFileReader::BlockBuffer> buffers_;
  tbb::enumerable_thread_specific<std::vector<std::uint64_t>> found_;
};

}  // namespace gs
