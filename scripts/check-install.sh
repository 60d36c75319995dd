#!/usr/bin/env bash
# The installed tree works for another program: installs BUILD into a temporary prefix, builds
# examples/probe against it twice (find_package(gamesolver), then pkg-config), builds Fox and
# Hounds tables with the installed command, and checks that the example's values are the
# command's own (`hunt probe --json`). Usage: scripts/check-install.sh BUILD_DIR
set -euo pipefail
build=$(realpath "$1")
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/gs-install-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$root/examples/probe" -B "$work/example" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/example" >/dev/null
PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" g++ "$root/examples/probe/main.cpp" -o "$work/by-pkg-config" \
  $(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags --libs gamesolver)
"$work/prefix/bin/gamesolver" hunt build --game fox-hounds --dir "$work/tables" --quiet >/dev/null
expected=$("$work/prefix/bin/gamesolver" hunt probe --game fox-hounds --dir "$work/tables" --quiet --json - |
  python3 -c 'import json, sys
def text(v):
    return "draw" if v["value"] == "draw" else "%s in %d plies" % (v["value"], v["distance"])
j = json.load(sys.stdin)
print("%s: %s" % (j["position"], text(j)))
for m in j["moves"]:
    print("  %s  %s" % (m["move"], text(m)))')
for program in "$work/example/probe_example" "$work/by-pkg-config"; do
  got=$("$program" "$work/tables")
  if [[ $got != "$expected" ]]; then
    echo "check-install: $program printed" >&2
    echo "$got" >&2
    echo "check-install: expected (hunt probe)" >&2
    echo "$expected" >&2
    exit 1
  fi
done
echo "check-install: find_package and pkg-config builds probe the same values as the command"
