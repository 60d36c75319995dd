// The jobs of `gamesolver hunt`: each returns its Report (JSON and summary).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "tools/common/replay.h"
#include "tools/common/table_jobs.h"
#include "tools/hunt/hunt_drawing.h"
#include "tools/hunt/hunt_games.h"
#include "tools/serve/game_service.h"

namespace gs::tools {

struct HuntOptions : table_jobs::TableJobOptions {
  HuntGame game = FoxAndHoundsVariant{};    // the game and its variant (hunt_games.h)
  int rule = 120;                           // plies without progress that draw; 0: no such rule
  std::uint64_t nodes = 20'000'000;         // prove: proof-number search's budget (expansions; 0: none)
  double memory_gib = 1;                    // prove: its tables at most
  std::uint64_t samples = 0;                // prove: positions drawn from a layer of the whole game (0: --position)
  int sample_layer = -1;                    // prove: that layer
  std::string truth;                        // prove: tables holding the sampled layer, to compare with
  int truth_max_geese = 13;                 // prove: Fox and Geese, the geese of those tables
  std::uint64_t seed = 1;                   // prove: the draw
  std::string output;                       // certify: the certificate to write
  std::string side;                         // certify (a drawn position) and reach: whose strategy
  std::string tables;                       // reach: the tables whose moves that strategy plays
  std::uint64_t max_records = 100'000'000;  // certify: the most positions a certificate may hold
};

Report hunt_build(const HuntOptions& options);
Report hunt_probe(const HuntOptions& options);
Report hunt_stats(const HuntOptions& options);
Report hunt_sums(const HuntOptions& options);
// A person at the terminal against the tables' perfect player; `side` is the person's (default:
// the side to move first). The game's record goes where --json says. Returns the exit code.
int hunt_play(const HuntOptions& options, const std::string& side);
// What a game record names its game by: the game and its parameters (hunt_replay reads them).
nlohmann::json record_parameters(const HuntGame& game);
// The frames of a game record written by hunt play (DataError if it is not one).
Replay hunt_replay(const nlohmann::json& record);
// The value of a position outside the tables (more geese than built, goats still in hand) by
// proof-number search, the tables answering the positions they hold; where the tables hold the
// position too, both values (a disagreement is a DataError).
Report hunt_prove(const HuntOptions& options);
// The games whose complete tables are in `dir`, for `gamesolver serve` (each variant once; a
// game with a draw rule served under `rule` when its tables under it are built too).
GameServices hunt_services(const std::string& dir, int rule);
// The certificate of a won position (the start by default), from the plain tables
// (tools/common/table_certify.h).
Report hunt_certify(const HuntOptions& options);
// The index positions reached from the start, per layer (tools/common/table_reach.h).
Report hunt_reach(const HuntOptions& options);
// `valid` tells the caller the exit code.
Report hunt_verify(const HuntOptions& options, bool& valid);

}  // namespace gs::tools
