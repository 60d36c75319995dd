// Whether a goal is reachable from a start, decided exhaustively by two forward halves that meet
// in the middle. For puzzles with a dual: a second puzzle and a map `dual` between the states of
// the two such that a state x, k moves from the start, has an n - k move path to a goal exactly
// when dual(x) is reachable in k' = n - k moves from the second puzzle's start (every path from
// the start to a goal has n moves). Peg solitaire is its own dual: reverse a game and complement
// every position, and a game from "s empty" to "one peg on f" becomes one from "f empty" to "one
// peg on s"; dual = the complement.
//
// Proof. A path start -> goal passes through some x at depth k; x is in the forward half's layer
// k and dual(x) in the backward half's layer n - k. Conversely a state in both gives a path
// through it. So the goal is reachable iff the two layers meet, for any k: an empty meeting is a
// proof that it is not. Each half is the streamed engine's forward pass (streamed_layers.h), so
// it is exhaustive and memory follows the budget; the halves may leave out states their puzzle
// proves cannot finish (StreamedOptions::prune), which keeps every state on a start-goal path.
// The half whose last layer is smaller takes the next step, so the meeting is cut where the two
// are small. Both puzzles must canonicalise under the same group, one that fixes both starts
// and both goal sets, and `dual` must commute with it and be its own inverse.
//
// A budget (max_states, the canonical states of both halves together) stops a meeting that would
// outgrow it before it builds the layer that would: the next layer of a half is guessed from the
// growth of its last two. A stopped meeting decides nothing and says so (`stopped`); only a half
// that ended, or halves that met or did not, are answers.
//
// One half can serve as both: when a symmetry h of the puzzle maps the forward problem onto the
// backward one (peg solitaire: h swaps the start's vacancy and the finish), the backward half's
// layer k is h applied to the forward half's, so the forward half is built to the middle alone.
// Then y in forward layer k' stands for h(y) in the backward half, and x meets it exactly when
// x = canonical(dual(h(y))) (h normalises the group, and h squared is in it). The half is built
// to k' = floor(n / 2) only: for odd n, layer k = k' + 1 is the children of layer k', so the
// meeting is "a child z of a state of layer k' with canonical(dual(h(z))) in layer k'", checked
// as the children come, and the largest layer is never built. A Bloom filter of the layer's
// images lets few children through that do not meet (bloom_filter.h), and each it lets through is
// checked exactly against the layer's file, so the verdict is exact; the filter is what lets the
// check stream a layer of billions of states in two passes within the memory budget.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <numeric>
#include <optional>
#include <span>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>
#include <tbb/task_arena.h>

#include "solvers/common/bloom_filter.h"
#include "solvers/layered/streamed_layers.h"

namespace gs {

struct MeetResult {
  bool solvable = false;
  std::size_t forward_depth = 0, backward_depth = 0;         // the layers where the halves met (or stopped)
  std::vector<std::uint64_t> forward_sizes, backward_sizes;  // canonical states in each layer built
  std::uint64_t meeting = 0;  // solvable: a canonical state of the forward half's last layer on a path
  bool mirrored = false;      // the backward half was the forward half turned by the mirror
  bool stopped = false;       // the next layer would have passed max_states: nothing decided
  // Odd n, one half for both: the children the meeting's filter let through, each checked
  // exactly against the layer (those that meet, and the filter's false answers).
  std::uint64_t filter_passed = 0;
};

template <StreamedPuzzle P, class Dual>
class MeetInTheMiddle {
 public:
  using Position = typename P::Position;

