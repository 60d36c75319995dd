"""`gamesolver serve`: its JSON API against `hunt probe`, bad requests, 100 requests from 8
clients at once, and whole games of Fox and Hounds played on the page in a real browser by
clicking the board (the fox against the tables' hounds, which must win), with the hints checked
against `hunt probe`, undo, and the downloaded record replayed by `gamesolver view`; Mount'n
Fall's 4x4 tables served the same way, against `mountnfall probe`, and a whole game of it from a
lost position played on the page; m,n,k strong solutions (tic-tac-toe, 4,3,3) against `mnk
probe`, and a whole game of tic-tac-toe clicked on the page."""

import concurrent.futures
import json
import subprocess
import time

import pytest

from conftest import GAMESOLVER, get, gamesolver, serve

selenium = pytest.importorskip("selenium")
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    directory = tmp_path_factory.mktemp("tables")
    gamesolver("hunt", "build", "--game", "fox-hounds", "--dir", str(directory), "-q")
    return directory


@pytest.fixture(scope="module")
def server(tables):
    yield from serve(tables)


def probe(tables, position=None):
    args = ["hunt", "probe", "--game", "fox-hounds", "--dir", str(tables), "--json", "-", "-q"]
    return json.loads(gamesolver(*args, *(["--position", position] if position else [])))


def without_time(answer):
    return {k: v for k, v in answer.items() if k != "probe_ms"}


def test_games_and_probe_answer_as_the_command_does(server, tables):
    assert server["url"].startswith("http://127.0.0.1:")
    status, games = get(server, "/api/games")
    assert status == 200
    assert [(g["game"], g["variant"], g["rule"]) for g in games["games"]] == [("fox-hounds", "8x8", None)]
    start = games["games"][0]["start"]
    status, answer = get(server, "/api/probe", game="fox-hounds")
    assert status == 200
    assert without_time(answer) == without_time(probe(tables))
    assert answer["position"] == start and answer["value"] == "loss" and answer["distance"] == 44
    after = answer["moves"][0]["position"]
    assert without_time(get(server, "/api/probe", game="fox-hounds", position=after)[1]) == without_time(
        probe(tables, after))


@pytest.mark.parametrize("path, params, reason", [
    ("/api/probe", {}, "game= is missing"),
    ("/api/probe", {"game": "chess"}, "no tables of game 'chess'"),
    ("/api/probe", {"game": "fox-hounds", "variant": "6x6"}, "no variant '6x6'"),
    ("/api/probe", {"game": "fox-hounds", "position": "not a position"}, ""),
    ("/api/turn", {"game": "fox-hounds", "position": "F......./......../......../......../......../......../"
                                                     "......../HHHH.... h"}, ""),
    ("/api/turn", {"game": "fox-hounds", "counter": "3"}, "counter applies under a draw rule"),
    ("/api/turn", {"game": "fox-hounds", "counter": "-1"}, "counter= must be a number"),
])
def test_bad_requests_get_a_400_and_a_reason(server, path, params, reason):
    status, answer = get(server, path, **params)
    assert status == 400, answer
    assert reason in answer["error"] and "\n" not in answer["error"] and answer["error"]


def test_unknown_pages_get_a_404_and_the_server_stays_up(server):
    status, answer = get(server, "/nothing/here")
    assert status == 404 and "no such page" in answer["error"]
    assert get(server, "/api/games")[0] == 200


def test_a_hundred_requests_from_eight_clients(server):
    status, start = get(server, "/api/turn", game="fox-hounds")
    positions = [start["position"]] + [m["position"] for m in start["moves"]]

    def ask(i):
        began = time.monotonic()
        answer = get(server, "/api/turn", game="fox-hounds", position=positions[i % len(positions)])
        return answer, time.monotonic() - began

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as clients:
        answers = list(clients.map(ask, range(100)))
    assert all(status == 200 for (status, _), _ in answers)
    for i, ((_, answer), _) in enumerate(answers):
        assert answer == answers[i % len(positions)][0][1]  # the same question, the same answer
    seconds = sorted(s for _, s in answers)
    print(f"100 requests from 8 clients: median {seconds[50] * 1000:.1f} ms, slowest {seconds[-1] * 1000:.1f} ms")


def click_point(browser, name):
    point = browser.find_element(By.CSS_SELECTOR, f'#board [data-at="{name}"]')
    ActionChains(browser).move_to_element(point).click().perform()


def body(browser, key):
    return browser.find_element(By.TAG_NAME, "body").get_attribute(f"data-{key}")


