"""`import gamesolver` (the pybind11 module): each call equals the command line's --json result
for the same job, errors raise the command line's messages, and long jobs let other Python
threads run."""

import json
import os
import pathlib
import subprocess
import threading
import time

import pytest

import gamesolver

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMESOLVER = os.environ.get("GAMESOLVER", str(ROOT / "build" / "gamesolver"))
# Fields that differ from run to run (times, memory, thread counts).
VOLATILE = {"seconds", "peak_memory_mib", "threads", "probe_ms", "memory_budget_bytes", "dir", "nodes"}


def cli(*args, code=0):
    result = subprocess.run([GAMESOLVER, *args, "--json", "-", "-q"], capture_output=True, text=True)
    assert result.returncode == code, result.stderr
    return json.loads(result.stdout) if code == 0 else result.stderr.strip()


def stable(result):
    return {k: v for k, v in result.items() if k not in VOLATILE}


def test_peg_solve_equals_the_command_line():
    solved = gamesolver.peg.solve(threads=1)
    assert solved["solved"] and len(solved["jumps"]) == 31
    assert stable(solved) == stable(cli("peg", "--threads", "1"))
    unsolvable = gamesolver.peg.solve(board="french", start="d4")
    assert not unsolvable["solved"] and unsolvable["proof"] == "position class"


def test_peg_analyze_counts_equal_the_command_line():
    mine = gamesolver.peg.analyze(board="triangle5")
    assert stable(mine) == stable(cli("peg", "--analyze", "--board", "triangle5"))
    assert mine["finishes"]  # the top corner start finishes somewhere


def test_errors_raise_the_command_lines_messages(tmp_path):
    with pytest.raises(gamesolver.InputError) as bad_board:
        gamesolver.peg.solve(board="no-such-board")
    assert isinstance(bad_board.value, ValueError)
    assert f"gamesolver: {bad_board.value}" == cli("peg", "--board", "no-such-board", code=2)
    with pytest.raises(gamesolver.InputError):
        gamesolver.mnk.solve(m=9)
    (tmp_path / "sol.txt").write_text("gamesolver-peg-solution v1 board=english start=d4 finish=d4\n")
    with pytest.raises(gamesolver.DataError) as damaged:
        gamesolver.peg.verify(str(tmp_path / "sol.txt"))
    assert isinstance(damaged.value, RuntimeError)
    assert f"gamesolver: {damaged.value}" == cli("peg", "verify", str(tmp_path / "sol.txt"), code=1)


def test_paths_and_parameters_are_checked_as_the_command_line_checks_them(tmp_path):
    # A path the file system refuses is an InputError, as on the command line (exit 2).
    with pytest.raises(gamesolver.InputError, match="File name too long"):
        gamesolver.peg.analyze(board="triangle4", dir=str(tmp_path / ("x" * 5000)))
    (tmp_path / "file").write_text("")
    with pytest.raises(gamesolver.InputError, match="Not a directory"):
        gamesolver.peg.analyze(board="triangle4", dir=str(tmp_path / "file"))
    # A NUL byte would cut the path short: refused, not read as another file.
    solution = tmp_path / "sol.txt"
    subprocess.run([GAMESOLVER, "peg", "-q", "--output", str(solution)], check=True, capture_output=True)
    with pytest.raises(gamesolver.InputError, match="NUL"):
        gamesolver.peg.verify(str(solution) + "\0x")
    with pytest.raises(gamesolver.InputError, match="rule"):
        gamesolver.hunt.open(game="tigers-goats", dir=str(tmp_path), rule=-1)


