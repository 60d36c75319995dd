#include "tools/common/replay_reader.h"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace gs::tools {

bool is_game_record(const nlohmann::json& j, std::initializer_list<std::string_view> names) {
  if (!j.is_object() || j.value("record", "") != "gamesolver-game") return false;
  const auto p = j.find("parameters");
  if (p == j.end() || !p->is_object()) return false;
  const auto game = p->find("game");
  if (game == p->end() || !game->is_string()) return false;
  return std::find(names.begin(), names.end(), game->get_ref<const std::string&>()) != names.end();
}

}  // namespace gs::tools
