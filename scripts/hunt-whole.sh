#!/bin/sh
# A hunt game's whole tables, start to end: builds them (plain and under the game's draw rule),
# lists their checksums, counts them, probes the start with its principal line, then verifies
# every value against its successors and the list against data/checksums/ when one is published.
# Resumable: run it again after an interruption and finished layers (and verified ones) are kept.
# Usage: scripts/hunt-whole.sh DIR --game G [game options]; the results go to DIR/results/.
#   scripts/hunt-whole.sh tg --game tigers-goats
#   scripts/hunt-whole.sh fg --game fox-geese --max-geese 13
set -eu
dir=${1:?usage: scripts/hunt-whole.sh DIR --game G [game options]}
shift
bin=${GAMESOLVER:-build/gamesolver}
out=$dir/results
mkdir -p "$out"
/usr/bin/time -v "$bin" hunt build "$@" --dir "$dir" --json "$out/build.json" 2>"$out/build.log"
name=$(python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); print(j["game"] + "-" + j["variant"])' "$out/build.json")
"$bin" hunt sums "$@" --dir "$dir" --quiet >"$out/$name.sums"
"$bin" hunt stats "$@" --dir "$dir" --quiet --json "$out/stats.json" >"$out/stats.txt"
"$bin" hunt probe "$@" --dir "$dir" --line 400 --quiet --json "$out/start.json" >"$out/start.txt" ||
  echo "the start is outside these tables" >"$out/start.txt"
published=data/checksums/$name.sums
if [ -f "$published" ]; then
  /usr/bin/time -v "$bin" hunt verify "$@" --dir "$dir" --checksums "$published" --json "$out/verify.json" 2>"$out/verify.log"
else
  /usr/bin/time -v "$bin" hunt verify "$@" --dir "$dir" --json "$out/verify.json" 2>"$out/verify.log"
fi
