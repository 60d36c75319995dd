// `import gamesolver`: the toolkit's jobs from Python (pybind11). Each call runs the same job as
// the command line and returns what `--json` prints, as Python dicts and lists; errors raise
// gamesolver.InputError (a ValueError: bad arguments, exit 2 on the command line) or
// gamesolver.DataError (a RuntimeError: unreadable or damaged files, exit 1) with the command
// line's message. Long jobs release the GIL, so other Python threads run meanwhile.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <filesystem>
#include <functional>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>

#include "engine/core/errors.h"
#include "engine/hopscotch/cards.h"
#include "engine/mnk/mnk_game.h"
#include "engine/mountnfall/mountnfall_index.h"
#include "tools/common/table_jobs.h"
#include "tools/hopscotch/hopscotch_jobs.h"
#include "tools/hunt/hunt_jobs.h"
#include "tools/mnk/mnk_jobs.h"
#include "tools/mountnfall/mountnfall_drawing.h"
#include "tools/peg/peg_jobs.h"
#include "tools/peg/peg_problem.h"
#include "tools/registry.h"

namespace py = pybind11;

namespace gs::tools {

namespace {

// Quiet (no progress on stderr) and on every core unless `threads` says otherwise.
cli::GlobalOptions quiet() { return {.quiet = true}; }

// Every failure as the command line names it: InputError or DataError, never a bare
// RuntimeError from a library.
template <class F>
auto with_toolkit_errors(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::filesystem::filesystem_error& e) {
    throw InputError(cli::filesystem_message(e));
  } catch (const InputError&) {
    throw;
  } catch (const DataError&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw DataError("out of memory");
  } catch (const std::exception& e) {
    throw DataError(e.what());
  }
}

// Runs a job without the GIL and turns its result into Python objects (through JSON, so a
// Python caller sees exactly what --json writes); `svg` adds the picture under "svg".
py::object run(const std::function<Report()>& job, int threads, bool svg = false) {
  Report report;
  {
    py::gil_scoped_release free;
    const cli::ThreadLimit limit(threads);
    report = with_toolkit_errors(job);
  }
  py::object result = py::module_::import("json").attr("loads")(report.json.dump());
  if (svg) result["svg"] = report.picture();
  return result;
}

int resolved_threads(int threads) { return cli::ThreadLimit(threads).threads(); }

// A path from Python as the C library will see it: one with a NUL byte would be cut there
// ("sol.txt\0x" would check sol.txt), so it is refused.
const std::string& path_arg(const std::string& path, const char* what) {
  if (path.find('\0') != std::string::npos) throw InputError(std::string(what) + " holds a NUL byte: " + clipped(path));
  return path;
}

// Any registered command with its arguments, as on the command line (`gamesolver.run("peg",
// "--board", "french")`): what `--json -` prints, so a new game is callable from Python as soon
// as it is registered (bench, serve and the play modes stay on the command line). A run that exits with another code
// than 0 without raising (an invalid solution file, a wrong bench answer) says so under "exit_code". The command writes
// its JSON to std::cout, taken for the call: one such call at a time.
py::object run_command(const std::string& name, const std::vector<std::string>& arguments) {
  const Command* command = find_command(name);
  if (!command) throw InputError("unknown command '" + clipped(name) + "'");
  // What needs the command line itself: bench runs the gamesolver binary, serve and play wait
  // for people, --help prints no result.
  if (name == "bench" || name == "serve") throw InputError("gamesolver " + name + " runs from the command line only");
  for (const std::string& a : arguments) {
    path_arg(a, "an argument");
    if (a == "--help" || a == "-h") throw InputError("see gamesolver " + name + " --help on the command line");
  }
  if (!arguments.empty() && arguments.front() == "play")
    throw InputError("gamesolver " + name + " play is played at the terminal");
  std::vector<std::string> args = arguments;
  args.insert(args.end(), {"--json", "-", "--quiet"});
  static std::mutex one_at_a_time;
  std::ostringstream captured;
  int code = 0;
  {
    py::gil_scoped_release free;
    const std::lock_guard hold(one_at_a_time);
    std::streambuf* const stdout_buffer = std::cout.rdbuf(captured.rdbuf());
    try {
      code = with_toolkit_errors([&] { return command->run(args); });
    } catch (...) {
      std::cout.rdbuf(stdout_buffer);
      throw;
    }
    std::cout.rdbuf(stdout_buffer);
  }
  const std::string text = captured.str();
  if (text.find_first_not_of(" \n") == std::string::npos)
    throw InputError("gamesolver " + name + " wrote no JSON for these arguments");
  py::object result = py::module_::import("json").attr("loads")(text);
  if (code != 0 && py::isinstance<py::dict>(result)) result["exit_code"] = code;
  return result;
}

py::object peg_solve_py(const std::string& board, std::optional<std::string> start, std::optional<std::string> position,
                        std::optional<std::string> finish, int threads, bool svg) {
  const PegRequest request = resolve_peg_request({.board = path_arg(board, "board"),
                                                  .start = std::move(start),
                                                  .position = std::move(position),
                                                  .finish = std::move(finish)});
  const PegJobOptions options{.global = quiet(), .threads = resolved_threads(threads)};
  return run([&] { return peg_solve(request, options); }, threads, svg);
}

py::object peg_analyze_py(const std::string& board, std::optional<std::string> start, std::optional<std::string> finish,
                          const std::string& dir, double memory_gib, int threads, bool svg) {
  const PegRequest request =
      resolve_peg_request({.board = path_arg(board, "board"), .start = std::move(start), .finish = std::move(finish)});
  PegJobOptions options{.global = quiet(), .threads = resolved_threads(threads), .dir = path_arg(dir, "dir")};
  if (!(memory_gib >= 0.01 && memory_gib <= 1024)) throw InputError("memory must be between 0.01 and 1024 (GiB)");
  options.memory_bytes = static_cast<std::size_t>(memory_gib * double(1 << 30));
  return run([&] { return peg_analyze(request, options); }, threads, svg);
}

py::object peg_verify_py(const std::string& path) {
  bool valid = false;
  path_arg(path, "path");
  return run([&] { return peg_verify(path, {.global = quiet()}, valid); }, 1);
}

py::object mnk_solve_py(int m, int n, int k, std::optional<std::string> position, const std::string& solver,
                        int threads, bool svg) {
  const mnk::MnkGame game(m, n, k);
  const MnkOptions options{.global = quiet(), .threads = resolved_threads(threads), .solver = parse_mnk_solver(solver)};
  return run([&] { return mnk_weak(game, options, position); }, threads, svg);
}

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

struct MountNFallTables {
  int size, triangle;
  table_jobs::TableJobOptions options;
  py::object probe(const std::string& position, bool svg) const {
    table_jobs::TableJobOptions o = options;
    o.position = position;
    const mountnfall::MountNFallIndex game(size, triangle);
    return run([&] { return table_jobs::probe(game, o); }, o.threads, svg);
  }
};

MountNFallTables open_mountnfall(const std::string& dir, int size, int triangle, int threads) {
  if (size < 4 || size > 6) throw InputError("exact tables are for boards of 4 to 6 (size)");
  table_jobs::TableJobOptions o;
  o.dir = path_arg(dir, "dir"), o.global = quiet(), o.threads = resolved_threads(threads);
  return {size, triangle, o};
}

std::vector<std::string> hopscotch_deal_py(std::uint64_t seed) {
  std::vector<std::string> cards;
  for (const hopscotch::Card& c : hopscotch::deal_from_seed(seed)) cards.push_back(hopscotch::card_name(c));
  return cards;
}

py::object hopscotch_solve_py(std::optional<std::uint64_t> seed, std::optional<std::string> cards, bool normal_play,
                              std::uint64_t node_limit, bool svg) {
  if (seed.has_value() == cards.has_value()) throw InputError("give one of seed and cards");
  const hopscotch::Deal deal = seed ? hopscotch::deal_from_seed(*seed) : hopscotch::parse_deal(*cards);
  const std::string label = seed ? "seed " + std::to_string(*seed) : "given";
  const HopscotchOptions options{.global = quiet(), .node_limit = node_limit};
  return run([&] { return hopscotch_solve(deal, label, options, "", normal_play, seed.value_or(0)); }, 1, svg);
}

}  // namespace

}  // namespace gs::tools

