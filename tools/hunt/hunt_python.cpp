// gamesolver.hunt: the hunt games' tables probed from Python (tools/python/python_binding.h).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "engine/core/errors.h"
#include "tools/hunt/hunt_games.h"
#include "tools/hunt/hunt_jobs.h"
#include "tools/python/python_binding.h"

namespace py = pybind11;
using namespace pybind11::literals;

namespace gs::tools::python {

namespace {

// A directory of hunt tables, opened by its game and parameters (as `hunt probe` takes them).
struct HuntTables {
  HuntOptions options;
  py::object probe(const std::string& position, bool svg) const {
    HuntOptions o = options;
    o.position = position;
    return run([&] { return hunt_probe(o); }, o.threads, svg);
  }
  py::object stats() const {
    return run([&] { return hunt_stats(options); }, options.threads);
  }
};

HuntTables open_hunt(const std::string& game, const std::string& dir, int size, int max_geese, int goats,
                     int win_captures, const std::string& phase, int rule, int threads) {
  HuntOptions o;
  o.dir = dir, o.rule = rule, o.global = quiet(), o.threads = resolved_threads(threads);
  if (phase != "whole" && phase != "sliding") throw InputError("--phase must be sliding or whole");
  if (rule < 0 || rule == 1 || rule > 16000)
    throw InputError("rule must be 0 (no draw rule) or 2 to 16000 plies, not " + std::to_string(rule));
  path_arg(dir, "dir");
  // The game by name, its variant from the arguments that are its own.
  using Phase = hunt::TigersAndGoats::Phase;
  if (game == "fox-hounds") o.game = FoxAndHoundsVariant{.size = size ? size : 8};
  if (game == "tigers-goats")
    o.game = hunt::TigersAndGoats::Variant{.size = size ? size : 5,
                                           .goats = goats,
                                           .win_captures = win_captures,
                                           .phase = phase == "whole" ? Phase::whole : Phase::sliding};
  if (game == "fox-geese") o.game = hunt::FoxAndGeese::Variant{.max_geese = max_geese};
  if (!hunt_game_spec(game).draw_rule) o.rule = 0;  // also refuses an unknown game
  return {o};
}

void define(py::module_& m) {
  py::class_<HuntTables>(m, "Tables", "A directory of tables built by gamesolver hunt build.")
      .def("probe", &HuntTables::probe, "Value, distance and every move's value ('' = the start).", "position"_a = "",
           "svg"_a = false)
      .def("stats", &HuntTables::stats, "Won, drawn and lost per layer and side.");
  m.def("open", &open_hunt, "Opens the tables of a hunt game in a directory.", "game"_a, "dir"_a, "size"_a = 0,
        "max_geese"_a = 8, "goats"_a = 20, "win_captures"_a = 5, "phase"_a = "whole", "rule"_a = 120, "threads"_a = 0);
}

const RegisterBinding kBinding{{"hunt", "the hunt games' tables", define}};

}  // namespace

}  // namespace gs::tools::python
