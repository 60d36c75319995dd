// Hunt game records (`hunt play --json`): what names their game, and their replay for `view`.
#include <string>

#include "engine/core/errors.h"
#include "tools/common/json_number.h"
#include "tools/common/record_replay.h"
#include "tools/hunt/hunt_games.h"
#include "tools/hunt/hunt_jobs.h"

namespace gs::tools {

// What a game record names its game by (hunt_replay reads it back).
nlohmann::json record_parameters(const HuntGame& game) {
  const HuntGameSpec& spec = hunt_game_spec(game);
  nlohmann::json parameters = spec.record(game);
  parameters["game"] = spec.name;
  return parameters;
}

Replay hunt_replay(const nlohmann::json& record) {
  HuntGame game;
  try {
    const auto& p = record.at("parameters");
    game = hunt_game_spec(p.at("game").get<std::string>()).from_record(p);
  } catch (const nlohmann::json::exception& e) {
    throw DataError(std::string("not a hunt game record: ") + e.what());
  } catch (const InputError& e) {  // an unknown game
    throw DataError(std::string("a hunt game record: ") + e.what());
  }
  const std::string name = hunt_game_spec(game).name;
  try {
    return with_game(game, [&](const auto& g) { return replay_record(g, record, name + " " + g.variant(), "hunt"); });
  } catch (const InputError& e) {  // a variant the game does not have
    throw DataError(std::string("a hunt game record: ") + e.what());
  }
}

}  // namespace gs::tools
