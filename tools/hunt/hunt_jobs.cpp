// gamesolver hunt: build, probe, stats and verify endgame tables of the hunt games.
#include "tools/hunt/hunt_jobs.h"

#include <algorithm>

#include "engine/core/errors.h"
#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"
#include "solvers/common/progress_rule.h"
#include "tools/common/game_loop.h"
#include "tools/common/json_number.h"
#include "tools/common/table_jobs.h"
#include "tools/common/table_play.h"
#include "tools/hunt/hunt_games.h"

namespace gs::tools {

namespace {

using namespace table_jobs;

// A job on the plain tables, then, for a game with a progress draw rule (and --rule N > 0), on
// the tables under the rule: one report, the rule's under "rule" (its text after a heading line,
// or with none when the texts name their tables). Jobs that read tables skip the rule's when
// none are built (a build makes them).
template <class Job>
Report with_rule(const HuntOptions& o, Job&& job, bool heading = true, bool builds = false) {
  return with_game(o, [&](const auto& g) {
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

// What a game record names its game by (hunt_replay reads it back).
nlohmann::json record_parameters(const HuntOptions& o) {
  return {{"game", o.game},
          {"size", o.size},
          {"max_geese", o.max_geese},
          {"goats", o.goats},
          {"win_captures", o.win_captures},
          {"whole_game", o.whole_game}};
}

Report hunt_build(const HuntOptions& o) {
  return with_rule(
      o, [&](const auto& g) { return build(g, o); }, true, true);
}
Report hunt_probe(const HuntOptions& o) {
  return with_rule(o, [&](const auto& g) { return probe(g, o); });
}
Report hunt_stats(const HuntOptions& o) {
  return with_game(o, [&](const auto& g) {
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
  return with_game(o, [&](const auto& g) {
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
    record["parameters"] = record_parameters(o);
    cli::emit_json(o.global, record);
    return 0;
  });
}

namespace {

// A record's final position, winner and reason must be what its moves reach (as play_out ends a
// game): a page must not announce a result the board does not show.
template <class G>
void check_ending(const G& g, const typename G::Position& start, const typename G::Position& p, int plies,
                  const nlohmann::json& record) {
  if (record.at("final_position").get<std::string>() != g.format(p))
    throw DataError("its final_position is not the position its moves reach");
  const std::string reason = record.at("reason").get<std::string>();
  const std::optional<RecordedEnd> end = natural_end(g, p, plies);
  if (!reason_fits(end, reason)) throw DataError("its reason '" + clipped(reason) + "' is not how its moves end");
  const nlohmann::json& stated = record.at("winner");
  const int first = g.side(start);
  if (end && end->winner ? stated != G::kSides[*end->winner == 0 ? first : 1 - first] : !stated.is_null())
    throw DataError("its winner is not who its moves make the winner");
}

}  // namespace

Replay hunt_replay(const nlohmann::json& record) {
  HuntOptions o;
  try {
    const auto& p = record.at("parameters");
    o.game = p.at("game").get<std::string>();
    o.size = json_int(p.at("size"), "size");
    o.max_geese = json_int(p.at("max_geese"), "max_geese");
    o.goats = json_int(p.at("goats"), "goats");
    o.win_captures = json_int(p.at("win_captures"), "win_captures");
    o.whole_game = p.at("whole_game").get<bool>();
  } catch (const nlohmann::json::exception& e) {
    throw DataError(std::string("not a hunt game record: ") + e.what());
  }
  try {
    return with_game(o, [&](const auto& g) {
      Replay replay{.title = o.game + " " + g.variant()};
      const auto start = g.parse(record.at("start").get<std::string>());
      auto p = start;
      DiagramReplay frames(replay, draw::diagram_of(g, p));
      // Every move's text must name a legal move that reaches its position: the caption shows it.
      for (const auto& m : record.at("moves")) {
        const auto next = g.parse(m.at("position").get<std::string>());
        const std::string text = m.at("move").get<std::string>();
        bool legal = false;
        for_each_successor(g, p, [&](const auto& move, const auto& q) {
          legal = legal || (q == next && g.move_name(p, move) == text);
        });
        if (!legal)
          throw DataError("move " + std::to_string(frames.moves() + 1) + " (" + clipped(text) +
                          ") is not a legal move to its position");
        frames.add(draw::diagram_of(g, next), text);
        p = next;
      }
      replay.final_position = g.format(p);
      check_ending(g, start, p, frames.moves(), record);
      return replay;
    });
  } catch (const nlohmann::json::exception& e) {
    throw DataError(std::string("a malformed hunt game record: ") + e.what());
  } catch (const InputError& e) {
    throw DataError(std::string("a hunt game record: ") + e.what());
  }
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
