// Game records of Mount'n Fall played on the page of `gamesolver serve`, replayed for `view`
// (apart from the serving, so the fuzzers read records without the tables' code).
#include <string>

#include "engine/core/errors.h"
#include "engine/mountnfall/mountnfall_play.h"
#include "tools/common/json_number.h"
#include "tools/common/record_replay.h"
#include "tools/mountnfall/mountnfall_drawing.h"
#include "tools/mountnfall/mountnfall_serve.h"

namespace gs::tools {

Replay mountnfall_record_replay(const nlohmann::json& record) {
  int size = 0, triangle = 0;
  try {
    const auto& p = record.at("parameters");
    size = json_int(p.at("size"), "size");
    triangle = json_int(p.at("triangle"), "triangle");
  } catch (const nlohmann::json::exception& e) {
    throw DataError(std::string("not a Mount'n Fall game record: ") + e.what());
  }
  try {
    const mountnfall::MountNFallPlay g(size, triangle);  // the rules alone: records of any board
    return replay_record(g, record, std::string("Mount'n Fall ") + g.variant(), "Mount'n Fall");
  } catch (const InputError& e) {  // a board the game does not have
    throw DataError(std::string("a Mount'n Fall game record: ") + e.what());
  }
}

}  // namespace gs::tools