  // `forward`, `backward`: the two halves' layers (each its own directory), the puzzles they
  // were made with `forward_puzzle` and `backward_puzzle`.
  MeetInTheMiddle(StreamedLayers<P>& forward, const P& forward_puzzle, StreamedLayers<P>& backward,
                  const P& backward_puzzle, Dual dual)
      : a_(forward), pa_(forward_puzzle), b_(&backward), pb_(backward_puzzle), dual_(std::move(dual)) {}
  // One half for both, turned by `mirror` (the symmetry h above).
  // `memory_bytes`: the budget of the meeting's filter and its checks.
  MeetInTheMiddle(StreamedLayers<P>& forward, const P& forward_puzzle, Dual dual,
                  std::function<Position(Position)> mirror, std::size_t memory_bytes)
      : a_(forward),
        pa_(forward_puzzle),
        pb_(forward_puzzle),
        dual_(std::move(dual)),
        mirror_(std::move(mirror)),
        memory_bytes_(memory_bytes) {}

  // max_states: 0 for none.
  MeetResult solve(Position start, Position dual_start, std::size_t n, std::uint64_t max_states = 0) {
    if (mirror_) return solve_mirrored(start, n, max_states);
    StreamedLayers<P>& back = *b_;
    MeetResult r;
    std::size_t ka = a_.forward_to({start}, 0), kb = back.forward_to({dual_start}, 0);
    r.forward_sizes.push_back(a_.layer(0).size());
    r.backward_sizes.push_back(back.layer(0).size());
    while (ka + kb < n) {
      const bool forward = r.forward_sizes.back() <= r.backward_sizes.back();
      if (over_budget(r, forward ? r.forward_sizes : r.backward_sizes, max_states)) {
        r.forward_depth = ka, r.backward_depth = kb;
        return r;
      }
      StreamedLayers<P>& half = forward ? a_ : back;
      std::size_t& k = forward ? ka : kb;
      const std::size_t built = half.forward_to({forward ? start : dual_start}, k + 1);
      half.release_tables();  // the halves take turns: one table budget at a time
      if (built <= k) {       // no state at depth k + 1: no path at all
        r.forward_depth = ka, r.backward_depth = kb;
        return r;
      }
      k = built;
      (forward ? r.forward_sizes : r.backward_sizes).push_back(half.layer(k).size());
    }
    r.forward_depth = ka, r.backward_depth = kb;
    a_.release_tables(), back.release_tables();
    meet(a_.layer(ka), back.layer(kb), r);
    return r;
  }

 private:
  // Whether building the next layer of a half whose layers are `sizes` would take the states of
  // both halves past max_states (then r says it stopped).
  static bool over_budget(MeetResult& r, const std::vector<std::uint64_t>& sizes, std::uint64_t max_states) {
    if (max_states == 0) return false;
    const auto sum = [](const std::vector<std::uint64_t>& v) {
      return std::accumulate(v.begin(), v.end(), std::uint64_t{0});
    };
    const double last = static_cast<double>(sizes.back());
    const double next =
        sizes.size() < 2 ? last : last * last / std::max(1.0, static_cast<double>(sizes[sizes.size() - 2]));
    const double total = static_cast<double>(sum(r.forward_sizes) + (r.mirrored ? 0 : sum(r.backward_sizes)));
    r.stopped = total + next > static_cast<double>(max_states);
    return r.stopped;
  }

  MeetResult solve_mirrored(Position start, std::size_t n, std::uint64_t max_states) {
    MeetResult r;
    r.mirrored = true;
    const std::size_t ka = (n + 1) / 2, kb = n - ka;
    // A layer at a time, to check the budget between them (layers already built are read back).
    std::size_t built = a_.forward_to({start}, 0);
    r.forward_sizes.push_back(a_.layer(0).size());
    while (built < kb) {
      if (over_budget(r, r.forward_sizes, max_states)) {
        r.backward_sizes = r.forward_sizes;
        r.forward_depth = r.backward_depth = built;
        a_.release_tables();
        return r;
      }
      const std::size_t next = a_.forward_to({start}, built + 1);
      if (next <= built) break;  // no state at depth built + 1
      built = next;
      r.forward_sizes.push_back(a_.layer(built).size());
    }
    a_.release_tables();
    r.backward_sizes.assign(r.forward_sizes.begin(),
                            r.forward_sizes.begin() + static_cast<std::ptrdiff_t>(std::min(kb, built) + 1));
    r.forward_depth = built, r.backward_depth = std::min(kb, built);
    if (built < kb) return r;  // no state at depth built + 1: no path at all
    r.forward_depth = ka;      // odd n: layer ka is the children of layer kb, never built
    const auto found =
        ka == kb ? common(
                       a_.layer(kb), [&](std::uint64_t y) { return pa_.canonical(dual_(mirror_(y))); }, a_.layer(ka))
                 : meeting_child(a_.layer(kb), r.filter_passed);
    if (found) r.solvable = true, r.meeting = *found;
    return r;
  }