def test_two_threads_analysing_into_one_directory_do_not_collide(tmp_path):
    results, errors = [], []

    def analyse():
        try:
            results.append(gamesolver.peg.analyze(board="triangle6", dir=str(tmp_path / "same")))
        except gamesolver.DataError as e:
            errors.append(str(e))

    threads = [threading.Thread(target=analyse) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all("in use by another running job" in e for e in errors)

    def counts(r):
        # Where the layers were kept (memory without a directory, files with one) is not a count.
        kept = {k: v for k, v in stable(r).items() if k not in ("disk_bytes", "layer_memory_bytes")}
        kept["layers"] = [{k: v for k, v in layer.items() if k != "bytes"} for layer in kept["layers"]]
        return kept

    again = gamesolver.peg.analyze(board="triangle6", dir=str(tmp_path / "same"))
    assert counts(again) == counts(gamesolver.peg.analyze(board="triangle6"))
    assert all(counts(r) == counts(again) for r in results)


def test_mnk():
    empty = gamesolver.mnk.solve(3, 3, 3)
    assert empty["value"] == "draw"
    position = gamesolver.mnk.solve(3, 3, 3, position="x../.o./...", solver="alpha-beta")
    assert stable(position) == stable(cli("mnk", "--position", "x../.o./...", "--solver", "alpha-beta"))
    assert len(position["moves"]) == 7


def test_hopscotch():
    deal = gamesolver.hopscotch.deal(7)
    assert len(deal) == 48
    by_seed = gamesolver.hopscotch.solve(seed=7)
    assert by_seed["deal"] == " ".join(deal)
    assert stable(by_seed) == stable(cli("hopscotch", "--seed", "7"))
    by_cards = gamesolver.hopscotch.solve(cards=" ".join(deal))
    assert by_cards["won"] == by_seed["won"] and by_cards["plays"] == by_seed["plays"]
    with pytest.raises(gamesolver.InputError):
        gamesolver.hopscotch.solve(seed=1, cards=" ".join(deal))


def test_hunt_tables(tmp_path):
    tables = str(tmp_path / "fh6")
    cli("hunt", "build", "--game", "fox-hounds", "--size", "6", "--dir", tables)
    opened = gamesolver.hunt.open("fox-hounds", tables, size=6)
    start = opened.probe()
    assert start == {**start, **stable(cli("hunt", "probe", "--game", "fox-hounds", "--size", "6", "--dir", tables))}
    position = start["moves"][0]["position"]
    after = opened.probe(position, svg=True)
    assert after["position"] == position and after["svg"].startswith("<svg")
    assert opened.stats()["layers"]
    with pytest.raises(gamesolver.DataError):
        gamesolver.hunt.open("fox-hounds", str(tmp_path / "none"), size=6).probe()


def test_mountnfall_tables(tmp_path):
    tables = str(tmp_path / "mf4")
    cli("mountnfall", "build", "--size", "4", "--triangle", "2", "--dir", tables)
    probed = gamesolver.mountnfall.open(tables, 4, 2).probe()
    expected = cli("mountnfall", "probe", "--size", "4", "--triangle", "2", "--dir", tables)
    assert stable(probed) == stable(expected)


def test_long_jobs_release_the_gil():
    ticks = []
    worker = threading.Thread(target=lambda: gamesolver.peg.analyze(board="english", threads=1))
    worker.start()
    while worker.is_alive():
        ticks.append(time.monotonic())
        time.sleep(0.01)
    worker.join()
    # The analysis takes seconds; a held GIL would have let this loop run once or twice.
    assert len(ticks) > 20


def test_run_gives_any_registered_command_as_the_command_line_does(tmp_path):
    one_thread = ("peg", "--board", "triangle5", "--threads", "1")  # the solution found depends on threads
    assert stable(gamesolver.run(*one_thread)) == stable(cli(*one_thread))
    assert gamesolver.run("mountnfall", "perft", "--depth", "2")["perft"] == [134, 17956]
    tables = str(tmp_path / "fh4")
    built = gamesolver.run("hunt", "build", "--game", "fox-hounds", "--size", "4", "--dir", tables)
    probed = gamesolver.run("hunt", "probe", "--game", "fox-hounds", "--size", "4", "--dir", tables)
    assert stable(probed) == stable(cli("hunt", "probe", "--game", "fox-hounds", "--size", "4", "--dir", tables))
    assert built["start"]["value"] == probed["value"] and built["start"]["distance"] == probed["distance"]


def test_run_refuses_as_the_command_line_does(tmp_path):
    cases = [
        (("chess",), "unknown command 'chess'"),
        (("hunt", "build", "--game", "fox-hounds", "--max-geese", "9", "--dir", str(tmp_path)), "--max-geese applies"),
        (("peg", "--board", "nowhere"), cli("peg", "--board", "nowhere", code=2).removeprefix("gamesolver: ")),
        (("bench",), "runs from the command line only"),
        (("hunt", "play", "--game", "fox-hounds", "--dir", str(tmp_path)), "played at the terminal"),
        (("peg", "--help"), "--help on the command line"),
    ]
    for args, message in cases:
        with pytest.raises(gamesolver.InputError, match=message.split(" (")[0].replace("'", ".")):
            gamesolver.run(*args)


def test_run_says_an_exit_code_that_is_not_0(tmp_path):
    # Tables that differ from the checksum list given: verify answers INVALID, exit 1.
    tables = str(tmp_path / "fh4")
    cli("hunt", "build", "--game", "fox-hounds", "--size", "4", "--dir", tables)
    sums = subprocess.run([GAMESOLVER, "hunt", "sums", "--game", "fox-hounds", "--size", "4", "--dir", tables],
                          capture_output=True, text=True, check=True).stdout
    wrong = tmp_path / "wrong.sums"
    lines = sums.splitlines()
    lines[1] = lines[1][:-1] + ("0" if lines[1][-1] != "0" else "1")
    wrong.write_text("\n".join(lines) + "\n")
    result = gamesolver.run("hunt", "verify", "--game", "fox-hounds", "--size", "4", "--dir", tables,
                            "--checksums", str(wrong))
    assert result["valid"] is False and result["exit_code"] == 1
    assert "exit_code" not in gamesolver.run("hunt", "verify", "--game", "fox-hounds", "--size", "4", "--dir", tables)


def test_every_game_submodule_is_a_registered_command():
    # Each game's typed calls are registered by its own tools/<game>/<game>_python.cpp: every
    # submodule names a command of `gamesolver --help`, and the games with tables or searches
    # that Python users call have one.
    listing = subprocess.run([GAMESOLVER, "--help"], capture_output=True, text=True, check=True).stdout
    commands = {line.split()[0] for line in listing.split("Subcommands:")[1].split("\n\n")[0].splitlines() if line.strip()}
    submodules = {name for name in dir(gamesolver) if type(getattr(gamesolver, name)).__name__ == "module"}
    assert submodules <= commands, submodules - commands
    assert {"peg", "mnk", "hunt", "mountnfall", "hopscotch"} <= submodules
