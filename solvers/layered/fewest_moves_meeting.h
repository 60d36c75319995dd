// Fewest moves (a move is a run of consecutive steps by one piece, each starting where the last
// one landed) by two breadth-first searches counted in moves that meet in the middle, as George
// Bell computed shortest peg solitaire solutions:
//   F[k] = the states whose fewest moves from a start is k,
//   B[k] = the states whose fewest moves to a goal is k (built backwards: runs of unmoves).
// Each half is built one layer at a time, the half whose next layer looks smaller first; a new
// layer is subtracted from the earlier ones of its half (so it holds exactly distance k), and
// compared with every layer of the other half.
//
// Proof. Let M be the fewest moves of any solution, and d_F, d_B the two distances. For any state
// x, a cheapest way to x followed by a cheapest way on gives a solution of at most
// d_F(x) + d_B(x) moves, so M <= d_F(x) + d_B(x). A solution of M moves passes, after its first k
// moves, a state x_k with d_F(x_k) <= k and d_B(x_k) <= M - k. With F built to depth a and B to
// depth b, every M <= a + b is so witnessed inside both (k = max(0, M - b)). Every pair of layers
// is compared once, when the later of the two is built: when layer a of one half first meets
// layer j of the other (j the least that meets), every pair with a smaller sum was compared
// before or now and did not meet, so no solution has fewer than a + j moves, and the meeting
// state gives one of a + j. A half whose new layer is empty holds every state on its side; if it
// met nothing, no solution exists. Pruning a state that cannot finish (F) or cannot be reached
// (B) keeps every state of every solution, and so every witness.
//
// The last step, when the next layer would not fit: with F to depth a and B to depth b compared,
// M > a + b. The states one run from F[a] that lie in B[b] (found without storing that
// expansion) decide whether M = a + b + 1. Such a state x has d_F(x) <= a + 1 and d_B(x) = b,
// and d_F(x) <= a would have met; so each is a meeting at (a + 1, b). Conversely a solution of
// a + b + 1 moves has its state after a + 1 moves at d_F = a + 1 (not less, or it would have
// met), one run from a state of F[a] on the same solution, and at d_B = b. If none is found,
// M > a + b + 1. Likewise from B[b] into F[a].
//
// States are canonical under one group, which must keep the start set and the goal set. The
// solution is rebuilt from the meeting state in its own frame: runs back through F to a start,
// runs on through B to a goal.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <vector>

#include "solvers/common/game.h"
#include "solvers/layered/fewest_moves.h"
#include "solvers/layered/layer_set.h"
#include "solvers/layered/layered_search.h"

namespace gs {

// Calls f(q, run) for every state q one run of moves by a single piece away from s, with the
// run's moves in the order taken (backward: the latest played first). Forward: moves from s, then moves from where the
// piece landed. Backward (q before s): unmoves whose piece stands where the later move started. `keep(q)` false ends
// the run at q (a state whose continuations are all pruned too).
template <class P, class Keep, class F>
requires LayeredPuzzle<P> && PieceMoves<P>
void for_each_run(const P& puzzle, typename P::Position s, bool forward, std::vector<typename P::Move>& run,
                  Keep&& keep, F&& f) {
  using Position = typename P::Position;
  using Move = typename P::Move;
  const auto extend = [&](auto& self, Position at, int piece) -> void {
    const auto step = [&](const Move& m) {
      const Position q = forward ? puzzle.play(at, m) : puzzle.unplay(at, m);
      if (!keep(q)) return;
      run.push_back(m);
      f(q, run);
      self(self, q, forward ? puzzle.move_landing(m) : puzzle.move_origin(m));
      run.pop_back();
    };
    if (piece < 0 && forward)
      puzzle.for_each_move(at, step);
    else if (piece < 0)
      puzzle.for_each_unmove(at, step);
    else if (forward)
      puzzle.for_each_move_from(at, piece, step);
    else
      puzzle.for_each_unmove_onto(at, piece, step);
  };
  run.clear();
  extend(extend, s, -1);
}

// The programme's result (fewest_moves.h), with how the meeting went.
template <LayeredPuzzle P>
struct FewestMovesMeetingResult : FewestMovesResult<P> {
  bool stopped = false;    // the next layer would not have fitted and the last step did not meet: undecided
  bool last_step = false;  // the last step (one half's next layer, not stored) was taken
  int moves_at_least = 0;  // no solution has fewer moves (solved: the moves)
  std::vector<std::uint64_t> forward_sizes, backward_sizes;  // canonical states of each layer built
};

template <class P>
requires LayeredPuzzle<P> && PieceMoves<P>
class FewestMovesMeeting {
 public:
  using Position = typename P::Position;
  using Move = typename P::Move;
  using Prune = std::function<bool(Position)>;

