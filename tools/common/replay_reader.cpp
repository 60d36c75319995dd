#include "tools/common/replay_reader.h"

#include <nlohmann/json.hpp>

namespace gs::tools {

std::optional<std::string> game_record_name(const nlohmann::json& j) {
  if (!j.is_object() || j.value("record", "") != "gamesolver-game") return std::nullopt;
  const auto p = j.find("parameters");
  if (p == j.end() || !p->is_object()) return std::nullopt;
  const auto game = p->find("game");
  if (game == p->end() || !game->is_string()) return std::nullopt;
  return game->get<std::string>();
}

}  // namespace gs::tools
