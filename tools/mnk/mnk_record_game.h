// An m,n,k game in the vocabulary of the table games' tools (game records, the play page): its
// name and sides, positions in the game's notation, a move as the cell played. The solvers see
// the game as a machine word (engine/mnk/packed_mnk.h); records and pages name cells and boards.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/value.h"
#include "engine/mnk/mnk_game.h"
#include "tools/common/replay.h"
#include "tools/draw/diagram.h"

namespace gs::tools {

class MnkRecordGame {
 public:
  using Position = mnk::Position;
  using Move = int;  // the cell played
  static constexpr const char* kName = "mnk";
  static constexpr const char* kSides[2] = {"X", "O"};

  explicit MnkRecordGame(const mnk::MnkGame& game) : game_(game) {}
  const mnk::MnkGame& game() const { return game_; }
  std::string variant() const { return game_.name(); }  // "3,3,3"

  Position start() const { return {}; }
  Position parse(const std::string& text) const { return game_.parse(text); }
  std::string format(const Position& p) const { return game_.format(p); }
  int side(const Position& p) const { return mnk::MnkGame::to_move(p) == mnk::Player::x ? 0 : 1; }
  // A loss for the side to move when the last mover made a line, a draw on a full board.
  std::optional<Outcome> terminal(const Position& p) const {
    if (game_.won_by_last_mover(p)) return Outcome::kLoss;
    if (game_.is_terminal(p)) return Outcome::kDraw;
    return std::nullopt;
  }
  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    if (!terminal(p)) game_.for_each_move(p, [&](int cell, Position) { f(cell); });
  }
  Position play(const Position& p, int cell) const { return game_.play(p, cell); }
  std::string move_name(const Position&, int cell) const { return game_.cell_name(cell); }

 private:
  mnk::MnkGame game_;
};

// A game record of the play page's m,n,k games (parameters m, n, k) replayed for `gamesolver
// view`: DataError for a record its moves do not make.
Replay mnk_record_replay(const nlohmann::json& record);

// The board with its stones, as the table games' drawings are asked for (table_game_drawing.h).
draw::Diagram diagram_of(const MnkRecordGame& game, const mnk::Position& p);

}  // namespace gs::tools
