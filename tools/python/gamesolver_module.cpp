// `import gamesolver`: the toolkit's jobs from Python (pybind11). Each call runs the same job as
// the command line and returns what `--json` prints, as Python dicts and lists; errors raise
// gamesolver.InputError (a ValueError: bad arguments, exit 2 on the command line) or
// gamesolver.DataError (a RuntimeError: unreadable or damaged files, exit 1) with the command
// line's message. Long jobs release the GIL, so other Python threads run meanwhile.
// `gamesolver.run` runs any registered command; each game's typed calls are its own submodule,
// defined in tools/<game>/<game>_python.cpp (python_binding.h).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <filesystem>
#include <functional>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/errors.h"
#include "tools/python/python_binding.h"
#include "tools/registry.h"

namespace py = pybind11;

namespace gs::tools::python {

std::vector<Binding>& bindings() {
  static std::vector<Binding> all;
  return all;
}

cli::GlobalOptions quiet() { return {.quiet = true}; }

namespace {

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

}  // namespace

py::object run(const std::function<Report()>& job, int threads, bool svg) {
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

const std::string& path_arg(const std::string& path, const char* what) {
  if (path.find('\0') != std::string::npos) throw InputError(std::string(what) + " holds a NUL byte: " + clipped(path));
  return path;
}

namespace {

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

}  // namespace

}  // namespace gs::tools::python

PYBIND11_MODULE(gamesolver, m) {
  using namespace gs::tools::python;
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
  for (const Binding& b : bindings()) {
    py::module_ sub = m.def_submodule(b.name, b.doc);
    b.define(sub);
  }
}
