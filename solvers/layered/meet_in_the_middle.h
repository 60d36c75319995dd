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
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>

#include "solvers/layered/streamed_layers.h"

namespace gs {

struct MeetResult {
  bool solvable = false;
  std::size_t forward_depth = 0, backward_depth = 0;         // the layers where the halves met (or stopped)
  std::vector<std::uint64_t> forward_sizes, backward_sizes;  // canonical states in each layer built
  std::uint64_t meeting = 0;  // solvable: a canonical state of the forward half's last layer on a path
};

template <StreamedPuzzle P, class Dual>
class MeetInTheMiddle {
 public:
  using Position = typename P::Position;

  // `forward`, `backward`: the two halves' layers (each its own directory), the puzzles they
  // were made with `forward_puzzle` and `backward_puzzle`.
  MeetInTheMiddle(StreamedLayers<P>& forward, const P& forward_puzzle, StreamedLayers<P>& backward,
                  const P& backward_puzzle, Dual dual)
      : a_(forward), pa_(forward_puzzle), b_(backward), pb_(backward_puzzle), dual_(std::move(dual)) {}

  MeetResult solve(Position start, Position dual_start, std::size_t n) {
    MeetResult r;
    std::size_t ka = a_.forward_to({start}, 0), kb = b_.forward_to({dual_start}, 0);
    r.forward_sizes.push_back(a_.layer(0).size());
    r.backward_sizes.push_back(b_.layer(0).size());
    while (ka + kb < n) {
      const bool forward = r.forward_sizes.back() <= r.backward_sizes.back();
      StreamedLayers<P>& half = forward ? a_ : b_;
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
    a_.release_tables(), b_.release_tables();
    meet(a_.layer(ka), b_.layer(kb), r);
    return r;
  }

 private:
  // The duals of the smaller layer, canonical in the other half, sorted; then each block of the
  // larger layer (sorted too) is merged with the duals in its span, blocks in parallel. The
  // meeting reported is the least common state, so the answer does not depend on the threads.
  void meet(const StateFileReader& fa, const StateFileReader& fb, MeetResult& r) const {
    const bool duals_of_a = fa.size() <= fb.size();
    const StateFileReader& small = duals_of_a ? fa : fb;
    const StateFileReader& large = duals_of_a ? fb : fa;
    const P& other = duals_of_a ? pb_ : pa_;
    std::vector<std::uint64_t> duals;
    duals.reserve(small.size());
    for (std::size_t first = 0; first < small.blocks(); first += 256) {
      std::vector<std::vector<std::uint64_t>> chunk(std::min<std::size_t>(256, small.blocks() - first));
      tbb::parallel_for(std::size_t{0}, chunk.size(), [&](std::size_t k) {
        small.read_block(first + k, chunk[k]);
        for (auto& s : chunk[k]) s = other.canonical(dual_(s));
      });
      for (const auto& c : chunk) duals.insert(duals.end(), c.begin(), c.end());
    }
    tbb::parallel_sort(duals.begin(), duals.end());
    std::atomic<std::uint64_t> least{~std::uint64_t{0}};
    tbb::parallel_for(std::size_t{0}, large.blocks(), [&](std::size_t i) {
      std::vector<std::uint64_t> block;
      large.read_block(i, block);
      auto d = std::lower_bound(duals.begin(), duals.end(), block.empty() ? 0 : block.front());
      for (const auto s : block) {
        while (d != duals.end() && *d < s) ++d;
        if (d == duals.end()) break;
        if (*d != s) continue;
        for (std::uint64_t seen = least.load(); s < seen && !least.compare_exchange_weak(seen, s);) {
        }
        break;
      }
    });
    if (least.load() == ~std::uint64_t{0}) return;
    r.solvable = true;
    // The meeting state in the forward half's terms (the dual is its own inverse).
    r.meeting = duals_of_a ? pa_.canonical(dual_(least.load())) : least.load();
  }

  StreamedLayers<P>& a_;
  const P& pa_;
  StreamedLayers<P>& b_;
  const P& pb_;
  Dual dual_;
};

}  // namespace gs
