// Fewest moves (fewest_moves.h) over the alive sets of a streamed analysis (streamed_layers.h):
// the same programme and walk back, with the layer above held in memory and each depth's table
// kept where the analysis keeps its layers (kind "fewest": the alive states of the depth, each
// valued cost << 64 | landing points). Memory holds two alive sets at a time instead of all of
// them, and with a directory a stopped pass resumes after its last whole table.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include <tbb/parallel_for.h>

#include "solvers/layered/fewest_moves.h"
#include "solvers/layered/layered_puzzle.h"
#include "solvers/layered/streamed_layers.h"

namespace gs {

template <class P>
requires StreamedPuzzle<P> && PieceMoves<P>
class StreamedFewestMoves {
 public:
  using Position = typename P::Position;
  using Move = typename P::Move;
  static constexpr const char* kKind = "fewest";

  // `layers` after a complete run() whose deepest layer is `deepest`. `progress`: the depth of
  // the table being built and the states of the tables built.
  StreamedFewestMoves(const P& puzzle, StreamedLayers<P>& layers, std::size_t deepest,
                      LayerProgress* progress = nullptr)
      : puzzle_(puzzle), layers_(layers), deepest_(deepest), progress_(progress) {}

  FewestMovesResult<P> solve() {
    FewestMovesResult<P> result;
    if (layers_.alive(0).size() == 0) return result;
    for (std::size_t d = 0; d <= deepest_; ++d) {
      if (progress_) progress_->depth = static_cast<int>(d);
      if (!layers_.has_table(kKind, d)) fill(d);
      if (progress_) progress_->states += layers_.table(kKind, d).size();
    }

    // The cheapest goal state over all depths.
    std::size_t best_d = 0;
    Position best_s = 0;
    int best = MoveRunEntry::kUnreached;
    for (std::size_t d = 0; d <= deepest_; ++d) {
      const Table t = load(d);
      for (std::size_t i = 0; i < t.states.size(); ++i)
        if (t.cost[i] < best && puzzle_.is_goal(t.states[i])) best = t.cost[i], best_d = d, best_s = t.states[i];
    }
    if (best == MoveRunEntry::kUnreached) return result;
    result.solved = true;
    result.moves = best;
    Position s = best_s;
    MoveRunEntry here = load(best_d).lookup(puzzle_, s);
    int landing = lowest_bit(here.landing);
    std::vector<Move> reversed;
    for (std::size_t d = best_d; d > 0; --d) {
      const Table above = load(d - 1);
      reversed.push_back(step_back(puzzle_, s, here, landing, [&](Position p) { return above.lookup(puzzle_, p); }));
    }
    result.start = s;
    result.path.assign(reversed.rbegin(), reversed.rend());
    return result;
  }

 private:
  static uint128 pack(const MoveRunEntry& e) { return uint128(e.cost) << 64 | e.landing; }

  // One depth's table in memory, sorted by state, with the first index of each run of states
  // that share their top bits (a lookup searches one short run, not the whole table).
  struct Table {
    std::vector<std::uint64_t> states;
    std::vector<std::uint8_t> cost;
    std::vector<Bitboard> landing;
    std::vector<std::uint64_t> first;  // [prefix]: index of the first state with at least that prefix
    int shift = 0;

    void index() {
      constexpr int kPrefixBits = 22;
      const std::uint64_t top = states.empty() ? 0 : states.back();
      shift = std::max(0, static_cast<int>(std::bit_width(top)) - kPrefixBits);
      first.assign((top >> shift) + 2, states.size());
      for (std::size_t i = states.size(); i-- > 0;) first[states[i] >> shift] = i;
      for (std::size_t p = first.size() - 1; p-- > 0;) first[p] = std::min(first[p], first[p + 1]);
    }

