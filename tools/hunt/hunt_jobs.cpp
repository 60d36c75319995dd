// gamesolver hunt: build, probe, stats and verify endgame tables of the hunt games.
#include "tools/hunt/hunt_jobs.h"

#include "engine/core/errors.h"
#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"
#include "tools/common/table_jobs.h"

namespace gs::tools {

namespace {

using namespace table_jobs;

// The hunt games by name.
template <class Job>
auto with_game(const HuntOptions& options, Job&& job) {
  if (options.game == "tigers-goats")
    return job(hunt::TigersAndGoats(options.size ? options.size : 5, options.goats, options.win_captures, true,
                                    options.whole_game));
  if (options.game == "fox-geese") return job(hunt::FoxAndGeese(options.max_geese));
  if (options.game == "fox-hounds") return job(hunt::FoxAndHounds(options.size ? options.size : 8));
  throw InputError("unknown hunt game '" + options.game + "' (known: fox-hounds, tigers-goats, fox-geese)");
}

}  // namespace

Report hunt_build(const HuntOptions& o) {
  return with_game(o, [&](const auto& g) { return build(g, o); });
}
Report hunt_probe(const HuntOptions& o) {
  return with_game(o, [&](const auto& g) { return probe(g, o); });
}
Report hunt_stats(const HuntOptions& o) {
  return with_game(o, [&](const auto& g) { return stats(g, o); });
}
Report hunt_verify(const HuntOptions& o, bool& valid) {
  return with_game(o, [&](const auto& g) { return verify(g, o, valid); });
}

}  // namespace gs::tools
