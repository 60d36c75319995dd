"""The browser the page tests share: Debian's chromium, headless, driven by chromedriver through
selenium (one per test module)."""

import json
import os
import pathlib
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

selenium = pytest.importorskip("selenium")
from selenium import webdriver  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMESOLVER = os.environ.get("GAMESOLVER", str(ROOT / "build" / "gamesolver"))


def gamesolver(*args):
    result = subprocess.run([GAMESOLVER, *args], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port, process, what):
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert process.poll() is None, f"{what} exited"
            assert time.monotonic() < deadline, f"{what} did not listen within 30 s"
            time.sleep(0.1)


def serve(directory):
    """`gamesolver serve` of the tables in `directory` on a free port: yields the JSON it prints
    first (url, port, games), and stops the server after."""
    process = subprocess.Popen([GAMESOLVER, "serve", "--dir", str(directory), "--port", "0", "--json", "-", "-q"],
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
    """(status, JSON body) of a GET from a server that serve() started."""
    url = server["url"].rstrip("/") + path + ("?" + urllib.parse.urlencode(params) if params else "")
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    chromium, chromedriver = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not chromedriver:
        pytest.fail("chromium and chromedriver are needed (scripts/setup.sh installs them)")
    # chromedriver started here and reached at 127.0.0.1: selenium's own service asks for
    # "localhost", which a minimal Debian root (no /etc/hosts) cannot resolve.
    port = free_port()
    driver_process = subprocess.Popen([chromedriver, f"--port={port}"], stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
    wait_for_port(port, driver_process, "chromedriver")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    profile = tmp_path_factory.mktemp("chromium-profile")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--remote-debugging-pipe",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Remote(command_executor=f"http://127.0.0.1:{port}", options=options)
    yield driver
    driver.quit()
    driver_process.terminate()
    driver_process.wait(timeout=30)