  struct Options {
    std::uint64_t max_states = 0;  // both halves' canonical states together; 0: no bound
    std::uint64_t max_bytes = 0;   // the halves and the layer being built (kBuildBytes a state); 0: no bound
    Prune cannot_finish;           // F leaves these out (may be empty)
    Prune cannot_be_reached;       // B leaves these out (may be empty)
    LayerProgress* progress = nullptr;
  };

  FewestMovesMeeting(const P& puzzle, const std::vector<Position>& starts, const std::vector<Position>& goals,
                     Options options)
      : puzzle_(puzzle), options_(std::move(options)) {
    halves_[0].push_back(first_layer(starts, options_.cannot_finish));
    halves_[1].push_back(first_layer(goals, options_.cannot_be_reached));
  }

  FewestMovesMeetingResult<P> solve() {
    FewestMovesMeetingResult<P> r;
    const auto sizes = [&] {
      r.forward_sizes.clear(), r.backward_sizes.clear();
      for (const LayerSet& l : halves_[0]) r.forward_sizes.push_back(l.size());
      for (const LayerSet& l : halves_[1]) r.backward_sizes.push_back(l.size());
    };
    Meeting m = meet(0, 0);
    while (!m.found && !halves_[0].back().empty() && !halves_[1].back().empty()) {
      const int side = next_size(0) <= next_size(1) ? 0 : 1;
      if (over_budget(side) || !grow(side)) {
        r.last_step = true;
        m = last_step(side);
        break;
      }
      m = meet(side, halves_[side].size() - 1);
    }
    sizes();
    const int compared = static_cast<int>(halves_[0].size() + halves_[1].size()) - 2;
    if (!m.found) {
      r.stopped = r.last_step;
      r.moves_at_least = compared + (r.last_step ? 2 : 1);
      return r;
    }
    r.solved = true;
    r.moves = static_cast<int>(m.forward_depth + m.backward_depth);
    // Back through F to a start, then on through B to a goal, all in the meeting state's frame.
    std::vector<Move> back, on;
    Position s = m.state;
    for (std::size_t d = m.forward_depth; d > 0; --d) s = step(s, false, halves_[0][d - 1], back);
    r.start = s;
    Position e = m.state;
    for (std::size_t d = m.backward_depth; d > 0; --d) e = step(e, true, halves_[1][d - 1], on);
    r.path.assign(back.rbegin(), back.rend());
    r.path.insert(r.path.end(), on.begin(), on.end());
    if (runs(r.path) != r.moves) throw std::logic_error("fewest-moves meeting: the joined line is not minimal");
    r.moves_at_least = r.moves;
    return r;
  }

 private:
  struct Meeting {
    bool found = false;
    std::size_t forward_depth = 0, backward_depth = 0;
    Position state = 0;
  };

  LayerSet first_layer(const std::vector<Position>& states, const Prune& prune) const {
    LayerSet::Builder b;
    for (const Position s : states)
      if (!prune || !prune(s)) b.add(puzzle_.canonical(s));
    return b.build();
  }

  // The next layer of a half: every state one run from its last layer, less its earlier layers.
  // False if building it would pass max_bytes (the guess was too low): nothing is kept.
  bool grow(int side) {
    std::vector<LayerSet>& half = halves_[side];
    std::optional<LayerSet> next = half.back().try_expand(expansion(side), half, free_bytes());
    if (!next) return false;
    half.push_back(std::move(*next));
    if (options_.progress) {
      options_.progress->depth = static_cast<int>(halves_[0].size() + halves_[1].size() - 2);
      options_.progress->states += half.back().size();
    }
    return true;
  }

  // Adds every state one run from a state of half `side` to a sink.
  auto expansion(int side) const {
    return [this, side](Position s, auto& sink) {
      const Prune& prune = side == 0 ? options_.cannot_finish : options_.cannot_be_reached;
      thread_local std::vector<Move> run;
      for_each_run(
          puzzle_, s, side == 0, run, [&](Position q) { return !prune || !prune(q); },
          [&](Position q, const std::vector<Move>&) { sink.add(puzzle_.canonical(q)); });
    };
  }

