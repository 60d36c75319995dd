// m,n,k table files (`mnk probe --table`): refused with a reason or read whole.
#include "tests/fuzz/fuzz_input.h"
#include "tools/mnk/mnk_table_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = gs::fuzz::scratch_path("mnk.table");
  return gs::fuzz::fuzz_checked_file(data, size, path, [](const std::string& p) { gs::tools::read_mnk_table(p); });
}
