#include "tools/mountnfall/mountnfall_match.h"

#include "tools/mountnfall/mountnfall_drawing.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>
#include <mutex>

#include <tbb/parallel_for.h>

#include "engine/core/errors.h"
#include "engine/mountnfall/baseline.h"
#include "solvers/minimax/negamax.h"
#include "tools/common/game_loop.h"
#include "tools/common/json_number.h"
#include "tools/mountnfall/mountnfall_players.h"

namespace gs::tools {

namespace {

using mountnfall::Move;
using mountnfall::Position;

// Elo difference for a score fraction, clamped away from 0 and 1.
double elo(double score) {
  const double s = std::clamp(score, 1e-3, 1 - 1e-3);
  return -400.0 * std::log10(1.0 / s - 1.0);
}

// One game, colours by its number (the first player is White in even games), one thread a player.
nlohmann::json play_game(const MatchOptions& options, const mountnfall::MountNFall& game, int g) {
  auto first = make_player(options.player, game, options.seconds);
  auto second = make_player(options.opponent, game, options.seconds);
  const bool first_is_white = g % 2 == 0;
  Player& white = first_is_white ? *first : *second;
  Player& black = first_is_white ? *second : *first;
  std::array<Seat<mountnfall::MountNFall>, 2> seats = {
      Seat<mountnfall::MountNFall>{[&](const Position& p, const auto& history) { return white.choose(p, history); }},
      Seat<mountnfall::MountNFall>{[&](const Position& p, const auto& history) { return black.choose(p, history); }}};
  const auto played = play_out(game, game.start(), seats, options.max_plies);
  std::string result = "draw";
  if (played.winner) result = (*played.winner == 0) == first_is_white ? "win" : "loss";
  std::vector<std::string> record;
  for (const Move& m : played.moves) record.push_back(game.move_name(m));
  return {{"game", g + 1},
          {"white", first_is_white ? options.player : options.opponent},
          {"result", result},
          {"reason", played.reason},
          {"plies", played.plies()},
          {"moves", record},
          {"final_position", game.format(played.final_position)}};
}

}  // namespace

Report mountnfall_match(const MatchOptions& options) {
  std::ostringstream text;
  if (options.games < 1) throw InputError("--games must be at least 1");
  if (options.seconds <= 0) throw InputError("--time must be positive");
  const mountnfall::MountNFall game(options.size, options.triangle);
  check_player(options.player);  // refused before any game starts
  check_player(options.opponent);
  std::vector<nlohmann::json> results(static_cast<std::size_t>(options.games));
  std::mutex print;
  const cli::Stopwatch clock;
  // Games run side by side, one a thread; each player searches on one thread.
  tbb::parallel_for(0, options.games, [&](int g) {
    auto r = play_game(options, game, g);
    const std::lock_guard lock(print);
    text << "game " << g + 1 << " (" << options.player << (g % 2 == 0 ? " white" : " black") << "): " << options.player
         << " " << r["result"].get<std::string>() << " (" << r["reason"].get<std::string>() << ", " << r["plies"]
         << " plies)" << std::endl;
    results[static_cast<std::size_t>(g)] = std::move(r);
  });
  int wins = 0, losses = 0, draws = 0;
  nlohmann::json games = nlohmann::json::array();
  for (auto& r : results) {
    const std::string result = r["result"];
    (result == "win" ? wins : result == "loss" ? losses : draws) += 1;
    games.push_back(std::move(r));
  }
  const double n = options.games, score = (wins + 0.5 * draws) / n;
  // Standard error of the mean game score (1, 1/2, 0), then the Elo interval through it.
  const double variance =
      (wins * std::pow(1 - score, 2) + draws * std::pow(0.5 - score, 2) + losses * std::pow(score, 2)) / n;
  const double error = std::sqrt(variance / n);
  const double low = elo(score - 1.96 * error), high = elo(score + 1.96 * error);
  text << options.player << " vs " << options.opponent << ": +" << wins << " -" << losses << " =" << draws << ", score "
       << 100 * score << " %, Elo difference " << elo(score) << " (95 %: " << low << " to " << high << "), "
       << clock.seconds() << " s\n";
  return Report{nlohmann::json{{"player", options.player},
                               {"opponent", options.opponent},
                               {"games", options.games},
                               {"wins", wins},
                               {"losses", losses},
                               {"draws", draws},
                               {"score", score},
                               {"elo", elo(score)},
                               {"elo_ci95", {low, high}},
                               {"seconds_per_move", options.seconds},
                               {"max_plies", options.max_plies},
                               {"size", options.size},
                               {"triangle", options.triangle},
                               {"game_results", games},
                               {"seconds", clock.seconds()}},
                text.str()};
}

Replay mountnfall_replay(const nlohmann::json& match, int number) {
  try {
    const mountnfall::MountNFall game(json_int(match.at("size"), "size"), json_int(match.at("triangle"), "triangle"));
    const auto& games = match.at("game_results");
    if (number < 1 || number > static_cast<int>(games.size()))
      throw InputError("--game must be 1 to " + std::to_string(games.size()) + " (the match's games)");
    const auto& record = games.at(static_cast<std::size_t>(number - 1));
    Replay replay{
        .title =
            "Mount'n Fall " + std::to_string(game.size()) + "x" + std::to_string(game.size()) + ", game " +
            std::to_string(number) + ": " + record.at("white").get<std::string>() + " (White) against " +
            (record.at("white") == match.at("player") ? match.at("opponent") : match.at("player")).get<std::string>()};
    Position p = game.start();
    DiagramReplay frames(replay, diagram_of(game, p));
    for (const auto& name : record.at("moves")) {
      try {
        p = game.play(p, game.parse_move(p, name.get<std::string>()));
      } catch (const InputError& e) {
        throw DataError("move " + std::to_string(frames.moves() + 1) + ": " + e.what());
      }
      frames.add(diagram_of(game, p), name.get<std::string>());
    }
    replay.final_position = game.format(p);
    // The record's result, reason, plies and final position must be what its moves reach.
    const int plies = frames.moves();
    if (record.at("final_position").get<std::string>() != replay.final_position ||
        json_int(record.at("plies"), "plies") != plies)
      throw DataError("game " + std::to_string(number) + ": its final_position or plies are not its moves'");
    const std::string reason = record.at("reason").get<std::string>(), result = record.at("result").get<std::string>();
    const std::optional<RecordedEnd> end = natural_end(game, p, plies);
    if (!reason_fits(end, reason))
      throw DataError("game " + std::to_string(number) + ": its reason '" + clipped(reason) +
                      "' is not how its moves end");
    // Seat 0 is White; the result is the match player's, who is White in the odd-numbered games.
    const bool player_white = number % 2 == 1;
    const std::string expected = !end || !end->winner ? "draw" : (*end->winner == 0) == player_white ? "win" : "loss";
    if (result != expected)
      throw DataError("game " + std::to_string(number) + ": its result '" + clipped(result) + "' is not its moves' (" +
                      expected + ")");
    return replay;
  } catch (const nlohmann::json::exception& e) {
    throw DataError(std::string("not a Mount'n Fall match record: ") + e.what());
  }
}

}  // namespace gs::tools
