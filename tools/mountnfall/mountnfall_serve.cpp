#include "tools/mountnfall/mountnfall_serve.h"

#include <iostream>
#include <regex>

#include "engine/core/errors.h"
#include "engine/mountnfall/mountnfall_index.h"
#include "tools/mountnfall/mountnfall_drawing.h"
#include "tools/serve/table_service.h"

namespace gs::tools {

namespace {

// What a game record names the game by.
nlohmann::json parameters(const mountnfall::MountNFallIndex& g) {
  return {{"game", mountnfall::MountNFallIndex::kName}, {"size", g.game().size()}, {"triangle", g.game().triangle()}};
}

}  // namespace

GameServices mountnfall_services(const std::string& dir) {
  // The first layer's file of each variant names it (unreduced tables are for cross-checks).
  static const std::regex first_layer(R"(mountnfall-(\d{1,2})x\1-t(\d{1,2})-layer000\.gst)");
  GameServices services;
  for (const std::string& name : sorted_file_names(dir)) {
    std::smatch m;
    if (!std::regex_match(name, m, first_layer)) continue;
    try {
      const mountnfall::MountNFallIndex g(std::stoi(m[1]), std::stoi(m[2]));
      if (complete_tables(g, dir))
        services.push_back(
            std::make_unique<TableService<mountnfall::MountNFallIndex>>(g, dir, 0, parameters(g), g.start()));
    } catch (const InputError& e) {  // a name no build writes (a board the game or its index has not)
      std::cerr << "serve: " << name << " is not served: " << e.what() << "\n";
    }
  }
  return services;
}

}  // namespace gs::tools
