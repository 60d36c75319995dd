#!/usr/bin/env bash
# Installs the Debian packages gamesolver needs (only those missing), then configures and builds
# a Release build in build/. Safe to run again: it does nothing that is already done.
#   scripts/setup.sh          everything: the tests, the Python module, MPI, the browser tests
#   scripts/setup.sh --main   only what the gamesolver command needs, and only that binary
#                             (scripts/run.sh: the first answer in minutes)
# GAMESOLVER_SETUP_DRY_RUN=1 prints the packages it would install and stops.
set -euo pipefail
cd "$(dirname "$0")/.."

main=(g++ cmake ninja-build pkg-config libtbb-dev libboost-program-options-dev nlohmann-json3-dev libzstd-dev
  libcpp-httplib-dev)
tests=(clang-format clang-tidy libgtest-dev libbenchmark-dev
  # The Python module and its tests; the replay page's browser test; SVG rendered to PNG in tests.
  python3-dev pybind11-dev python3-pytest chromium chromium-driver python3-selenium librsvg2-bin
  # Table builds across MPI ranks (mpirun) and their tests.
  libopenmpi-dev openmpi-bin
  # The sanitizer jobs (scripts/sanitize.sh): clang for the fuzzers, dpkg-dev to unpack oneTBB's
  # source for ThreadSanitizer. Installed here with the rest: one download, one unpacking.
  clang libclang-rt-14-dev dpkg-dev)
if [[ ${1:-} == --main ]]; then
  packages=("${main[@]}")
  # Without the test, bench, Python and MPI parts: CMake then needs none of their packages.
  configure=(-DGAMESOLVER_BUILD_TESTS=OFF -DGAMESOLVER_BUILD_BENCH=OFF -DGAMESOLVER_PYTHON=OFF -DGAMESOLVER_MPI=OFF)
  targets=(--target gamesolver)
else
  packages=("${main[@]}" "${tests[@]}")
  configure=(-DGAMESOLVER_BUILD_TESTS=ON -DGAMESOLVER_BUILD_BENCH=ON -DGAMESOLVER_PYTHON=ON -DGAMESOLVER_MPI=ON)
  targets=()
fi
if [[ ${GAMESOLVER_SETUP_DRY_RUN:-0} == 1 ]]; then
  echo "setup would install (when missing): ${packages[*]}"
  exit 0
fi
source scripts/timed.sh
timed "setup: packages" scripts/install-packages.sh "${packages[@]}"
timed "setup: configure" cmake --preset release "${configure[@]}" ${GAMESOLVER_CMAKE_ARGS:-}  # CMakePresets.json
timed "setup: build" cmake --build build --parallel "$(nproc)" "${targets[@]}"
