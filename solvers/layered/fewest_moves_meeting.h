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
// The last steps, when the next layer would not fit: with F to depth a and B to depth b compared,
// M > a + b. For k = 1, 2, ... (each taken only when the ones before found nothing, so
// M > a + b + k - 1): the states k runs from F[a] that lie in B[b], found without storing them,
// decide whether M = a + b + k. Such a state x has d_F(x) <= a + k and d_B(x) = b, so it gives a
// solution of a + b + k moves, and no fewer exist. Conversely, on a solution of a + b + k moves
// the state after a moves has d_F = a exactly (more is impossible; less would give a shorter
// solution) and the state after a + k moves has d_B = b exactly, for the same reason; so it is
// found. If the states k runs from F[a] are none at all, every line from F[a] ends before k runs:
// no longer solution exists either, and none exists. Likewise from B[b] into F[a].
//
// States are canonical under one group, which must keep the start set and the goal set. The
// solution is rebuilt from the meeting state in its own frame: runs back through F to a start,
// runs on through B to a goal.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

#include "engine/core/game_search.h"
#include "engine/core/game_symmetry.h"
#include "solvers/layered/fewest_moves.h"
#include "solvers/layered/layer_set.h"
#include "solvers/layered/layered_puzzle.h"
#include "solvers/layered/layered_search.h"

