"""The pictures of --svg: each is well-formed SVG (parsed by Python's XML parser), renders to a
PNG of its declared size with Debian's rsvg-convert, and shows what the result says (one frame a
jump, one arrow a move, one value a move, one column a layer)."""

import json
import os
import pathlib
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMESOLVER = os.environ.get("GAMESOLVER", str(ROOT / "build" / "gamesolver"))
SVG = "{http://www.w3.org/2000/svg}"


def draw(tmp_path, name, *args):
    """Runs a mode with --svg and --json; returns (its JSON result, the parsed SVG root)."""
    svg = tmp_path / f"{name}.svg"
    result = subprocess.run([GAMESOLVER, *args, "--svg", str(svg), "--json", "-", "-q"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    root = ET.parse(svg).getroot()
    assert root.tag == f"{SVG}svg"
    rendered(svg, tmp_path / f"{name}.png", float(root.get("width")), float(root.get("height")))
    return json.loads(result.stdout), root


def rendered(svg, png, width, height):
    if not shutil.which("rsvg-convert"):
        pytest.fail("rsvg-convert is needed (Debian's librsvg2-bin; scripts/setup.sh installs it)")
    subprocess.run(["rsvg-convert", str(svg), "-o", str(png)], check=True)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", data[16:24])
    assert abs(w - width) <= 1 and abs(h - height) <= 1  # rsvg-convert rounds fractional sizes up
    assert len(data) > 1000  # not a blank page


def all_with(root, attribute, value=None):
    return [e for e in root.iter() if e.get(attribute) is not None and (value is None or e.get(attribute) == value)]


def test_peg_solution_sheet(tmp_path):
    result, root = draw(tmp_path, "peg", "peg")
    assert len(all_with(root, "data-frame")) == len(result["jumps"]) + 1
    assert len(all_with(root, "data-mark", "jumped")) == len(result["jumps"])
    last = all_with(root, "data-frame")[-1]
    assert [e.get("data-point") for e in last.iter() if e.get("data-piece") == "peg"] == ["d4"]


def test_peg_analysis_chart(tmp_path):
    result, root = draw(tmp_path, "analyze", "peg", "--analyze", "--board", "triangle5")
    columns = [e for e in root.iter(f"{SVG}rect") if e.find(f"{SVG}title") is not None]
    positive = sum(1 for layer in result["layers"] for key in ("total", "finish_reachable_total", "dead_ends_total")
                   if layer[key] > 0)
    assert len(columns) == positive


def test_hunt_probe_arrows_and_stats_chart(tmp_path):
    tables = str(tmp_path / "fh6")
    subprocess.run([GAMESOLVER, "hunt", "build", "--game", "fox-hounds", "--size", "6", "--dir", tables, "-q"], check=True)
    result, root = draw(tmp_path, "probe", "hunt", "probe", "--game", "fox-hounds", "--size", "6", "--dir", tables)
    arrows = [e for e in root.iter(f"{SVG}line") if e.get("marker-end")]
    assert len(arrows) == len(result["moves"]) > 0
    assert len(all_with(root, "data-piece", "hound")) == 3 and len(all_with(root, "data-piece", "fox")) == 1
    stats, chart = draw(tmp_path, "stats", "hunt", "stats", "--game", "fox-hounds", "--size", "6", "--dir", tables)
    assert chart.find(f".//{SVG}title") is not None and len(stats["layers"]) > 0


def test_mnk_values_on_cells(tmp_path):
    result, root = draw(tmp_path, "mnk", "mnk", "--position", "x../.o./...", "--solver", "alpha-beta")
    labels = {e.get("data-label"): e.text for e in all_with(root, "data-label")}
    assert labels == {m["move"]: m["value"] for m in result["moves"]}


def test_hopscotch_tableau_and_times(tmp_path):
    result, root = draw(tmp_path, "hopscotch", "hopscotch", "--seed", "3")
    on_foundations = [e for e in all_with(root, "data-pile") if e.get("data-pile").startswith("F")]
    assert len(on_foundations) == 4 + result["score"]
    stats, chart = draw(tmp_path, "times", "hopscotch", "stats", "--deals", "20")
    counts = [int(e.find(f"{SVG}title").text.split(": ")[1]) for e in chart.iter(f"{SVG}rect")
              if e.find(f"{SVG}title") is not None]
    assert sum(counts) == 20


def test_a_mode_without_a_picture_says_so(tmp_path):
    result = subprocess.run([GAMESOLVER, "peg", "boards", "--svg", str(tmp_path / "x.svg")], capture_output=True,
                            text=True)
    assert result.returncode == 2 and "draws no picture" in result.stderr
    assert not (tmp_path / "x.svg").exists()
