// Positions of the hunt games (Fox and Hounds, Tigers and Goats whole game, Fox and Geese with
// 13 geese) and of Mount'n Fall, with its moves: whatever parses prints and parses back.
#include "engine/hunt/fox_geese.h"
#include "engine/hunt/fox_hounds.h"
#include "engine/hunt/tigers_goats.h"
#include "engine/mountnfall/mountnfall.h"
#include "tests/fuzz/fuzz_input.h"

namespace {

template <class Game>
void round_trip(const Game& game, const std::string& text) {
  gs::fuzz::refusals_allowed([&] {
    const auto p = game.parse(text);
    const std::string printed = game.format(p);
    const auto again = game.parse(printed);
    gs::fuzz::check_round_trip(game.format(again) == printed, text, printed);
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gs;
  static const hunt::FoxAndHounds fox_hounds(8);
  static const hunt::TigersAndGoats tigers_goats(
      {.size = 5, .goats = 20, .win_captures = 5, .phase = hunt::TigersAndGoats::Phase::whole});
  static const hunt::FoxAndGeese fox_geese(13);
  static const mountnfall::MountNFall mount(8, 5);
  if (size == 0) return 0;
  const std::string text = fuzz::text_of(data + 1, size - 1);
  switch (data[0] % 5) {
    case 0: round_trip(fox_hounds, text); break;
    case 1: round_trip(tigers_goats, text); break;
    case 2: round_trip(fox_geese, text); break;
    case 3: round_trip(mount, text); break;
    default: fuzz::refusals_allowed([&] { mount.parse_move(mount.start(), text); });
  }
  return 0;
}