def wait_for_your_turn_or_the_end(browser):
    WebDriverWait(browser, 30).until(lambda b: body(b, "your-turn") == "1" or body(b, "over") == "1")


def start_game(browser, server, side):
    browser.get(server["url"])
    WebDriverWait(browser, 30).until(lambda b: body(b, "ready") == "1")
    Select(browser.find_element(By.ID, "side")).select_by_value(side)
    browser.find_element(By.ID, "new").click()
    WebDriverWait(browser, 30).until(lambda b: body(b, "position"))


def test_a_whole_game_as_the_fox_in_the_browser(browser, server, tables, tmp_path):
    start_game(browser, server, "fox")
    hints_checked = undone = False
    for _ in range(200):
        wait_for_your_turn_or_the_end(browser)
        if body(browser, "over") == "1":
            break
        position = body(browser, "position")
        if not hints_checked:  # the hints are hunt probe's moves and values, best first
            browser.find_element(By.ID, "hint").click()
            shown = [line.get_attribute("data-move") + " " + line.get_attribute("class")
                     for line in browser.find_elements(By.CSS_SELECTOR, "#hints > div")]
            assert shown == [m["move"] + " " + m["value"] for m in probe(tables, position)["moves"]]
            browser.find_element(By.ID, "hint").click()
            hints_checked = True
        # The fox takes the move the tables rank last (the quickest loss), by clicking its way.
        move = probe(tables, position)["moves"][-1]["move"]
        source, target = move.split("-")
        click_point(browser, source)
        click_point(browser, target)
        WebDriverWait(browser, 30).until(lambda b: body(b, "position") != position)
        if not undone and int(body(browser, "plies")) >= 3:  # undo goes back to this turn
            wait_for_your_turn_or_the_end(browser)
            browser.find_element(By.ID, "undo").click()
            WebDriverWait(browser, 30).until(lambda b: body(b, "position") == position)
            undone = True
    assert body(browser, "over") == "1"
    assert undone and hints_checked
    assert "hounds win. The tables win." in browser.find_element(By.ID, "status").text
    browser.find_element(By.ID, "download").click()
    record = json.loads(body(browser, "record"))
    assert record["winner"] == "hounds" and record["final_position"] == body(browser, "position")
    record_file, page = tmp_path / "game.json", tmp_path / "game.html"
    record_file.write_text(json.dumps(record))
    replayed = json.loads(gamesolver("view", str(record_file), "--html", str(page), "--json", "-", "-q"))
    assert replayed["final_position"] == record["final_position"]
    assert replayed["frames"] == len(record["moves"]) + 1


def test_the_tables_as_the_fox_answer_with_the_best_move(browser, server, tables):
    start_game(browser, server, "hounds")  # the fox moves first: the tables play it at once
    WebDriverWait(browser, 30).until(lambda b: body(b, "plies") == "1")
    start = probe(tables)
    best = start["moves"][0]  # the slowest loss comes first
    assert body(browser, "position") == best["position"]


@pytest.fixture(scope="module")
def mountnfall_tables(tmp_path_factory):
    directory = tmp_path_factory.mktemp("mountnfall")
    gamesolver("mountnfall", "build", "--size", "4", "--triangle", "2", "--dir", str(directory), "-q")
    return directory


@pytest.fixture(scope="module")
def mountnfall_server(mountnfall_tables):
    yield from serve(mountnfall_tables)


def mountnfall_probe(tables, position=None):
    args = ["mountnfall", "probe", "--size", "4", "--triangle", "2", "--dir", str(tables), "--json", "-", "-q"]
    return json.loads(gamesolver(*args, *(["--position", position] if position else [])))


def test_mountnfall_tables_answer_as_mountnfall_probe(mountnfall_server, mountnfall_tables):
    status, games = get(mountnfall_server, "/api/games")
    assert status == 200
    assert [(g["game"], g["variant"], g["rule"]) for g in games["games"]] == [("mountnfall", "4x4-t2", None)]
    status, turn = get(mountnfall_server, "/api/turn", game="mountnfall")
    assert status == 200 and turn["moves"]
    for position in [None] + [m["position"] for m in turn["moves"]]:
        status, answer = get(mountnfall_server, "/api/probe", game="mountnfall", **({"position": position} if position else {}))
        assert status == 200
        assert without_time(answer) == without_time(mountnfall_probe(mountnfall_tables, position))
    # Each move of the turn is the probe's, with the points a player clicks: a pile-up's single
    # and its target (the move "c4-d4"), a collapse's stack and the first square it falls on.
    assert [(m["move"], m["value"]) for m in turn["moves"]] == [(m["move"], m["value"])
                                                                 for m in mountnfall_probe(mountnfall_tables)["moves"]]
    for m in turn["moves"]:
        assert m["move"] == m["from"] + "-" + m["to"] or m["move"].startswith(m["from"] + ">")


