// A table build killed (SIGKILL) at many moments, each time resumed from what the last one left,
// ends with tables byte-identical to an uninterrupted build, and with no temporary left behind.
// The moments spread over the whole build: while the first layers are solved, between writing a
// file and renaming it, late in the last layers. Long label: about a minute per builder.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "tests/support/cli_run.h"

namespace gs {
namespace {

namespace fs = std::filesystem;
using gs::testing::run;
using gs::testing::temp_path;

std::map<std::string, std::string> files_of(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    files[entry.path().filename().string()] = bytes.str();
  }
  return files;
}

double seconds_of(const std::string& args) {
  const auto start = std::chrono::steady_clock::now();
  const auto r = run(args);
  EXPECT_EQ(r.code, 0) << args << "\n" << r.output;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// `build`: the build's arguments without --dir. Each of `kills` runs resumes the previous one's
// files and is killed after a slice of about 1/kills of the uninterrupted build's time (0.6 to
// 1.4 of that, varied so the kills land at different moments within layers and writes): the
// kills walk through the whole build. Then one run finishes it.
void expect_kills_resume_to_the_same_bytes(const std::string& name, const std::string& build, int kills) {
  const std::string whole = temp_path(name + "-whole"), killed = temp_path(name + "-killed");
  fs::remove_all(whole);
  fs::remove_all(killed);
  const double full = seconds_of(build + " --quiet --dir " + whole);
  int interrupted = 0;
  for (int k = 1; k <= kills; ++k) {
    const double golden = 0.6180339887 * k, spread = golden - static_cast<int>(golden);
    const double after = full * (0.6 + 0.8 * spread) / kills;
    char limit[32];
    std::snprintf(limit, sizeof limit, "%.3f", after);
    const std::string command = std::string("timeout -s KILL ") + limit + " " GAMESOLVER_BINARY " " + build +
                                " --quiet --dir " + killed + " > /dev/null 2>&1";
    const int status = std::system(command.c_str());
    if (WIFEXITED(status) && WEXITSTATUS(status) == 137) ++interrupted;  // timeout's code for a kill
  }
  // Most runs were really killed mid-build (a resumed run is shorter: the last few may finish).
  EXPECT_GE(interrupted, kills / 2) << name;
  std::cout << name << ": " << interrupted << " of " << kills << " runs killed mid-build\n";
  const auto finished = run(build + " --quiet --dir " + killed);
  ASSERT_EQ(finished.code, 0) << finished.output;
  const auto expected = files_of(whole), got = files_of(killed);
  EXPECT_EQ(got.size(), expected.size()) << name << ": a file missing, or a temporary left behind";
  for (const auto& [file, bytes] : expected) {
    const auto it = got.find(file);
    ASSERT_NE(it, got.end()) << file;
    EXPECT_TRUE(it->second == bytes) << name << ": " << file << " differs after the kills";
  }
  fs::remove_all(whole);
  fs::remove_all(killed);
}

TEST(KillResumeLong, FoxAndGeeseLayersKilledAtTwentyMoments) {
  expect_kills_resume_to_the_same_bytes("fg5", "hunt build --threads 2 --game fox-geese --max-geese 5", 20);
}

TEST(KillResumeLong, TigersAndGoatsWholeGameKilledAtTwentyMoments) {
  expect_kills_resume_to_the_same_bytes(
      "tg4", "hunt build --threads 2 --game tigers-goats --size 4 --goats 6 --win-captures 2", 20);
}

TEST(KillResumeLong, MountNFallKilledAtTwentyMoments) {
  expect_kills_resume_to_the_same_bytes("mnf5", "mountnfall build --threads 2 --size 5 --triangle 2", 20);
}

}  // namespace
}  // namespace gs
