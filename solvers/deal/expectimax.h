// The exact value of a one-player game with chance and a finite, acyclic state space (a
// finite-horizon Markov decision process): the best expected end value any player can reach who
// sees the state and not the draws to come. Memoised expectimax. Knows no game.
//
// Why it is the optimum: at a state where chance moves next, every policy's expected value is the
// draws' weighted mean of its values after them; where the player moves, no policy does better
// than its best move's value. Without cycles the recursion bottoms out at end states, so by
// induction on the height of a state its value bounds every policy's, and the policy that plays
// the argmax reaches it (Bellman's optimality for a finite horizon; randomised policies are
// mixtures and gain nothing). The memo is exact when equal keys mean equal futures: the game
// promises that two states with one key have the same moves up to renaming and the same draws.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "solvers/common/hash.h"

namespace gs {

// A decision state lists the states its moves lead to (none: the game is over, worth
// end_value); a drawing state lists its draws with their probabilities (they sum to 1).
template <class G>
concept ChanceGame = requires(const G& g, const typename G::State& s, const typename G::Key& k) {
  { g.key(s) } -> std::same_as<typename G::Key>;
  { g.drawing(s) } -> std::convertible_to<bool>;
  g.for_each_draw(s, [](double, const typename G::State&) {});
  g.for_each_move(s, [](const typename G::State&) {});
  { g.end_value(s) } -> std::convertible_to<double>;
  { mix_words(k) } -> std::convertible_to<std::size_t>;  // keys are arrays of words
  { G::kBestValue } -> std::convertible_to<double>;      // no value is higher
};

// Thrown when the memo would pass the states it was allowed.
struct ExpectimaxTooLarge : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <ChanceGame G>
class Expectimax {
 public:
  using State = typename G::State;

  // Keeps at most `max_states` values (about 100 bytes each); the memo persists across calls.
  Expectimax(const G& game, std::size_t max_states) : game_(game), max_states_(max_states) {}

  double value(const State& s) {
    const auto key = game_.key(s);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    double v = 0;
    if (game_.drawing(s)) {
      game_.for_each_draw(s, [&](double p, const State& next) { v += p * value(next); });
    } else {
      bool any = false;
      game_.for_each_move(s, [&](const State& next) {
        if (any && v >= G::kBestValue) return;  // nothing can beat it
        const double w = value(next);
        if (!any || w > v) v = w;
        any = true;
      });
      if (!any) v = game_.end_value(s);
    }
    if (memo_.size() >= max_states_)
      throw ExpectimaxTooLarge("the exact solution needs more than " + std::to_string(max_states_) + " states");
    memo_.emplace(key, v);
    return v;
  }

  std::size_t states() const { return memo_.size(); }
  void clear() { memo_.clear(); }

 private:
  const G& game_;
  std::size_t max_states_;
  struct KeyHash {
    std::size_t operator()(const typename G::Key& key) const { return mix_words(key); }
  };
  std::unordered_map<typename G::Key, double, KeyHash> memo_;
};

}  // namespace gs