    static constexpr std::size_t npos = ~std::size_t{0};
    // The index of a canonical state, or npos.
    std::size_t find(Position canonical) const {
      const std::uint64_t prefix = canonical >> shift;
      if (prefix + 1 >= first.size()) return npos;
      const auto from = states.begin() + static_cast<std::ptrdiff_t>(first[prefix]),
                 to = states.begin() + static_cast<std::ptrdiff_t>(first[prefix + 1]);
      const auto it = std::lower_bound(from, to, canonical);
      return it == to || *it != canonical ? npos : static_cast<std::size_t>(it - states.begin());
    }
    // The entry of a (not necessarily canonical) state, in its frame.
    MoveRunEntry lookup(const P& puzzle, Position s) const {
      const auto [canonical, g] = puzzle.symmetries().canonical_with_element(s);
      const std::size_t i = find(canonical);
      if (i == npos) return {};
      return {cost[i], landing_in_frame(puzzle, landing[i], g)};
    }
  };

  Table load(std::size_t d) const {
    const StateFileReader r = layers_.table(kKind, d);
    Table t;
    t.states.reserve(r.size()), t.cost.reserve(r.size()), t.landing.reserve(r.size());
    std::vector<std::uint64_t> st;
    std::vector<uint128> values;
    for (std::size_t b = 0; b < r.blocks(); ++b) {
      r.read_block(b, st, &values);
      for (std::size_t i = 0; i < st.size(); ++i) {
        const auto cost = static_cast<int>(values[i] >> 64);
        if (cost >= MoveRunEntry::kUnreached)
          throw DataError("a fewest-moves table holds an unreached state (altered)");
        t.states.push_back(st[i]);
        t.cost.push_back(static_cast<std::uint8_t>(cost));
        t.landing.push_back(static_cast<Bitboard>(values[i]));
      }
    }
    t.index();
    return t;
  }

  // The entry of canonical state s from the table above: cheapest_entry, or the same sum with
  // each parent's canonical form and its element read off the images of s (no canonicalisation
  // a parent, no landing mask moved between frames) when the puzzle offers them.
  MoveRunEntry entry(const Table& above, Position s) const {
    if constexpr (ElementUnmoves<P>) {
      MoveRunEntry best;
      const SymmetryGroup& group = puzzle_.symmetries();
      puzzle_.for_each_canonical_unmove_with_element(s, [&](Move m, Position canonical, int g) {
        const std::size_t i = above.find(canonical);
        if (i == Table::npos) return;
        // The parent's origin is in its landing set iff its image under g is in the canonical one.
        const int c = above.cost[i] + (has_bit(above.landing[i], group[g](puzzle_.move_origin(m))) ? 0 : 1);
        if (c < best.cost) best.cost = c, best.landing = 0;
        if (c == best.cost) best.landing |= bit(puzzle_.move_landing(m));
      });
      return best;
    } else {
      return cheapest_entry(puzzle_, s, [&](Position p) { return above.lookup(puzzle_, p); });
    }
  }

  // Depth d's table from the one above (depth 0: every start at cost 0, nothing landed yet).
  void fill(std::size_t d) {
    const StateFileReader here = layers_.alive(d);
    const Table above = d > 0 ? load(d - 1) : Table{};
    StateFileWriter out = layers_.table_writer(kKind, d);
    for (std::size_t first = 0; first < here.blocks(); first += 256) {
      const std::size_t last = std::min(here.blocks(), first + 256);
      std::vector<std::vector<std::uint64_t>> states(last - first);
      std::vector<std::vector<MoveRunEntry>> entries(last - first);
      tbb::parallel_for(first, last, [&](std::size_t b) {
        auto& st = states[b - first];
        here.read_block(b, st);
        for (const auto s : st)
          entries[b - first].push_back(d == 0 ? MoveRunEntry{.cost = 0, .landing = 0} : entry(above, s));
      });
      for (std::size_t k = 0; k < states.size(); ++k)
        for (std::size_t i = 0; i < states[k].size(); ++i) {
          // Every alive state has a reachable parent that can finish, so it has a cost.
          if (!entries[k][i].reached()) throw std::logic_error("an alive state with no alive parent");
          out.add(states[k][i], pack(entries[k][i]));
        }
    }
    out.finish();
  }

  const P& puzzle_;
  StreamedLayers<P>& layers_;
  std::size_t deepest_;
  LayerProgress* progress_;
};

}  // namespace gs