  // The last step (see the proof above): half `side`'s next layer, not stored, against the
  // other half's deepest layer.
  Meeting last_step(int side) const {
    if (options_.progress) ++options_.progress->depth;
    const LayerSet& other = halves_[1 - side].back();
    const LayerSet common = halves_[side].back().expand_within(other, expansion(side));
    if (common.empty()) return {};
    Meeting m{.found = true, .state = *std::min_element(common.states().begin(), common.states().end())};
    m.forward_depth = side == 0 ? halves_[0].size() : halves_[0].size() - 1;
    m.backward_depth = side == 0 ? halves_[1].size() - 1 : halves_[1].size();
    return m;
  }

  // Layer `depth` of half `side` against every layer of the other half: the least other depth
  // that meets it, with the least common state (deterministic).
  Meeting meet(int side, std::size_t depth) const {
    const std::vector<LayerSet>& other = halves_[1 - side];
    for (std::size_t j = 0; j < other.size(); ++j) {
      const LayerSet common = halves_[side][depth].intersect(other[j]);
      if (common.empty()) continue;
      Meeting m{.found = true, .state = *std::min_element(common.states().begin(), common.states().end())};
      m.forward_depth = side == 0 ? depth : j;
      m.backward_depth = side == 0 ? j : depth;
      return m;
    }
    return {};
  }

  // A half's next layer, guessed from the growth of its last two.
  double next_size(int side) const {
    const std::vector<LayerSet>& half = halves_[side];
    const double last = static_cast<double>(half.back().size());
    const double before =
        half.size() > 1 ? static_cast<double>(std::max<std::size_t>(half[half.size() - 2].size(), 1)) : 1.0;
    return last * std::max(1.0, last / before);
  }

  // Bytes a state of the layer being built takes at the peak, as guessed before building it: the
  // shared buckets hold its states as they arrive (with duplicates and earlier layers' states not
  // yet dropped, and room to grow), then the layer and its sorted buckets are both held while it
  // is joined. Measured: 23 to 33; the guessed sizes have been 1.4 to 6 times the real ones, and a
  // build that would pass max_bytes anyway stops (Builder).
  static constexpr double kBuildBytes = 3 * sizeof(std::uint64_t);

  std::uint64_t stored() const {
    std::uint64_t total = 0;
    for (const auto& half : halves_)
      for (const LayerSet& l : half) total += l.size();
    return total;
  }
  // What a new layer may take: max_bytes less the halves (0: no bound).
  std::size_t free_bytes() const {
    if (options_.max_bytes == 0) return 0;
    const std::uint64_t held = stored() * sizeof(std::uint64_t);
    return held < options_.max_bytes ? options_.max_bytes - held : 1;
  }

  bool over_budget(int side) const {
    const double total = static_cast<double>(stored()), next = next_size(side);
    const bool states = options_.max_states && total + next > static_cast<double>(options_.max_states);
    const bool bytes = options_.max_bytes &&
                       total * sizeof(std::uint64_t) + next * kBuildBytes > static_cast<double>(options_.max_bytes);
    return states || bytes;
  }

  // One run from s (forward: on towards B's layer `toward`; backward: back to F's) to a state
  // whose canonical form is there; appends the run's moves in walking order (backward: latest
  // first, so that the whole walk reversed is in play order) and returns the state.
  Position step(Position s, bool forward, const LayerSet& toward, std::vector<Move>& moves) const {
    std::vector<Move> run, found;
    Position reached = 0;
    bool done = false;
    for_each_run(
        puzzle_, s, forward, run, [&](Position) { return !done; },
        [&](Position q, const std::vector<Move>& r) {
          if (done || !toward.contains(puzzle_.canonical(q))) return;
          done = true, reached = q, found = r;
        });
    if (!done) throw std::logic_error("fewest-moves meeting: a layer's state has no neighbour in the layer before");
    moves.insert(moves.end(), found.begin(), found.end());
    return reached;
  }

  // Moves in a line: a step starts a new move unless it starts where the last one landed.
  int runs(const std::vector<Move>& path) const {
    int n = 0, landed = -1;
    for (const Move& m : path) {
      if (puzzle_.move_origin(m) != landed) ++n;
      landed = puzzle_.move_landing(m);
    }
    return n;
  }

  const P& puzzle_;
  Options options_;
  std::vector<LayerSet> halves_[2];  // [0] = F from the starts, [1] = B from the goals
};

}  // namespace gs
