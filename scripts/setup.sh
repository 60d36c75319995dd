#!/usr/bin/env bash
# Installs the Debian packages gamesolver needs (only those missing), then configures and builds
# a Release build in build/. Safe to run again: it does nothing that is already done.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake ninja-build clang-format libtbb-dev libboost-program-options-dev nlohmann-json3-dev libzstd-dev libgtest-dev libbenchmark-dev
  # The Python module and its tests; the replay page's browser test; SVG rendered to PNG in tests.
  python3-dev pybind11-dev python3-pytest chromium chromium-driver python3-selenium librsvg2-bin
  # Table builds across MPI ranks (mpirun) and their tests.
  libopenmpi-dev openmpi-bin)
scripts/install-packages.sh "${packages[@]}"

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release ${GAMESOLVER_CMAKE_ARGS:-}
cmake --build build --parallel "$(nproc)"
