// Probes Fox and Hounds tables that `gamesolver hunt build --game fox-hounds --dir DIR` built:
// the value of a position (the start by default) and of each of its moves.
//   probe_example DIR ['POSITION']
#include <cstdio>
#include <exception>

#include <gamesolver/engine/hunt/fox_hounds.h>
#include <gamesolver/solvers/probe/layer_tables.h>

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: probe_example DIR [POSITION]\n");
    return 2;
  }
  try {
    const gs::hunt::FoxAndHounds game;  // the 8x8 board
    gs::LayerTables<gs::hunt::FoxAndHounds> tables(game, argv[1]);
    const auto position = argc == 3 ? game.parse(argv[2]) : game.start();
    std::printf("%s: %s\n", game.format(position).c_str(), gs::value_text(tables.value(position)).c_str());
    for (const auto& [move, value] : tables.moves(position))
      std::printf("  %s  %s\n", game.move_name(position, move).c_str(), gs::value_text(value).c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "probe_example: %s\n", e.what());
    return 1;
  }
}
