#include "tools/mnk/mnk_record_game.h"

#include "engine/core/errors.h"
#include "tools/common/json_number.h"
#include "tools/common/record_replay.h"
#include "tools/draw/mnk_drawing.h"

namespace gs::tools {

draw::Diagram diagram_of(const MnkRecordGame& game, const mnk::Position& p) {
  return draw::mnk_diagram(game.game(), p);
}

Replay mnk_record_replay(const nlohmann::json& record) {
  int m = 0, n = 0, k = 0;
  try {
    const auto& p = record.at("parameters");
    m = json_int(p.at("m"), "m");
    n = json_int(p.at("n"), "n");
    k = json_int(p.at("k"), "k");
  } catch (const nlohmann::json::exception& e) {
    throw DataError(std::string("not an m,n,k game record: ") + e.what());
  }
  try {
    const MnkRecordGame g{mnk::MnkGame(m, n, k)};
    return replay_record(g, record, "m,n,k " + g.variant(), "m,n,k");
  } catch (const InputError& e) {  // a board the game does not have
    throw DataError(std::string("an m,n,k game record: ") + e.what());
  }
}

}  // namespace gs::tools
