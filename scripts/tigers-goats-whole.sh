#!/bin/sh
# The whole game of Tigers and Goats, from the empty board: builds the tables (plain and under the
# 120-ply draw rule), lists their checksums, counts them, probes the start, then verifies every
# value against its successors and the list against data/checksums/. Resumable: run it again
# after an interruption and finished layers are kept. Usage: scripts/tigers-goats-whole.sh DIR
# (the results go to DIR/results/).
set -eu
dir=${1:?usage: scripts/tigers-goats-whole.sh DIR}
bin=${GAMESOLVER:-build/gamesolver}
out=$dir/results
mkdir -p "$out"
game="--game tigers-goats --dir $dir"
/usr/bin/time -v "$bin" hunt build $game --json "$out/build.json" 2>"$out/build.log"
"$bin" hunt sums $game --quiet >"$out/tigers-goats-5x5-goats20-win5-whole.sums"
"$bin" hunt stats $game --quiet --json "$out/stats.json" >"$out/stats.txt"
"$bin" hunt probe $game --quiet --json "$out/start.json" >"$out/start.txt"
published=data/checksums/tigers-goats-5x5-goats20-win5-whole.sums
check=""
[ -f "$published" ] && check="--checksums $published"
/usr/bin/time -v "$bin" hunt verify $game $check --json "$out/verify.json" 2>"$out/verify.log"
