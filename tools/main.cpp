// gamesolver: one command, one subcommand per job. The table below is the only registry.
#include <iostream>
#include <string>
#include <vector>

#include "tools/cli.h"
#include "tools/subcommands.h"

namespace {

struct Subcommand {
  const char* name;
  int (*run)(const std::vector<std::string>& args);
  const char* summary;
};

const Subcommand kSubcommands[] = {
    {"peg", gs::tools::run_peg, "peg solitaire: solve, verify, analyze, all starts, fewest moves"},
    {"mnk", gs::tools::run_mnk, "m,n,k-games: value and best move, move values, strong solution, probe"},
    {"tictactoe", gs::tools::run_tictactoe, "tic-tac-toe: gamesolver mnk with m = n = k = 3"},
    {"hopscotch", gs::tools::run_hopscotch, "Hopscotch card solitaire: solve a deal, verify a play, statistics"},
    {"hunt", gs::tools::run_hunt, "hunt games: retrograde endgame tables (build, probe, stats, verify)"},
    {"mountnfall", gs::tools::run_mountnfall, "Mount'n Fall: exact tables of small boards, perft, analyse"},
};

void print_help() {
  std::cout << "gamesolver " << GAMESOLVER_VERSION << ": game-solving toolkit\n\n"
            << "Usage: gamesolver SUBCOMMAND [options]   (gamesolver SUBCOMMAND --help for details)\n\nSubcommands:\n";
  for (const auto& s : kSubcommands) std::cout << "  " << s.name << std::string(12 - std::string(s.name).size(), ' ') << s.summary << "\n";
  std::cout << "\nGlobal options (accepted by every subcommand):\n"
               "  --threads N   worker threads (default: all cores)\n"
               "  --json FILE   machine-readable result ('-' = stdout)\n"
               "  --quiet       no progress on stderr\n\n"
               "Exit codes: 0 success, 1 runtime failure, 2 usage error.\n\n"
               "Examples:\n"
               "  gamesolver peg                              # English board, centre to centre\n"
               "  gamesolver peg --board french --start c5 --finish any\n"
               "  gamesolver peg --analyze --json stats.json\n"
               "  gamesolver peg --output sol.txt && gamesolver peg verify sol.txt\n"
               "  gamesolver tictactoe --all\n"
               "  gamesolver hopscotch stats --deals 10000\n"
               "  gamesolver hunt build --game fox-hounds --dir tables\n"
               "  gamesolver mountnfall analyse --time 5\n";
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_help();
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") {
    std::cout << "gamesolver " << GAMESOLVER_VERSION << "\n";
    return 0;
  }
  // Global options may also come before the subcommand: move them after it.
  for (std::size_t i = 0; i < args.size(); ++i)
    for (const auto& s : kSubcommands)
      if (args[i] == s.name) {
        std::vector<std::string> rest(args.begin() + i + 1, args.end());
        rest.insert(rest.end(), args.begin(), args.begin() + i);
        return gs::cli::guarded([&] { return s.run(rest); });
      }
  std::cerr << "gamesolver: unknown subcommand '" << args[0] << "' (see gamesolver --help)\n";
  return 2;
}
