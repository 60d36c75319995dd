// Peg solution files (`peg verify`): any file is refused with a reason or replayed.
#include "tests/fuzz/fuzz_input.h"
#include "tools/peg/peg_solution_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = gs::fuzz::scratch_path("solution.txt");
  return gs::fuzz::fuzz_checked_file(data, size, path, [](const std::string& p) { gs::tools::verify_peg_solution(p); });
}
