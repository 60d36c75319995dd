"""`gamesolver serve`: its JSON API against `hunt probe`, bad requests, 100 requests from 8
clients at once, and whole games of Fox and Hounds played on the page in a real browser by
clicking the board (the fox against the tables' hounds, which must win), with the hints checked
against `hunt probe`, undo, and the downloaded record replayed by `gamesolver view`."""

import concurrent.futures
import json
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from conftest import GAMESOLVER, gamesolver, wait_for_port

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
    """The server on a free port, as the JSON it prints first names it."""
    process = subprocess.Popen([GAMESOLVER, "serve", "--dir", str(tables), "--port", "0", "--json", "-", "-q"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    text = ""
    while True:  # the JSON object, however many lines it takes
        line = process.stdout.readline()
        assert line, process.stderr.read()
        text += line
        try:
            started = json.loads(text)
            break
        except json.JSONDecodeError:
            continue
    wait_for_port(started["port"], process, "gamesolver serve")
    yield started
    process.terminate()
    process.wait(timeout=30)


def get(server, path, **params):
    """(status, JSON body) of a GET."""
    url = server["url"].rstrip("/") + path + ("?" + urllib.parse.urlencode(params) if params else "")
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


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
