// Fewest "moves" to a goal, where a move is a run of consecutive steps by one piece (each step
// starting where the previous one landed). A dynamic programme over the alive layers:
//   cost(s)    = least number of moves over all step sequences from the start to s,
//   landing(s) = the points where the last step of such a cheapest sequence can land.
// Keeping only the cheapest cost per state is exact: reaching s at cost c+1 landing on x is never
// better than reaching it at cost c landing elsewhere, because moving x next costs at most 1
// there too and every later step is the same. The pass visits every alive state, so the answer
// is proved minimal, and a cheapest sequence is rebuilt by walking back through the tables.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "engine/core/bitboard.h"
#include "solvers/common/game.h"
#include "solvers/layered/layer_set.h"

namespace gs {

template <LayeredPuzzle P>
struct FewestMovesResult {
  bool solved = false;
  int moves = 0;
  std::vector<typename P::Move> path;
};

template <class P>
requires LayeredPuzzle<P> && PieceMoves<P>
class FewestMoves {
 public:
  using Position = typename P::Position;
  using Move = typename P::Move;
  static constexpr std::uint8_t kUnreached = std::numeric_limits<std::uint8_t>::max();

  // `alive` from alive_layers(): alive[0] holds the (canonical) start if the goal is reachable.
  FewestMoves(const P& puzzle, const std::vector<LayerSet>& alive) : puzzle_(puzzle), alive_(alive) {}

  FewestMovesResult<P> solve() {
    FewestMovesResult<P> result;
    if (alive_.empty() || alive_[0].empty()) return result;
    cost_.resize(alive_.size());
    landing_.resize(alive_.size());
    cost_[0].assign(1, 0);
    landing_[0].assign(1, 0);
    for (std::size_t d = 1; d < alive_.size(); ++d) fill_depth(d);

    // The cheapest goal state over all depths.
    std::size_t best_d = 0, best_i = 0;
    int best = kUnreached;
    for (std::size_t d = 0; d < alive_.size(); ++d)
      for (std::size_t i = 0; i < alive_[d].size(); ++i)
        if (puzzle_.is_goal(alive_[d][i]) && cost_[d][i] < best) best = cost_[d][i], best_d = d, best_i = i;
    if (best == kUnreached) return result;
    result.solved = true;
    result.moves = best;
    result.path = walk_back(best_d, alive_[best_d][best_i]);
    return result;
  }

 private:
  struct Entry {
    int cost;
    Bitboard landing;  // in the frame of the state that was looked up
  };

  // Cost and landing mask of a (not necessarily canonical) state at depth d.
  Entry lookup(std::size_t d, Position s) const {
    const auto [canonical, g] = puzzle_.symmetries().canonical_with_element(s);
    const std::size_t i = alive_[d].find(canonical);
    if (i == LayerSet::npos) return {kUnreached, 0};
    const auto& back = puzzle_.symmetries()[puzzle_.symmetries().inverse_of(g)];
    return {cost_[d][i], back.apply(landing_[d][i])};
  }

  void fill_depth(std::size_t d) {
    const LayerSet& here = alive_[d];
    cost_[d].assign(here.size(), kUnreached);
    landing_[d].assign(here.size(), 0);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, here.size(), 1024), [&](const auto& range) {
      for (std::size_t i = range.begin(); i != range.end(); ++i) {
        int best = kUnreached;
        Bitboard landing = 0;
        for_each_predecessor(puzzle_, here[i], [&](Move m, Position parent) {
          const Entry e = lookup(d - 1, parent);
          if (e.cost == kUnreached) return;
          const int c = e.cost + (has_bit(e.landing, puzzle_.move_origin(m)) ? 0 : 1);
          if (c < best) best = c, landing = 0;
          if (c == best) landing |= bit(puzzle_.move_landing(m));
        });
        cost_[d][i] = static_cast<std::uint8_t>(best);
        landing_[d][i] = landing;
      }
    });
  }

  std::vector<Move> walk_back(std::size_t d, Position s) const {
    std::vector<Move> reversed;
    Entry here = lookup(d, s);
    int landing = lowest_bit(here.landing);
    for (; d > 0; --d) {
      bool stepped = false;
      for_each_predecessor(puzzle_, s, [&](Move m, Position parent) {
        if (stepped || puzzle_.move_landing(m) != landing) return;
        const Entry e = lookup(d - 1, parent);
        if (e.cost == kUnreached) return;
        const bool continues = has_bit(e.landing, puzzle_.move_origin(m));
        if (e.cost + (continues ? 0 : 1) != here.cost) return;
        reversed.push_back(m);
        s = parent;
        here = e;
        landing = continues ? puzzle_.move_origin(m) : (e.landing ? lowest_bit(e.landing) : -1);
        stepped = true;
      });
      if (!stepped) throw std::logic_error("fewest-moves tables are inconsistent");
    }
    return {reversed.rbegin(), reversed.rend()};
  }

  const P& puzzle_;
  const std::vector<LayerSet>& alive_;
  std::vector<std::vector<std::uint8_t>> cost_;
  std::vector<std::vector<Bitboard>> landing_;
};

}  // namespace gs
