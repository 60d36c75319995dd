// gamesolver mnk --play: a person against perfect play in the terminal.
#include <iomanip>
#include <iostream>
#include <sstream>

#include "engine/core/errors.h"
#include "engine/mnk/packed_mnk.h"
#include "solvers/minimax/alpha_beta.h"
#include "tools/common/game_loop.h"
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
  const View view(game);
  using Word = typename View::Position;
  AlphaBeta<View> search(view, {.threads = options.threads, .split_depth = 3, .table_bits = options.table_bits});
  std::cout << "Game " << game.name() << ": you play " << (human_first ? "X (first)" : "O (second)")
            << ". Type a cell such as " << game.cell_name(game.cells_by_centrality().front()) << ", or quit.\n";
  const Seat<View> person{[&](Word s, const auto&) -> std::optional<int> {
    while (true) {
      const auto typed = cli::read_move_line();
      if (!typed) return std::nullopt;
      try {
        const int cell = game.parse_cell(*typed);
        const mnk::Position p = View::unpack(s);
        if (!has_bit(p.x | p.o, cell)) return cell;
        std::cout << *typed << " is taken.\n";
      } catch (const InputError& e) {
        std::cout << e.what() << "\n";
      }
    }
  }};
  const Seat<View> engine{[&](Word s, const auto&) -> std::optional<int> {
    const auto [value, cell] = search.best_move(s);
    std::cout << "Engine plays " << game.cell_name(cell) << " (it expects to "
              << (value == Outcome::kWin    ? "win"
                  : value == Outcome::kLoss ? "lose"
                                            : "draw")
              << ")\n";
    return cell;
  }};
  std::array<Seat<View>, 2> seats = {human_first ? person : engine, human_first ? engine : person};
  const auto played = play_out(view, view.start(), seats, 1 << 30, [&](Word s) {
    std::cout << "\n" << diagram(game, View::unpack(s));
  });
  if (played.reason == "game over")
    std::cout << (!played.winner                         ? "Draw.\n"
                  : (*played.winner == 0) == human_first ? "You win.\n"
                                                         : "The engine wins.\n");
  return 0;
}

}  // namespace

int mnk_play(const mnk::MnkGame& game, const MnkOptions& options, bool human_first) {
  return game.packable() ? play_impl<mnk::PackedMnk>(game, options, human_first)
                         : play_impl<mnk::WideMnk>(game, options, human_first);
}

}  // namespace gs::tools
