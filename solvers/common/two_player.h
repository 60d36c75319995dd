// What a two-player, zero-sum game with perfect information must provide to the table-building
// solvers: states as machine words, moves, terminal values for the side to move, symmetries.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>

namespace gs {

template <class G>
concept TwoPlayerGame = requires(const G& g, typename G::State s) {
  requires std::same_as<typename G::State, std::uint64_t>;
  { g.start() } -> std::same_as<typename G::State>;
  { g.canonical(s) } -> std::same_as<typename G::State>;
  { g.orbit_size(s) } -> std::convertible_to<int>;
  { g.ply(s) } -> std::convertible_to<int>;  // moves made so far: every move adds one
  { g.terminal_value(s) } -> std::same_as<std::optional<int>>;
  g.for_each_move(s, [](typename G::Move, typename G::State) {});
};

}  // namespace gs
