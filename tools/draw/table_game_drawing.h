// A position of a table game with each move drawn as an arrow labelled with its value (what
// `probe --svg`, `play --svg` and the play page's hints draw). Moves are named by the positions
// they reach, so an arrow is found by comparing the diagrams before and after the move
// (move_arrow in diagram.h).
//
// A game is drawn by `diagram_of(game, position)` declared in the game's own namespace (found by
// argument-dependent lookup: tools/hunt/hunt_drawing.h, tools/mountnfall/mountnfall_drawing.h),
// so this header names no game. The table jobs require it: a table game without a drawing does
// not compile, instead of leaving `probe --svg` without its picture.
#pragma once

#include <concepts>
#include <utility>
#include <vector>

#include "engine/core/value.h"
#include "tools/draw/diagram.h"

namespace gs::draw {

template <class G>
concept Drawn = requires(const G& g, const typename G::Position& p) {
  { diagram_of(g, p) } -> std::same_as<Diagram>;
};

// The position with an arrow for each move (best first, as the tables list them), coloured by
// the mover's value; the best move drawn last, on top.
template <Drawn G>
Diagram diagram_with_moves(const G& game, const typename G::Position& p,
                           const std::vector<std::pair<typename G::Move, Value>>& moves) {
  Diagram d = diagram_of(game, p);
  for (std::size_t i = moves.size(); i-- > 0;) {
    Diagram::Arrow a = move_arrow(d, diagram_of(game, game.play(p, moves[i].first)));
    a.kind = outcome_name(moves[i].second.outcome);
    a.label = short_value(moves[i].second);
    d.arrows.push_back(a);
  }
  return d;
}

}  // namespace gs::draw
