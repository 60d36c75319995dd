// Hopscotch play files (`hopscotch verify`): refused with a reason or replayed.
#include "tests/fuzz/fuzz_input.h"
#include "tools/hopscotch/hopscotch_play_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = gs::fuzz::scratch_path("play.txt");
  return gs::fuzz::fuzz_checked_file(data, size, path,
                                     [](const std::string& p) { gs::tools::verify_hopscotch_play(p); });
}
