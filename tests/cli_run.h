// Running the gamesolver binary from tests: exit code and output, temporary paths, usage errors.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

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

inline Run run(const std::string& args) {
  const std::string command = std::string(GAMESOLVER_BINARY) + " " + args + " 2>&1";
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

// Each command must exit with 2 and say the expected words.
inline void expect_usage_errors(const std::vector<std::pair<const char*, const char*>>& cases) {
  for (const auto& [args, message] : cases) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
  }
}

}  // namespace gs::testing
