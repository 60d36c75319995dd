#include "tools/hunt/hunt_games.h"

#include <algorithm>
#include <regex>

#include "engine/core/errors.h"
#include "tools/common/command.h"
#include "tools/common/json_number.h"

namespace gs::tools {

namespace {

using TigersVariant = hunt::TigersAndGoats::Variant;
using GeeseVariant = hunt::FoxAndGeese::Variant;
using Phase = hunt::TigersAndGoats::Phase;

// "a", "a and b", "a, b and c".
std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return out;
}

}  // namespace

// In the order of HuntGame's alternatives (hunt_game_spec(game) reads the spec at the index).
const std::vector<HuntGameSpec>& hunt_game_specs() {
  static const std::vector<HuntGameSpec> specs = {
      {.name = "fox-hounds",
       .options = {"size"},
       .draw_rule = false,
       .from_options = [](const Invocation& in) -> HuntGame {
         const int size = in.integer("size");
         return FoxAndHoundsVariant{.size = size ? size : 8};
       },
       .record = [](const HuntGame& g) -> nlohmann::json {
         return {{"size", std::get<FoxAndHoundsVariant>(g).size}};
       },
       .from_record = [](const nlohmann::json& p) -> HuntGame {
         return FoxAndHoundsVariant{.size = json_int(p.at("size"), "size")};
       },
       .from_table_file = [](const std::string& name) -> std::optional<HuntGame> {
         static const std::regex file(R"(fox-hounds-(\d+)x\1-layer000\.gst)");
         std::smatch m;
         if (!std::regex_match(name, m, file)) return std::nullopt;
         return FoxAndHoundsVariant{.size = std::stoi(m[1])};
       }},
      {.name = "tigers-goats",
       .options = {"size", "goats", "win-captures", "phase"},
       .from_options = [](const Invocation& in) -> HuntGame {
         const std::string phase = in.text("phase");
         if (phase != "sliding" && phase != "whole") throw InputError("--phase must be sliding or whole");
         const int size = in.integer("size");
         return TigersVariant{.size = size ? size : 5,
                              .goats = in.integer("goats"),
                              .win_captures = in.integer("win-captures"),
                              .phase = phase == "whole" ? Phase::whole : Phase::sliding};
       },
       .record = [](const HuntGame& g) -> nlohmann::json {
         const auto& v = std::get<TigersVariant>(g);
         return {{"size", v.size},
                 {"goats", v.goats},
                 {"win_captures", v.win_captures},
                 {"whole_game", v.phase == Phase::whole}};
       },
       .from_record = [](const nlohmann::json& p) -> HuntGame {
         return TigersVariant{.size = json_int(p.at("size"), "size"),
                              .goats = json_int(p.at("goats"), "goats"),
                              .win_captures = json_int(p.at("win_captures"), "win_captures"),
                              .phase = p.at("whole_game").get<bool>() ? Phase::whole : Phase::sliding};
       },
       .from_table_file = [](const std::string& name) -> std::optional<HuntGame> {
         static const std::regex file(R"(tigers-goats-(\d+)x\1-goats(\d+)-win(\d+)(-whole)?-layer000\.gst)");
         std::smatch m;
         if (!std::regex_match(name, m, file)) return std::nullopt;
         return TigersVariant{.size = std::stoi(m[1]),
                              .goats = std::stoi(m[2]),
                              .win_captures = std::stoi(m[3]),
                              .phase = m[4].matched ? Phase::whole : Phase::sliding};
       }},
      {.name = "fox-geese",
       .options = {"max-geese"},
       .from_options = [](const Invocation& in) -> HuntGame {
         return GeeseVariant{.max_geese = in.integer("max-geese")};
       },
       .record = [](const HuntGame& g) -> nlohmann::json {
         return {{"max_geese", std::get<GeeseVariant>(g).max_geese}};
       },
       .from_record = [](const nlohmann::json& p) -> HuntGame {
         return GeeseVariant{.max_geese = json_int(p.at("max_geese"), "max_geese")};
       },
       .from_table_file = [](const std::string& name) -> std::optional<HuntGame> {
         static const std::regex file(R"(fox-geese-geese4-(\d+)-rows-layer000\.gst)");
         std::smatch m;
         if (!std::regex_match(name, m, file)) return std::nullopt;
         return GeeseVariant{.max_geese = std::stoi(m[1])};
       }},
  };
  return specs;
}

const HuntGameSpec& hunt_game_spec(const std::string& name) {
  std::vector<std::string> known;
  for (const HuntGameSpec& s : hunt_game_specs()) {
    if (s.name == name) return s;
    known.push_back(s.name);
  }
  throw InputError("unknown hunt game '" + clipped(name) + "' (known: " + listed(known) + ")");
}

const HuntGameSpec& hunt_game_spec(const HuntGame& game) { return hunt_game_specs()[game.index()]; }

bool is_hunt_game(const std::string& name) {
  const auto& specs = hunt_game_specs();
  return std::any_of(specs.begin(), specs.end(), [&](const HuntGameSpec& s) { return s.name == name; });
}

namespace {

// Whether a game reads the option (--rule: the games with a draw rule).
bool takes(const HuntGameSpec& spec, const std::string& option) {
  if (option == "rule") return spec.draw_rule;
  return std::find(spec.options.begin(), spec.options.end(), option) != spec.options.end();
}

}  // namespace

HuntGame hunt_game_of(const Invocation& in) {
  const HuntGameSpec& spec = hunt_game_spec(in.text("game"));
  // Another game's option, given: refused, naming the games that take it.
  std::vector<std::string> options;
  for (const HuntGameSpec& s : hunt_game_specs())
    for (const std::string& o : s.options)
      if (std::find(options.begin(), options.end(), o) == options.end()) options.push_back(o);
  options.push_back("rule");
  for (const std::string& o : options) {
    if (takes(spec, o) || !in.given(o)) continue;
    std::vector<std::string> games;
    for (const HuntGameSpec& s : hunt_game_specs())
      if (takes(s, o)) games.push_back(s.name);
    throw InputError("--" + o + " applies to " + listed(games));
  }
  return spec.from_options(in);
}

}  // namespace gs::tools
