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
// and both goal sets, and `dual` must commute with it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

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
      if (built <= k) {  // no state at depth k + 1: no path at all
        r.forward_depth = ka, r.backward_depth = kb;
        return r;
      }
      k = built;
      (forward ? r.forward_sizes : r.backward_sizes).push_back(half.layer(k).size());
    }
    r.forward_depth = ka, r.backward_depth = kb;
    meet(a_.layer(ka), b_.layer(kb), r);
    return r;
  }

 private:
  // The duals of the smaller layer, canonical in the other half, sorted; the larger layer is
  // read in order and looked up in them.
  void meet(const StateFileReader& fa, const StateFileReader& fb, MeetResult& r) const {
    const bool duals_of_a = fa.size() <= fb.size();
    const StateFileReader& small = duals_of_a ? fa : fb;
    const StateFileReader& large = duals_of_a ? fb : fa;
    const P& other = duals_of_a ? pb_ : pa_;
    std::vector<std::uint64_t> duals;
    duals.reserve(small.size());
    std::vector<std::uint64_t> block;
    for (std::size_t i = 0; i < small.blocks(); ++i) {
      small.read_block(i, block);
      for (const auto s : block) duals.push_back(other.canonical(dual_(s)));
    }
    tbb::parallel_sort(duals.begin(), duals.end());
    for (std::size_t i = 0; i < large.blocks() && !r.solvable; ++i) {
      large.read_block(i, block);
      for (const auto s : block)
        if (std::binary_search(duals.begin(), duals.end(), s)) {
          r.solvable = true;
          // The meeting state in the forward half's terms.
          r.meeting = duals_of_a ? pa_.canonical(dual_(s)) : s;
          break;
        }
    }
  }

  StreamedLayers<P>& a_;
  const P& pa_;
  StreamedLayers<P>& b_;
  const P& pb_;
  Dual dual_;
};

}  // namespace gs
