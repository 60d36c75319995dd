// Layer table files (hunt and Mount'n Fall tables) and the streamed builder's block files:
// opened, probed and read whole, or refused with a reason.
#include <cstdlib>

#include "solvers/io/block_file.h"
#include "solvers/io/table_file.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gs;
  static const std::string path = fuzz::scratch_path("layer.gst");
  if (size == 0) return 0;
  fuzz::put_file(path, std::string_view(reinterpret_cast<const char*>(data + 1), size - 1));
  // What a reader expects (a 4x4 Fox and Hounds layer, of the size and layer the file states, so
  // that the reader goes past the first comparison); any other header is a refusal.
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto stated = [&](const std::string& key) -> std::uint64_t {
    const auto at = text.find(key);
    return at == std::string::npos ? 0 : std::strtoull(text.c_str() + at + key.size(), nullptr, 10) % 100000;
  };
  const TableHeader expected{.game = "fox-hounds",
                             .variant = "4x4",
                             .index_scheme = "fox.houndset-by-advance.side",
                             .layer = static_cast<int>(stated(" layer=")),
                             .positions = stated("\npositions: ")};
  if (data[0] % 2) {
    fuzz::refusals_allowed([&] { read_table_file(path, expected); });
  } else {
    fuzz::refusals_allowed([&] {
      TableBlocks blocks(path, expected);
      for (std::uint64_t i = 0; i < blocks.header().positions; i += 997) blocks.entry(i);
    });
    fuzz::refusals_allowed([&] {
      BlockFileReader reader(path);
      for (std::size_t b = 0; b < reader.blocks(); ++b) reader.block(b);
    });
  }
  return 0;
}
