#!/usr/bin/env bash
# Set up, build, and run the main job: `gamesolver peg` (English board, centre start, finish in
# the centre). Arguments are passed on: scripts/run.sh --board french --start c5
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --main
exec build/gamesolver peg "$@"
