// Games solved into tables (engine/core/game.h): layers with a dense index, ranking and unranking
// (and their faster forms where a game has them), what stored tables need, the draw rule's
// progress, and what table reports print.
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

// Indexed games that unrank a run of indices faster than one by one (Fox and Geese: both sides
// to move of one placement share its unranking).
template <class G>
concept RangeUnrank = requires(const G& g, int layer, std::uint64_t index) {
  g.for_each_unranked(layer, index, index, [](std::uint64_t, const std::optional<typename G::Position>&) {});
};

// Calls f(i, game.unrank(layer, i)) for each i in [begin, end), in order.
template <Indexed G, class F>
void for_each_unranked(const G& game, int layer, std::uint64_t begin, std::uint64_t end, F&& f) {
  if constexpr (RangeUnrank<G>) {
    game.for_each_unranked(layer, begin, end, f);
  } else {
    for (std::uint64_t i = begin; i != end; ++i) f(i, game.unrank(layer, i));
  }
}

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

// Layers whose play without progress is bounded: from any position of the layer, every line
// reaches a progress move or the end within quiet_plies(layer) plies (-1: no bound). Tigers and
// Goats while goats are in hand: a goat's move is a placement (1), a tiger's step is followed by
// one (2). Under the draw rule such a layer's values can be stated from the plain tables
// (solvers/common/progress_rule.h).
template <class G>
concept QuietBounded = ProgressLayers<G> && requires(const G& g, int layer) {
  { g.quiet_plies(layer) } -> std::convertible_to<int>;
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

// Indexed games that find, located, the moves leaving a position's layer without ranking those
// that stay (Fox and Geese: a fox's step or a goose's sideways step stays).
template <class G>
concept LocatedExits = requires(const G& g, const typename G::Position& p) {
  {
    g.for_each_located_exit(p, [](const typename G::Position&, LayerIndex) {})
    } -> std::same_as<bool>;
};

// Calls f(next, where) for every move of p (in `layer`) that leaves the layer, where =
// game.locate(next); returns whether some move stays in it.
template <class G, class F>
bool for_each_located_exit(const G& game, const typename G::Position& p, int layer, F&& f) {
  if constexpr (LocatedExits<G>) {
    return game.for_each_located_exit(p, f);
  } else {
    bool inside = false;
    for_each_located_successor(game, p, [&](const typename G::Position& next, LayerIndex at) {
      if (at.layer == layer)
        inside = true;
      else
        f(next, at);
    });
    return inside;
  }
}

// Indexed games some of whose exits are found back from where they lead: every move from
// `layer` into `earlier` is an un-move (for_each_unmove) of its destination (Fox and Geese: a
// goose's step down, not a capture). The retrograde solver's first pass then looks up only the
// other exits, `for_each_located_unreversed_exit` (which returns, as for_each_located_exit does,
// whether some move stays in the layer), and makes wins of the predecessors of the losses of
// such an earlier layer: far fewer than the positions that would look up their moves there.
template <class G>
concept ReversedExits = LocatedExits<G> && LayerDependencies<G> &&
    requires(const G& g, const typename G::Position& p, int layer) {
  { g.exits_reversed(layer, layer) } -> std::convertible_to<bool>;
  {
    g.for_each_located_unreversed_exit(p, [](const typename G::Position&, LayerIndex) {})
    } -> std::same_as<bool>;
};

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
