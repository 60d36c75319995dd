#!/usr/bin/env bash
# Set up, build, and run every test (fast and long labels) with ctest on all cores.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cd build
ctest --output-on-failure --parallel "$(nproc)" "$@"
