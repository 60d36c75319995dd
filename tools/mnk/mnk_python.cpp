// gamesolver.mnk: m,n,k games solved from Python (tools/python/python_binding.h).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "engine/mnk/mnk_game.h"
#include "tools/mnk/mnk_jobs.h"
#include "tools/python/python_binding.h"

namespace py = pybind11;
using namespace pybind11::literals;

namespace gs::tools::python {

namespace {

py::object mnk_solve_py(int m, int n, int k, std::optional<std::string> position, const std::string& solver,
                        int threads, bool svg) {
  const mnk::MnkGame game(m, n, k);
  const MnkOptions options{.global = quiet(), .threads = resolved_threads(threads), .solver = parse_mnk_solver(solver)};
  return run([&] { return mnk_weak(game, options, position); }, threads, svg);
}

void define(py::module_& m) {
  m.def("solve", &mnk_solve_py, "The value and best move of the empty board, or every move's value of a position.",
        "m"_a = 3, "n"_a = 3, "k"_a = 3, "position"_a = py::none(), "solver"_a = "auto", "threads"_a = 0,
        "svg"_a = false);
}

const RegisterBinding kBinding{{"mnk", "m,n,k games", define}};

}  // namespace

}  // namespace gs::tools::python
