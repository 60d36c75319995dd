// gamesolver: one command, one subcommand per game; the subcommands come from the registry.
#include <signal.h>
#include <unistd.h>

#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "tools/common/cli.h"
#include "tools/common/process_ranks.h"
#include "tools/registry.h"

namespace {

void print_help() {
  std::cout << "gamesolver " << GAMESOLVER_VERSION << ": game-solving toolkit\n\n"
            << "Usage: gamesolver SUBCOMMAND [options]   (gamesolver SUBCOMMAND --help for details)\n\nSubcommands:\n";
  for (const auto& c : gs::tools::commands())
    std::cout << "  " << c.name << std::string(c.name.size() < 12 ? 12 - c.name.size() : 1, ' ') << c.summary << "\n";
  std::cout << "\nGlobal options (accepted by every subcommand):\n"
               "  --threads N   worker threads (default: all cores)\n"
               "  --json FILE   machine-readable result ('-' = stdout)\n"
               "  --quiet       no progress on stderr\n\n"
               "Exit codes: 0 success, 1 runtime failure, 2 usage error.\n\n"
               "Examples (each command's first; gamesolver SUBCOMMAND --help gives them all):\n";
  std::set<std::string> shown;  // commands may share their examples (mnk and tictactoe)
  for (const auto& c : gs::tools::commands()) {
    const std::string first = c.examples.substr(0, c.examples.find('\n'));
    if (shown.insert(first).second) std::cout << first << "\n";
  }
}

// Tables and layer files are memory-mapped: one cut short or rewritten in place by another
// program while this job reads it raises SIGBUS at the next page. Said in one line, exit 1.
extern "C" void on_bus_error(int) {
  constexpr char kMessage[] =
      "gamesolver: a file this job had mapped (a table or layer file) was cut short or rewritten in place "
      "while in use (bus error); run the job again\n";
  [[maybe_unused]] const auto written = write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  _exit(1);
}

}  // namespace

namespace {

int run(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_help();
    if (args.empty()) std::cerr << "gamesolver: no subcommand given (choose one of those above)\n";
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") {
    std::cout << "gamesolver " << GAMESOLVER_VERSION << "\n";
    return 0;
  }
  // Global options may also come before the subcommand: move them after it.
  for (std::size_t i = 0; i < args.size(); ++i)
    if (const auto* command = gs::tools::find_command(args[i])) {
      std::vector<std::string> rest(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      rest.insert(rest.end(), args.begin(), args.begin() + static_cast<std::ptrdiff_t>(i));
      return gs::cli::guarded([&] {
        gs::cli::check_runs_across_ranks(command->name, rest);
        return command->run(rest);
      });
    }
  std::cerr << "gamesolver: unknown subcommand '" << args[0] << "' (see gamesolver --help)\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  struct sigaction bus {};
  bus.sa_handler = on_bus_error;
  sigaction(SIGBUS, &bus, nullptr);
  // Under mpirun: MPI first (it may take its own arguments out of argv).
  if (const int code = gs::cli::guarded([&] {
        gs::cli::start_ranks(&argc, &argv);
        return 0;
      }))
    return code;
  const std::vector<std::string> args(argv + 1, argv + argc);
  return gs::cli::end_ranks(run(args));
}
