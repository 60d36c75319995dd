// Mount'n Fall positions of a small board as a layered index for retrograde analysis. Layers
// are the pawn counts (white, black), fewest pawns first: only captures change them, and a
// capture only removes pawns. Within a layer, positions are grouped by the number of squares
// each side occupies; a group's index is the white squares (a k-subset), the black squares
// among the rest, how the white pawns split into stacks (a composition, ranked by its partial
// sums as a subset), the same for black, and the side to move. The rules look the same from
// every one of the square's 8 symmetries (the start triangles do not matter once every
// position is indexed), so positions are indexed up to them: White's squares by class, Black's
// squares among the rest and then the stacks as the smallest image (gs::PlacementIndex breaks
// the ties left by the squares).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game_tables.h"
#include "engine/core/layer_index.h"
#include "engine/core/placement_index.h"
#include "engine/mountnfall/mountnfall_play.h"

namespace gs::mountnfall {

// Refuses (InputError) a board whose index would not fit: White's squares with more placements
// than gs::PlacementIndex tabulates, or more positions than 64 bits count.
class MountNFallIndex : public MountNFallPlay {
 public:
  static constexpr const char* kIndexScheme = "pawns.square-classes.compositions.side";

  // Indexed up to the 8 symmetries of the square.
  MountNFallIndex(int size, int triangle) : MountNFallIndex(size, triangle, true) {}
  // Every position apart, for cross-checks of the reduced index.
  static MountNFallIndex every_position(int size, int triangle) { return {size, triangle, false}; }

  std::string variant() const { return MountNFallPlay::variant() + (reduce_ ? "" : "-unreduced"); }
  bool tabulated(const Position&) const { return true; }

  int layer_count() const { return static_cast<int>(layers_.size()); }
  std::uint64_t layer_size(int layer) const { return layers_[static_cast<std::size_t>(layer)].size; }
  LayerIndex locate(const Position& p) const;
  std::optional<Position> unrank(int layer, std::uint64_t index) const;
  std::string layer_name(int layer) const;

 private:
  MountNFallIndex(int size, int triangle, bool reduce);
  struct Group {
    int white_squares, black_squares;
    std::uint64_t offset;
    std::uint64_t white_splits, black_splits;  // counts of the inner parts
  };
  struct Layer {
    int white, black;  // pawns
    std::uint64_t size = 0;
    std::vector<Group> groups;
  };

  // The position's image under symmetry g (of the placements' group).
  Position image(const Position& p, int g) const;
  // The ranks of the white and the black stack heights as compositions, in square order.
  std::pair<std::uint64_t, std::uint64_t> split_ranks(const Position& p) const;
  const Group& group_of(const Layer& layer, int white_squares, int black_squares) const;

  int squares_, most_;  // squares; pawns a side starts with
  bool reduce_;
  std::vector<PlacementIndex> placements_;  // by the number of white squares; each holds the symmetries
  std::vector<Layer> layers_;
  std::vector<int> layer_of_;  // by white * (most + 1) + black
};

// What the solvers may ask of it (engine/core/game*.h).
static_assert(Reported<MountNFallIndex>);

}  // namespace gs::mountnfall
