// gamesolver.hopscotch: deals and their solutions from Python (tools/python/python_binding.h).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "engine/core/errors.h"
#include "engine/hopscotch/cards.h"
#include "tools/hopscotch/hopscotch_jobs.h"
#include "tools/python/python_binding.h"

namespace py = pybind11;
using namespace pybind11::literals;

namespace gs::tools::python {

namespace {

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

void define(py::module_& m) {
  m.def("deal", &hopscotch_deal_py, "The 48 cards of deal number `seed`, in stock order.", "seed"_a);
  m.def("solve", &hopscotch_solve_py, "Decides a deal with the stock known (or plays it normally).",
        "seed"_a = py::none(), "cards"_a = py::none(), "normal_play"_a = false, "node_limit"_a = 0, "svg"_a = false);
}

const RegisterBinding kBinding{{"hopscotch", "Hopscotch (card solitaire)", define}};

}  // namespace

}  // namespace gs::tools::python
