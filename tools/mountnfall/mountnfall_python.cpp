// gamesolver.mountnfall: Mount'n Fall's tables probed from Python (tools/python/python_binding.h).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "engine/core/errors.h"
#include "engine/mountnfall/mountnfall_index.h"
#include "tools/common/table_jobs.h"
#include "tools/mountnfall/mountnfall_drawing.h"
#include "tools/python/python_binding.h"

namespace py = pybind11;
using namespace pybind11::literals;

namespace gs::tools::python {

namespace {

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

void define(py::module_& m) {
  py::class_<MountNFallTables>(m, "Tables", "A directory of tables built by gamesolver mountnfall build.")
      .def("probe", &MountNFallTables::probe, "Value and every move's value ('' = the start).", "position"_a = "",
           "svg"_a = false);
  m.def("open", &open_mountnfall, "Opens Mount'n Fall tables in a directory.", "dir"_a, "size"_a, "triangle"_a,
        "threads"_a = 0);
}

const RegisterBinding kBinding{{"mountnfall", "Mount'n Fall's tables", define}};

}  // namespace

}  // namespace gs::tools::python
