#include "engine/mountnfall/mountnfall_play.h"

namespace gs::mountnfall {

std::optional<mountnfall::Move> MountNFallPlay::move_to(const Position& from, const Position& to) const {
  std::optional<mountnfall::Move> found;
  game_.for_each_move(from, [&](const mountnfall::Move& m) {
    if (!found && game_.play(from, m) == to) found = m;
  });
  return found;
}

std::string MountNFallPlay::move_name(const Position& from, const Position& to) const {
  const auto m = move_to(from, to);
  return m ? game_.move_name(*m) : "?";
}

std::pair<std::string, std::string> MountNFallPlay::move_points(const Position& from, const Position& to) const {
  const auto m = move_to(from, to);
  if (!m) return {};
  const auto [source, target] = game_.move_squares(*m);
  return {game_.square_name(source), game_.square_name(target)};
}

}  // namespace gs::mountnfall
