#!/usr/bin/env python3
"""Side by side with karlosp/FastPegSolitaire: one solution of the English centre game.

Fetches nothing: give it the peer's source folder (a clone of
https://github.com/karlosp/FastPegSolitaire). It builds the peer with the peer's own CMake
(Release) and runs both on the same machine, one after the other:
  - the peer's main solves the English centre game 1000 times in one process and prints the
    mean time of one solve; that is its figure;
  - gamesolver solves the same problem once a process, RUNS times: its own in-process time
    (the JSON "seconds") and the wall time of the whole process (median of the runs);
  - gamesolver's bench binary solves it again and again in one process, as the command does
    (BM_PegSolve/english): the mean time of one solve, the figure to set beside the peer's.
Usage: bench/peers/fastpegsolitaire.py PEER_SRC [--gamesolver build/gamesolver]
       [--bench build/bench/gamesolver_bench] [--runs 20]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("peer_src")
    ap.add_argument("--gamesolver", default="build/gamesolver")
    ap.add_argument("--bench", default="build/bench/gamesolver_bench")
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    if not os.path.isfile(os.path.join(args.peer_src, "main.cpp")):
        sys.exit(f"{args.peer_src}: not a FastPegSolitaire source folder (no main.cpp)")
    build = tempfile.mkdtemp(prefix="fastpeg-")
    subprocess.run(["cmake", "-S", args.peer_src, "-B", build, "-DCMAKE_BUILD_TYPE=Release"], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", build, "-j2"], check=True, stdout=subprocess.DEVNULL)
    out = subprocess.run([os.path.join(build, "FastPegSolitaire")], check=True, capture_output=True, text=True).stdout
    peer_ms = float(re.search(r"Time: ([0-9.eE+-]+)ms", out).group(1))
    peer_solved = "Solved!" in out

    inproc, wall = [], []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        r = subprocess.run([args.gamesolver, "peg", "--threads", "1", "--quiet", "--json", "-"], check=True,
                           capture_output=True, text=True)
        wall.append((time.perf_counter() - t0) * 1000)
        j = json.loads(r.stdout)
        assert j["solved"], "gamesolver did not solve the English centre game"
        inproc.append(j["seconds"] * 1000)
    ours_in, ours_wall = statistics.median(inproc), statistics.median(wall)
    warm = subprocess.run([args.bench, "--benchmark_filter=BM_PegSolve/english", "--benchmark_format=json",
                           "--benchmark_min_time=1"], check=True, capture_output=True, text=True).stdout
    entry = json.loads(warm)["benchmarks"][0]
    assert entry["time_unit"] == "us" and "error_occurred" not in entry, entry
    ours_warm = entry["real_time"] / 1000
    result = {
        "problem": "english board, centre start, finish at the centre, one solution",
        "peer": {"name": "karlosp/FastPegSolitaire", "solved": peer_solved, "ms_per_solve_in_process": peer_ms},
        "gamesolver": {"threads": 1, "runs": args.runs, "ms_in_process_median": round(ours_in, 3),
                       "ms_per_process_median": round(ours_wall, 3), "ms_per_solve_in_a_loop": round(ours_warm, 4),
                       "solves_in_the_loop": entry["iterations"]},
        "ratio_in_process": round(ours_in / peer_ms, 2),
        "ratio_in_a_loop": round(ours_warm / peer_ms, 2),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
