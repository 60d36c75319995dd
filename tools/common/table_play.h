// A person at the terminal against the perfect player of solved tables (`gamesolver hunt play`).
// The player keeps the best outcome under the game's progress draw rule when its tables are built
// (every move it takes keeps a win within the rule, so the win comes before the counter runs
// out), and among those moves takes the best by the plain tables: the fastest win, the slowest
// loss, and among drawing moves one the plain tables call a win, should the person slip. The person types
// moves as `probe` prints them; the value is shown after every move.
#pragma once

#include <array>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>

#include "engine/core/errors.h"
#include "solvers/common/progress_rule.h"
#include "solvers/probe/layer_tables.h"
#include "tools/common/cli.h"
#include "tools/common/game_loop.h"

namespace gs::tools {

template <Reported G>
class TablePlayer {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  // `rule`: the plies without progress that draw, with its tables in `dir`; 0 for none.
  TablePlayer(const G& game, const std::string& dir, int rule) : game_(game), plain_(game, dir) {
    if constexpr (ProgressLayers<G>)
      if (rule > 0) {
        ruled_.emplace(game, rule);
        rule_.emplace(*ruled_, dir);
        if (!rule_->present(0)) rule_.reset(), ruled_.reset();  // not built: plain values alone
      }
  }

  void set_counter(int counter) { counter_ = counter; }

  LayerTables<G>& plain() { return plain_; }
  // The tables under the progress rule and its game, when built (otherwise nullptr).
  LayerTables<UnderProgressRule<G>>* rule() { return rule_ ? &*rule_ : nullptr; }
  const UnderProgressRule<G>* ruled() const { return ruled_ ? &*ruled_ : nullptr; }

  // The value of p for the side to move, plain and (when its tables are built) under the rule
  // at the counter: "win in 31 plies; under the 120-ply rule win, 2 plies to progress".
  std::string describe(const Position& p) {
    std::string text = value_text(plain_.value(p));
    if constexpr (ProgressLayers<G>)
      if (ruled_) {
        const Value v = ruled_->value_at(rule_->value(p), counter_);
        text += "; under the " + std::to_string(ruled_->progress_limit()) + "-ply rule (counter " +
                std::to_string(counter_) + ") " + outcome_name(v.outcome);
        if (v.outcome != Outcome::kDraw) text += ", " + std::to_string(v.distance) + " plies to progress";
      }
    return text;
  }

  // The perfect player's move.
  Move choose(const Position& p) {
    std::optional<Move> best;
    std::tuple<int, int> best_key{};
    for_each_successor(game_, p, [&](const Move& m, const Position& next) {
      int by_rule = 0;  // the outcome under the rule: win, draw, loss
      if constexpr (ProgressLayers<G>)
        if (rule_) {
          const Outcome o = rule_->move_value(p, next, counter_).outcome;
          by_rule = o == Outcome::kWin ? 0 : o == Outcome::kDraw ? 1 : 2;
        }
      const std::tuple<int, int> key{by_rule, preference(through(plain_.value(next)))};
      if (!best || key < best_key) best = m, best_key = key;
    });
    return *best;
  }

  // After a move from `before` to `after`: the counter moves on, and the reason of a draw when
  // it reaches the limit without a win.
  std::optional<std::string> after_move(const Position& before, const Position& after) {
    counter_ = counter_after(before, after, counter_);
    return rule_draw(after, counter_);
  }

  // The counter after a move from `before` to `after` made at `counter` (0 without the rule).
  int counter_after(const Position& before, const Position& after, int counter) const {
    if constexpr (ProgressLayers<G>)
      if (ruled_) return progresses(game_, game_.locate(before).layer, game_.locate(after).layer) ? 0 : counter + 1;
    return 0;
  }

  // The reason of a draw by the rule when `after`, reached at `counter`, ends the game so.
  std::optional<std::string> rule_draw(const Position& after, int counter) const {
    if constexpr (ProgressLayers<G>) {
      if (!ruled_) return std::nullopt;
      bool replies = false;  // a move that leaves the opponent none has won
      game_.for_each_move(after, [&](const Move&) { replies = true; });
      if (counter >= ruled_->progress_limit() && !game_.terminal(after) && replies)
        return std::to_string(counter) + " plies without progress: a draw";
    }
    return std::nullopt;
  }

 private:
  const G& game_;
  LayerTables<G> plain_;
  std::optional<UnderProgressRule<G>> ruled_;
  std::optional<LayerTables<UnderProgressRule<G>>> rule_;
  int counter_ = 0;
};

// Plays from `start` with the person on `person_side` (an index into G::kSides). Returns the
// game's record: the start, each move and the position it reached, how it ended (`gamesolver
// view` replays it).
template <Reported G>
nlohmann::json play_against_tables(const G& game, const std::string& dir, int rule, const typename G::Position& start,
                                   int person_side, int counter) {
  using Position = typename G::Position;
  using Move = typename G::Move;
  TablePlayer<G> player(game, dir, rule);
  player.set_counter(counter);
  auto show = [&](const Position& p) {
    std::cout << "\n"
              << game.format(p) << "\n"
              << G::kSides[game.side(p)] << " to move: " << player.describe(p) << "\n";
  };
  player.describe(start);  // the tables must answer before the game starts
  std::cout << game.kName << " " << game.variant() << ": you play the " << G::kSides[person_side]
            << ". Type a move as probe prints it, or quit.\n";
  const Seat<G> person{[&](const Position& p, const auto&) -> std::optional<Move> {
    while (true) {
      const auto line = cli::read_move_line();
      if (!line) return std::nullopt;
      std::optional<Move> typed;
      std::ostringstream legal;
      for_each_successor(game, p, [&](const Move& m, const Position&) {
        legal << " " << game.move_name(p, m);
        if (game.move_name(p, m) == *line) typed = m;
      });
      if (typed) return typed;
      std::cout << "'" << clipped(*line) << "' is not a legal move here; legal:" << legal.str() << "\n";
    }
  }};
  const Seat<G> machine{[&](const Position& p, const auto&) {
    const Move m = player.choose(p);
    std::cout << "The tables play " << game.move_name(p, m) << "\n";
    return m;
  }};
  const int first = game.side(start);
  std::array<Seat<G>, 2> seats = {first == person_side ? person : machine, first == person_side ? machine : person};
  const auto played = play_out(game, start, seats, 1 << 30, show,
                               [&](const Position& a, const Position& b) { return player.after_move(a, b); });
  nlohmann::json record = {{"record", "gamesolver-game"}, {"game", G::kName},
                           {"variant", game.variant()},   {"start", game.format(start)},
                           {"reason", played.reason},     {"final_position", game.format(played.final_position)}};
  nlohmann::json moves = nlohmann::json::array();
  Position at = start;
  for (const Move& m : played.moves) {
    const Position next = game.play(at, m);
    moves.push_back({{"move", game.move_name(at, m)}, {"position", game.format(next)}});
    at = next;
  }
  record["moves"] = moves;
  const int winner_side = played.winner ? (*played.winner == 0 ? first : 1 - first) : -1;
  record["winner"] = winner_side >= 0 ? nlohmann::json(G::kSides[winner_side]) : nlohmann::json();
  if (played.reason == "stopped") return record;
  std::cout << "\n" << game.format(played.final_position) << "\n";
  if (!played.winner)
    std::cout << "A draw (" << played.reason << ").\n";
  else
    std::cout << ((*played.winner == 0) == (first == person_side) ? "You win.\n" : "The tables win.\n");
  return record;
}

}  // namespace gs::tools
