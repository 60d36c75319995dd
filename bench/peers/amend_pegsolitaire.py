#!/usr/bin/env python3
"""Side by side with BerndAmend/peg-solitaire (Scala): every position of a board's centre game.

Fetches nothing: give it the peer's source folder (a clone of
https://github.com/BerndAmend/peg-solitaire). It needs Debian's `scala` package (2.11) and a JDK.
The peer compiles a symmetry helper at run time with the Scala interpreter; two small fixes make
that work with Scala 2.11 on Java 17, applied to a copy of the sources (the peer's folder is not
touched):
  1. the generated expression is written on one line (the original breaks it before a `|`,
     which the interpreter reads as a new statement: "Long does not take parameters");
  2. the helper is returned as the value of a `val` (valueOfTerm) instead of through a bound
     array that the interpreter no longer sees ("not found: value result").
Then both programs enumerate every position reachable from the centre start, keep those that
can still end with one peg, and report per-layer counts; the script checks that the totals agree
and prints both wall times, peak memories and the ratio. The peer is driven through its
interactive prompts (start field, no end field, one peg left).

Usage: bench/peers/amend_pegsolitaire.py PEER_SRC [--board english|french] [--threads 2]
       [--gamesolver build/gamesolver] [--java-memory 14g]
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# The peer's boards as its "enter your own start field" prompt reads them (x = peg, . = hole).
START_FIELDS = {
    "english": ["    x x x", "    x x x", "x x x x x x x", "x x x . x x x", "x x x x x x x", "    x x x",
                "    x x x"],
    "french": ["    x x x", "  x x x x x", "x x x x x x x", "x x x . x x x", "x x x x x x x", "  x x x x x",
               "    x x x"],
}
PEER_BOARD_NAME = {"english": "english", "french": "euro"}

SCALA_LIB = "/usr/share/scala-2.11/lib"
PATCHES = [
    ('\t\t\tif (pos % 4 == 3)\n\t\t\t\tresult append "\\n"\n\n', ''),
    ('r append "result(0) = new com.googlecode.pegsolitaire.BoardHelper {\\n"',
     'r append "val boardHelperInstance: com.googlecode.pegsolitaire.BoardHelper = '
     'new com.googlecode.pegsolitaire.BoardHelper {\\n"'),
    ('\t\tval result = new Array[BoardHelper](1)\n'
     '\t\tinterpreter.quietBind(scala.tools.nsc.interpreter.NamedParam("result", '
     '"Array[com.googlecode.pegsolitaire.BoardHelper]", result))\n'
     '\t\tinterpreter.interpret(_board_helper_sourcecode)\n\t\tresult(0)',
     '\t\tinterpreter.interpret(_board_helper_sourcecode)\n'
     '\t\tinterpreter.valueOfTerm("boardHelperInstance").get.asInstanceOf[BoardHelper]'),
]


def build_peer(peer_src):
    """Compiles a patched copy of the peer in a temporary folder: (that folder, the classpath)."""
    src = os.path.join(peer_src, "peg-solitaire", "src", "com", "googlecode", "pegsolitaire")
    if not os.path.isfile(os.path.join(src, "Board.scala")):
        sys.exit(f"{peer_src}: not a BerndAmend/peg-solitaire source folder (no peg-solitaire/src/.../Board.scala)")
    if not shutil.which("scalac"):
        sys.exit("scalac not found: install Debian's scala package (apt-get install scala)")
    work = tempfile.mkdtemp(prefix="amend-peg-")
    copy = os.path.join(work, "src")
    shutil.copytree(src, copy)
    board = os.path.join(copy, "Board.scala")
    text = open(board).read()
    for old, new in PATCHES:
        if old not in text:
            sys.exit("the peer's Board.scala is not the version this script knows (a fix did not apply)")
        text = text.replace(old, new)
    open(board, "w").write(text)
    classes = os.path.join(work, "classes")
    os.makedirs(classes)
    subprocess.run(["scalac", "-nowarn", "-d", classes] + sorted(glob.glob(os.path.join(copy, "*.scala"))),
                   check=True)
    jars = [os.path.join(SCALA_LIB, j) for j in ("scala-library.jar", "scala-compiler.jar", "scala-reflect.jar")]
    return work, ":".join([classes] + jars)


def peak_mib_of(cmd, stdin_text):
    """Runs cmd with stdin_text: its output, wall seconds, peak resident MiB (os.wait4) and exit code."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if stdin_text is not None:
        p.stdin.write(stdin_text)
    p.stdin.close()
    out = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    return out, wall, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("peer_src")
    ap.add_argument("--board", choices=sorted(START_FIELDS), default="english")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--gamesolver", default="build/gamesolver")
    ap.add_argument("--java-memory", default="14g", help="the peer's -Xmx (it keeps every position in memory)")
    args = ap.parse_args()

    work, classpath = build_peer(args.peer_src)
    try:
        return compare(args, classpath)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def compare(args, classpath):
    prompts = "e\n" + "\n".join(START_FIELDS[args.board]) + "\n\nn\n1\n"
    peer_cmd = ["java", f"-Xmx{args.java_memory}", "-cp", classpath, "com.googlecode.pegsolitaire.TUI",
                PEER_BOARD_NAME[args.board], "-threads", str(args.threads)]
    print("running the peer:", " ".join(peer_cmd[:2] + ["-cp", "...."] + peer_cmd[4:]), file=sys.stderr)
    out, peer_wall, peer_mib, _ = peak_mib_of(peer_cmd, prompts)
    found = [int(n) for n in re.findall(r"search fields with \d+ removed pegs, found (\d+) fields", out)]
    if not found:
        sys.exit("the peer printed no layer counts:\n" + out[-2000:])
    peer_positions = 1 + sum(found)  # its layers start after the first jump
    solve = re.search(r"Solve \(took\s+(?:(\d+) minutes?\s+)?(\d+) seconds?\s+(\d+) milliseconds\)", out)
    peer_solve_s = None
    if solve:
        peer_solve_s = int(solve.group(1) or 0) * 60 + int(solve.group(2)) + int(solve.group(3)) / 1000

    ours_cmd = [args.gamesolver, "peg", "--board", args.board, "--analyze", "--threads", str(args.threads),
                "--quiet", "--json", "-"]
    print("running gamesolver:", " ".join(ours_cmd), file=sys.stderr)
    out, ours_wall, ours_mib, code = peak_mib_of(ours_cmd, None)
    if code != 0:
        sys.exit("gamesolver failed:\n" + out[-2000:])
    ours = json.loads(out)
    ours_positions = ours["positions"]["canonical"]
    result = {
        "problem": f"{args.board} board, centre start: every reachable position up to symmetry, "
                   "and those that can still end with one peg",
        "threads": args.threads,
        "peer": {"name": "BerndAmend/peg-solitaire (Scala 2.11 on the JVM)", "positions": peer_positions,
                 "wall_s": round(peer_wall, 2), "solve_s": peer_solve_s, "peak_mib": round(peer_mib)},
        "gamesolver": {"positions": ours_positions, "wall_s": round(ours_wall, 2), "peak_mib": round(ours_mib),
                       "also_counts": "paths to every finish, games, dead ends per layer"},
        "positions_agree": peer_positions == ours_positions,
        "wall_ratio_peer_over_gamesolver": round(peer_wall / ours_wall, 2),
    }
    print(json.dumps(result, indent=2))
    return 0 if result["positions_agree"] else 1


if __name__ == "__main__":
    sys.exit(main())
