#include "tools/bench/bench_suite.h"

#include <algorithm>

#include "engine/core/errors.h"

namespace gs::tools {

// Answers come from published results where there are any (cited), otherwise from the solvers'
// own tested results (tests/ check them against second methods); a bench run only has to
// reproduce them.
const std::vector<BenchEntry>& bench_entries() {
  using enum Suite;
  static const std::vector<BenchEntry> entries = {
      // Peg solitaire: one solution (depth-first search), every position (layered analysis),
      // the fewest moves (layered search over moves), every start and finish.
      {"peg", "english", "dfs", {"peg"}, {{"/solved", "true"}}, "/nodes", quick},
      {"peg", "triangle5", "dfs", {"peg", "--board", "triangle5"}, {{"/solved", "true"}}, "/nodes", quick},
      // 29,760 solutions from the corner: Durango Bill's published count.
      {"peg",
       "triangle5",
       "analysis",
       {"peg", "--board", "triangle5", "--analyze"},
       {{"/solutions", "\"29760\""}},
       "/positions/canonical",
       quick},
      {"peg",
       "triangle5",
       "fewest-moves",
       {"peg", "--board", "triangle5", "--fewest-moves"},
       {{"/moves", "10"}},
       "/positions",
       quick},
      {"peg", "triangle6", "dfs", {"peg", "--board", "triangle6"}, {{"/solved", "true"}}, "/nodes", quick},
      {"peg",
       "triangle6",
       "analysis",
       {"peg", "--board", "triangle6", "--analyze"},
       {{"/solutions", "\"43419942138\""}},
       "/positions/canonical",
       quick},
      {"peg",
       "triangle6",
       "fewest-moves",
       {"peg", "--board", "triangle6", "--fewest-moves"},
       {{"/moves", "10"}},
       "/positions",
       quick},
      {"peg",
       "triangle7",
       "all-starts",
       {"peg", "--board", "triangle7", "--all-starts"},
       {{"/solvable_starts", "18"}, {"/solvable_pairs", "162"}},
       "/nodes",
       quick},
      // English centre game: 23,475,688 positions up to symmetry (OEIS A112737), 18 moves
      // (Bergholt), 577,116,156,815,309,849,672 games (Durango Bill).
      {"peg",
       "english",
       "analysis",
       {"peg", "--analyze"},
       {{"/positions/canonical", "23475688"}, {"/games/games", "\"577116156815309849672\""}},
       "/positions/canonical",
       standard},
      {"peg", "english", "fewest-moves", {"peg", "--fewest-moves"}, {{"/moves", "18"}}, "/positions", standard},
      {"peg",
       "english",
       "all-starts",
       {"peg", "--all-starts"},
       {{"/solvable_starts", "33"}, {"/solvable_pairs", "125"}},
       "/nodes",
       standard},
      {"peg",
       "french",
       "all-starts",
       {"peg", "--board", "french", "--all-starts"},
       {{"/solvable_starts", "16"}, {"/solvable_pairs", "64"}},
       "/nodes",
       standard},
      {"peg",
       "triangle8",
       "all-starts",
       {"peg", "--board", "triangle8", "--all-starts"},
       {{"/solvable_starts", "36"}, {"/solvable_pairs", "432"}},
       "/nodes",
       full},
      {"peg",
       "french",
       "analysis",
       {"peg", "--board", "french", "--analyze"},
       {{"/positions/canonical", "374349517"}},
       "/positions/canonical",
       full},
      {"peg", "wiegleb", "dfs", {"peg", "--board", "wiegleb"}, {{"/solved", "true"}}, "/nodes", full},

      // m,n,k: alpha-beta with a transposition table against the strong solver (every position).
      // 3,3,3 and 4,4,4 are draws (tic-tac-toe: 5,478 positions), 5,5,4 too (published).
      {"mnk", "3,3,3", "alpha-beta", {"mnk"}, {{"/value", "\"draw\""}}, "/nodes", quick},
      {"mnk",
       "3,3,3",
       "strong",
       {"tictactoe", "--all"},
       {{"/value", "\"draw\""}, {"/positions", "5478"}},
       "/positions",
       quick},
      {"mnk",
       "4,4,4",
       "alpha-beta",
       {"mnk", "--m", "4", "--n", "4", "--k", "4", "--solver", "alpha-beta"},
       {{"/value", "\"draw\""}},
       "/nodes",
       quick},
      {"mnk",
       "4,4,4",
       "strong",
       {"mnk", "--m", "4", "--n", "4", "--k", "4", "--all"},
       {{"/value", "\"draw\""}, {"/positions", "9722011"}},
       "/positions",
       quick},
      // 4,4,3: a first-player win; alpha-beta against proof-number search, and 4,4,4 by df-pn.
      {"mnk",
       "4,4,3",
       "alpha-beta",
       {"mnk", "--m", "4", "--n", "4", "--k", "3"},
       {{"/value", "\"first-player-win\""}},
       "/nodes",
       quick},
      {"mnk",
       "4,4,3",
       "df-pn",
       {"mnk", "--m", "4", "--n", "4", "--k", "3", "--solver", "df-pn"},
       {{"/value", "\"first-player-win\""}},
       "/nodes",
       quick},
      // The proofs (df-pn with the maker-breaker relaxation's bounds) against alpha-beta: the
      // relaxation settles the draws 4,4,4 and 6,6,5 at once (alpha-beta does not finish 6,6,5
      // in 15 minutes); df-pn of the real game wins 6,5,4 and loses 5,5,4 by far.
      {"mnk",
       "4,4,4",
       "df-pn",
       {"mnk", "--m", "4", "--n", "4", "--k", "4", "--solver", "df-pn"},
       {{"/value", "\"draw\""}},
       "/nodes",
       quick},
      {"mnk",
       "6,6,5",
       "df-pn",
       {"mnk", "--m", "6", "--n", "6", "--k", "5", "--solver", "df-pn"},
       {{"/value", "\"draw\""}},
       "/nodes",
       quick},
      {"mnk",
       "5,5,4",
       "alpha-beta",
       {"mnk", "--m", "5", "--n", "5", "--k", "4", "--solver", "alpha-beta"},
       {{"/value", "\"draw\""}},
       "/nodes",
       standard},
      {"mnk",
       "5,5,4",
       "df-pn",
       {"mnk", "--m", "5", "--n", "5", "--k", "4", "--solver", "df-pn"},
       {{"/value", "\"draw\""}},
       "/nodes",
       full},
      {"mnk",
       "6,5,4",
       "alpha-beta",
       {"mnk", "--m", "6", "--n", "5", "--k", "4", "--solver", "alpha-beta", "--table-bits", "26"},
       {{"/value", "\"first-player-win\""}},
       "/nodes",
       standard},
      {"mnk",
       "6,5,4",
       "df-pn",
       {"mnk", "--m", "6", "--n", "5", "--k", "4", "--solver", "df-pn"},
       {{"/value", "\"first-player-win\""}},
       "/nodes",
       standard},

      // Hunt games: retrograde tables. Fox and Hounds: the fox loses in 44 plies.
      {"hunt",
       "fox-hounds",
       "retrograde",
       {"hunt", "build", "--game", "fox-hounds"},
       {{"/positions", "2013760"}, {"/start/value", "\"loss\""}, {"/start/distance", "44"}},
       "/positions",
       quick,
       true},
      // Retrograde tables against proof-number search of the same start, without tables.
      {"hunt",
       "fox-hounds-6",
       "retrograde",
       {"hunt", "build", "--game", "fox-hounds", "--size", "6"},
       {{"/positions", "24480"}, {"/start/value", "\"win\""}},
       "/positions",
       quick,
       true},
      {"hunt",
       "fox-hounds-6",
       "df-pn",
       {"hunt", "prove", "--game", "fox-hounds", "--size", "6"},
       {{"/value", "\"win\""}},
       "/nodes",
       quick},
      {"hunt",
       "fox-hounds",
       "df-pn",
       {"hunt", "prove", "--game", "fox-hounds"},
       {{"/value", "\"loss\""}},
       "/nodes",
       standard},
      {"hunt",
       "fox-geese-4-5",
       "retrograde",
       {"hunt", "build", "--game", "fox-geese", "--max-geese", "5", "--rule", "0"},
       {{"/positions", "7839242"}, {"/wins", "971144"}, {"/losses", "209303"}},
       "/positions",
       quick,
       true},
      {"hunt",
       "tigers-goats-4x4-g6",
       "retrograde",
       {"hunt", "build", "--game", "tigers-goats", "--size", "4", "--goats", "6", "--win-captures", "3", "--rule", "0"},
       {{"/positions", "4461852"}, {"/start/value", "\"loss\""}, {"/start/distance", "22"}},
       "/positions",
       standard,
       true},
      // The sliding phase: 88,260,972 positions (the published count).
      {"hunt",
       "tigers-goats-sliding",
       "retrograde",
       {"hunt", "build", "--game", "tigers-goats", "--phase", "sliding", "--rule", "0"},
       {{"/positions", "88260972"}},
       "/positions",
       standard,
       true},
      {"hunt",
       "fox-geese-4-8",
       "retrograde",
       {"hunt", "build", "--game", "fox-geese", "--rule", "0"},
       {{"/positions", "495999084"}},
       "/positions",
       full,
       true},

      // Hopscotch: deal 1 decided by the search, and 20 deals, all won with the stock known.
      {"hopscotch",
       "deal-1",
       "search",
       {"hopscotch", "--seed", "1"},
       {{"/won", "true"}, {"/score", "48"}},
       "/nodes",
       quick},
      {"hopscotch",
       "deals-1-20",
       "search",
       {"hopscotch", "stats", "--deals", "20"},
       {{"/won", "20"}},
       "/nodes",
       standard},

      // Mount'n Fall on 4x4 with triangles of 2: tables (the start is a draw) and the engine's
      // alpha-beta to a fixed depth.
      {"mountnfall",
       "4x4-t2",
       "retrograde",
       {"mountnfall", "build", "--size", "4", "--triangle", "2"},
       {{"/positions", "150930"}, {"/start/value", "\"draw\""}},
       "/positions",
       quick,
       true},
      {"mountnfall",
       "4x4-t2",
       "alpha-beta-depth-12",
       {"mountnfall", "analyse", "--size", "4", "--triangle", "2", "--depth", "12", "--exact"},
       {{"/score", "0"}},
       "/nodes",
       quick},
  };
  return entries;
}

std::vector<BenchEntry> suite_entries(Suite suite) {
  std::vector<BenchEntry> chosen;
  std::copy_if(bench_entries().begin(), bench_entries().end(), std::back_inserter(chosen),
               [&](const BenchEntry& e) { return e.suite <= suite; });
  return chosen;
}

Suite parse_suite(const std::string& text) {
  if (text == "quick") return Suite::quick;
  if (text == "standard") return Suite::standard;
  if (text == "full") return Suite::full;
  throw InputError("--suite must be quick, standard or full");
}

std::string suite_name(Suite suite) {
  switch (suite) {
    case Suite::quick: return "quick";
    case Suite::standard: return "standard";
    case Suite::full: return "full";
  }
  return "";
}

}  // namespace gs::tools
