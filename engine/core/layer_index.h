// Where a position lives in a layered index: its layer and its index within the layer.
#pragma once

#include <cstdint>

namespace gs {

struct LayerIndex {
  int layer = 0;
  std::uint64_t index = 0;
  bool operator==(const LayerIndex&) const = default;
};

}  // namespace gs
