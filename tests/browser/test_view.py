"""The replay pages of `gamesolver view` in a real browser (Debian's chromium, driven by
chromedriver through selenium): each page is opened from disk, stepped forward with its "next"
button to the end, and the position drawn there is read back from the page (every piece is an
element with data-point/data-piece, every card data-pile/data-card) and compared with the final
position the file itself states, parsed here independently of the C++ drawing code."""

import json
import subprocess

import pytest

from conftest import GAMESOLVER, gamesolver

selenium = pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402


def play_to_the_end(browser, page):
    """Opens the page, presses next until the last frame, and returns the frame count."""
    browser.get(page.as_uri())
    frames = int(browser.find_element(By.ID, "slider").get_attribute("max"))
    assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-frame") == "0"
    for _ in range(frames):
        browser.find_element(By.ID, "next").click()
    assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-frame") == str(frames)
    browser.find_element(By.ID, "next").click()  # past the end: stays on the last frame
    assert browser.find_element(By.ID, "step").text == f"{frames} / {frames}"
    return frames


def drawn_pieces(browser):
    """{point name: (kind, text)} of the pieces on the board shown."""
    pieces = {}
    for element in browser.find_elements(By.CSS_SELECTOR, "#board [data-piece]"):
        point = element.get_attribute("data-point")
        assert point not in pieces, f"two pieces drawn on {point}"
        pieces[point] = (element.get_attribute("data-piece"), element.get_attribute("data-text") or "")
    return pieces


def grid_rows(position):
    return position.split(" ")[0].split("/")


def test_peg_solution(browser, tmp_path):
    solution, page = tmp_path / "sol.txt", tmp_path / "sol.html"
    gamesolver("peg", "--board", "french", "--start", "c1", "--finish", "any", "--output", str(solution), "-q")
    gamesolver("view", str(solution), "--html", str(page))
    final = json.loads(gamesolver("peg", "verify", str(solution), "--json", "-"))["final_position"]
    assert play_to_the_end(browser, page) == json.loads(gamesolver("peg", "verify", str(solution), "--json", "-"))["jumps"]
    # Holes: column letter from the left, row number from the bottom.
    rows = grid_rows(final)
    expected = {f"{chr(ord('a') + c)}{len(rows) - r}": ("peg", "")
                for r, row in enumerate(rows) for c, cell in enumerate(row) if cell == "x"}
    assert len(expected) == 1
    assert drawn_pieces(browser) == expected
    assert browser.find_element(By.ID, "final").get_attribute("textContent") == final


def test_hopscotch_play(browser, tmp_path):
    play, page = tmp_path / "play.txt", tmp_path / "play.html"
    gamesolver("hopscotch", "--seed", "7", "--output", str(play), "-q")
    gamesolver("view", str(play), "--html", str(page))
    lines = play.read_text().splitlines()
    deal = next(line for line in lines if line.startswith("deal: "))[6:].split()
    plays = [line for line in lines if line.startswith("play: ")]
    assert next(line for line in lines if line.startswith("score: ")) == "score: 48"
    assert play_to_the_end(browser, page) == len(plays)
    cards = [(e.get_attribute("data-pile"), e.get_attribute("data-card"))
             for e in browser.find_elements(By.CSS_SELECTOR, "#board [data-card]")]
    # Won: every card of the deal and the four starting clubs on the foundations, nothing else.
    assert sorted(card for pile, card in cards if pile.startswith("F")) == sorted(deal + ["AC", "2C", "3C", "4C"])
    assert [pile for pile, _ in cards if not pile.startswith("F")] == []


def test_mountnfall_match_game(browser, tmp_path):
    match, page = tmp_path / "match.json", tmp_path / "match.html"
    gamesolver("mountnfall", "match", "--size", "5", "--triangle", "3", "--games", "2", "--time", "0.01",
               "--json", str(match), "-q")
    gamesolver("view", str(match), "--game", "2", "--html", str(page))
    record = json.loads(match.read_text())["game_results"][1]
    assert play_to_the_end(browser, page) == len(record["moves"])
    # Ranks from the top row down (rank n first), files a, b, ... ; "w3" a white stack of 3.
    expected = {}
    rows = grid_rows(record["final_position"])
    for r, row in enumerate(rows):
        file, i = 0, 0
        while i < len(row):
            if row[i] == ".":
                i, file = i + 1, file + 1
                continue
            j = i + 1
            while j < len(row) and row[j].isdigit():
                j += 1
            expected[f"{chr(ord('a') + file)}{len(rows) - r}"] = ("white" if row[i] == "w" else "black", row[i + 1:j])
            i, file = j, file + 1
    assert drawn_pieces(browser) == expected


def test_hunt_game_record(browser, tmp_path):
    tables, record_file, page = tmp_path / "fh6", tmp_path / "game.json", tmp_path / "game.html"
    gamesolver("hunt", "build", "--game", "fox-hounds", "--size", "6", "--dir", str(tables), "-q")
    moves = "(1,3)-(2,2)\n(2,2)-(3,3)\n(3,3)-(4,4)\nquit\n"
    result = subprocess.run([GAMESOLVER, "hunt", "play", "--game", "fox-hounds", "--size", "6", "--dir", str(tables),
                             "--json", str(record_file), "-q"], input=moves, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    gamesolver("view", str(record_file), "--html", str(page))
    record = json.loads(record_file.read_text())
    assert len(record["moves"]) >= 5
    assert play_to_the_end(browser, page) == len(record["moves"])
    kinds = {"F": "fox", "H": "hound"}
    expected = {f"({r + 1},{c + 1})": (kinds[cell], "")
                for r, row in enumerate(grid_rows(record["final_position"])) for c, cell in enumerate(row)
                if cell in kinds}
    assert drawn_pieces(browser) == expected