def lost_position(server):
    """A position reached from the start where the side to move loses, a few moves from the end:
    found by going through the turns breadth first (the start is a draw)."""
    queue, seen = [None], set()
    while queue:
        status, turn = get(server, "/api/turn", game="mountnfall", **({"position": queue[0]} if queue[0] else {}))
        queue.pop(0)
        assert status == 200
        if turn["value"]["value"] == "loss" and turn["value"]["distance"] >= 3:
            return turn["position"]
        for m in turn["moves"]:
            if m["position"] not in seen and len(seen) < 5000:
                seen.add(m["position"])
                queue.append(m["position"])
    pytest.fail("no lost position within 5,000 positions of the start")


def test_a_whole_game_of_mountnfall_lost_on_the_page(browser, mountnfall_server, mountnfall_tables, tmp_path):
    position = lost_position(mountnfall_server)
    side = get(mountnfall_server, "/api/turn", game="mountnfall", position=position)[1]["side_to_move"]
    browser.get(mountnfall_server["url"])
    WebDriverWait(browser, 30).until(lambda b: body(b, "ready") == "1")
    Select(browser.find_element(By.ID, "side")).select_by_value(side)
    field = browser.find_element(By.ID, "position")
    field.clear()
    field.send_keys(position)
    browser.find_element(By.ID, "new").click()
    WebDriverWait(browser, 30).until(lambda b: body(b, "position") == position)
    for _ in range(100):
        wait_for_your_turn_or_the_end(browser)
        if body(browser, "over") == "1":
            break
        now = body(browser, "position")
        move = mountnfall_probe(mountnfall_tables, now)["moves"][-1]["move"]  # the quickest loss
        points = next(m for m in get(mountnfall_server, "/api/turn", game="mountnfall", position=now)[1]["moves"]
                      if m["move"] == move)
        click_point(browser, points["from"])
        click_point(browser, points["to"])
        for choice in browser.find_elements(By.CSS_SELECTOR, "#choices button"):  # moves joining the same points
            if choice.text == move:
                choice.click()
        WebDriverWait(browser, 30).until(lambda b: body(b, "position") != now)
    assert body(browser, "over") == "1"
    browser.find_element(By.ID, "download").click()
    record = json.loads(body(browser, "record"))
    assert record["winner"] is not None and record["winner"] != side
    assert record["parameters"] == {"game": "mountnfall", "size": 4, "triangle": 2}
    record_file, page = tmp_path / "mountnfall-game.json", tmp_path / "mountnfall-game.html"
    record_file.write_text(json.dumps(record))
    replayed = json.loads(gamesolver("view", str(record_file), "--html", str(page), "--json", "-", "-q"))
    assert replayed["final_position"] == record["final_position"]
    assert replayed["frames"] == len(record["moves"]) + 1
    # A record whose stated winner is not the board's is refused.
    record["winner"] = side
    record_file.write_text(json.dumps(record))
    refused = subprocess.run([GAMESOLVER, "view", str(record_file), "--html", str(page)], capture_output=True, text=True)
    assert refused.returncode == 1 and "its winner is not who its moves make the winner" in refused.stderr


@pytest.fixture(scope="module")
def mnk_tables(tmp_path_factory):
    directory = tmp_path_factory.mktemp("mnk")
    gamesolver("tictactoe", "--all", "--output", str(directory / "ttt.table"), "-q")
    gamesolver("mnk", "--m", "4", "--n", "3", "--k", "3", "--all", "--output", str(directory / "433.table"), "-q")
    (directory / "notes.txt").write_text("not a table: left alone\n")
    return directory


@pytest.fixture(scope="module")
def mnk_server(mnk_tables):
    yield from serve(mnk_tables)


def mnk_probe(tables, position, table="ttt.table"):
    return json.loads(gamesolver("mnk", "probe", "--table", str(tables / table), "--position", position, "--json", "-", "-q"))


