// The jobs of `gamesolver hunt`: each prints a human summary and returns its JSON result.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "tools/common/table_jobs.h"

namespace gs::tools {

struct HuntOptions : table_jobs::TableJobOptions {
  std::string game = "fox-hounds";
  int size = 8;       // Fox and Hounds board size (4, 6 or 8)
  int max_geese = 8;  // Fox and Geese: endgames with 4 to max_geese geese
};

nlohmann::json hunt_build(const HuntOptions& options);
nlohmann::json hunt_probe(const HuntOptions& options);
nlohmann::json hunt_stats(const HuntOptions& options);
// `valid` tells the caller the exit code.
nlohmann::json hunt_verify(const HuntOptions& options, bool& valid);

}  // namespace gs::tools
