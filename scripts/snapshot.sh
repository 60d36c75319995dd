#!/usr/bin/env bash
# Behaviour snapshot for refactors: runs a fixed list of deterministic jobs (one thread where a
# node count depends on threads) and writes each JSON result, timings stripped, to OUT/NAME.json,
# and the md5 of every table file built to OUT/tables.md5. Two snapshots of two binaries that
# compare equal (diff -r) show a change kept every answer, node count and table byte.
# Usage: scripts/snapshot.sh BINARY OUT      (about 4 minutes on 2 cores; writes OUT/tables)
# Then:  diff -r --exclude=tables --exclude='*.err' OLD NEW && diff OLD/tables.md5 NEW/tables.md5
set -u
BIN=$1
OUT=$2
mkdir -p "$OUT"
T=$OUT/tables
rm -rf "$T"
mkdir -p "$T"
run() { name=$1; shift; "$BIN" "$@" --quiet --json - 2>$OUT/$name.err | python3 -c '
import json,sys
def strip(x):
    if isinstance(x,dict): return {k:strip(v) for k,v in x.items() if not (k.startswith("seconds") or k.endswith(("_seconds","_ms")) or k in ("peak_memory_mib","nodes_per_second","dir","file"))}
    if isinstance(x,list): return [strip(v) for v in x]
    return x
try: print(json.dumps(strip(json.load(sys.stdin)),indent=1,sort_keys=True))
except Exception as e: print("NOJSON",e)' > $OUT/$name.json; echo "$name rc=${PIPESTATUS[0]}" >> $OUT/rc.txt; }
: > $OUT/rc.txt
run peg_english peg --threads 1
run peg_tri5 peg --board triangle5 --threads 1
run peg_french_d6 peg --board french --start d6 --finish any --threads 1
run peg_analyze_eng peg --analyze
run peg_allstarts_tri6 peg --all-starts --board triangle6 --threads 1
run peg_allstarts_eng peg --all-starts --threads 1
run peg_fewest_eng peg --fewest-moves --threads 1
run peg_boards peg boards
run ttt_all tictactoe --all
run mnk444 mnk --m 4 --n 4 --k 4 --threads 1
run mnk544 mnk --m 5 --n 4 --k 4 --threads 1
run mnk443_all mnk --m 4 --n 4 --k 3 --all
run ttt_pos tictactoe --position 'X.O/.X./...' --threads 1
run hop1 hopscotch --seed 1 --threads 1
run hop37 hopscotch --seed 37 --threads 1
run hop37n hopscotch --seed 37 --normal --threads 1
run hopstats hopscotch stats --deals 300 --threads 1
run hopstatsn hopscotch stats --normal --deals 300 --samples 2 --threads 1
run fh_build hunt build --game fox-hounds --dir $T/fh
run fh_probe hunt probe --game fox-hounds --dir $T/fh
run fh_stats hunt stats --game fox-hounds --dir $T/fh
run fh_verify hunt verify --game fox-hounds --dir $T/fh
run fg6_build hunt build --game fox-geese --max-geese 6 --dir $T/fg
run fg6_stats hunt stats --game fox-geese --max-geese 6 --dir $T/fg
run tg_build hunt build --game tigers-goats --phase sliding --rule 0 --dir $T/tg
run tg_probe hunt probe --game tigers-goats --phase sliding --rule 0 --dir $T/tg --position 'TGGGT/GGGGG/GG.GG/GGGGG/TG.GT g 0 1'
run mnf_perft mountnfall perft --depth 3
run mnf_analyse6 mountnfall analyse --depth 6 --threads 1
run mnf_build44 mountnfall build --size 4 --triangle 2 --dir $T/mnf
run mnf_probe44 mountnfall probe --size 4 --triangle 2 --dir $T/mnf
run mnf_stats44 mountnfall stats --size 4 --triangle 2 --dir $T/mnf
(cd $T && find . -type f | sort | xargs md5sum) > $OUT/tables.md5
