// The positions of the games with solved tables (the hunt games, Mount'n Fall) as diagrams, and
// a position with each move drawn as an arrow labelled with its value (what `probe --svg` and
// `play --svg` draw). Moves are named by the positions they reach, so an arrow is found by
// comparing the diagrams before and after the move (move_arrow in diagram.h).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/core/value.h"
#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"
#include "engine/mountnfall/mountnfall_play.h"
#include "tools/draw/diagram.h"

namespace gs::draw {

Diagram diagram_of(const hunt::FoxAndHounds& game, const hunt::FoxAndHounds::Position& p);
Diagram diagram_of(const hunt::FoxAndGeese& game, const hunt::FoxAndGeese::Position& p);
Diagram diagram_of(const hunt::TigersAndGoats& game, const hunt::TigersAndGoats::Position& p);
Diagram diagram_of(const mountnfall::MountNFall& game, const mountnfall::Position& p);
inline Diagram diagram_of(const mountnfall::MountNFallPlay& game, const mountnfall::Position& p) {
  return diagram_of(game.game(), p);
}

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
