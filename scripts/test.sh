#!/usr/bin/env bash
# Set up and build with warnings as errors, check the formatting, run clang-tidy (scripts/tidy.sh),
# run every test (fast and long labels, the pytest suites) with ctest on all cores, then the
# sanitizer jobs (scripts/sanitize.sh: the fast suite under
# AddressSanitizer + UndefinedBehaviorSanitizer, each fuzz target for 20 s, the parallel code
# under ThreadSanitizer). SANITIZE=0 skips the sanitizer jobs. Each stage's time goes to stderr.
# Every build here is a unity build (cmake/unity.cmake: less compile time for a clean build);
# build/ keeps it until reconfigured with -DGAMESOLVER_UNITY=OFF.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/timed.sh
GAMESOLVER_CMAKE_ARGS="-DGAMESOLVER_WERROR=ON -DGAMESOLVER_UNITY=ON ${GAMESOLVER_CMAKE_ARGS:-}" timed setup scripts/setup.sh
timed format scripts/format.sh --check
timed tidy scripts/tidy.sh
run_ctest() { (cd build && ctest --output-on-failure --parallel "$(nproc)" "$@"); }
timed ctest run_ctest "$@"
if [[ ${SANITIZE:-1} != 0 ]]; then
  timed address scripts/sanitize.sh address
  timed fuzz scripts/sanitize.sh fuzz
  timed thread scripts/sanitize.sh thread
fi
echo "time: test.sh took $SECONDS s" >&2
