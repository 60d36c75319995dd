// Hunt game records (`hunt play --json`): what names their game, and their replay for `view`.
#include <string>

#include "engine/core/errors.h"
#include "tools/common/json_number.h"
#include "tools/common/record_replay.h"
#include "tools/hunt/hunt_games.h"
#include "tools/hunt/hunt_jobs.h"

namespace gs::tools {

// What a game record names its game by (hunt_replay reads it back).
nlohmann::json record_parameters(const HuntOptions& o) {
  return {{"game", o.game},
          {"size", o.size},
          {"max_geese", o.max_geese},
          {"goats", o.goats},
          {"win_captures", o.win_captures},
          {"whole_game", o.whole_game}};
}

Replay hunt_replay(const nlohmann::json& record) {
  HuntOptions o;
  try {
    const auto& p = record.at("parameters");
    o.game = p.at("game").get<std::string>();
    o.size = json_int(p.at("size"), "size");
    o.max_geese = json_int(p.at("max_geese"), "max_geese");
    o.goats = json_int(p.at("goats"), "goats");
    o.win_captures = json_int(p.at("win_captures"), "win_captures");
    o.whole_game = p.at("whole_game").get<bool>();
  } catch (const nlohmann::json::exception& e) {
    throw DataError(std::string("not a hunt game record: ") + e.what());
  }
  try {
    return with_game(o, [&](const auto& g) { return replay_record(g, record, o.game + " " + g.variant(), "hunt"); });
  } catch (const InputError& e) {  // an unknown game
    throw DataError(std::string("a hunt game record: ") + e.what());
  }
}

}  // namespace gs::tools
