#include "tools/registry.h"

namespace gs::tools {

// Each command is declared next to its code, in tools/<name>/<name>_command.cpp.
Command peg_command();
Command mnk_command();
Command tictactoe_command();
Command hopscotch_command();
Command hunt_command();
Command mountnfall_command();
Command view_command();
Command serve_command();
Command certificate_command();
Command bench_command();

const std::vector<Command>& commands() {
  // One line per command, in the order of `gamesolver --help`.
  static const std::vector<Command> all = {
      peg_command(),        mnk_command(),  tictactoe_command(), hopscotch_command(),   hunt_command(),
      mountnfall_command(), view_command(), serve_command(),     certificate_command(), bench_command(),
  };
  return all;
}

const Command* find_command(const std::string& name) {
  for (const Command& c : commands())
    if (c.name == name) return &c;
  return nullptr;
}

}  // namespace gs::tools
