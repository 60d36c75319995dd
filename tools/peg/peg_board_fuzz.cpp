// Board files: parsed, built into a board, printed and parsed again to the same board.
#include "engine/peg/board.h"
#include "engine/peg/board_file.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gs;
  fuzz::refusals_allowed([&] {
    const peg::BoardSpec spec = peg::parse_board_spec(fuzz::text_of(data, size), "fuzz");
    const peg::Board board(spec);
    const std::string printed = peg::format_board_spec(spec);
    const peg::BoardSpec again = peg::parse_board_spec(printed, "fuzz");
    fuzz::check_round_trip(again.grid == spec.grid && again.geometry == spec.geometry && again.name == spec.name,
                           printed, peg::format_board_spec(again));
  });
  return 0;
}
