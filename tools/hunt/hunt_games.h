// The hunt games by name (`--game`), for the jobs of `gamesolver hunt`, `gamesolver serve` and
// the game records. A job's game is one alternative of HuntGame, each with its own variant, so
// no options struct holds every game's parameters; each game's spec names the options it reads,
// and another game's option is refused.
#pragma once

#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"

namespace gs::tools {

struct Invocation;

struct FoxAndHoundsVariant {
  int size = 8;  // the board's side: 4, 6 or 8
};

using HuntGame = std::variant<FoxAndHoundsVariant, hunt::TigersAndGoats::Variant, hunt::FoxAndGeese::Variant>;

// The job run on the game.
template <class Job>
auto with_game(const HuntGame& game, Job&& job) {
  return std::visit(
      [&](const auto& variant) {
        using V = std::decay_t<decltype(variant)>;
        if constexpr (std::is_same_v<V, FoxAndHoundsVariant>)
          return job(hunt::FoxAndHounds(variant.size));
        else if constexpr (std::is_same_v<V, hunt::TigersAndGoats::Variant>)
          return job(hunt::TigersAndGoats(variant));
        else
          return job(hunt::FoxAndGeese(variant));
      },
      game);
}

// A hunt game as the command line and the game records name it.
struct HuntGameSpec {
  std::string name;                  // --game NAME
  std::vector<std::string> options;  // the game's own options, besides --game and --rule
  bool draw_rule = true;             // takes --rule (a draw after plies without progress)
  HuntGame (*from_options)(const Invocation& in);
  nlohmann::json (*record)(const HuntGame& game);  // its parameters in a game record (record_parameters adds "game")
  HuntGame (*from_record)(const nlohmann::json& parameters);
  // The variant whose tables' first layer file this is ("fox-hounds-8x8-layer000.gst"; tables of
  // unreduced indexes, for cross-checks, are not), or nothing: how `serve` finds tables.
  std::optional<HuntGame> (*from_table_file)(const std::string& name);
};

const std::vector<HuntGameSpec>& hunt_game_specs();
// The spec of a game by name, or of the game a HuntGame holds; InputError for an unknown name.
const HuntGameSpec& hunt_game_spec(const std::string& name);
const HuntGameSpec& hunt_game_spec(const HuntGame& game);
bool is_hunt_game(const std::string& name);
// The game an invocation of `gamesolver hunt` names; InputError for another game's option.
HuntGame hunt_game_of(const Invocation& in);

}  // namespace gs::tools
