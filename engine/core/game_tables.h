// Games solved into tables (engine/core/game.h): layers with a dense index, ranking and unranking
// (and located moves, the faster form two games have), what stored tables need, the draw rule's
// progress, and what table reports print. The one-game fast paths live with their solvers
// (solvers/common/capabilities.h, solvers/retrograde/located_exits.h).
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/layer_index.h"

namespace gs {

// Positions split into layers, each with a dense index: `locate` ranks a position (layer -1: a
// terminal position outside the tables). The base of what builds tables and what reads them.
template <class G>
concept Ranked = requires(const G& g, const typename G::Position& p, int layer) {
  { g.layer_count() } -> std::convertible_to<int>;
  { g.layer_size(layer) } -> std::convertible_to<std::uint64_t>;
  { g.locate(p) } -> std::same_as<LayerIndex>;
};

// What the retrograde solver needs: layers solved in order, ranked both ways; `unrank` gives
// nothing for an index that names no position.
template <class G>
concept Indexed = TwoPlayerGame<G> && Unmoves<G> && Ranked<G> && requires(const G& g, int layer, std::uint64_t index) {
  { g.unrank(layer, index) } -> std::same_as<std::optional<typename G::Position>>;
};

// What probing stored tables needs (solvers/probe): names for the table files' headers, the
// layers and ranking, and the terminal test for positions outside the tables.
template <class G>
concept Tabled = Ranked<G> && requires(const G& g, const typename G::Position& p) {
  { G::kName } -> std::convertible_to<std::string>;
  { G::kIndexScheme } -> std::convertible_to<std::string>;
  { g.variant() } -> std::convertible_to<std::string>;
  { g.terminal(p) } -> std::same_as<std::optional<Outcome>>;
};

// The earlier layers whose positions a layer's moves can reach: a table builder drops a layer
// from memory once no layer still to be solved reads it.
template <class G>
concept LayerDependencies = Indexed<G> && requires(const G& g, int layer) {
  { g.layers_read(layer) } -> std::convertible_to<std::vector<int>>;
};

// A draw rule on moves without progress (Tigers and Goats: 120 plies without a placement or a
// capture; Fox and Geese: without a capture). Whether a move from one layer to another is
// progress; a move that stays in its layer never is.
template <class G>
concept ProgressLayers = Indexed<G> && requires(const G& g, int from_layer, int to_layer) {
  { g.progress(from_layer, to_layer) } -> std::convertible_to<bool>;
};

// An indexed game whose tables are stored.
template <class G>
concept Stored = Indexed<G> && Tabled<G>;

// Indexed games whose moves come with the place they lead to, computed faster than locate()
// one by one (Tigers and Goats: a placement's rank from the position's own).
template <class G>
concept LocatedMoves = requires(const G& g, const typename G::Position& p) {
  g.for_each_located_move(p, [](const typename G::Position&, LayerIndex) {});
};

// Calls f(next, where) for every move of p, where = game.locate(next).
template <class G, class F>
void for_each_located_successor(const G& game, const typename G::Position& p, F&& f) {
  if constexpr (LocatedMoves<G>)
    game.for_each_located_move(p, f);
  else
    for_each_successor(game, p, [&](const auto&, const typename G::Position& next) { f(next, game.locate(next)); });
}

// Table reports: the sides' names, whose turn it is, what a layer holds, and other starts.
template <class G>
concept Reported = Stored<G> && Notation<G> && requires(const G& g, const typename G::Position& p, int layer) {
  { G::kSides[0] } -> std::convertible_to<std::string>;
  { g.side(p) } -> std::convertible_to<int>;
  { g.layer_name(layer) } -> std::convertible_to<std::string>;
  { g.starts() } -> std::convertible_to<std::vector<typename G::Position>>;
  { g.tabulated(p) } -> std::convertible_to<bool>;  // inside the tables (not a position before them)
};

}  // namespace gs
