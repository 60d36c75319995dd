// The baseline player of the original Mount'n Fall program: alpha-beta to depth 6 on the
// evaluation 100 x (own pawns - enemy pawns) + mobility (own legal moves). The same game as
// MountNFall with that evaluation, for the search engine.
#pragma once

#include <vector>

#include "engine/mountnfall/mountnfall.h"

namespace gs::mountnfall {

class BaselineGame {
 public:
  using Position = mountnfall::Position;
  using Move = mountnfall::Move;
  static constexpr int kDepth = 6;

  explicit BaselineGame(const MountNFall& game) : game_(game) {}

  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    game_.for_each_move(p, f);
  }
  Position play(const Position& p, const Move& m) const { return game_.play(p, m); }
  std::uint64_t hash(const Position& p) const { return game_.hash(p); }
  int evaluate(const Position& p) const { return 100 * game_.material(p) + game_.mobility(p); }

 private:
  const MountNFall& game_;
};

}  // namespace gs::mountnfall
