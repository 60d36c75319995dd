// gamesolver mnk --play: a person against perfect play in the terminal.
#include <iomanip>
#include <iostream>
#include <sstream>

#include "engine/core/errors.h"
#include "engine/mnk/packed_mnk.h"
#include "solvers/minimax/alpha_beta.h"
#include "tools/mnk/mnk_jobs.h"

namespace gs::tools {

namespace {

std::string diagram(const mnk::MnkGame& game, mnk::Position p) {
  std::ostringstream out;
  for (int r = 0; r < game.n(); ++r) {
    out << std::setw(2) << game.n() - r << ' ';
    for (int c = 0; c < game.m(); ++c) {
      const int cell = r * game.m() + c;
      out << ' ' << (has_bit(p.x, cell) ? 'X' : has_bit(p.o, cell) ? 'O' : '.');
    }
    out << '\n';
  }
  out << "   ";
  for (int c = 0; c < game.m(); ++c) out << ' ' << static_cast<char>('a' + c);
  return out.str() + "\n";
}

// A person against perfect play in the terminal: moves typed as cells (b2), 'quit' to stop.
template <class View>
int play_impl(const mnk::MnkGame& game, const MnkOptions& options, bool human_first) {
  const View packed(game);
  AlphaBeta<View> search(packed, {.threads = options.threads, .split_depth = 3, .table_bits = options.table_bits});
  mnk::Position p;
  std::cout << "Game " << game.name() << ": you play " << (human_first ? "X (first)" : "O (second)")
            << ". Type a cell such as " << game.cell_name(game.cells_by_centrality().front()) << ", or quit.\n";
  while (true) {
    std::cout << "\n" << diagram(game, p);
    if (game.won_by_last_mover(p)) {
      const bool human_moved_last = (mnk::MnkGame::to_move(p) == mnk::Player::o) == human_first;
      std::cout << (human_moved_last ? "You win.\n" : "The engine wins.\n");
      return 0;
    }
    if ((p.x | p.o) == game.full()) {
      std::cout << "Draw.\n";
      return 0;
    }
    const bool human_turn = (mnk::MnkGame::to_move(p) == mnk::Player::x) == human_first;
    if (!human_turn) {
      const auto [value, cell] = search.best_move(View::pack(p));
      std::cout << "Engine plays " << game.cell_name(cell) << " (it expects to "
                << (value == Outcome::kWin    ? "win"
                    : value == Outcome::kLoss ? "lose"
                                              : "draw")
                << ")\n";
      p = game.play(p, cell);
      continue;
    }
    const auto typed = cli::read_move_line();
    if (!typed) return 0;
    const std::string& line = *typed;
    try {
      const int cell = game.parse_cell(line);
      if (has_bit(p.x | p.o, cell)) {
        std::cout << line << " is taken.\n";
        continue;
      }
      p = game.play(p, cell);
    } catch (const InputError& e) {
      std::cout << e.what() << "\n";
    }
  }
}

}  // namespace

int mnk_play(const mnk::MnkGame& game, const MnkOptions& options, bool human_first) {
  return game.packable() ? play_impl<mnk::PackedMnk>(game, options, human_first)
                         : play_impl<mnk::WideMnk>(game, options, human_first);
}

}  // namespace gs::tools
