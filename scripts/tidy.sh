#!/usr/bin/env bash
# clang-tidy (.clang-tidy: bugprone, performance, concurrency) on every source of engine/,
# solvers/, tools/ and bench/, on all cores; exits 1 on any finding. The compile commands come
# from build-tidy/, configured like build/ but without precompiled headers (clang cannot read
# g++'s); nothing is built there. Needs the packages of scripts/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release -B build-tidy -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON -DGAMESOLVER_BUILD_TESTS=ON \
  -DGAMESOLVER_BUILD_BENCH=ON -DGAMESOLVER_PYTHON=ON -DGAMESOLVER_MPI=ON >/dev/null
files=$(python3 -c '
import json, os
root = os.getcwd() + "/"
for entry in json.load(open("build-tidy/compile_commands.json")):
    path = entry["file"]
    if path.startswith(root) and path[len(root):].split("/")[0] in ("engine", "solvers", "tools", "bench"):
        print(path)' | sort -u)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Each file alone, its findings kept apart: the output of parallel runs would interleave.
echo "$files" | xargs -P "$(nproc)" -I{} sh -c 'out=$(clang-tidy -p build-tidy --quiet "$1" 2>/dev/null) || printf "%s\n" "$out" >> "$2"' sh {} "$log"
if [[ -s $log ]]; then
  grep -E "(warning|error):" "$log" | sort -u >&2
  echo "tidy: findings above" >&2
  exit 1
fi
echo "tidy: $(echo "$files" | wc -l) files clean" >&2
