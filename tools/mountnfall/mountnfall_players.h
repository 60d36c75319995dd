// The Mount'n Fall players of play and match: the search engine and the original program's
// baseline, each choosing a move given the game's history.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/mountnfall/baseline.h"
#include "engine/mountnfall/mountnfall.h"
#include "solvers/minimax/negamax.h"

namespace gs::tools {

// What negamax takes from the game (these live with negamax, so the engine cannot assert them).
static_assert(Evaluated<mountnfall::MountNFall> && Hashed<mountnfall::MountNFall> &&
              NoisyMoves<mountnfall::MountNFall>);

// A player chooses a move in a position given the game's history (hashes, for repetitions).
class Player {
 public:
  virtual ~Player() = default;
  virtual mountnfall::Move choose(const mountnfall::Position& p, const std::vector<std::uint64_t>& history) = 0;
};

template <class G>
class SearchPlayer : public Player {
 public:
  SearchPlayer(G game, SearchLimits limits) : game_(std::move(game)), search_(game_, 20), limits_(limits) {}
  mountnfall::Move choose(const mountnfall::Position& p, const std::vector<std::uint64_t>& history) override {
    const auto report = search_.search(p, limits_, history);
    if (!report.pv.empty()) return report.pv[0];
    std::vector<mountnfall::Move> moves;
    list_moves(game_, p, moves);
    return moves.front();
  }

 private:
  G game_;
  NegamaxSearch<G> search_;
  SearchLimits limits_;
};

// Refuses a name other than "engine" and "baseline" (InputError).
void check_player(const std::string& name);

// "engine": the search with `seconds` a move; "baseline": the original program's player.
std::unique_ptr<Player> make_player(const std::string& name, const mountnfall::MountNFall& game, double seconds);

}  // namespace gs::tools
