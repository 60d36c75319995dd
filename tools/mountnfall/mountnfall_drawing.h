// Mount'n Fall positions as diagrams (tools/draw/diagram.h), for `probe --svg`, the replays and the
// play page. In the game's own namespace, so the generic drawing code finds them by
// argument-dependent lookup (tools/draw/table_game_drawing.h).
#pragma once

#include "engine/mountnfall/mountnfall_play.h"
#include "tools/draw/diagram.h"

namespace gs::mountnfall {

draw::Diagram diagram_of(const MountNFall& game, const Position& p);
inline draw::Diagram diagram_of(const MountNFallPlay& game, const Position& p) { return diagram_of(game.game(), p); }

}  // namespace gs::mountnfall
