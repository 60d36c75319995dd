// What a game's Python bindings (tools/<game>/<game>_python.cpp) share: a submodule of
// `gamesolver` registered by the file itself, so the module names no game (every
// tools/*/*_python.cpp is compiled into it), and the helpers every binding calls.
#pragma once

#include <pybind11/pybind11.h>

#include <functional>
#include <string>
#include <vector>

#include "tools/common/cli.h"

namespace gs::tools::python {

// A game's submodule: its name and docstring, and the function that defines its calls.
struct Binding {
  const char* name;
  const char* doc;
  void (*define)(pybind11::module_& submodule);
};

// Every binding registered so far (each file's RegisterBinding runs before the module is built).
std::vector<Binding>& bindings();

// Registers a binding at static initialisation: `const RegisterBinding kPeg{{"peg", "...", define}};`
struct RegisterBinding {
  explicit RegisterBinding(Binding binding) { bindings().push_back(binding); }
};

// Quiet (no progress on stderr).
cli::GlobalOptions quiet();

// Runs a job without the GIL on `threads` (0: every core) and turns its result into Python
// objects through JSON, so a Python caller sees exactly what --json writes; `svg` adds the
// picture under "svg". Failures raise gamesolver.InputError or DataError with the command
// line's message.
pybind11::object run(const std::function<Report()>& job, int threads, bool svg = false);

int resolved_threads(int threads);

// A path from Python as the C library will see it: one with a NUL byte would be cut there
// ("sol.txt\0x" would check sol.txt), so it is refused.
const std::string& path_arg(const std::string& path, const char* what);

}  // namespace gs::tools::python
