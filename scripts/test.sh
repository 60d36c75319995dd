#!/usr/bin/env bash
# Set up, build, check the formatting, run every test (fast and long labels, the pytest suites)
# with ctest on all cores, then the sanitizer jobs (scripts/sanitize.sh: the fast suite under
# AddressSanitizer + UndefinedBehaviorSanitizer, each fuzz target for 20 s, the parallel code
# under ThreadSanitizer). SANITIZE=0 skips the sanitizer jobs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/format.sh --check
(cd build && ctest --output-on-failure --parallel "$(nproc)" "$@")
[[ ${SANITIZE:-1} == 0 ]] || scripts/sanitize.sh all
