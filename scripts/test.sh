#!/usr/bin/env bash
# Set up, build, check the formatting, run every test (fast and long labels, the pytest suites)
# with ctest on all cores, then the sanitizer jobs (scripts/sanitize.sh: the fast suite under
# AddressSanitizer + UndefinedBehaviorSanitizer, each fuzz target for 20 s, the parallel code
# under ThreadSanitizer). SANITIZE=0 skips the sanitizer jobs. Each stage's time goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
stage() {
  local start=$SECONDS
  "$@"
  echo "test.sh: '$*' took $((SECONDS - start)) s" >&2
}
stage scripts/setup.sh
stage scripts/format.sh --check
run_ctest() { (cd build && ctest --output-on-failure --parallel "$(nproc)" "$@"); }
stage run_ctest "$@"
if [[ ${SANITIZE:-1} != 0 ]]; then
  stage scripts/sanitize.sh address
  stage scripts/sanitize.sh fuzz
  stage scripts/sanitize.sh thread
fi
echo "test.sh: all stages took $SECONDS s" >&2
