// Hopscotch deals (--cards, --deal files) and cards, printed and parsed back; plays typed
// against a deal (`play` notation) until one is refused.
#include <sstream>

#include "engine/hopscotch/cards.h"
#include "engine/hopscotch/tableau.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gs;
  const std::string text = fuzz::text_of(data, size);
  fuzz::refusals_allowed([&] {
    const hopscotch::Deal deal = hopscotch::parse_deal(text);
    const std::string printed = hopscotch::format_deal(deal);
    fuzz::check_round_trip(hopscotch::parse_deal(printed) == deal, text, printed);
  });
  fuzz::refusals_allowed([&] { hopscotch::parse_card(text); });
  fuzz::refusals_allowed([&] {
    hopscotch::Tableau t(hopscotch::deal_from_seed(1));
    std::istringstream words(text);
    for (std::string w; words >> w;) t.apply(t.parse_move(w));
  });
  return 0;
}
