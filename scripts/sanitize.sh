#!/usr/bin/env bash
# The sanitizer jobs (run by scripts/test.sh, so by CI):
#   address  g++, AddressSanitizer + UndefinedBehaviorSanitizer (any report fails the run), in
#            build-asan/: the fast test suite, the command-line tests running the instrumented binary.
#   fuzz     clang, libFuzzer with ASan + UBSan, in build-fuzz/: every fuzz target for FUZZ_SECONDS
#            (default 20) from its seed corpus (scripts/fuzz.sh). Apart from the tests' build: the
#            fuzzer's comparison tracing slows the solvers tenfold.
#   thread   g++, ThreadSanitizer, in build-tsan/: the tests of every parallel code path. oneTBB
#            is built from Debian's own source package with ThreadSanitizer first: an
#            uninstrumented libtbb hides its synchronisation, and TSan then reports every
#            hand-over from the main thread to a worker as a race (about 1,100 false reports).
#   scripts/sanitize.sh [address|fuzz|thread|all]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/timed.sh
job=${1:-all}
run_in() { (cd "$1" && shift && "$@"); }
jobs=$(nproc)

# The sanitizer builds leave MPI out (-DGAMESOLVER_MPI=OFF; the MPI tests then skip, saying so):
# Open MPI's libraries are not instrumented and keep allocations past MPI_Finalize, which
# LeakSanitizer would report as this project's. The distributed solver runs in the Release
# suite with 1, 2 and 4 ranks.
address() {
  cmake --preset asan >/dev/null  # CMakePresets.json
  timed "address: build" cmake --build build-asan --parallel "$jobs" --target gamesolver gamesolver_tests gamesolver_probe_tests
  # The Release suite's timings (the same tests), so ctest starts the longest first here too.
  mkdir -p build-asan/Testing/Temporary
  cp -n build/Testing/Temporary/CTestCostData.txt build-asan/Testing/Temporary/ 2>/dev/null || true
  timed "address: tests" run_in build-asan env ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest -L fast --output-on-failure --parallel "$jobs"
}

fuzz() {
  scripts/fuzz.sh "${FUZZ_SECONDS:-20}"
}

# oneTBB 2021.8 from Debian's source package (the version of libtbb-dev, so headers and library
# agree), built with ThreadSanitizer into build-tsan/onetbb.
instrumented_onetbb() {
  local root=build-tsan/onetbb
  [[ -f $root/lib/cmake/TBB/TBBConfig.cmake ]] && return
  scripts/install-packages.sh dpkg-dev
  local version
  version=$(dpkg-query -W -f='${Version}' libtbb-dev)
  mkdir -p build-tsan/apt/lists/partial
  local sources=build-tsan/apt/sources.list
  echo "deb-src http://deb.debian.org/debian bookworm main" >"$sources"
  echo "deb-src http://deb.debian.org/debian-security bookworm-security main" >>"$sources"
  local apt=(-o Dir::Etc::SourceList="$PWD/$sources" -o Dir::Etc::SourceParts=/dev/null
    -o Dir::State::Lists="$PWD/build-tsan/apt/lists" -o APT::Sandbox::User=root)
  apt-get "${apt[@]}" update -q >/dev/null
  (cd build-tsan && apt-get "${apt[@]}" source --download-only -q "onetbb=$version" >/dev/null)
  rm -rf build-tsan/onetbb-src
  dpkg-source -x build-tsan/onetbb_*.dsc build-tsan/onetbb-src >/dev/null
  cmake -S build-tsan/onetbb-src -B build-tsan/onetbb-build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DTBB_TEST=OFF -DTBB_EXAMPLES=OFF -DTBB_STRICT=OFF -DTBB_SANITIZE=thread -DTBBMALLOC_BUILD=OFF \
    -DCMAKE_INSTALL_PREFIX="$PWD/$root" >/dev/null
  cmake --build build-tsan/onetbb-build --parallel "$jobs"
  cmake --install build-tsan/onetbb-build >/dev/null
}

