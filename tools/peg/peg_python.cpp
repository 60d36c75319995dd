// gamesolver.peg: solve, analyze and verify from Python (tools/python/python_binding.h).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "engine/core/errors.h"
#include "tools/peg/peg_jobs.h"
#include "tools/peg/peg_problem.h"
#include "tools/python/python_binding.h"

namespace py = pybind11;
using namespace pybind11::literals;

namespace gs::tools::python {

namespace {

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

void define(py::module_& m) {
  m.def("solve", &peg_solve_py, "Solves a problem: the jumps, or the proof that none exists.", "board"_a = "english",
        "start"_a = py::none(), "position"_a = py::none(), "finish"_a = py::none(), "threads"_a = 0, "svg"_a = false);
  m.def("analyze", &peg_analyze_py, "Every reachable position layer by layer, with exact counts.",
        "board"_a = "english", "start"_a = py::none(), "finish"_a = py::none(), "dir"_a = "", "memory_gib"_a = 1.0,
        "threads"_a = 0, "svg"_a = false);
  m.def("verify", &peg_verify_py, "Replays a solution file.", "path"_a);
}

const RegisterBinding kBinding{{"peg", "peg solitaire", define}};

}  // namespace

}  // namespace gs::tools::python
