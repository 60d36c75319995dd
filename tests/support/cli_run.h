// Running the gamesolver binary from tests: exit code and output, temporary paths, usage errors.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace gs::testing {

struct Run {
  int code;
  std::string output;  // stdout and stderr
};

// `kill_after`: seconds after which the run is killed (a hang then fails the test instead of
// holding the suite); 0 = no limit.
inline Run run_shell(const std::string& command);

inline Run run(const std::string& args, int kill_after = 0) {
  const std::string limit = kill_after > 0 ? "timeout -s KILL " + std::to_string(kill_after) + " " : "";
  return run_shell(limit + GAMESOLVER_BINARY + " " + args + " 2>&1");
}

// A whole shell command; its output as the pipe sees it (redirect stderr yourself).
inline Run run_shell(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

inline std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("gamesolver-test-" + std::to_string(getpid()) + "-" + name))
      .string();
}

// A job's JSON report (`--quiet --json -`), after checking its exit code; null when it is not 0.
inline nlohmann::json run_json(const std::string& args, int code = 0) {
  const auto r = run(args + " --quiet --json -");
  EXPECT_EQ(r.code, code) << args << "\n" << r.output;
  return code == 0 ? nlohmann::json::parse(r.output) : nlohmann::json();
}

// Each command must exit with 2 and say the expected words.
inline void expect_usage_errors(const std::vector<std::pair<const char*, const char*>>& cases) {
  for (const auto& [args, message] : cases) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
  }
}

}  // namespace gs::testing
