// m,n,k positions and cell names on a few boards: whatever parses prints and parses back.
#include "engine/mnk/mnk_game.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gs;
  static const mnk::MnkGame games[] = {{3, 3, 3}, {4, 4, 3}, {7, 6, 4}, {8, 8, 5}};
  if (size == 0) return 0;
  const mnk::MnkGame& game = games[data[0] % 4];
  const std::string text = fuzz::text_of(data + 1, size - 1);
  fuzz::refusals_allowed([&] {
    const mnk::Position p = game.parse(text);
    const std::string printed = game.format(p);
    fuzz::check_round_trip(game.parse(printed) == p, text, printed);
  });
  fuzz::refusals_allowed([&] {
    const int cell = game.parse_cell(text);
    fuzz::check_round_trip(game.parse_cell(game.cell_name(cell)) == cell, text, game.cell_name(cell));
  });
  return 0;
}
