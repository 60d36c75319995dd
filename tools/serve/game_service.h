// A game as `gamesolver serve` offers it to the play page: what the page shows and what the
// perfect player answers, in JSON, without the page knowing the game's rules. Each game with
// solved tables is a TableService (table_service.h); the games' commands list theirs.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace gs::tools {

class GameService {
 public:
  virtual ~GameService() = default;

  // The game's name ("fox-hounds"), its variant ("8x8"), its sides, the position play starts
  // from, the draw rule served, and the parameters a game record names it by (hunt play's).
  virtual nlohmann::json info() const = 0;

  // What `probe --json` prints for the position (the start when empty) at the rule's counter.
  // Bad input throws InputError; damaged tables DataError.
  virtual nlohmann::json probe(const std::string& position, int counter) = 0;

  // One turn for the page: the board as a diagram (points, lines, pieces), the value, and every
  // move with the points it goes from and to, its value (plain and under the rule), the position
  // and counter it reaches and how the game ends there if it does; "best" is the index of the
  // perfect player's move (null when the game is over).
  virtual nlohmann::json turn(const std::string& position, int counter) = 0;
};

using GameServices = std::vector<std::unique_ptr<GameService>>;

}  // namespace gs::tools
