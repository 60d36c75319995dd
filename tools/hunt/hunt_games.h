// The hunt games by name (`--game`), for the jobs of `gamesolver hunt` and `gamesolver serve`.
#pragma once

#include "engine/core/errors.h"
#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"
#include "tools/hunt/hunt_jobs.h"

namespace gs::tools {

// The Tigers and Goats variant the options name.
inline hunt::TigersAndGoats::Variant tigers_goats_variant(const HuntOptions& options) {
  using Phase = hunt::TigersAndGoats::Phase;
  return {.size = options.size ? options.size : 5,
          .goats = options.goats,
          .win_captures = options.win_captures,
          .phase = options.whole_game ? Phase::whole : Phase::sliding};
}

// The job run on the game the options name.
template <class Job>
auto with_game(const HuntOptions& options, Job&& job) {
  if (options.game == "tigers-goats") return job(hunt::TigersAndGoats(tigers_goats_variant(options)));
  if (options.game == "fox-geese") return job(hunt::FoxAndGeese(options.max_geese));
  if (options.game == "fox-hounds") return job(hunt::FoxAndHounds(options.size ? options.size : 8));
  throw InputError("unknown hunt game '" + clipped(options.game) + "' (known: fox-hounds, tigers-goats, fox-geese)");
}

}  // namespace gs::tools
