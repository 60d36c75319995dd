// A game record of a table game (`hunt play --json`, the play page's download) replayed for
// `gamesolver view`: every move must be a legal move reaching the position the record gives, and
// the record's final position, winner and reason must be what its moves reach (as play_out ends a
// game): a page must not announce a result the board does not show.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "tools/common/game_loop.h"
#include "tools/common/replay.h"
#include "tools/draw/table_game_drawing.h"

namespace gs::tools {

// `kind` names the record in errors ("hunt", "Mount'n Fall").
template <class G>
Replay replay_record(const G& g, const nlohmann::json& record, const std::string& title, const std::string& kind) {
  try {
    Replay replay{.title = title};
    const auto start = g.parse(record.at("start").get<std::string>());
    auto p = start;
    DiagramReplay frames(replay, diagram_of(g, p));
    // Every move's text must name a legal move that reaches its position: the caption shows it.
    for (const auto& m : record.at("moves")) {
      const auto next = g.parse(m.at("position").get<std::string>());
      const std::string text = m.at("move").get<std::string>();
      bool legal = false;
      for_each_successor(
          g, p, [&](const auto& move, const auto& q) { legal = legal || (q == next && g.move_name(p, move) == text); });
      if (!legal)
        throw DataError("move " + std::to_string(frames.moves() + 1) + " (" + clipped(text) +
                        ") is not a legal move to its position");
      frames.add(diagram_of(g, next), text);
      p = next;
    }
    replay.final_position = g.format(p);
    if (record.at("final_position").get<std::string>() != replay.final_position)
      throw DataError("its final_position is not the position its moves reach");
    const std::string reason = record.at("reason").get<std::string>();
    const std::optional<RecordedEnd> end = natural_end(g, p, frames.moves());
    if (!reason_fits(end, reason)) throw DataError("its reason '" + clipped(reason) + "' is not how its moves end");
    const nlohmann::json& stated = record.at("winner");
    const char* winner = end ? winner_side(g, *end, start) : nullptr;
    if (winner ? stated != winner : !stated.is_null())
      throw DataError("its winner is not who its moves make the winner");
    return replay;
  } catch (const nlohmann::json::exception& e) {
    throw DataError("a malformed " + kind + " game record: " + e.what());
  } catch (const InputError& e) {
    throw DataError("a " + kind + " game record: " + e.what());
  }
}

}  // namespace gs::tools