def test_mnk_tables_answer_as_mnk_probe(mnk_server, mnk_tables):
    status, games = get(mnk_server, "/api/games")
    assert status == 200
    assert [(g["game"], g["variant"], g["start"]) for g in games["games"]] == [
        ("mnk", "4,3,3", "..../..../...."), ("mnk", "3,3,3", ".../.../...")]
    status, turn = get(mnk_server, "/api/turn", game="mnk", variant="3,3,3", position="X../.O./...")
    assert status == 200 and turn["side_to_move"] == "X" and turn["best"] == 0
    probed = mnk_probe(mnk_tables, "X../.O./...")
    assert [(m["move"], m["value"]) for m in turn["moves"]] == [(m["move"], m["value"]) for m in probed["moves"]]
    for m in turn["moves"]:
        assert m["from"] == m["to"] == m["move"]  # a stone put on a cell
        status, answer = get(mnk_server, "/api/probe", game="mnk", variant="3,3,3", position=m["position"])
        assert status == 200 and answer == mnk_probe(mnk_tables, m["position"])
    # 4,3,3 is a first-player win: the best move wins fastest, as the probe ranks it.
    status, turn = get(mnk_server, "/api/turn", game="mnk", variant="4,3,3")
    first = mnk_probe(mnk_tables, "..../..../....", "433.table")["moves"][0]
    assert turn["value"] == {"value": "win", "distance": 7}
    assert (turn["moves"][0]["move"], turn["moves"][0]["distance"]) == (first["move"], first["distance"])
    # A finished game: no moves, and who won.
    status, turn = get(mnk_server, "/api/turn", game="mnk", variant="3,3,3", position="XXX/OO./...")
    assert turn["moves"] == [] and turn["best"] is None and turn["end"] == {"reason": "game over", "winner": "X"}


@pytest.mark.parametrize("params, reason", [
    ({"game": "mnk"}, "several variants of mnk are served"),
    ({"game": "mnk", "variant": "3,3,3", "position": "XX./.../..."}, "impossible position"),
    ({"game": "mnk", "variant": "3,3,3", "counter": "1"}, "counter applies under a draw rule"),
    ({"game": "mnk", "variant": "5,5,4"}, "no variant '5,5,4' of mnk is served"),
])
def test_bad_mnk_requests_get_a_400_and_a_reason(mnk_server, params, reason):
    for path in ("/api/turn", "/api/probe"):
        status, answer = get(mnk_server, path, **params)
        assert status == 400 and reason in answer["error"], (path, answer)


def test_a_whole_game_of_tictactoe_on_the_page(browser, mnk_server, mnk_tables, tmp_path):
    browser.get(mnk_server["url"])
    WebDriverWait(browser, 30).until(lambda b: body(b, "ready") == "1")
    Select(browser.find_element(By.ID, "game")).select_by_visible_text("mnk 3,3,3")
    Select(browser.find_element(By.ID, "side")).select_by_value("X")
    browser.find_element(By.ID, "new").click()
    WebDriverWait(browser, 30).until(lambda b: body(b, "position"))
    hints_checked = False
    for _ in range(10):
        wait_for_your_turn_or_the_end(browser)
        if body(browser, "over") == "1":
            break
        now = body(browser, "position")
        moves = mnk_probe(mnk_tables, now)["moves"]
        if not hints_checked:  # the hints are mnk probe's moves and values, best first
            browser.find_element(By.ID, "hint").click()
            shown = [line.get_attribute("data-move") + " " + line.get_attribute("class")
                     for line in browser.find_elements(By.CSS_SELECTOR, "#hints > div")]
            assert shown == [m["move"] + " " + m["value"] for m in moves]
            browser.find_element(By.ID, "hint").click()
            hints_checked = True
        click_point(browser, moves[-1]["move"])  # the person plays the move ranked last
        WebDriverWait(browser, 30).until(lambda b: body(b, "position") != now)
    assert body(browser, "over") == "1" and hints_checked
    browser.find_element(By.ID, "download").click()
    record = json.loads(body(browser, "record"))
    assert record["parameters"] == {"game": "mnk", "m": 3, "n": 3, "k": 3}
    assert record["winner"] == "O"  # the tables punish the worst moves
    record_file, page = tmp_path / "ttt-game.json", tmp_path / "ttt-game.html"
    record_file.write_text(json.dumps(record))
    replayed = json.loads(gamesolver("view", str(record_file), "--html", str(page), "--json", "-", "-q"))
    assert replayed["final_position"] == record["final_position"]
    assert replayed["frames"] == len(record["moves"]) + 1
    # A record whose moves do not reach its final position is refused.
    record["final_position"] = ".../.../..."
    record_file.write_text(json.dumps(record))
    refused = subprocess.run([GAMESOLVER, "view", str(record_file), "--html", str(page)], capture_output=True, text=True)
    assert refused.returncode == 1 and "its final_position is not the position its moves reach" in refused.stderr
