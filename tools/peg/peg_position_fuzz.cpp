// Peg positions (grids and hole lists), hole names and jumps on the English and triangular
// boards: whatever parses prints and parses back to the same thing.
#include "engine/peg/board.h"
#include "engine/peg/board_file.h"
#include "engine/peg/notation.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gs;
  static const peg::Board english = peg::load_board("english"), triangle = peg::load_board("triangle5");
  if (size == 0) return 0;
  const peg::Board& board = data[0] % 2 ? english : triangle;
  const std::string text = fuzz::text_of(data + 1, size - 1);
  fuzz::refusals_allowed([&] {
    const peg::Position pos = peg::parse_position(board, text);
    const std::string grid = peg::position_grid(board, pos);
    fuzz::check_round_trip(peg::parse_grid(board, grid) == pos, text, grid);
  });
  fuzz::refusals_allowed([&] {
    const int hole = peg::parse_hole(board, text);
    const std::string name = peg::hole_name(board, hole);
    fuzz::check_round_trip(peg::parse_hole(board, name) == hole, text, name);
  });
  fuzz::refusals_allowed([&] { peg::parse_jump(board, board.all_holes() & ~bit(board.holes() / 2), text); });
  return 0;
}
