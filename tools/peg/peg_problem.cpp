#include "tools/peg/peg_problem.h"

#include "engine/core/errors.h"
#include "engine/peg/board_file.h"
#include "engine/peg/notation.h"

namespace gs::tools {

std::string start_label(const peg::Board& board, peg::Position start) {
  const Bitboard empty = board.all_holes() & ~start;
  return popcount(empty) == 1 ? peg::hole_name(board, lowest_bit(empty)) : peg::position_grid(board, start);
}

PegRequest make_peg_request(const peg::Board& board, peg::Position start, const std::string& finish) {
  PegRequest r{.board = board, .start = start, .start_label = start_label(board, start), .finish_label = finish};
  r.finishes = finish == "any" ? board.all_holes() : bit(peg::parse_hole(board, finish));
  return r;
}

PegRequest resolve_peg_request(const PegRequestOptions& options) {
  peg::Board board = peg::load_board(options.board);
  if (options.start && options.position) throw InputError("give either --start or --position, not both");
  peg::Position start = 0;
  if (options.start == "any") {
    if (!options.any_start_allowed) throw InputError("--start any applies to --fewest-moves only");
    PegRequest r = make_peg_request(board, board.all_holes(), options.finish.value_or("any"));
    r.start = 0, r.any_start = true, r.start_label = "any";
    return r;
  }
  if (options.position) {
    start = peg::parse_position(board, *options.position);
  } else {
    std::optional<int> hole;
    if (options.start)
      hole = peg::parse_hole(board, *options.start);
    else
      hole = board.default_start();
    if (!hole)
      throw InputError("board '" + clipped(board.name()) + "' has no centre hole: give --start HOLE or --position P");
    start = board.all_holes() & ~bit(*hole);
  }
  std::string finish;
  if (options.finish)
    finish = *options.finish;
  else
    finish = board.default_finish() ? peg::hole_name(board, *board.default_finish()) : "any";
  return make_peg_request(board, start, finish);
}

}  // namespace gs::tools
