#include "tools/mnk/mnk_serve.h"

#include <filesystem>
#include <iostream>
#include <set>
#include <utility>

#include "engine/core/errors.h"
#include "tools/common/table_jobs.h"
#include "tools/draw/mnk_drawing.h"
#include "tools/mnk/mnk_jobs.h"
#include "tools/mnk/mnk_record_game.h"
#include "tools/mnk/mnk_table_file.h"

namespace gs::tools {

namespace {

// The table's perfect player: the fastest win, the slowest loss (mnk_table_moves ranks them).
// The table is only read after loading, so requests need no lock.
class MnkService final : public GameService {
 public:
  explicit MnkService(MnkTable table) : table_(std::move(table)), game_(mnk::MnkGame(table_.m, table_.n, table_.k)) {}

  nlohmann::json info() const override {
    const mnk::MnkGame& g = game_.game();
    return {{"game", MnkRecordGame::kName},
            {"variant", game_.variant()},
            {"sides", {MnkRecordGame::kSides[0], MnkRecordGame::kSides[1]}},
            {"start", game_.format(game_.start())},
            {"parameters", {{"game", MnkRecordGame::kName}, {"m", g.m()}, {"n", g.n()}, {"k", g.k()}}},
            {"rule", nullptr}};
  }

  nlohmann::json probe(const std::string& position, int counter) override {
    no_counter(counter);
    return mnk_probe_table(table_, position.empty() ? game_.format(game_.start()) : position).json;
  }

  nlohmann::json turn(const std::string& position, int counter) override {
    no_counter(counter);
    const mnk::MnkGame& g = game_.game();
    const mnk::Position p = position.empty() ? game_.start() : game_.parse(position);
    const Value value = mnk_table_value(table_, g, p);
    nlohmann::json j = {{"position", game_.format(p)},
                        {"side_to_move", MnkRecordGame::kSides[game_.side(p)]},
                        {"counter", 0},
                        {"value", table_jobs::value_json(value)},
                        {"value_text", value_text(value)},
                        {"svg", draw::diagram_svg(draw::mnk_diagram(g, p), {.cell = 56})},
                        {"end", natural_ending(game_, p)},
                        {"best", nullptr}};
    nlohmann::json list = nlohmann::json::array();
    std::vector<draw::CellValue> hint;
    for (const auto& [cell, v] : mnk_table_moves(table_, g, p)) {
      const mnk::Position next = game_.play(p, cell);
      nlohmann::json move = table_jobs::value_json(v);
      move["move"] = move["from"] = move["to"] = g.cell_name(cell);  // a stone put on the cell
      move["position"] = game_.format(next);
      move["counter"] = 0;
      move["end"] = natural_ending(game_, next);
      list.push_back(std::move(move));
      hint.push_back({.cell = cell, .text = draw::short_value(v), .kind = outcome_name(v.outcome)});
    }
    if (!list.empty()) {
      j["best"] = 0;  // ranked best first
      j["hint_svg"] = draw::diagram_svg(draw::mnk_diagram(g, p, hint), {.cell = 56});
    }
    j["moves"] = std::move(list);
    return j;
  }

 private:
  static void no_counter(int counter) {
    if (counter != 0) throw InputError("counter applies under a draw rule, and this game has none");
  }

  MnkTable table_;
  MnkRecordGame game_;
};

}  // namespace

GameServices mnk_services(const std::string& dir) {
  GameServices services;
  std::set<std::string> boards;
  for (const std::string& name : sorted_file_names(dir)) {
    const std::string path = (std::filesystem::path(dir) / name).string();
    if (!std::filesystem::is_regular_file(path) || !looks_like_mnk_table(path)) continue;
    try {
      MnkTable table = read_mnk_table(path);
      const std::string board = mnk::MnkGame(table.m, table.n, table.k).name();
      if (!boards.insert(board).second) {
        std::cerr << "serve: " << path << " is not served: another file of " << board << " is\n";
        continue;
      }
      services.push_back(std::make_unique<MnkService>(std::move(table)));
    } catch (const DataError& e) {
      std::cerr << "serve: " << path << " is not served: " << e.what() << "\n";
    }
  }
  return services;
}

}  // namespace gs::tools
