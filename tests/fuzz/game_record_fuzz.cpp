// Game records read by `gamesolver view`: hunt play records and Mount'n Fall match results
// (JSON); each is refused with a reason or turned into a replay.
#include <nlohmann/json.hpp>

#include "tests/fuzz/fuzz_input.h"
#include "tools/hunt/hunt_jobs.h"
#include "tools/mountnfall/mountnfall_match.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gs;
  if (size == 0) return 0;
  const nlohmann::json record = nlohmann::json::parse(data + 1, data + size, nullptr, false);
  if (record.is_discarded()) return 0;
  fuzz::refusals_allowed([&] {
    if (data[0] % 2)
      tools::hunt_replay(record);
    else
      tools::mountnfall_replay(record, 1);
  });
  return 0;
}
