// Strong solution of a game whose every move adds one to the ply (placement games): every state
// reachable from the start, canonical under the game's symmetries, one LayerSet per ply; then
// values backwards from the last ply (retrograde order: a state's children are all one ply
// later), and the number of move sequences from the start forwards.
//
// Values are for the side to move, with the distance to the end in plies under perfect play: a
// winner takes the fastest win, a loser the slowest loss (a draw, the longest game).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "engine/core/game.h"
#include "engine/core/game_search.h"
#include "engine/core/game_symmetry.h"
#include "engine/core/uint128.h"
#include "engine/core/value.h"
#include "solvers/layered/layer_set.h"

namespace gs {

template <class G>
requires TwoPlayerGame<G> && CountedClasses<G> && PlyCounted<G>
class StrongSolution {
 public:
  using Position = typename G::Position;

  explicit StrongSolution(const G& game) : game_(game) {
    enumerate();
    solve_values();
    count_paths();
  }

  const std::vector<LayerSet>& layers() const { return layers_; }
  Value value_at(std::size_t ply, std::size_t i) const { return {outcome_of_sign(value_[ply][i]), distance_[ply][i]}; }
  uint128 paths_at(std::size_t ply, std::size_t i) const { return paths_[ply][i]; }
  bool terminal_at(std::size_t ply, std::size_t i) const { return game_.terminal(layers_[ply][i]).has_value(); }

  // The value of any reachable state (canonicalised here); nullopt if not reachable.
  std::optional<Value> lookup(Position s) const {
    const std::size_t ply = game_.ply(s);
    if (ply >= layers_.size()) return std::nullopt;
    const std::size_t i = layers_[ply].find(game_.canonical(s));
    if (i == LayerSet::npos) return std::nullopt;
    return value_at(ply, i);
  }

 private:
  void enumerate() {
    LayerSet::Builder first;
    first.add(game_.canonical(game_.start()));
    layers_.push_back(first.build());
    while (true) {
      LayerSet built = layers_.back().expand([&](Position s, auto& sink) {
        if (game_.terminal(s)) return;
        for_each_successor(game_, s, [&](typename G::Move, Position child) { sink.add(game_.canonical(child)); });
      });
      if (built.empty()) break;
      layers_.push_back(std::move(built));
    }
  }

  void solve_values() {
    value_.resize(layers_.size());
    distance_.resize(layers_.size());
    for (std::size_t ply = layers_.size(); ply-- > 0;) {
      const LayerSet& here = layers_[ply];
      value_[ply].assign(here.size(), 0);
      distance_[ply].assign(here.size(), 0);
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, here.size(), 1024), [&](const auto& range) {
        for (std::size_t i = range.begin(); i != range.end(); ++i) {
          const Scored v = solve_state(ply, here[i]);
          value_[ply][i] = static_cast<std::int8_t>(v.value);
          distance_[ply][i] = static_cast<std::uint8_t>(v.distance);
        }
      });
    }
  }

  struct Scored {
    int value = 0;  // sign_of the outcome
    int distance = 0;
  };

  // Negamax over the children's stored values.
  Scored solve_state(std::size_t ply, Position s) const {
    if (const auto terminal = game_.terminal(s)) return {sign_of(*terminal), 0};
    Scored best{-2, 0};
    for_each_successor(game_, s, [&](typename G::Move, Position child) {
      const std::size_t j = layers_[ply + 1].find(game_.canonical(child));
      const Scored c{-value_[ply + 1][j], distance_[ply + 1][j] + 1};
      // Better: a higher value; among wins the shorter, among losses (and draws) the longer.
      const bool better =
          c.value > best.value ||
          (c.value == best.value && (c.value > 0 ? c.distance < best.distance : c.distance > best.distance));
      if (better) best = c;
    });
    return best;
  }

  // paths(child) = sum over its parents of paths(parent); with canonical states, each parent
  // orbit contributes |orbit(parent)| x paths x (moves into the child's orbit), shared by the
  // |orbit(child)| states of the child's orbit. Exact because the symmetries fix the start.
  void count_paths() {
    paths_.resize(layers_.size());
    paths_[0].assign(layers_[0].size(), 1);
    for (std::size_t ply = 0; ply + 1 < layers_.size(); ++ply) {
      std::vector<uint128> into(layers_[ply + 1].size(), 0);
      for (std::size_t i = 0; i < layers_[ply].size(); ++i) {
        const Position s = layers_[ply][i];
        if (game_.terminal(s)) continue;
        const uint128 weight = paths_[ply][i] * static_cast<unsigned>(game_.orbit_size(s));
        for_each_successor(game_, s, [&](typename G::Move, Position child) {
          into[layers_[ply + 1].find(game_.canonical(child))] += weight;
        });
      }
      for (std::size_t j = 0; j < into.size(); ++j)
        into[j] /= static_cast<unsigned>(game_.orbit_size(layers_[ply + 1][j]));
      paths_[ply + 1] = std::move(into);
    }
  }

  const G& game_;
  std::vector<LayerSet> layers_;
  std::vector<std::vector<std::int8_t>> value_;
  std::vector<std::vector<std::uint8_t>> distance_;
  std::vector<std::vector<uint128>> paths_;
};

}  // namespace gs
