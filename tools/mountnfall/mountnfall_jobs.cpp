#include "tools/mountnfall/mountnfall_jobs.h"

#include <cstdlib>
#include <iostream>

#include "solvers/common/perft.h"
#include "solvers/minimax/negamax.h"

namespace gs::tools {

Report mountnfall_perft(const mountnfall::MountNFall& game, const mountnfall::Position& from, int depth,
                        const cli::GlobalOptions& /*global*/) {
  std::ostringstream text;
  nlohmann::json counts = nlohmann::json::array();
  const cli::Stopwatch clock;
  for (int d = 1; d <= depth; ++d) {
    counts.push_back(gs::perft(game, from, d));
    text << "perft " << d << ": " << counts.back() << "\n";
  }
  return Report{nlohmann::json{{"position", game.format(from)}, {"perft", counts}, {"seconds", clock.seconds()}},
                text.str()};
}

Report mountnfall_analyse(const mountnfall::MountNFall& game, const mountnfall::Position& root,
                          const AnalyseOptions& options) {
  std::ostringstream text;
  using Search = NegamaxSearch<mountnfall::MountNFall>;
  Search search(game, options.table_bits, options.threads);
  const auto report = search.search(
      root,
      {.depth = options.depth > 0 ? options.depth : 64, .seconds = options.seconds, .reductions = options.reductions});
  std::vector<std::string> pv;
  for (const auto& m : report.pv) pv.push_back(game.move_name(m));
  const bool mate = Search::is_mate(report.score);
  const int plies = Search::kWin - std::abs(report.score);
  text << game.format(root) << "\n" << (root.white_to_move ? "White" : "Black") << " to move: ";
  if (mate)
    text << (report.score > 0 ? "wins" : "loses") << " in " << plies << " plies";
  else
    text << "score " << report.score << " (100 = a pawn)";
  text << ", depth " << report.depth << ", " << report.nodes << " nodes, " << report.seconds << " s, "
       << search.threads() << " threads\n  pv:";
  for (const auto& m : pv) text << " " << m;
  text << "\n";
  nlohmann::json result = {
      {"position", game.format(root)}, {"score", report.score},     {"depth", report.depth},      {"pv", pv},
      {"nodes", report.nodes},         {"seconds", report.seconds}, {"threads", search.threads()}};
  if (mate) result["mate_in_plies"] = report.score > 0 ? plies : -plies;
  return Report{result, text.str()};
}

}  // namespace gs::tools