namespace gs {

// Calls f(q, run) for every state q one run of moves by a single piece away from s, with the
// run's moves in the order taken (backward: the latest played first). Forward: moves from s, then moves from where the
// piece landed. Backward (q before s): unmoves whose piece stands where the later move started. `keep(q)` false ends
// the run at q (a state whose continuations are all pruned too). A run of the piece standing on
// `not_from` (the one the run before moved) is left out: with that one it would make a single run.
template <class P, class Keep, class F>
requires LayeredPuzzle<P> && PieceMoves<P>
void for_each_run(const P& puzzle, typename P::Position s, bool forward, std::vector<typename P::Move>& run,
                  Keep&& keep, F&& f, int not_from = -1) {
  using Position = typename P::Position;
  using Move = typename P::Move;
  const auto extend = [&](auto& self, Position at, int piece) -> void {
    const auto step = [&](const Move& m) {
      if (piece < 0 && not_from >= 0 && (forward ? puzzle.move_origin(m) : puzzle.move_landing(m)) == not_from) return;
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

// Calls f(q) for every state q `runs` runs from s, each run by another piece than the run before
// (else the two would be one run). While f runs, levels[runs - 1] holds the first run's moves
// and levels[0] the last's, each in for_each_run's order; `keep` as there.
template <class P, class Keep, class F>
requires LayeredPuzzle<P> && PieceMoves<P>
void for_each_run_chain(const P& puzzle, typename P::Position s, bool forward, int runs,
                        std::vector<std::vector<typename P::Move>>& levels, Keep&& keep, F&& f) {
  using Position = typename P::Position;
  if (levels.size() < static_cast<std::size_t>(runs)) levels.resize(static_cast<std::size_t>(runs));
  const auto from = [&](auto& self, Position at, int left, int not_from) -> void {
    for_each_run(
        puzzle, at, forward, levels[static_cast<std::size_t>(left - 1)], keep,
        [&](Position q, const auto& run) {
          if (left == 1) return f(q);
          // Where the run leaves its piece: forward, where its last move landed; backward
          // (latest move first), where its earliest move started.
          self(self, q, left - 1, forward ? puzzle.move_landing(run.back()) : puzzle.move_origin(run.back()));
        },
        not_from);
  };
  from(from, s, runs, -1);
}

// The programme's result (fewest_moves.h), with how the meeting went.
template <LayeredPuzzle P>
struct FewestMovesMeetingResult : FewestMovesResult<P> {
  bool stopped = false;              // the next layer would not have fitted and the last steps did not meet: undecided
  bool last_step = false;            // the last step (one half's next layer, not stored) was taken
  int last_moves = 0;                // the runs past the stored layers the last steps went (1 with the last step alone)
  std::uint64_t last_positions = 0;  // the states the last steps generated, not stored
  double next_last_positions = 0;    // stopped: the states the next last step was guessed to generate
  int sliced_steps = 0;              // last steps that went through a half's next layer in slices
  int moves_at_least = 0;            // no solution has fewer moves (solved: the moves)
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
    // The last steps may go on past one run while the next would generate at most this many
    // states (guessed from each half's branching, sampled); 0: one run only.
    std::uint64_t max_last_positions = 0;
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
        m = last_steps(r);
        break;
      }
      m = meet(side, halves_[side].size() - 1);
    }
    sizes();
    const int compared = static_cast<int>(halves_[0].size() + halves_[1].size()) - 2;
    if (!m.found) {
      r.stopped = r.last_step && !m.exhausted;
      r.moves_at_least = compared + r.last_moves + 1;
      return r;
    }
    r.solved = true;
    r.moves = static_cast<int>(m.forward_depth + m.backward_depth);
    // Back through F to a start, then on through B to a goal, all in the meeting state's frame.
    std::vector<Move> back, on;
    // A meeting past the stored layers first walks its runs back to the layer it came from
    // (through the slice of the next layer it came through, if any).
    Position s = m.state, e = m.state;
    std::size_t forward = m.forward_depth, backward = m.backward_depth;
    if (m.runs > 0) {
      const bool onward = m.side == 1;  // back through F, or on through B
      Position& at = onward ? e : s;
      std::vector<Move>& moves = onward ? on : back;
      int runs = m.runs;
      if (sliced_) at = step(at, onward, *sliced_, moves, runs - 1), runs = 1;
      at = step(at, onward, halves_[m.side].back(), moves, runs);
      (onward ? backward : forward) -= static_cast<std::size_t>(m.runs);
    }
    for (std::size_t d = forward; d > 0; --d) s = step(s, false, halves_[0][d - 1], back, 1);
    r.start = s;
    for (std::size_t d = backward; d > 0; --d) e = step(e, true, halves_[1][d - 1], on, 1);
    r.path.assign(back.rbegin(), back.rend());
    r.path.insert(r.path.end(), on.begin(), on.end());
    if (runs(r.path) != r.moves) throw std::logic_error("fewest-moves meeting: the joined line is not minimal");
    r.moves_at_least = r.moves;
    return r;
  }

 private:
  struct Meeting {
    bool found = false;
    bool exhausted = false;  // a last step generated nothing: no solution at all
    std::size_t forward_depth = 0, backward_depth = 0;
    Position state = 0;
    int side = 0, runs = 0;  // the half the state lies `runs` runs past (0: in both halves' layers)
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
  auto expansion(int side) const { return expansion(side, 1, nullptr); }

  // Adds every state `runs` runs from a state of half `side` to a sink, counting them.
  auto expansion(int side, int runs, std::atomic<std::uint64_t>* generated) const {
    return [this, side, runs, generated](Position s, auto& sink) {
      const Prune& prune = side == 0 ? options_.cannot_finish : options_.cannot_be_reached;
      thread_local std::vector<std::vector<Move>> levels;
      std::uint64_t count = 0;
      for_each_run_chain(
          puzzle_, s, side == 0, runs, levels, [&](Position q) { return !prune || !prune(q); },
          [&](Position q) {
            ++count;
            sink.add(puzzle_.canonical(q));
          });
      if (generated) *generated += count;
      if (generated && options_.progress) options_.progress->generated += count;
    };
  }

  // The last steps (see the proof above): the states 1, 2, ... runs past a half's deepest layer,
  // not stored, against the other half's deepest layer, while the next fits max_last_positions.
  // Step k may start from either half (the bound it proves is the same), and from k = 2 on may
  // go through the half's next layer built a slice of buckets at a time (only its states are on a
  // shortest solution, and it holds each once where the runs reach it many times): whichever
  // is guessed to generate fewer states, from the layers' sizes and their branching measured on
  // a sample (backward runs branch much more than forward ones).
  Meeting last_steps(FewestMovesMeetingResult<P>& r) {
    const double branching[2] = {sampled_branching(0), sampled_branching(1)};
    struct Plan {
      int side = 0;
      bool sliced = false;
      double cost = 0;  // states generated
    };
    const auto plan = [&](int runs) {
      Plan best{.cost = std::numeric_limits<double>::infinity()};
      for (const int side : {0, 1}) {
        const double size = static_cast<double>(halves_[side].back().size()), b = branching[side];
        const Plan direct{.side = side, .cost = size * std::pow(b, runs)};
        const Plan sliced{
            .side = side,
            .sliced = true,
            .cost = static_cast<double>(slices(side)) * size * b + next_size(side) * std::pow(b, runs - 1)};
        for (const Plan& p : {direct, sliced})
          if ((!p.sliced || runs > 1) && p.cost < best.cost) best = p;
      }
      return best;
    };
    for (int runs = 1;; ++runs) {
      const Plan step = plan(runs);
      if (runs > 1 && step.cost > static_cast<double>(options_.max_last_positions)) {
        r.next_last_positions = step.cost;
        return {};
      }
      if (options_.progress) ++options_.progress->depth;
      std::atomic<std::uint64_t> generated{0};
      const int side = step.side;
      std::optional<LayerSet> common;
      if (step.sliced) common = sliced_step(side, runs, generated);
      r.sliced_steps += common.has_value();
      if (!common)  // not sliced, or no slice fitted
        common = halves_[side].back().expand_within(halves_[1 - side].back(), expansion(side, runs, &generated), true);
      r.last_moves = runs, r.last_positions += generated;
      if (!common->empty()) {
        Meeting m{.found = true,
                  .state = *std::min_element(common->states().begin(), common->states().end()),
                  .side = side,
                  .runs = runs};
        m.forward_depth = halves_[0].size() - 1 + (side == 0 ? runs : 0);
        m.backward_depth = halves_[1].size() - 1 + (side == 1 ? runs : 0);
        return m;
      }
      if (generated == 0) return {.exhausted = true};
    }
  }

  // The slices half `side`'s next layer needs to fit the memory left (as guessed).
  std::size_t slices(int side) const {
    const std::size_t free = free_bytes();
    if (free == 0) return 1;
    const double needed = std::ceil(next_size(side) * kBuildBytes / static_cast<double>(free));
    return static_cast<std::size_t>(std::clamp(needed, 1.0, static_cast<double>(LayerSet::kBuckets)));
  }

  // Step `runs` (2 or more) from half `side` through its next layer, built a slice of buckets at
  // a time, each slice's states `runs` - 1 runs on against the other half's deepest layer: the
  // common states of the first slice that has any (kept in sliced_, for the walk back), or none
  // at all. Nothing (std::nullopt) when even a bucket at a time would not fit.
  std::optional<LayerSet> sliced_step(int side, int runs, std::atomic<std::uint64_t>& generated) {
    const LayerSet& other = halves_[1 - side].back();
    const auto expand = expansion(side);
    for (std::size_t passes = slices(side); passes <= LayerSet::kBuckets; passes *= 2) {
      bool fitted = true;
      for (std::size_t p = 0; p < passes && fitted; ++p) {
        const std::size_t first = p * LayerSet::kBuckets / passes, last = (p + 1) * LayerSet::kBuckets / passes;
        std::optional<LayerSet> slice = halves_[side].back().try_expand(
            [&](Position s, auto& sink) {
              SliceSink<std::remove_reference_t<decltype(sink)>> in{sink, first, last};
              expand(s, in);
            },
            halves_[side], free_bytes());
        if (!slice) {
          fitted = false;
          continue;
        }
        LayerSet common = slice->expand_within(other, expansion(side, runs - 1, &generated), true);
        if (common.empty()) continue;
        sliced_ = std::move(*slice);
        return common;
      }
      if (fitted) return LayerSet();
    }
    return std::nullopt;
  }

  // Passes on the states of one slice of buckets, [first, last).
  template <class Sink>
  struct SliceSink {
    Sink& to;
    std::size_t first, last;
    void add(std::uint64_t s) {
      const std::size_t b = LayerSet::bucket_of(s);
      if (b >= first && b < last) to.add(s);
    }
  };

  // The states one run from a state of half `side`'s deepest layer, on average over up to 4,096
  // of its states, evenly spread.
  double sampled_branching(int side) const {
    const LayerSet& layer = halves_[side].back();
    const std::size_t n = std::min<std::size_t>(layer.size(), 4096);
    if (n == 0) return 0;
    struct Count {
      std::uint64_t states = 0;
      void add(std::uint64_t) { ++states; }
    } count;
    const auto expand = expansion(side);
    for (std::size_t i = 0; i < n; ++i) expand(layer.states()[i * layer.size() / n], count);
    return static_cast<double>(count.states) / static_cast<double>(n);
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

  // `runs` runs from s (forward: on towards B's layer `toward`; backward: back to F's) to a state
  // whose canonical form is there; appends the runs' moves in walking order (backward: latest
  // first, so that the whole walk reversed is in play order) and returns the state.
  Position step(Position s, bool forward, const LayerSet& toward, std::vector<Move>& moves, int runs) const {
    std::vector<std::vector<Move>> levels;
    Position reached = 0;
    bool done = false;
    for_each_run_chain(
        puzzle_, s, forward, runs, levels, [&](Position) { return !done; },
        [&](Position q) {
          if (done || !toward.contains(puzzle_.canonical(q))) return;
          done = true, reached = q;
          for (int level = runs - 1; level >= 0; --level)
            moves.insert(moves.end(), levels[static_cast<std::size_t>(level)].begin(),
                         levels[static_cast<std::size_t>(level)].end());
        });
    if (!done) throw std::logic_error("fewest-moves meeting: a layer's state has no neighbour in the layer before");
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
  std::optional<LayerSet> sliced_;   // the slice of a half's next layer a last step met through
};

}  // namespace gs
