// The hunt games whose tables a directory holds, served to the play page (`gamesolver serve`).
#include <bit>
#include <iostream>
#include <regex>

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

}  // namespace

GameServices hunt_services(const std::string& dir, int rule) {
  // The first layer's file of each variant names it (the tables under a rule come with their
  // plain ones; tables of unreduced indexes are for cross-checks and are not served).
  static const std::regex fox_hounds(R"(fox-hounds-(\d+)x\1-layer000\.gst)");
  static const std::regex tigers_goats(R"(tigers-goats-(\d+)x\1-goats(\d+)-win(\d+)(-whole)?-layer000\.gst)");
  static const std::regex fox_geese(R"(fox-geese-geese4-(\d+)-rows-layer000\.gst)");
  GameServices services;
  for (const std::string& name : sorted_file_names(dir)) {
    HuntGame game;
    std::smatch m;
    if (std::regex_match(name, m, fox_hounds)) {
      game = FoxAndHoundsVariant{.size = std::stoi(m[1])};
    } else if (std::regex_match(name, m, tigers_goats)) {
      using Phase = hunt::TigersAndGoats::Phase;
      game = hunt::TigersAndGoats::Variant{.size = std::stoi(m[1]),
                                           .goats = std::stoi(m[2]),
                                           .win_captures = std::stoi(m[3]),
                                           .phase = m[4].matched ? Phase::whole : Phase::sliding};
    } else if (std::regex_match(name, m, fox_geese)) {
      game = hunt::FoxAndGeese::Variant{.max_geese = std::stoi(m[1])};
    } else {
      continue;
    }
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
  return services;
}

}  // namespace gs::tools