  // A child z of a state of `layer` (canonical, so a state of the layer after it) with
  // canonical(dual(h(z))) in `layer`: none when there is none. z meets exactly when z is in
  // F = { canonical(dual(h(y))) : y in layer } (dual and h commute, and dual(h(dual(h(y)))) =
  // h^2(y) is y's orbit), so the filter holds F and a child is tested as it comes, canonical
  // already: one map a state of the layer instead of one a child. Keys and children reach the
  // filter in batches, region by region. What the filter lets through is checked exactly after
  // each chunk of the layer's blocks, and the first chunk with a meeting gives the answer: its
  // least key's least child, the same for any number of threads (chunks are fixed runs of
  // blocks).
  std::optional<std::uint64_t> meeting_child(const StateFileReader& layer, std::uint64_t& passed_count) const {
    const auto key = [&](Position y) { return pa_.canonical(dual_(mirror_(y))); };
    BloomFilter filter(layer.size(), memory_bytes_ / 4 * 3);
    // Each thread gathers keys and serves them to the filter in batches (bloom_filter.h), within
    // a sixteenth of the budget in all.
    struct Batch {
      std::vector<std::uint64_t> keys, scratch;
    };
    tbb::enumerable_thread_specific<Batch> batches;
    const std::size_t threads = static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
    const std::size_t cap = std::max<std::size_t>(std::size_t{1} << 16, memory_bytes_ / 16 / 16 / threads);
    const auto for_each_batch = [&](auto&& f) {
      tbb::parallel_for(batches.range(), [&](auto& r) {
        for (Batch& b : r) f(b);
      });
    };

    for_chunks(
        layer, 256,
        [&](std::span<const std::uint64_t> states) {
          Batch& b = batches.local();
          for (const std::uint64_t s : states) b.keys.push_back(key(s));
          if (LayerProgress* p = a_.progress()) p->filtered += states.size();
          if (b.keys.size() >= cap) filter.add_all(b.keys, b.scratch);
        },
        [] { return false; });
    for_each_batch([&](Batch& b) { filter.add_all(b.keys, b.scratch); });

    struct Candidate {
      std::uint64_t key, child;
      auto operator<=>(const Candidate&) const = default;
    };
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> passed;
    const auto query = [&](Batch& b) {
      std::vector<std::uint64_t>& out = passed.local();
      filter.query_all(b.keys, b.scratch, [&](std::uint64_t z) { out.push_back(z); });
    };
    std::optional<Candidate> least;
    for_chunks(
        layer, 1024,
        [&](std::span<const std::uint64_t> states) {
          Batch& b = batches.local();
          const std::size_t before = b.keys.size();
          for (const std::uint64_t x : states)
            pa_.for_each_canonical_move(x, [&](typename P::Move, Position z) { b.keys.push_back(z); });
          if (LayerProgress* p = a_.progress()) p->generated += b.keys.size() - before;
          if (b.keys.size() >= cap) query(b);
        },
        [&] {
          for_each_batch(query);
          std::vector<Candidate> all;
          for (auto& p : passed) {
            for (const std::uint64_t z : p) all.push_back({key(z), z});
            p.clear();
          }
          passed_count += all.size();
          tbb::parallel_sort(all.begin(), all.end());
          std::vector<std::uint64_t> keys(all.size());
          for (std::size_t i = 0; i < all.size(); ++i) keys[i] = all[i].key;
          keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
          if (const auto k = least_in(keys, layer)) least = *std::lower_bound(all.begin(), all.end(), Candidate{*k, 0});
          return least.has_value();
        });
    if (!least) return std::nullopt;
    return least->child;
  }

