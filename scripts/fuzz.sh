#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz and tools/<game>/*_fuzz.cpp; Debian's clang, in
# $FUZZ_BUILD, default build-fuzz/) and runs each for SECONDS (default 20) from its seed corpus
# in tests/fuzz/corpus/<target> (copied: the repository's seeds are not changed). A finding stops with the input saved as
# $FUZZ_BUILD/findings/<target>-crash-*; the script then fails.
#   scripts/fuzz.sh            every target, 20 s each (CI)
#   scripts/fuzz.sh 600 mnk    one target, 10 minutes
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
only=${2:-}
build=${FUZZ_BUILD:-build-fuzz}
scripts/install-packages.sh clang libclang-rt-14-dev
if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake --preset fuzz -B "$build" >/dev/null  # CMakePresets.json
fi
source scripts/timed.sh
timed "fuzz: build" cmake --build "$build" --target fuzz_targets --parallel "$(nproc)"
mkdir -p "$build"/findings "$build"/corpus

# One target for SECONDS; a finding leaves $build/findings/<target>.failed.
fuzz_one() {
  local target=$1 corpus=$build/corpus/$1 log=$build/findings/$1.log
  mkdir -p "$corpus"
  cp -n tests/fuzz/corpus/"$target"/* "$corpus"/ 2>/dev/null || true
  if "$build"/tests/fuzz/"$target" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$build"/findings/"$target"- "$corpus" >"$log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    echo "fuzz: $target: $runs executions in ${seconds} s, no finding" >&2
  else
    echo "fuzz: $target: FINDING (see $log and $build/findings/$target-*)" >&2
    tail -30 "$log" >&2
    touch "$build"/findings/"$target".failed
  fi
}

# Each target runs on one core: as many at once as there are cores.
rm -f "$build"/findings/*.failed
running=0
for source in tests/fuzz/*_fuzz.cpp tools/*/*_fuzz.cpp; do
  target=$(basename "$source" .cpp)
  [[ -z $only || $target == *$only* ]] || continue
  if ((running == $(nproc))); then
    wait -n
    running=$((running - 1))
  fi
  fuzz_one "$target" &
  running=$((running + 1))
done
wait
! compgen -G "$build/findings/*.failed" >/dev/null
