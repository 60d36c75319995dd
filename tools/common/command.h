// A subcommand of `gamesolver`, declared once next to its code (tools/<game>/<game>_command.cpp):
// its name, the game parameters it takes (with defaults and ranges, as OpenSpiel declares them),
// its modes (each with its usage line and its handler) and the self-checks every game must
// pass. The usage text, the option parsing, the checks of parameter ranges and of mode words,
// and the dispatch to a mode are written once, here, for every command; the registry
// (tools/registry.cpp) lists the commands.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "tools/common/bench_entry.h"
#include "tools/common/cli.h"
#include "tools/common/replay_reader.h"

namespace gs::cli {

// The options every subcommand takes (--threads, --json, --svg, --quiet), bound to `options`.
// Here, not in cli.h: Boost.Program_options is the command line's alone, and the jobs that
// include cli.h do not parse it.
boost::program_options::options_description global_options_description(GlobalOptions& options);

}  // namespace gs::cli

namespace gs::tools {

namespace po = boost::program_options;

// A game parameter: what makes a variant of the game (a board size, the pieces), as opposed to
// the options of a job. Its option is --name. An integer parameter (one with a range) outside
// [min, max] is refused (exit 2); a text parameter is checked by the game when it is read.
struct Parameter {
  std::string name;
  std::string default_value;          // as typed
  std::optional<long long> min, max;  // set for integers
  std::string help;
};

// What every mode's handler gets besides its command's own options.
struct Invocation {
  const po::variables_map& vm;
  cli::GlobalOptions global;
  int threads = 1;   // resolved from --threads
  std::string file;  // the word after the mode, if the mode takes one

  int integer(const std::string& parameter) const { return static_cast<int>(vm[parameter].as<long long>()); }
  std::string text(const std::string& parameter) const { return vm[parameter].as<std::string>(); }
  bool given(const std::string& option) const { return vm.count(option) && !vm[option].defaulted(); }
};

// A mode: the word after the subcommand ("verify", "build"), or a switch of the same name
// (`--analyze`), or the default when no mode is named.
struct ModeInfo {
  std::string name;
  std::string synopsis;  // the usage line after "gamesolver COMMAND"
  std::string alias;     // another spelling of the word ("analyze" for "analyse")
  std::string summary;
  bool is_default = false;  // chosen when no mode is named
  bool is_switch = false;   // also chosen by --name (a bool option of the command)
  bool takes_file = false;  // the word after the mode is a file
  bool draws = false;       // --svg draws its result
  // Options that only this mode reads (and any other mode that names them too): given with a
  // mode that does not name them, they are refused instead of ignored.
  std::vector<std::string> own_options;
};

// Checks that the registry's tests run on every game of a command: a game cannot be registered
// without them.
struct SelfCheck {
  std::string game;                                           // "fox-geese"
  std::vector<std::string> positions;                         // in the game's notation, each printed back as given
  std::function<std::string(const std::string&)> round_trip;  // parse, then format
  std::function<std::uint64_t(int)> perft;                    // move sequences of a depth from the start
  std::vector<std::uint64_t> perft_reference;  // depths 1, 2, ...: from a second source (see data/reference)
};

struct Command {
  std::string name;
  std::string summary;  // one line for `gamesolver --help`
  std::vector<Parameter> parameters;
  std::vector<ModeInfo> modes;
  std::string about;     // notation and remarks, printed after the usage lines
  std::string examples;  // printed last; the first line is the one `gamesolver --help` shows
  // Parses the arguments after the command's name and runs the mode (the exit code).
  std::function<int(const std::vector<std::string>&)> run;
  std::function<std::vector<SelfCheck>()> self_checks;
  std::vector<BenchEntry> bench;      // the game's entries in the benchmark suite (bench_entry.h)
  std::vector<ReplayReader> replays;  // the files of the game that `gamesolver view` replays
};

// The usage text of a command: its modes, the notes and the examples.
std::string usage_text(const Command& command);

// One mode of a command with its handler. `Options` is the command's own option struct.
template <class Options>
struct Mode {
  ModeInfo info;
  std::function<int(Options&, const Invocation&)> run;
};

// The generic part of parsing a command: options (the command's own, its parameters, the global
// ones, a mode word and a file), --help, parameter ranges, the choice of mode. Returns the
// chosen mode's index, or nothing when --help was answered.
std::optional<std::size_t> parse_command(const Command& command, const std::vector<std::string>& args,
                                         const po::options_description& own, po::variables_map& vm,
                                         cli::GlobalOptions& global, std::string& file);

// A command whose options are an `Options` struct filled by `describe` (which binds the
// command's own options and its parameters' options to it) and whose modes run on it.
template <class Options>
Command make_command(Command command, std::function<void(po::options_description&, Options&)> describe,
                     std::vector<Mode<Options>> modes) {
  for (const auto& mode : modes) command.modes.push_back(mode.info);
  command.run = [describe, modes, info = command](const std::vector<std::string>& args) {
    Options options;
    po::options_description own(info.name + " options");
    describe(own, options);
    po::variables_map vm;
    cli::GlobalOptions global;
    std::string file;
    const auto chosen = parse_command(info, args, own, vm, global, file);
    if (!chosen) return 0;
    const cli::ThreadLimit threads(global.threads);
    return modes[*chosen].run(options, Invocation{vm, global, threads.threads(), file});
  };
  return command;
}

}  // namespace gs::tools
