#include "tools/mountnfall/mountnfall_players.h"

#include "engine/core/errors.h"

namespace gs::tools {

void check_player(const std::string& name) {
  if (name != "engine" && name != "baseline")
    throw InputError("unknown player '" + clipped(name) + "' (engine or baseline)");
}

std::unique_ptr<Player> make_player(const std::string& name, const mountnfall::MountNFall& game, double seconds) {
  check_player(name);
  SearchLimits limits;
  limits.seconds = seconds;
  if (name == "engine") return std::make_unique<SearchPlayer<mountnfall::MountNFall>>(game, limits);
  limits.depth = mountnfall::BaselineGame::kDepth;
  return std::make_unique<SearchPlayer<mountnfall::BaselineGame>>(mountnfall::BaselineGame(game), limits);
}

}  // namespace gs::tools
