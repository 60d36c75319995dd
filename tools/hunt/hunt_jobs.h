// The jobs of `gamesolver hunt`: each returns its Report (JSON and summary).
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

Report hunt_build(const HuntOptions& options);
Report hunt_probe(const HuntOptions& options);
Report hunt_stats(const HuntOptions& options);
// `valid` tells the caller the exit code.
Report hunt_verify(const HuntOptions& options, bool& valid);

}  // namespace gs::tools
