// `gamesolver mountnfall play`: a person against the engine in the terminal.
#include <array>
#include <iostream>

#include "engine/core/errors.h"
#include "tools/common/cli.h"
#include "tools/common/game_loop.h"
#include "tools/mountnfall/mountnfall_match.h"
#include "tools/mountnfall/mountnfall_players.h"

namespace gs::tools {

using mountnfall::Move;
using mountnfall::Position;

int mountnfall_play(int size, int triangle, double seconds, bool human_white) {
  const mountnfall::MountNFall game(size, triangle);
  SearchPlayer<mountnfall::MountNFall> engine(game, {.seconds = seconds});
  std::cout << "Mount'n Fall " << size << "x" << size << ": you play " << (human_white ? "White (first)" : "Black")
            << ". Moves: a2-c2 (pile-up), d6>e (collapse; n ne e se s sw w nw), or quit.\n";
  const Seat<mountnfall::MountNFall> person{[&](const Position& p, const auto&) -> std::optional<Move> {
    while (true) {
      const auto line = cli::read_move_line();
      if (!line) return std::nullopt;
      try {
        return game.parse_move(p, *line);
      } catch (const InputError& e) {
        std::cout << e.what() << "\n";
      }
    }
  }};
  const Seat<mountnfall::MountNFall> machine{[&](const Position& p, const auto& history) {
    const Move m = engine.choose(p, history);
    std::cout << "Engine plays " << game.move_name(m) << "\n";
    return m;
  }};
  std::array<Seat<mountnfall::MountNFall>, 2> seats = {human_white ? person : machine, human_white ? machine : person};
  const auto played = play_out(game, game.start(), seats, 1 << 30, [&](const Position& p) {
    std::cout << "\n" << game.format(p) << "\n";
  });
  const bool human_lost = played.winner && (*played.winner == 0) != human_white;
  if (played.reason == "no legal move")
    std::cout << (human_lost ? "You have no legal move: the engine wins.\n"
                             : "The engine has no legal move: you win.\n");
  else if (played.reason == "repetition")
    std::cout << game.format(played.final_position) << "\nThe position repeats: a draw.\n";
  return 0;
}

}  // namespace gs::tools
