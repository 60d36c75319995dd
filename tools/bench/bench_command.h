// `gamesolver bench`: the benchmark suite from the command line (tools/bench/bench_suite.h).
#pragma once

#include <string>
#include <vector>

namespace gs::tools {

// Parses the arguments after "bench" and runs it; the exit code (1 when an answer is wrong or the
// signature differs from --signature FILE's).
int bench_command(const std::vector<std::string>& args);

}  // namespace gs::tools
