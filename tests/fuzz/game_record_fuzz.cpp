// Game records read by `gamesolver view`: hunt play records, Mount'n Fall and m,n,k records from
// the play page and Mount'n Fall match results (JSON, read as view reads it: nesting bounded);
// each is refused with a reason or turned into a replay. The first byte picks the reader.
#include <nlohmann/json.hpp>

#include "tests/fuzz/fuzz_input.h"
#include "tools/common/json_number.h"
#include "tools/hunt/hunt_jobs.h"
#include "tools/mnk/mnk_record_game.h"
#include "tools/mountnfall/mountnfall_match.h"
#include "tools/mountnfall/mountnfall_serve.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gs;
  if (size == 0) return 0;
  fuzz::refusals_allowed([&] {
    const nlohmann::json record = tools::parse_user_json(fuzz::text_of(data + 1, size - 1), "record");
    switch (data[0] % 4) {
      case 0: tools::hunt_replay(record); break;
      case 1: tools::mountnfall_record_replay(record); break;
      case 2: tools::mountnfall_replay(record, 1); break;
      default: tools::mnk_record_replay(record);
    }
  });
  return 0;
}
