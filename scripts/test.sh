#!/usr/bin/env bash
# Set up, build, check the formatting, and run every test (fast and long labels) with ctest on
# all cores.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/format.sh --check
cd build
ctest --output-on-failure --parallel "$(nproc)" "$@"
