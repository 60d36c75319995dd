// The hunt games whose tables a directory holds, served to the play page (`gamesolver serve`).
#include <bit>
#include <iostream>

#include "tools/hunt/hunt_games.h"
#include "tools/hunt/hunt_jobs.h"
#include "tools/serve/table_service.h"

namespace gs::tools {

namespace {

// Where play in served tables begins: the game's start, or for Fox and Geese tables of fewer
// than 13 geese, the start with the geese nearest the fox taken off down to the tables' number.
template <class G>
typename G::Position served_start(const G& g) {
  return g.start();
}
hunt::FoxAndGeese::Position served_start(const hunt::FoxAndGeese& g) {
  auto p = g.start();
  while (!g.tabulated(p)) p.geese &= ~(Bitboard{1} << (63 - std::countl_zero(p.geese)));  // numbered from the top
  return p;
}

// The game's service, when its tables in `dir` are complete and hold its start.
void serve(const HuntGame& game, const std::string& dir, int rule, GameServices& services) {
  with_game(game, [&](const auto& g) {
    using G = std::decay_t<decltype(g)>;
    if (!complete_tables(g, dir)) return;
    const auto start = served_start(g);
    if (!g.tabulated(start)) {
      std::cerr << "serve: " << G::kName << " " << g.variant()
                << " is not served: play from its start needs the whole-game tables\n";
      return;
    }
    services.push_back(std::make_unique<TableService<G>>(g, dir, rule, record_parameters(game), start));
  });
}

}  // namespace

GameServices hunt_services(const std::string& dir, int rule) {
  // The first layer's file of each variant names it (the tables under a rule come with their
  // plain ones), as each game's spec reads it.
  GameServices services;
  for (const std::string& name : sorted_file_names(dir))
    for (const HuntGameSpec& spec : hunt_game_specs()) {
      const std::optional<HuntGame> game = spec.from_table_file(name);
      if (game) serve(*game, dir, rule, services);
    }
  return services;
}

}  // namespace gs::tools
