// Table builds across MPI ranks (mpirun on this machine, --oversubscribe): the same files, byte
// for byte, as one process builds; a killed rank stops the job and a restart resumes. Needs a
// gamesolver built with MPI (scripts/setup.sh installs Open MPI, so CI has it).
#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

#include "tests/support/cli_run.h"

namespace {

using namespace gs::testing;
namespace fs = std::filesystem;

// mpirun as root (CI) wants both variables; shared memory between the ranks, no network.
const std::string kMpirun =
    "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout -s KILL 300 mpirun --oversubscribe "
    "--mca btl self,vader -n ";

bool mpi_built() {
  static const bool built = run("hunt build --help").output.find("mpirun") != std::string::npos &&
                            run_shell("command -v mpirun >/dev/null").code == 0;
  return built;
}

#define REQUIRE_MPI()                                                                              \
  if (!GAMESOLVER_WITH_MPI) GTEST_SKIP() << "gamesolver built without MPI (-DGAMESOLVER_MPI=OFF)"; \
  ASSERT_TRUE(mpi_built()) << "built with MPI but mpirun or the help's mpirun line is missing"

std::map<std::string, std::string> files_of(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::ifstream in(entry.path(), std::ios::binary);
    files[entry.path().filename().string()] = std::string((std::istreambuf_iterator<char>(in)), {});
  }
  return files;
}

Run build_on(int ranks, const std::string& variant, const std::string& dir, const std::string& extra = "") {
  return run_shell(kMpirun + std::to_string(ranks) + " " + GAMESOLVER_BINARY + " " + variant +
                   " --threads 1 --quiet --dir " + dir + extra + " 2>&1");
}

// Ranks given different commands would wait for each other forever: refused at the start.
TEST(MpiBuild, RanksGivenDifferentCommandsAreRefused) {
  REQUIRE_MPI();
  const std::string dir = temp_path("mpi-different");
  const auto r = run_shell(
      kMpirun + "1 " GAMESOLVER_BINARY " hunt build --game fox-hounds --dir " + dir +
      " --up-to 5 --quiet : -n 1 " GAMESOLVER_BINARY " hunt build --game fox-hounds --quiet --dir " + dir + " 2>&1");
  EXPECT_NE(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("were given different commands"), std::string::npos) << r.output;
  fs::remove_all(dir);
}

// One process, then 1, 2 and 4 ranks: every file equal.
void same_tables_on_ranks(const std::string& variant, const std::string& name) {
  const std::string one = temp_path(name + "-alone");
  const auto alone = run(variant + " --threads 1 --quiet --dir " + one);
  ASSERT_EQ(alone.code, 0) << alone.output;
  const auto expected = files_of(one);
  ASSERT_GT(expected.size(), 1u);
  for (const int ranks : {1, 2, 4}) {
    const std::string dir = temp_path(name + "-ranks" + std::to_string(ranks));
    const auto r = build_on(ranks, variant, dir, " --json " + dir + ".json");
    ASSERT_EQ(r.code, 0) << ranks << " ranks\n" << r.output;
    EXPECT_EQ(files_of(dir), expected) << variant << ": " << ranks << " ranks";
    if (ranks > 1) {
      // Rank 0 reports for all: every rank's share of the work and of the exchanges.
      std::ifstream report(dir + ".json");
      const auto j = nlohmann::json::parse(report);
      ASSERT_EQ(j["ranks"].size(), static_cast<std::size_t>(ranks)) << j.dump();
      // (A layer smaller than a table block is one rank's alone: a rank may have sent nothing.)
      std::uint64_t positions = 0, sent = 0, received = 0;
      for (const auto& rank : j["ranks"]) {
        positions += rank["positions"].get<std::uint64_t>();
        sent += rank["bytes_sent"].get<std::uint64_t>();
        received += rank["bytes_received"].get<std::uint64_t>();
      }
      EXPECT_GT(positions, 0u);
      EXPECT_GT(sent, 0u);
      EXPECT_GT(received, 0u);
    }
    fs::remove(dir + ".json");
    fs::remove_all(dir);
  }
  fs::remove_all(one);
}

TEST(MpiBuild, FoxAndHoundsEqualsOneProcess) {
  REQUIRE_MPI();
  same_tables_on_ranks("hunt build --game fox-hounds", "mpi-fh");
}

TEST(MpiBuild, TigersAndGoatsSlidingPhaseEqualsOneProcess) {
  REQUIRE_MPI();
  same_tables_on_ranks("hunt build --game tigers-goats --size 4 --goats 4 --win-captures 2 --phase sliding", "mpi-tgs");
}

TEST(MpiBuild, FoxAndGeeseWithRuleTablesEqualsOneProcess) {
  REQUIRE_MPI();
  same_tables_on_ranks("hunt build --game fox-geese --max-geese 4", "mpi-fg4");
}

TEST(MpiBuild, MountNFallEqualsOneProcess) {
  REQUIRE_MPI();
  same_tables_on_ranks("mountnfall build --size 4 --triangle 2", "mpi-mnf");
}

// A rank killed mid-build ends the whole job (no rank left waiting), leaves only whole layer
// files, and the same command resumes to the one-process tables.
TEST(MpiBuild, AKilledRankStopsTheJobAndARestartResumes) {
  REQUIRE_MPI();
  const std::string variant = "hunt build --game fox-geese --max-geese 5";
  const std::string one = temp_path("mpi-kill-alone"), dir = temp_path("mpi-kill");
  ASSERT_EQ(run(variant + " --threads 1 --quiet --dir " + one).code, 0);
  const auto started = std::chrono::steady_clock::now();
  // The job in the background; one of its ranks (the newest process whose command line starts
  // with the binary and names this job's directory: not mpirun's or timeout's, nor another test's
  // build running beside it) killed once the first layer file is written.
  const auto r = run_shell("(" + kMpirun + "2 " + GAMESOLVER_BINARY + " " + variant + " --threads 1 --quiet --dir " +
                           dir + " >/dev/null 2>&1 & job=$!; for i in $(seq 600); do ls " + dir +
                           "/*.gst >/dev/null 2>&1 && break; sleep 0.1; done; pkill -KILL -n -f '^" +
                           GAMESOLVER_BINARY + " hunt build .*--dir " + dir + "$'; wait $job; echo \"exit $?\")");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EXPECT_EQ(r.output.find("exit 0"), std::string::npos) << r.output;  // the job failed, as it must
  EXPECT_LT(seconds, 120) << "the other rank was left waiting";
  std::size_t whole = 0;  // a temporary of the layer being written may be left: the next build removes it
  for (const auto& [name, bytes] : files_of(dir)) whole += name.ends_with(".gst");
  EXPECT_LT(whole, files_of(one).size()) << "the kill came after the build";
  const auto resumed = build_on(2, variant, dir);
  ASSERT_EQ(resumed.code, 0) << resumed.output;
  EXPECT_EQ(files_of(dir), files_of(one));
  fs::remove_all(dir);
  fs::remove_all(one);
}

TEST(MpiBuild, OnlyBuildsRunAcrossRanks) {
  REQUIRE_MPI();
  const auto r = run_shell(kMpirun + "2 " + GAMESOLVER_BINARY + " peg --board triangle4 --start a1 2>&1");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.output.find("only 'hunt build' and 'mountnfall build' run across MPI ranks"), std::string::npos)
      << r.output;
}

}  // namespace
