// JSON files a user hands over (game records, match results, bench results). Parsed with a bound
// on nesting: 10 MB of '[' would otherwise build 10 million nested arrays (75 times the file's
// size in memory) before failing. Whole numbers: a float
// such as 6.7e65 where an int belongs is refused, not converted (nlohmann's get<int>() casts it,
// which is undefined behaviour; found by tests/fuzz/game_record_fuzz).
#pragma once

#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/core/errors.h"

namespace gs::tools {

constexpr int kMaxJsonDepth = 64;  // the toolkit's own records nest 5 deep

// DataError naming `path` when `text` is not JSON or nests deeper than kMaxJsonDepth.
inline nlohmann::json parse_user_json(const std::string& text, const std::string& path) {
  struct TooDeep {};
  try {
    return nlohmann::json::parse(text, [](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
      if (depth > kMaxJsonDepth) throw TooDeep{};
      return true;
    });
  } catch (const TooDeep&) {
    throw DataError(path + ": JSON nested more than " + std::to_string(kMaxJsonDepth) + " deep");
  } catch (const nlohmann::json::exception& e) {
    throw DataError(path + ": not valid JSON (" + std::string(e.what()).substr(0, 80) + ")");
  }
}

inline int json_int(const nlohmann::json& value, const std::string& what) {
  if (value.is_number_integer()) {
    const auto n = value.get<long long>();
    if (n >= std::numeric_limits<int>::min() && n <= std::numeric_limits<int>::max()) return static_cast<int>(n);
  }
  throw DataError(what + " is not a whole number in range");
}

}  // namespace gs::tools
