// Inputs from a careless or hostile user, each with the exit code README promises (2: a usage
// error, 1: a bad data file) and a reason in the toolkit's words, never a library's message
// (basic_string::_M_create, stoi, vector::max_size) nor a value wrapped round.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "solvers/io/checked_text_file.h"
#include "tests/support/cli_run.h"
#include "tools/registry.h"

namespace gs {
namespace {

using gs::testing::run;

struct Hostile {
  std::string args;
  int code;
  std::string reason;  // a part of the one-line message
};

TEST(HostileInput, ExitCodesAndReasonsInTheToolkitsWords) {
  const std::string table = gs::testing::temp_path("m9.tab");
  // A checksummed m,n,k table whose header names a game this build does not play: the file is at
  // fault (1), not the command line (2).
  write_checked_text(table, "gamesolver-mnk-table v1 m=9 n=3 k=3 positions=0\n");
  const std::vector<Hostile> cases = {
      {"hunt probe --game fox-geese --dir /nonexistent --position 'GGGGGG/G../G....../...F.../......./.../... f'", 2,
       "row 1 has"},
      {"mountnfall perft --size 4 --triangle 2 --position 'w99999999999.../..../..../.... w' --depth 1", 2,
       "stack heights are 1 to 15"},
      {"hopscotch stats --deals -1", 2, "--deals must be 0 or more"},
      {"hopscotch stats --deals 1000000000000", 2, "--deals must be at most"},
      {"hopscotch --seed -1", 2, "--seed must be 0 or more"},
      {"hopscotch stats --deals 2 --node-limit -1", 2, "--node-limit must be 0 or more"},
      {"hunt probe --game tigers-goats --size 4 --goats 6 --win-captures 2 --dir /nonexistent "
       "--position 'T..T/..../..../T..T g 2147483647 0'",
       2, "must add up to"},
      {"mnk probe --table " + table + " --position '.../.../...'", 1, table},
      // Budgets the machine cannot give are refused before the job starts, with the figures.
      {"mnk --m 7 --n 7 --k 5 --memory 1000", 2, "GiB; this machine has"},
      {"peg --analyze --board triangle4 --memory 1000", 2, "GiB; this machine has"},
      {"hopscotch --seed 1 --memo-bits 30 --threads 1000", 2, "give fewer --memo-bits or --threads"},
      {"hunt prove --game fox-hounds --memory 1000", 2, "GiB; this machine has"},
      {"mnk --m 4 --n 4 --k 3 --memory nan", 2, "--memory must be a number"},
      // Paths the file system refuses: the path cut short, the system's reason, a usage error.
      {"peg --board " + std::string(5000, 'x'), 2, "(5000 bytes)"},
      {"peg --analyze --board triangle4 --dir " + std::string(5000, 'x'), 2, "(5000 bytes)': File name too long"},
      {"peg --analyze --board triangle4 --dir /etc/hostname", 2, "Not a directory"},
      {"peg --all-starts --board triangle4 --output /etc/hostname", 2, "Not a directory"},
      // Nothing may follow a position, and no option is silently ignored.
      {"hunt probe --game tigers-goats --size 4 --goats 6 --win-captures 2 --dir /nonexistent "
       "--position 'T..T/..../..../T..T g 6 0.5'",
       2, "expected GRID SIDE IN-HAND CAPTURED"},
      {"peg --json ''", 2, "--json needs a value"},
      {"peg --analyze --dir ''", 2, "--dir needs a value"},
      {"peg --dir somewhere", 2,
       "--dir applies to peg --analyze, --all-starts, --fewest-moves and --meet, not to solve"},
      {"peg --memory 2", 2, "--memory applies to peg --analyze, --all-starts, --fewest-moves and --meet"},
      {"peg --start any", 2, "--start any applies to --fewest-moves only"},
      {"peg --fewest-moves --fewest-method fast", 2, "--fewest-method must be auto, meeting or layers, not 'fast'"},
      {"peg --fewest-moves --fewest-method meeting --dir d", 2,
       "--dir keeps the layers of --fewest-method layers or auto, not of the meeting"},
      {"peg --fewest-method layers", 2, "--fewest-method applies to peg --fewest-moves"},
      {"peg --meet --finish any", 2, "--meet decides one start and one finish hole"},
      {"peg --meet --position d2,d3,d4", 2, "--meet starts from a single vacancy"},
      {"peg --analyze --start any", 2, "--start any applies to --fewest-moves only"},
      {"peg --time-limit 5", 2, "--time-limit applies to peg --all-starts"},
  };
  for (const Hostile& h : cases) {
    const auto r = run(h.args);
    EXPECT_EQ(r.code, h.code) << h.args << "\n" << r.output;
    EXPECT_NE(r.output.find(h.reason), std::string::npos) << h.args << "\n" << r.output;
    for (const char* library : {"basic_string", "stoi", "max_size", "std::"})
      EXPECT_EQ(r.output.find(library), std::string::npos) << h.args << "\n" << r.output;
  }
  std::filesystem::remove(table);
}

}  // namespace
}  // namespace gs

namespace gs::tools {
namespace {

// README's exit codes, for every mode of every registered command: an unknown option, a
// malformed number and an impossible thread count are usage errors (2); a missing file given
// to a mode that reads one is a data error (1). Each with a one-line reason.
TEST(HostileInput, EveryModeOfEveryCommandExitsAsReadmeSays) {
  int runs = 0;
  for (const Command& c : commands())
    for (const ModeInfo& m : c.modes) {
      const std::string mode = m.is_switch ? "--" + m.name : m.is_default ? "" : m.name;
      const std::string file = m.takes_file ? " /nonexistent/gamesolver-file" : "";
      const std::string base = c.name + " " + mode + file;
      for (const char* bad : {" --no-such-option", " --threads -1", " --threads many"}) {
        const auto r = gs::testing::run(base + bad);
        EXPECT_EQ(r.code, 2) << base << bad << "\n" << r.output;
        EXPECT_EQ(r.output.rfind("gamesolver: ", 0), 0u) << base << bad << "\n" << r.output;
        EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << base << bad << "\n" << r.output;
        ++runs;
      }
      if (!m.takes_file) continue;
      const auto r = gs::testing::run(base + (c.name == "view" ? " --html /tmp/gamesolver-never.html" : "") + " -q");
      EXPECT_EQ(r.code, 1) << base << "\n" << r.output;
      EXPECT_NE(r.output.find("/nonexistent/gamesolver-file"), std::string::npos) << base << "\n" << r.output;
      ++runs;
    }
  EXPECT_GT(runs, 60);
}

}  // namespace
}  // namespace gs::tools
