// `gamesolver hopscotch play`: a person plays a deal in the terminal, seeing what a player at
// the table sees, with the normal-play player's advice on request.
#include <iomanip>
#include <iostream>
#include <sstream>

#include "engine/core/errors.h"
#include "engine/hopscotch/heuristic_player.h"
#include "tools/common/cli.h"
#include "tools/hopscotch/exact_endgame.h"
#include "tools/hopscotch/hopscotch_jobs.h"

namespace gs::tools {

namespace {

using hopscotch::Play;
using hopscotch::Tableau;

std::string percent(double fraction) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(1) << 100 * fraction << " %";
  return out.str();
}

// The player's advice: in the last cards each play's exact chance of winning, before them each
// choice tried on the imagined orders.
void hint(const Tableau& t, const HopscotchOptions& options, std::uint64_t seed, ExactEndgame& endgame) {
  if (options.exact_last && t.dealt() >= hopscotch::kDealSize - options.exact_last) {
    const auto chances = endgame.chances(t);
    std::cout << "Exact chance of winning after each play (every order of the unseen cards):\n";
    for (std::size_t i = 0; i < chances.plays.size(); ++i)
      std::cout << "  " << std::setw(10) << std::left << t.move_name(chances.plays[i].first) << std::right
                << percent(chances.plays[i].second) << (i == chances.best ? "   <- the player's choice" : "") << "\n";
    return;
  }
  const auto rated = hopscotch::rate_choices(t, options.samples, seed ^ static_cast<std::uint64_t>(t.dealt()));
  if (rated.size() == 1) {
    std::cout << "The player plays " << t.move_name(rated[0].play) << " (no real choice).\n";
    return;
  }
  std::size_t best = 0;
  for (std::size_t i = 1; i < rated.size(); ++i)
    if (rated[i].worth() > rated[best].worth()) best = i;
  std::cout << "Each choice tried on " << options.samples << " imagined orders of the unseen cards:\n";
  for (std::size_t i = 0; i < rated.size(); ++i) {
    const double samples = std::max(1, options.samples);
    std::cout << "  " << std::setw(10) << std::left << t.move_name(rated[i].play) << std::right << "won "
              << rated[i].won << " (" << percent(rated[i].won / samples) << "), mean score " << std::fixed
              << std::setprecision(1) << static_cast<double>(rated[i].total_score) / samples
              << (i == best ? "   <- the player's choice" : "") << "\n";
  }
}

}  // namespace

int hopscotch_play(const hopscotch::Deal& deal, const std::string& label, std::uint64_t seed,
                   const HopscotchOptions& options) {
  Tableau t(deal);
  ExactEndgame endgame;
  std::cout << "Hopscotch, deal " << label << ". Foundations climb by 1, 2, 3 and 4; each card turned goes to a "
            << "foundation or a reserve.\nPlays: 7H>F2 (the turned card to foundation 2), 7H>R1 (to reserve 1), "
            << "R1:7H>F2 (reserve 1's top to foundation 2);\nhint (the player's advice), quit.\n";
  while (!t.finished()) {
    std::cout << "\n" << t.describe();
    if (!t.stock_empty()) std::cout << "  Turned: " << hopscotch::card_name(t.waste()) << "\n";
    for (;;) {
      const auto line = cli::read_move_line();
      if (!line) return 0;
      if (*line == "hint" || *line == "h") {
        hint(t, options, seed, endgame);
        continue;
      }
      try {
        t.apply(t.parse_move(*line));
        break;
      } catch (const InputError& e) {
        std::cout << e.what() << "\n";
      }
    }
  }
  std::cout << "\n"
            << (t.score() == Tableau::kMaxScore ? "Won: all 48 cards are on the foundations."
                                                : "No play is left: score " + std::to_string(t.score()) + " of 48.")
            << "\n";
  return 0;
}

}  // namespace gs::tools
