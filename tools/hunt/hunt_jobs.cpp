// gamesolver hunt: build, probe, stats and verify endgame tables of the hunt games.
#include "tools/hunt/hunt_jobs.h"

#include <algorithm>

#include "engine/core/errors.h"
#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"
#include "solvers/common/capabilities.h"
#include "solvers/common/progress_rule.h"
#include "solvers/retrograde/located_exits.h"
#include "tools/common/table_certify.h"
#include "tools/common/table_jobs.h"
#include "tools/common/table_play.h"
#include "tools/common/table_reach.h"
#include "tools/hunt/hunt_games.h"

namespace gs::tools {

// The fast paths and rule capabilities the solvers take from the hunt games (they live with
// their solvers, so the engines cannot assert them; a drifted signature would be skipped).
static_assert(RangeUnrank<hunt::FoxAndGeese> && ReversedExits<hunt::FoxAndGeese>);
static_assert(QuietBounded<hunt::TigersAndGoats>);

namespace {

using namespace table_jobs;

// A job on the plain tables, then, for a game with a progress draw rule (and --rule N > 0), on
// the tables under the rule: one report, the rule's under "rule" (its text after a heading line,
// or with none when the texts name their tables). Jobs that read tables skip the rule's when
// none are built (a build makes them).
template <class Job>
Report with_rule(const HuntOptions& o, Job&& job, bool heading = true, bool builds = false) {
  return with_game(o.game, [&](const auto& g) {
    Report report = job(g);
    if constexpr (ProgressLayers<std::decay_t<decltype(g)>>) {
      if (o.rule > 0) {
        const UnderProgressRule ruled(g, o.rule);
        if (!builds && !LayerTables<decltype(ruled)>(ruled, o.dir).present(0)) {
          report.json["rule"] = nullptr;
          report.text +=
              "(no tables under the " + std::to_string(o.rule) + "-ply rule in " + o.dir + ": hunt build makes them)\n";
          return report;
        }
        const Report rule = job(ruled);
        report.json["rule"] = rule.json;
        if (heading)
          report.text += "under the " + std::to_string(o.rule) + "-ply draw rule (distances: plies to progress):\n";
        report.text += rule.text;
      }
    }
    return report;
  });
}

}  // namespace

Report hunt_build(const HuntOptions& o) {
  return with_rule(
      o, [&](const auto& g) { return build(g, o); }, true, true);
}
Report hunt_probe(const HuntOptions& o) {
  return with_rule(o, [&](const auto& g) { return probe(g, o); });
}
Report hunt_stats(const HuntOptions& o) {
  return with_game(o.game, [&](const auto& g) {
    Report report = stats(g, o);
    if constexpr (ProgressLayers<std::decay_t<decltype(g)>>) {
      const UnderProgressRule ruled(g, std::max(o.rule, 2));
      if (o.rule > 0 && LayerTables<decltype(ruled)>(ruled, o.dir).present(0)) {
        Report changes = rule_changes(ruled, o);
        const Report tables = stats(ruled, o);  // distances there: plies to progress
        changes.json["tables"] = tables.json;
        report.json["rule"] = changes.json;
        report.text +=
            "\n" + changes.text + "\nthe tables under the rule (remoteness: plies to progress):\n" + tables.text;
      }
    }
    return report;
  });
}
Report hunt_sums(const HuntOptions& o) {
  return with_rule(
      o, [&](const auto& g) { return sums(g, o); }, false);
}

int hunt_play(const HuntOptions& o, const std::string& side) {
  return with_game(o.game, [&](const auto& g) {
    using G = std::decay_t<decltype(g)>;
    const auto start = o.position.empty() ? g.start() : g.parse(o.position);
    if (!g.tabulated(start)) throw InputError("the position is outside the tables");
    int person = g.side(start);
    if (!side.empty()) {
      const auto* known = std::find(std::begin(G::kSides), std::end(G::kSides), side);
      if (known == std::end(G::kSides))
        throw InputError("--side must be " + std::string(G::kSides[0]) + " or " + G::kSides[1]);
      person = static_cast<int>(known - std::begin(G::kSides));
    }
    int rule = 0;
    if constexpr (ProgressLayers<G>) rule = o.rule;
    nlohmann::json record = play_against_tables(g, o.dir, rule, start, person, o.counter);
    record["parameters"] = record_parameters(o.game);
    cli::emit_json(o.global, record);
    return 0;
  });
}

Report hunt_certify(const HuntOptions& o) {
  return with_game(o.game, [&](const auto& g) { return certify(g, o, o.output, o.side, o.max_records); });
}

Report hunt_reach(const HuntOptions& o) {
  return with_game(o.game, [&](const auto& g) { return reach(g, o, {.tables = o.tables, .side = o.side}); });
}

Report hunt_verify(const HuntOptions& o, bool& valid) {
  bool all = true;
  Report report = with_rule(o, [&](const auto& g) {
    bool ok = false;
    Report r = verify(g, o, ok);
    all = all && ok;
    return r;
  });
  valid = all;
  if (report.json.contains("rule")) report.json["valid"] = all;
  return report;
}

}  // namespace gs::tools
