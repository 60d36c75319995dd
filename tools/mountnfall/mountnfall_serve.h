// Mount'n Fall's tables served to the play page (`gamesolver serve`), and the game records the
// page downloads, replayed for `gamesolver view`.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "tools/common/replay.h"
#include "tools/serve/game_service.h"

namespace gs::tools {

// Every complete set of tables `mountnfall build` made in `dir`, each variant once.
GameServices mountnfall_services(const std::string& dir);
// The frames of a game record of Mount'n Fall played on the page (DataError if it is not one).
Replay mountnfall_record_replay(const nlohmann::json& record);

}  // namespace gs::tools
