#!/usr/bin/env python3
"""How the meeting of both halves scales: one pair a board, each half capped, then projected.

Runs `gamesolver peg --meet` on one start/finish pair of every built-in board and of the larger
example boards, its halves stopped before they pass CAP canonical positions (default 300 M),
with the layers on disk (to measure their bytes a position), and prints a Markdown table: the
measured halves, time, disk and peak memory, and for the pairs not decided within the cap a
projection of the meeting they need.

Projection: each half's next layers grow by its last measured ratio, which falls each depth by
its last measured fall (never below 1); the meeting is cut where both halves together hold the
fewest positions (forward depth + backward depth = the jumps of the problem); disk at the
measured bytes a position, time at the measured positions a second (a low estimate: larger
layers are built in more ranges). The README and docs/results.md quote its output.

  scripts/meeting_scaling.py [--binary build/gamesolver] [--cap 300000000] [--memory 8] [--only BOARD]
"""
import argparse
import json
import os
import shutil
import subprocess
import tempfile
import time

# (name, board, start, finish): each board's default problem, or a solvable pair where the
# position classes exclude that one.
PAIRS = [
    ("triangle7", "triangle7", "b3", "e1"),
    ("english", "english", "d4", "d4"),
    ("french", "french", "d2", "a3"),
    ("triangle8", "triangle8", "a8", "a8"),
    ("wiegleb", "wiegleb", "e5", "e5"),
    ("wiegleb e9", "wiegleb", "e9", "e9"),
    ("triangle9", "examples/boards/triangle9.txt", "a9", "a9"),
    ("square7", "examples/boards/square7.txt", "c4", "e1"),
    ("triangle10", "examples/boards/triangle10.txt", "c8", "i1"),
]


def extend(layers, depth):
    """The half's layers to `depth`: the last ratio, falling by the last fall each depth."""
    out = list(layers)
    if len(out) < 3:
        return out + [out[-1]] * (depth + 1 - len(out))
    r1, r2 = out[-2] / out[-3], out[-1] / out[-2]
    ratio, fall = r2, r2 - r1
    while len(out) <= depth:
        ratio = max(ratio + fall, 1.0)
        out.append(out[-1] * ratio)
    return out


def holes(binary, board):
    text = subprocess.run([binary, "peg", "boards"], capture_output=True, text=True).stdout
    for line in text.splitlines():
        if line.startswith(board + " ("):
            return int(line.split("(")[1].split()[0])
    # A board file: count its holes ('o').
    with open(board) as f:
        return sum(line.count("o") for line in f if line.strip() and set(line.strip()) <= set("o."))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="build/gamesolver")
    ap.add_argument("--cap", type=int, default=300_000_000)
    ap.add_argument("--memory", type=int, default=8)
    ap.add_argument("--only")
    a = ap.parse_args()
    print("| board, pair | jumps | measured: each half's last layer (depth: positions) | positions, wall, disk a position, peak "
          "| meeting (forward / backward depth) | largest layer | both halves | disk | time at that rate |")
    print("| --- | ---: | --- | --- | --- | ---: | ---: | ---: | ---: |")
    for name, board, start, finish in PAIRS:
        if a.only and a.only != name:
            continue
        n = holes(a.binary, board) - 2
        work = tempfile.mkdtemp(prefix="gamesolver-meeting-")
        report = os.path.join(work, "report.json")
        began = time.monotonic()
        subprocess.run([a.binary, "peg", "--board", board, "--start", start, "--finish", finish, "--meet",
                        "--meeting-positions", str(a.cap), "--memory", str(a.memory), "--dir", os.path.join(work, "layers"),
                        "--quiet", "--json", report], check=True, stdout=subprocess.DEVNULL)
        wall = time.monotonic() - began
        disk = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(os.path.join(work, "layers")) for f in fs)
        j = json.load(open(report))
        shutil.rmtree(work)
        fwd, bwd = j["forward_layers"], j["backward_layers"]
        per = disk / max(j["positions"], 1)
        rate = j["positions"] / max(wall, 1e-9)
        measured = (f"forward {len(fwd) - 1}: {fwd[-1]:,}; backward {len(bwd) - 1}: {bwd[-1]:,}"
                    + (" (one half, turned)" if j.get("mirrored") else ""))
        run = f"{j['positions']:,}, {wall:.1f} s, {per:.2f} B, {j['peak_memory_mib']:,.0f} MiB"
        if j["decided"]:
            print(f"| {name}, {start}-{finish} | {n} | {measured} | {run} | met: {j['proof']} | {max(fwd[-1], bwd[-1]):,} "
                  f"| {j['positions']:,} | {disk / 1e6:,.0f} MB | {wall:.1f} s |")
            continue
        fe, be = extend(fwd, n), extend(bwd, n)
        best = None
        for k in range(n + 1):
            cost = sum(fe[:max(k, n - k) + 1]) if j.get("mirrored") else sum(fe[:k + 1]) + sum(be[:n - k + 1])
            if best is None or cost < best[0]:
                best = (cost, k, n - k)
        cost, kf, kb = best
        print(f"| {name}, {start}-{finish} | {n} | {measured} | {run} | {kf} / {kb} (projected) "
              f"| {max(fe[kf], be[kb]):.2g} | {cost:.2g} | {cost * per / 1e9:,.0f} GB | {cost / rate / 3600:,.1f} h |")


if __name__ == "__main__":
    main()
