// Nested rollouts (Cazenave's nested Monte-Carlo search, in its deterministic form) for a
// single-player game with perfect information that ends with a score: a fast way to find a
// win, never a proof of a loss. Knows no game.
//
// Level 0 is the game's own rollout policy, played to the end. Level k walks one line: at each
// state with more than one choice it plays every choice and finishes each by level k - 1, and
// then makes the next move of the best line found so far (kept across the walk, so a level
// never ends below the best line it has seen). It stops at the first line that reaches the
// game's maximum. A level costs about (choices x depth) times the level below, so each level
// is one to two orders of magnitude slower than the last, and finds wins the last one misses.
// The line returned is legal by construction; callers still replay it by the rules.
#pragma once

#include <concepts>
#include <cstdint>
#include <vector>

namespace gs {

// What nested rollouts need: the moves worth choosing between (one move: no choice, none: the
// game is over), the move's effect, and a rollout that plays to the end and returns the score.
template <class G>
concept RolloutGame = requires(const G& g, typename G::State s, typename G::Move m,
                               std::vector<typename G::Move>& line) {
  { g.choices(s) } -> std::same_as<std::vector<typename G::Move>>;
  g.apply(s, m);
  { g.rollout(s, line) } -> std::convertible_to<int>;
  { g.score(s) } -> std::convertible_to<int>;
  { G::kMaxScore } -> std::convertible_to<int>;
};

template <class Move>
struct NestedRolloutResult {
  int score = -1;          // of `line`
  std::vector<Move> line;  // from the start
  std::uint64_t rollouts = 0;
};

template <RolloutGame G>
class NestedRollouts {
 public:
  using State = typename G::State;
  using Move = typename G::Move;
  using Result = NestedRolloutResult<Move>;

  explicit NestedRollouts(const G& game) : game_(game) {}

  Result run(const State& start, int level) {
    Result result;
    rollouts_ = 0;
    result.score = walk(start, level, result.line);
    result.rollouts = rollouts_;
    return result;
  }

 private:
  // The best line found from `state` at `level` (into `line`) and its score.
  int walk(State state, int level, std::vector<Move>& line) {
    line.clear();
    if (level == 0) {
      ++rollouts_;
      return game_.rollout(state, line);
    }
    std::vector<Move> best_line, played, tail;
    int best = -1;
    for (;;) {
      const std::vector<Move> choices = game_.choices(state);
      if (choices.empty()) break;
      if (choices.size() > 1)
        for (const Move& m : choices) {
          State child = state;
          game_.apply(child, m);
          const int score = walk(child, level - 1, tail);
          if (score <= best) continue;
          best = score;
          best_line = played;
          best_line.push_back(m);
          best_line.insert(best_line.end(), tail.begin(), tail.end());
          if (score == G::kMaxScore) {
            line = best_line;
            return score;
          }
        }
      // The best line goes through this state (it was found from here, or it extends the moves
      // made so far), so its next move is legal here; before any line is found, the one choice.
      // (The line is followed even where there is one choice: a rollout policy may name a move
      // the choices leave out, such as another of several empty reserves.)
      const Move next = played.size() < best_line.size() ? best_line[played.size()] : choices[0];
      game_.apply(state, next);
      played.push_back(next);
    }
    if (best < 0) best_line = played, best = game_.score(state);
    line = best_line;
    return best;
  }

  const G& game_;
  std::uint64_t rollouts_ = 0;
};

}  // namespace gs