# Every parallel code path, each by its smallest test (ThreadSanitizer slows them about tenfold):
# layered retrograde builds (plain, whole game, under the draw rule), streamed layers, peg layers
# and the parallel depth-first search, the meeting's filter, m,n,k solvers, Mount'n Fall's
# shared-table search, Hopscotch statistics, one thread against two on the command line, and the
# retrograde solver across ranks (as threads: the sanitizer builds have no MPI).
TSAN_TESTS="TigersAndGoatsRetrograde.*:FoxAndHoundsRetrograde.AgreesWithPlainMinimaxOnSmallBoards"
TSAN_TESTS+=":StreamedLayers.EqualTheInMemoryPassesOnSmallBoards:StreamedLayers.AStoppedAnalysisResumes*:StreamedLayersBlockFile.*"
TSAN_TESTS+=":PegSolverLayers.*:PegSolverAnalyze.Triangle5*:Peg/PegSolverSmallBoards.DfsAgreesWithBruteForce*:MnkStrong.*:MnkWeak.*"
TSAN_TESTS+=":OneAndTwo/*:HuntCli.OneThreadAndTwoWriteTheSameTables:HopscotchCli.StatsAreTheSameWithOneThreadAndTwo:HopscotchCli.NormalPlayOfADealIsTheGameStatsPlays"
TSAN_TESTS+=":DistributedSolver.FoxAndHounds*:DistributedSolver.MountNFall*:PegSolverStreamedFewestMoves.*:PegSolverFewestMovesMeeting.*:StreamedLayersLayerSet.*:Peg/PegSolverSmallBoards.FewestMovesMeetingsLastStep*:PegSolverAllStarts.OneThreadAndTwo*"
TSAN_TESTS+=":PegSolverMeet.ASaturatedFilterGivesTheSameVerdicts:BloomFilter.*"
TSAN_TESTS+=":-TigersAndGoatsRetrograde.ReducedTablesAgreeWithNaiveValueIteration"

thread() {
  timed "thread: oneTBB" instrumented_onetbb
  cmake --preset tsan >/dev/null  # CMakePresets.json: TBB_DIR is the instrumented oneTBB
  local tests=build-tsan/gamesolver/tests/gamesolver_parallel_tests  # the files of TSAN_TESTS alone
  timed "thread: build" cmake --build build-tsan/gamesolver --parallel "$jobs" --target gamesolver gamesolver_parallel_tests
  # Linked against the instrumented library, not Debian's (which would hide its synchronisation).
  [[ $(ldd build-tsan/gamesolver/gamesolver) == *build-tsan/onetbb/lib/libtbb* ]] ||
    { echo "sanitize: gamesolver is not linked with the instrumented oneTBB" >&2; exit 1; }
  # gtest filters do not fail on a pattern that matches nothing: a renamed test must not drop out.
  local pattern patterns
  IFS=: read -ra patterns <<<"${TSAN_TESTS%%:-*}"
  for pattern in "${patterns[@]}"; do
    $tests --gtest_list_tests --gtest_filter="$pattern" | grep -c '^  ' >/dev/null ||
      { echo "sanitize: TSan test pattern '$pattern' matches no test" >&2; exit 1; }
  done
  # One process a test, as many at once as cores (gtest's shards split by count, not by time:
  # one shard took half as long again as the other).
  $tests --gtest_list_tests --gtest_filter="$TSAN_TESTS" | awk '/^[^ ]/ { suite = $1 } /^  / { print suite $1 }' |
    TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" xargs -P "$jobs" -I{} "$tests" --gtest_filter={} --gtest_brief=1
}

case $job in
  address) address ;;
  thread) thread ;;
  fuzz) fuzz ;;
  all) address && fuzz && thread ;;
  *) echo "usage: scripts/sanitize.sh [address|fuzz|thread|all]" >&2; exit 2 ;;
esac