  // f(states of a block) for every block of `layer`, `chunk` blocks at a time in parallel; after
  // each chunk, after() on this thread, which returns true to stop.
  template <class F, class After>
  void for_chunks(const StateFileReader& layer, std::size_t chunk, F&& f, After&& after) const {
    for (std::size_t first = 0; first < layer.blocks(); first += chunk) {
      const std::size_t last = std::min(layer.blocks(), first + chunk);
      tbb::parallel_for(first, last, [&](std::size_t b) { f(layer.view_block(b, buffers_.local()).states); });
      if (after()) return;
    }
  }

  // The least of `keys` (sorted, distinct) that `layer` holds, or none: only the blocks that
  // could hold a key are read.
  std::optional<std::uint64_t> least_in(const std::vector<std::uint64_t>& keys, const StateFileReader& layer) const {
    const auto blocks = blocks_for_keys(layer, keys.size(), [&](std::size_t i) { return keys[i]; });
    std::atomic<std::uint64_t> least{~std::uint64_t{0}};
    tbb::parallel_for(std::size_t{0}, blocks.size(), [&](std::size_t j) {
      const std::span<const std::uint64_t> block = layer.view_block(blocks[j].first, buffers_.local()).states;
      auto k = keys.begin() + static_cast<std::ptrdiff_t>(blocks[j].second);
      const auto end =
          j + 1 < blocks.size() ? keys.begin() + static_cast<std::ptrdiff_t>(blocks[j + 1].second) : keys.end();
      auto s = block.begin();
      while (k != end && s != block.end()) {
        if (*k < *s) {
          ++k;
        } else if (*s < *k) {
          ++s;
        } else {
          for (std::uint64_t seen = least.load(); *k < seen && !least.compare_exchange_weak(seen, *k);) {
          }
          return;
        }
      }
    });
    if (least.load() == ~std::uint64_t{0}) return std::nullopt;
    return least.load();
  }

  // The smaller layer's duals, canonical in the other half, against the larger layer.
  void meet(const StateFileReader& fa, const StateFileReader& fb, MeetResult& r) const {
    if (fa.size() <= fb.size()) {
      const auto found = common(
          fa, [&](std::uint64_t x) { return pb_.canonical(dual_(x)); }, fb);
      // The meeting state in the forward half's terms (the dual is its own inverse).
      if (found) r.solvable = true, r.meeting = pa_.canonical(dual_(*found));
    } else {
      const auto found = common(
          fb, [&](std::uint64_t y) { return pa_.canonical(dual_(y)); }, fa);
      if (found) r.solvable = true, r.meeting = *found;
    }
  }

  // The least state of `other` that some state of `from` maps to, or none: the images sorted,
  // then merged with `other` (least_in).
  template <class Map>
  std::optional<std::uint64_t> common(const StateFileReader& from, Map&& map, const StateFileReader& other) const {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> mapped;
    for_chunks(
        from, 256,
        [&](std::span<const std::uint64_t> states) {
          std::vector<std::uint64_t>& out = mapped.local();
          for (const std::uint64_t s : states) out.push_back(map(s));
        },
        [] { return false; });
    std::vector<std::uint64_t> images;
    images.reserve(from.size());
    for (const auto& m : mapped) images.insert(images.end(), m.begin(), m.end());
    tbb::parallel_sort(images.begin(), images.end());
    images.erase(std::unique(images.begin(), images.end()), images.end());
    return least_in(images, other);
  }

  StreamedLayers<P>& a_;
  const P& pa_;
  StreamedLayers<P>* b_ = nullptr;  // none when mirrored
  const P& pb_;
  Dual dual_;
  std::function<Position(Position)> mirror_;
  std::size_t memory_bytes_ = 0;
  mutable tbb::enumerable_thread_specific<StateFileReader::BlockBuffer> buffers_;  // a thread's block, unpacked
};

}  // namespace gs
