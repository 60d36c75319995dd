// The tests' layout: every test file sits beside its subject's kind (tests/engine for the games,
// tests/solvers, tests/tools, tests/probe for the probing library alone), and every suite in it
// is named after the file (fox_and_geese_test.cpp: FoxAndGeese, FoxAndGeeseRetrograde), so a
// failing test's name says where it is and no suite is spread over several files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;

std::string lower_without_underscores(const std::string& s) {
  std::string out;
  for (const char c : s)
    if (c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

TEST(TestLayout, EverySuiteIsNamedAfterItsFileAndLivesInOne) {
  const fs::path tests = fs::path(GAMESOLVER_SOURCE_DIR) / "tests";
  for (const auto& entry : fs::directory_iterator(tests))
    EXPECT_FALSE(entry.path().filename().string().ends_with("_test.cpp"))
        << entry.path() << ": a test file outside tests/engine, tests/solvers, tests/tools";

  const std::regex test_macro(R"(^\s*TEST(?:_F|_P)?\(\s*(\w+)\s*,)");
  std::map<std::string, std::string> file_of_suite;
  int files = 0, suites = 0;
  for (const char* dir : {"engine", "solvers", "tools", "probe"}) {
    for (const auto& entry : fs::directory_iterator(tests / dir)) {
      const std::string name = entry.path().filename().string();
      if (!name.ends_with("_test.cpp")) continue;
      ++files;
      const std::string stem = lower_without_underscores(name.substr(0, name.size() - std::string("_test.cpp").size()));
      std::ifstream in(entry.path());
      std::string line;
      while (std::getline(in, line)) {
        std::smatch m;
        if (!std::regex_search(line, m, test_macro)) continue;
        const std::string suite = m[1];
        EXPECT_TRUE(lower_without_underscores(suite).starts_with(stem))
            << dir << "/" << name << ": suite " << suite << " is not named after its file";
        const auto [it, added] = file_of_suite.emplace(suite, std::string(dir) + "/" + name);
        suites += added;
        EXPECT_EQ(it->second, std::string(dir) + "/" + name) << "suite " << suite << " in two files";
      }
    }
  }
  EXPECT_GT(files, 30);
  EXPECT_GT(suites, files);
}

}  // namespace
