// A game as `gamesolver serve` offers it to the play page: what the page shows and what the
// perfect player answers, in JSON, without the page knowing the game's rules. Each game with
// solved tables is a TableService (table_service.h), an m,n,k board a service over its strong
// solution's file (tools/mnk/mnk_serve.h); the games' commands list theirs.
#pragma once

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/common/game_loop.h"

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

// The names of the files in `dir`, sorted: the games a directory's tables make are listed, and
// served, in this order.
inline std::vector<std::string> sorted_file_names(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// How the game ends at q by its own rules, as a game record says it (natural_end,
// tools/common/game_loop.h): {reason, winner (a side's name, null for a draw)}, null when it goes on.
template <class G>
nlohmann::json natural_ending(const G& game, const typename G::Position& q) {
  const auto end = natural_end(game, q, 0);  // seat 0: the side to move at q
  if (!end) return nullptr;
  const char* winner = winner_side(game, *end, q);
  return {{"reason", end->reason}, {"winner", winner ? nlohmann::json(winner) : nlohmann::json()}};
}

}  // namespace gs::tools
