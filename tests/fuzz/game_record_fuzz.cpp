// Game records read by `gamesolver view`: hunt play records, Mount'n Fall records from the play
// page and Mount'n Fall match results (JSON, read as view reads it: nesting bounded); each is
// refused with a reason or turned into a replay.
#include <nlohmann/json.hpp>

#include "tests/fuzz/fuzz_input.h"
#include "tools/common/json_number.h"
#include "tools/hunt/hunt_jobs.h"
#include "tools/mountnfall/mountnfall_match.h"
#include "tools/mountnfall/mountnfall_serve.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gs;
  if (size == 0) return 0;
  fuzz::refusals_allowed([&] {
    const nlohmann::json record = tools::parse_user_json(fuzz::text_of(data + 1, size - 1), "record");
    if (data[0] % 3 == 0)
      tools::hunt_replay(record);
    else if (data[0] % 3 == 1)
      tools::mountnfall_record_replay(record);
    else
      tools::mountnfall_replay(record, 1);
  });
  return 0;
}
