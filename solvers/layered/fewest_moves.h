// Fewest "moves" to a goal, where a move is a run of consecutive steps by one piece (each step
// starting where the previous one landed). A dynamic programme over the alive layers:
//   cost(s)    = least number of moves over all step sequences from a start to s,
//   landing(s) = the points where the last step of such a cheapest sequence can land.
// Keeping only the cheapest cost per state is exact: reaching s at cost c+1 landing on x is never
// better than reaching it at cost c landing elsewhere, because moving x next costs at most 1
// there too and every later step is the same. The pass visits every alive state, so the answer
// is proved minimal, and a cheapest sequence is rebuilt by walking back through the tables.
//
// The step of the programme (cheapest_entry) and of the walk back (step_back) look the layer
// above up through a function, so that the same steps serve the tables held here in memory
// (FewestMoves) and those streamed beside the layers on disk (streamed_fewest_moves.h).
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "engine/core/bitboard.h"
#include "engine/core/game.h"
#include "engine/core/game_search.h"
#include "engine/core/game_symmetry.h"
#include "solvers/layered/layer_set.h"
#include "solvers/layered/layered_puzzle.h"

namespace gs {

template <LayeredPuzzle P>
struct FewestMovesResult {
  bool solved = false;
  int moves = 0;
  typename P::Position start = 0;  // where the cheapest sequence starts (one of the starts)
  std::vector<typename P::Move> path;
};

// A state's cost and landing points, in the frame of the state that was looked up.
struct MoveRunEntry {
  static constexpr int kUnreached = std::numeric_limits<std::uint8_t>::max();
  int cost = kUnreached;
  Bitboard landing = 0;
  bool reached() const { return cost != kUnreached; }
};

// The entry of s from its predecessors: lookup(parent) gives a parent's entry in its own frame
// (unreached when it is not in the layer above).
template <class P, class Lookup>
requires LayeredPuzzle<P> && PieceMoves<P> MoveRunEntry cheapest_entry(const P& puzzle, typename P::Position s,
                                                                       Lookup&& lookup) {
  MoveRunEntry best;
  for_each_predecessor(puzzle, s, [&](typename P::Move m, typename P::Position parent) {
    const MoveRunEntry e = lookup(parent);
    if (!e.reached()) return;
    const int c = e.cost + (has_bit(e.landing, puzzle.move_origin(m)) ? 0 : 1);
    if (c < best.cost) best.cost = c, best.landing = 0;
    if (c == best.cost) best.landing |= bit(puzzle.move_landing(m));
  });
  return best;
}

// One step of the walk back from s (entry `here`, last step landing on `landing`): the move
// into s from a parent whose entry accounts for here.cost. Updates s, here and landing to the
// parent's; logic_error when no parent does (the tables disagree).
template <class P, class Lookup>
requires LayeredPuzzle<P> && PieceMoves<P>
typename P::Move step_back(const P& puzzle, typename P::Position& s, MoveRunEntry& here, int& landing,
                           Lookup&& lookup) {
  typename P::Move found{};
  bool stepped = false;
  for_each_predecessor(puzzle, s, [&](typename P::Move m, typename P::Position parent) {
    if (stepped || puzzle.move_landing(m) != landing) return;
    const MoveRunEntry e = lookup(parent);
    if (!e.reached()) return;
    const bool continues = has_bit(e.landing, puzzle.move_origin(m));
    if (e.cost + (continues ? 0 : 1) != here.cost) return;
    found = m, stepped = true;
    s = parent, here = e;
    landing = continues ? puzzle.move_origin(m) : (e.landing ? lowest_bit(e.landing) : -1);
  });
  if (!stepped) throw std::logic_error("fewest-moves tables are inconsistent");
  return found;
}

// A canonical state's entry, moved into the frame of the (not necessarily canonical) state s
// whose canonical form it is: `element` maps s to canonical.
template <class P>
Bitboard landing_in_frame(const P& puzzle, Bitboard canonical_landing, int element) {
  const auto& g = puzzle.symmetries();
  return g[g.inverse_of(element)].apply(canonical_landing);
}

// The programme over alive layers held in memory (the plain method; streamed_fewest_moves.h
// runs the same steps over layers on disk).
template <class P>
requires LayeredPuzzle<P> && PieceMoves<P>
class FewestMoves {
 public:
  using Position = typename P::Position;
  using Move = typename P::Move;

  // `alive` from alive_layers(): alive[0] holds the (canonical) starts that can reach a goal.
  FewestMoves(const P& puzzle, const std::vector<LayerSet>& alive) : puzzle_(puzzle), alive_(alive) {}

  FewestMovesResult<P> solve() {
    FewestMovesResult<P> result;
    if (alive_.empty() || alive_[0].empty()) return result;
    cost_.resize(alive_.size());
    landing_.resize(alive_.size());
    cost_[0].assign(alive_[0].size(), 0);
    landing_[0].assign(alive_[0].size(), 0);
    for (std::size_t d = 1; d < alive_.size(); ++d) fill_depth(d);

    // The cheapest goal state over all depths.
    std::size_t best_d = 0, best_i = 0;
    int best = MoveRunEntry::kUnreached;
    for (std::size_t d = 0; d < alive_.size(); ++d)
      for (std::size_t i = 0; i < alive_[d].size(); ++i)
        if (puzzle_.is_goal(alive_[d][i]) && cost_[d][i] < best) best = cost_[d][i], best_d = d, best_i = i;
    if (best == MoveRunEntry::kUnreached) return result;
    result.solved = true;
    result.moves = best;
    Position s = alive_[best_d][best_i];
    MoveRunEntry here = lookup(best_d, s);
    int landing = lowest_bit(here.landing);
    std::vector<Move> reversed;
    for (std::size_t d = best_d; d > 0; --d)
      reversed.push_back(step_back(puzzle_, s, here, landing, [&](Position p) { return lookup(d - 1, p); }));
    result.start = s;
    result.path.assign(reversed.rbegin(), reversed.rend());
    return result;
  }

 private:
  // Cost and landing mask of a (not necessarily canonical) state at depth d.
  MoveRunEntry lookup(std::size_t d, Position s) const {
    const auto [canonical, g] = puzzle_.symmetries().canonical_with_element(s);
    const std::size_t i = alive_[d].find(canonical);
    if (i == LayerSet::npos) return {};
    return {cost_[d][i], landing_in_frame(puzzle_, landing_[d][i], g)};
  }

  void fill_depth(std::size_t d) {
    const LayerSet& here = alive_[d];
    cost_[d].assign(here.size(), MoveRunEntry::kUnreached);
    landing_[d].assign(here.size(), 0);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, here.size(), 1024), [&](const auto& range) {
      for (std::size_t i = range.begin(); i != range.end(); ++i) {
        const MoveRunEntry e = cheapest_entry(puzzle_, here[i], [&](Position p) { return lookup(d - 1, p); });
        cost_[d][i] = static_cast<std::uint8_t>(e.cost);
        landing_[d][i] = e.landing;
      }
    });
  }

  const P& puzzle_;
  const std::vector<LayerSet>& alive_;
  std::vector<std::vector<std::uint8_t>> cost_;
  std::vector<std::vector<Bitboard>> landing_;
};

}  // namespace gs
