// Hunt game records (`hunt play --json`): what names their game, and their replay for `view`.
#include <optional>
#include <string>

#include "engine/core/errors.h"
#include "tools/common/game_loop.h"
#include "tools/common/json_number.h"
#include "tools/common/replay.h"
#include "tools/draw/table_game_drawing.h"
#include "tools/hunt/hunt_games.h"
#include "tools/hunt/hunt_jobs.h"

namespace gs::tools {

// What a game record names its game by (hunt_replay reads it back).
nlohmann::json record_parameters(const HuntOptions& o) {
  return {{"game", o.game},
          {"size", o.size},
          {"max_geese", o.max_geese},
          {"goats", o.goats},
          {"win_captures", o.win_captures},
          {"whole_game", o.whole_game}};
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

}  // namespace gs::tools