PYBIND11_MODULE(gamesolver, m) {
  using namespace gs::tools;
  using namespace pybind11::literals;
  m.doc() = "gamesolver: game solving from Python (the jobs of the gamesolver command, results as --json gives them)";
  py::register_exception<gs::InputError>(m, "InputError", PyExc_ValueError);
  py::register_exception<gs::DataError>(m, "DataError", PyExc_RuntimeError);

  m.def(
      "run",
      [](const std::string& command, const py::args& arguments) {
        std::vector<std::string> args;
        for (const auto& a : arguments) args.push_back(py::cast<std::string>(a));
        return run_command(command, args);
      },
      "Runs any gamesolver command with its arguments (gamesolver.run('peg', '--board', 'french')) and "
      "returns what --json prints.",
      "command"_a);

  auto peg = m.def_submodule("peg", "peg solitaire");
  peg.def("solve", &peg_solve_py, "Solves a problem: the jumps, or the proof that none exists.", "board"_a = "english",
          "start"_a = py::none(), "position"_a = py::none(), "finish"_a = py::none(), "threads"_a = 0, "svg"_a = false);
  peg.def("analyze", &peg_analyze_py, "Every reachable position layer by layer, with exact counts.",
          "board"_a = "english", "start"_a = py::none(), "finish"_a = py::none(), "dir"_a = "", "memory_gib"_a = 1.0,
          "threads"_a = 0, "svg"_a = false);
  peg.def("verify", &peg_verify_py, "Replays a solution file.", "path"_a);

  auto mnk = m.def_submodule("mnk", "m,n,k games");
  mnk.def("solve", &mnk_solve_py, "The value and best move of the empty board, or every move's value of a position.",
          "m"_a = 3, "n"_a = 3, "k"_a = 3, "position"_a = py::none(), "solver"_a = "auto", "threads"_a = 0,
          "svg"_a = false);

  auto hunt = m.def_submodule("hunt", "the hunt games' tables");
  py::class_<HuntTables>(hunt, "Tables", "A directory of tables built by gamesolver hunt build.")
      .def("probe", &HuntTables::probe, "Value, distance and every move's value ('' = the start).", "position"_a = "",
           "svg"_a = false)
      .def("stats", &HuntTables::stats, "Won, drawn and lost per layer and side.");
  hunt.def("open", &open_hunt, "Opens the tables of a hunt game in a directory.", "game"_a, "dir"_a, "size"_a = 0,
           "max_geese"_a = 8, "goats"_a = 20, "win_captures"_a = 5, "phase"_a = "whole", "rule"_a = 120,
           "threads"_a = 0);

  auto mountnfall = m.def_submodule("mountnfall", "Mount'n Fall's tables");
  py::class_<MountNFallTables>(mountnfall, "Tables", "A directory of tables built by gamesolver mountnfall build.")
      .def("probe", &MountNFallTables::probe, "Value and every move's value ('' = the start).", "position"_a = "",
           "svg"_a = false);
  mountnfall.def("open", &open_mountnfall, "Opens Mount'n Fall tables in a directory.", "dir"_a, "size"_a, "triangle"_a,
                 "threads"_a = 0);

  auto hopscotch = m.def_submodule("hopscotch", "Hopscotch (card solitaire)");
  hopscotch.def("deal", &hopscotch_deal_py, "The 48 cards of deal number `seed`, in stock order.", "seed"_a);
  hopscotch.def("solve", &hopscotch_solve_py, "Decides a deal with the stock known (or plays it normally).",
                "seed"_a = py::none(), "cards"_a = py::none(), "normal_play"_a = false, "node_limit"_a = 0,
                "svg"_a = false);
}
