// The rules a certificate checker needs, written from docs/rules/ alone (hunt-games.md, mnk.md) and kept
// apart from engine/ on purpose: a certificate checked with the engine's own move generator
// would share any bug of the engine that made the tables. Nothing here includes a game of
// engine/ or a solver (a test checks the includes); the rules are plain loops over the board's
// cells, slow but short enough to check by reading.
//
// A position is a 64-bit key that names it exactly (no symmetry is used: a certificate holds the
// positions as played).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gs::tools {

struct CheckerMove {
  std::string name;    // as `hunt probe` names it
  std::uint64_t next;  // the position after it
};

class CheckerRules {
 public:
  virtual ~CheckerRules() = default;
  // The position a text names; DataError with the reason when it is not one.
  virtual std::uint64_t parse(const std::string& text) const = 0;
  // The text of a position: parse(format(p)) == p, and a record's text must be exactly this.
  virtual std::string format(std::uint64_t position) const = 0;
  virtual int to_move(std::uint64_t position) const = 0;  // 0 or 1
  virtual std::string side_name(int side) const = 0;
  // Every legal move of the side to move (none once the game is over).
  virtual std::vector<CheckerMove> moves(std::uint64_t position) const = 0;
  // When the game is over at this position, the side that has won (0 or 1) or kDrawn; kGoesOn
  // while it goes on.
  static constexpr int kGoesOn = -1, kDrawn = 2;
  virtual int winner(std::uint64_t position) const = 0;
  // Plies without progress that draw under the game's rule (0: the game has none).
  virtual int progress_limit() const { return 0; }
};

// The rules of a certificate's game and variant, as its header names them; DataError when this
// checker does not know them.
std::unique_ptr<CheckerRules> checker_rules(const std::string& game, const std::string& variant);

}  // namespace gs::tools
