#!/usr/bin/env bash
# clang-tidy (.clang-tidy: bugprone, performance, concurrency) on every source of engine/,
# solvers/, tools/ and bench/, on all cores; exits 1 on any finding. The compile commands come
# from build-tidy/, configured like build/ but without precompiled headers (clang cannot read
# g++'s) and as a unity build (cmake/unity.cmake): most of clang-tidy's time goes to walking the
# standard and library headers a source includes, so a group of a folder's sources is checked
# in one pass, its findings still reported in each source. Nothing is built there. Needs the
# packages of scripts/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release -B build-tidy -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON -DGAMESOLVER_UNITY=ON \
  -DGAMESOLVER_BUILD_TESTS=ON -DGAMESOLVER_BUILD_BENCH=ON -DGAMESOLVER_PYTHON=ON -DGAMESOLVER_MPI=ON >/dev/null
# The sources of the four folders, and the unity groups that include them; the largest first,
# so that no long one is left running alone at the end.
files=$(python3 -c '
import json, os, re
root = os.getcwd() + "/"
def ours(path):
    return path.startswith(root) and path[len(root):].split("/")[0] in ("engine", "solvers", "tools", "bench")
jobs = set()
for entry in json.load(open("build-tidy/compile_commands.json")):
    path = entry["file"]
    if "/Unity/unity_" in path:
        included = re.findall(r"#include \"([^\"]+)\"", open(path).read())
        if included and all(ours(source) for source in included):
            jobs.add((sum(os.path.getsize(source) for source in included), path))
    elif ours(path):
        jobs.add((os.path.getsize(path), path))
for size, path in sorted(jobs, reverse=True):
    print(path)')
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Each unit alone, its findings kept apart: the output of parallel runs would interleave.
echo "$files" | xargs -P "$(nproc)" -I{} sh -c 'out=$(clang-tidy -p build-tidy --quiet --checks=-bugprone-suspicious-include "$1" 2>/dev/null) || printf "%s\n" "$out" >> "$2"' sh {} "$log"
if [[ -s $log ]]; then
  grep -E "(warning|error):" "$log" | sort -u >&2
  echo "tidy: findings above" >&2
  exit 1
fi
echo "tidy: $(echo "$files" | wc -l) sources and unity groups clean" >&2
