// A game with solved tables as `gamesolver serve` offers it: the tables opened once (the
// TablePlayer holds them, with those under the draw rule when built), every request answered
// under one lock (a table keeps the blocks it has read). The perfect player is `hunt play`'s.
#pragma once

#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "tools/common/game_loop.h"
#include "tools/common/table_jobs.h"
#include "tools/common/table_play.h"
#include "tools/draw/table_game_drawing.h"
#include "tools/serve/game_service.h"

namespace gs::tools {

// Games that name the points a player clicks to make a move (Mount'n Fall: a collapse moves no
// piece off its square, so the arrow's ends are not them).
template <class G>
concept PointedMoves = requires(const G& g, const typename G::Position& p) {
  { g.move_points(p, p) } -> std::convertible_to<std::pair<std::string, std::string>>;
};

// Whether every layer of g's tables is built in `dir`; if not, says on stderr which is missing.
template <Indexed G>
bool complete_tables(const G& g, const std::string& dir) {
  LayerTables<G> tables(g, dir);
  for (int layer = 0; layer < g.layer_count(); ++layer)
    if (!tables.present(layer)) {
      std::cerr << "serve: " << G::kName << " " << g.variant() << " is not served: its layer " << layer
                << " is not built in " << dir << "\n";
      return false;
    }
  return true;
}

template <Reported G>
requires draw::Drawn<G>
class TableService final : public GameService {
 public:
  using Position = typename G::Position;

  // `start`: where play begins (the game's own start, or a position of the tables when that is
  // outside them); `parameters`: what a game record names the game by.
  TableService(G game, const std::string& dir, int rule, nlohmann::json parameters, const Position& start)
      : game_(std::move(game)), player_(game_, dir, rule), parameters_(std::move(parameters)), start_(start) {}

  nlohmann::json info() const override {
    nlohmann::json j = {{"game", G::kName},
                        {"variant", game_.variant()},
                        {"sides", {G::kSides[0], G::kSides[1]}},
                        {"start", game_.format(start_)},
                        {"parameters", parameters_},
                        {"rule", nullptr}};
    if (player_.ruled()) j["rule"] = player_.ruled()->progress_limit();
    return j;
  }

  nlohmann::json probe(const std::string& position, int counter) override {
    const std::lock_guard lock(mutex_);
    // Fields set one by one: g++ 12 warns of its own copies of a designated initializer here.
    table_jobs::TableJobOptions options;
    options.position = position.empty() ? game_.format(start_) : position;
    options.counter = counter;
    nlohmann::json j = table_jobs::probe(game_, player_.plain(), options).json;
    if constexpr (ProgressLayers<G>) {
      j["rule"] = nullptr;
      if (auto* rule = player_.rule()) j["rule"] = table_jobs::probe(*player_.ruled(), *rule, options).json;
    }
    return j;
  }

  nlohmann::json turn(const std::string& position, int counter) override {
    const std::lock_guard lock(mutex_);
    const Position p = position.empty() ? start_ : game_.parse(position);
    if (!game_.terminal(p) && !game_.tabulated(p)) throw InputError("the position is outside the tables");
    const int limit = player_.ruled() ? player_.ruled()->progress_limit() : 1;
    if (counter < 0 || counter >= limit)
      throw InputError(player_.ruled() ? "counter must be 0 to " + std::to_string(limit - 1)
                                       : "counter applies under a draw rule, and this game has none");
    player_.set_counter(counter);
    const draw::Diagram board = diagram_of(game_, p);
    nlohmann::json j = {{"position", game_.format(p)},
                        {"side_to_move", G::kSides[game_.side(p)]},
                        {"counter", counter},
                        {"value", table_jobs::value_json(player_.plain().value(p))},
                        {"value_text", player_.describe(p)},
                        {"svg", draw::diagram_svg(board, {.cell = 56})},
                        {"end", ending(p, std::nullopt)},
                        {"best", nullptr}};
    const auto moves = player_.plain().moves(p, std::nullopt);
    // The moves drawn as arrows with their values (the hint); each arrow also gives the points a
    // move joins. diagram_with_moves draws the moves last to first (the best on top).
    const draw::Diagram hint = draw::diagram_with_moves(game_, p, moves);
    nlohmann::json list = nlohmann::json::array();
    const bool has_best = !moves.empty();
    const Position best = has_best ? game_.play(p, player_.choose(p)) : p;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const auto& [m, value] = moves[i];
      const Position next = game_.play(p, m);
      const draw::Diagram::Arrow& arrow = hint.arrows[moves.size() - 1 - i];
      const int after = player_.counter_after(p, next, counter);
      nlohmann::json move = table_jobs::value_json(value);
      move["move"] = game_.move_name(p, m);
      move["position"] = game_.format(next);
      // The points a player clicks: the game's own where it names them (a Mount'n Fall collapse
      // moves no piece off its square), else the ends of the move's arrow.
      if constexpr (PointedMoves<G>) {
        std::tie(move["from"], move["to"]) = game_.move_points(p, next);
      } else {
        move["from"] = board.points[static_cast<std::size_t>(arrow.from)].name;
        move["to"] = board.points[static_cast<std::size_t>(arrow.to)].name;
      }
      move["counter"] = after;
      if constexpr (ProgressLayers<G>)
        if (auto* rule = player_.rule()) move["rule"] = table_jobs::value_json(rule->move_value(p, next, counter));
      move["end"] = ending(next, after);
      if (has_best && next == best) j["best"] = list.size();
      list.push_back(std::move(move));
    }
    j["moves"] = std::move(list);
    if (!moves.empty()) j["hint_svg"] = draw::diagram_svg(hint, {.cell = 56});
    return j;
  }

 private:
  // How the game ends at q, by its rules or (reached by a move with the rule's counter then at
  // `counter`) by the draw rule: null when it goes on.
  nlohmann::json ending(const Position& q, std::optional<int> counter) const {
    if (nlohmann::json end = natural_ending(game_, q); !end.is_null()) return end;
    if (counter)
      if (const auto why = player_.rule_draw(q, *counter)) return {{"reason", *why}, {"winner", nullptr}};
    return nullptr;
  }

  G game_;
  TablePlayer<G> player_;
  nlohmann::json parameters_;
  Position start_;
  std::mutex mutex_;
};

}  // namespace gs::tools
