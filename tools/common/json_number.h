// Whole numbers read from JSON files a user hands over (game records, bench results): a float
// such as 6.7e65 where an int belongs is refused, not converted (nlohmann's get<int>() casts it,
// which is undefined behaviour; found by tests/fuzz/game_record_fuzz).
#pragma once

#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/core/errors.h"

namespace gs::tools {

inline int json_int(const nlohmann::json& value, const std::string& what) {
  if (value.is_number_integer()) {
    const auto n = value.get<long long>();
    if (n >= std::numeric_limits<int>::min() && n <= std::numeric_limits<int>::max()) return static_cast<int>(n);
  }
  throw DataError(what + " is not a whole number in range");
}

}  // namespace gs::tools
