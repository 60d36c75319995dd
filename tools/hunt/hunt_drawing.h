// The hunt games' positions as diagrams (tools/draw/diagram.h), for `probe --svg`, the replays
// and the play page. In the games' own namespace, so the generic drawing code finds them by
// argument-dependent lookup (tools/draw/table_game_drawing.h).
#pragma once

#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"
#include "tools/draw/diagram.h"

namespace gs::hunt {

draw::Diagram diagram_of(const FoxAndHounds& game, const FoxAndHounds::Position& p);
draw::Diagram diagram_of(const FoxAndGeese& game, const FoxAndGeese::Position& p);
draw::Diagram diagram_of(const TigersAndGoats& game, const TigersAndGoats::Position& p);

}  // namespace gs::hunt
