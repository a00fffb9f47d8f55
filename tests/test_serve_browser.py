"""`pirdsl serve` in a real browser: headless Chromium clicks on the board and the buttons.

A real uvicorn server on 127.0.0.1 (a free port), and Chromium driven over its
DevTools protocol (a WebSocket; the `websockets` package speaks it). Skipped when
Chromium or the web extra is missing; CI installs both.

Run as a script, it also takes a screenshot of each shipped game's table page into
docs/serve/ (`python -m tests.test_serve_browser`).
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
websockets_sync = pytest.importorskip("websockets.sync.client")

from interpreter import load_game  # noqa: E402
from pirdsl.web.app import Server, build_app  # noqa: E402
from pirdsl.web.store import TableStore  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
BROWSER = next((shutil.which(name) for name in BROWSERS if shutil.which(name)), None)
TIME_LIMIT = 150  # seconds for one test's game

pytestmark = pytest.mark.skipif(BROWSER is None, reason="no Chromium installed (apt-get install chromium)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def running_server(games: dict, db: Path):
    """A real server on 127.0.0.1 in a thread; yields (Server, base address)."""
    server = Server(games, TableStore(db))
    port = free_port()
    config = uvicorn.Config(build_app(server), host="127.0.0.1", port=port, log_level="warning",
                            ws_max_size=64 * 1024)
    web = uvicorn.Server(config)
    thread = threading.Thread(target=web.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not web.started and time.monotonic() < end:
        time.sleep(0.02)
    assert web.started, "the server did not start"
    try:
        yield server, f"http://127.0.0.1:{port}"
    finally:
        web.should_exit = True
        thread.join(timeout=20)


class Browser:
    """Headless Chromium and one page of it, driven over the DevTools protocol."""

    def __init__(self, width: int = 1280, height: int = 900) -> None:
        self.profile = tempfile.mkdtemp(prefix="pirdsl-chromium-")
        self.process = subprocess.Popen(
            [BROWSER, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-extensions", "--disable-dev-shm-usage", f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        address = None
        end = time.monotonic() + 30
        while time.monotonic() < end:
            line = self.process.stderr.readline()
            found = re.search(r"DevTools listening on (ws://\S+)", line)
            if found:
                address = found.group(1)
                break
            if not line and self.process.poll() is not None:
                break
        if address is None:
            self.close()
            pytest.skip("Chromium did not start")
        threading.Thread(target=self.process.stderr.read, daemon=True).start()  # keep its pipe from filling
        self.ids = itertools.count(1)
        self.connection = websockets_sync.connect(address, max_size=64 * 1024 * 1024, open_timeout=20)
        self.browser = self.connection.__enter__()
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.session = session
        self.call("Page.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=False)

    def call(self, method: str, session: bool = False, **params):
        number = next(self.ids)
        message = {"id": number, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        self.browser.send(json.dumps(message))
        while True:
            reply = json.loads(self.browser.recv(timeout=30))
            if reply.get("id") == number:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def open(self, url: str) -> None:
        self.call("Page.navigate", session=True, url=url)

    def run(self, script: str):
        result = self.call("Runtime.evaluate", session=True, expression=script, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, script: str, timeout: float = 20.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            value = self.run(script)
            if value:
                return value
            time.sleep(0.05)
        raise AssertionError(f"waited {timeout} s for {script}")

    def click_at(self, x: float, y: float) -> None:
        """A real mouse click at page coordinates (as a person's)."""
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", session=True, type=kind, x=x, y=y, button="left", clickCount=1)

    def click(self, selector: str) -> bool:
        """Click the first element `selector` finds; False when there is none (the page changed meanwhile)."""
        box = self.run(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: "center"}}); const r = e.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2]; }})()""")
        if not box:
            return False
        self.click_at(*box)
        return True

    def screenshot(self) -> bytes:
        return base64.b64decode(self.call("Page.captureScreenshot", session=True, format="png")["data"])

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.connection.__exit__(None, None, None)
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


@pytest.fixture
def browser():
    page = Browser()
    try:
        yield page
    finally:
        page.close()


def open_table(base: str, server: Server, **body) -> dict:
    import httpx

    response = httpx.post(f"{base}/api/{server.host_secret}/tables", json=body, timeout=20)
    assert response.status_code == 201, response.text
    return response.json()


STATE = """(() => { if (typeof views === "undefined") return null;
  const all = Object.values(views); const v = all.find(x => x.options.length) || all[0];
  return v ? JSON.stringify({version: v.version,
  options: v.options.length, picks: document.querySelectorAll('svg .pick').length,
  tiles: document.querySelectorAll('.tile.pick').length, over: !!v.winners,
  covered: document.getElementById('cover').style.display === 'flex'}) : null; })()"""


def play_by_clicking(browser: Browser, server: Server, table_id: str, seats: int, limit: int, deadline: float) -> dict:
    """Take decisions by clicking: a board cell where one is marked, else a marked piece in a zone (a card in
    a hand), else a button; returns the clicks of each sort."""
    table = server.tables[table_id]
    clicks = {"board": 0, "piece": 0, "button": 0}
    last = -1
    missed = 0
    while sum(clicks.values()) < limit and time.monotonic() < deadline:
        state = json.loads(browser.wait_for(STATE))
        if state["over"]:
            break
        if state["covered"]:  # several seats at one device: take it
            browser.click("#cover-button")
            continue
        if not state["options"] or state["version"] == last:
            time.sleep(0.05)
            continue
        kind, selector = ("board", "svg .pick") if state["picks"] else \
            ("piece", ".tile.pick") if state["tiles"] else ("button", "#options button")
        if not browser.click(selector):
            continue  # a new view came between looking and clicking: look again
        last = state["version"]
        end = time.monotonic() + 10
        while table.version == last and time.monotonic() < end:  # the server took the click
            time.sleep(0.02)
        if table.version == last:
            # Under a loaded machine the page may have clicked a view the server had already moved past
            # (it then refuses the click as stale, to that page alone): look again, a few times at most.
            missed += 1
            assert missed <= 3, "the click was not taken"
            last = -1
            continue
        clicks[kind] += 1
    return clicks


def names_that_decided(browser: Browser) -> list[str]:
    return browser.run("window.decided || []")


def test_two_people_at_one_device_play_to_glory_by_clicking_on_the_board(tmp_path, browser):
    game = load_game(str(GAMES / "to_glory.pir"))
    with running_server({"to_glory": game}, tmp_path / "tables.sqlite3") as (server, base):
        links = open_table(base, server, game="to_glory", players=2, seats=["human", "human"], seed=4)
        secrets = "+".join(seat["url"].rsplit("/", 1)[1] for seat in links["seats"])
        browser.open(f"{base}/play/{links['table']}/{secrets}")
        browser.wait_for("document.querySelectorAll('#cover-button').length > 0")
        clicks = play_by_clicking(browser, server, links["table"], 2, limit=12, deadline=time.monotonic() + TIME_LIMIT)
        assert clicks["board"] >= 1  # the Kraken is placed by clicking its hex
        assert sum(clicks.values()) == 12, clicks  # both seats decided, the device passed between them
        table = server.tables[links["table"]]
        assert table.state.history  # the decisions reached the game
        assert len({table.state.seat_names.index(name) for name in names_that_decided(browser)}) == 2


def test_a_whole_game_of_glory_islands_against_a_bot_in_the_browser(tmp_path, browser):
    game = load_game(str(GAMES / "glory_islands.pir"))
    with running_server({"glory_islands": game}, tmp_path / "tables.sqlite3") as (server, base):
        links = open_table(base, server, game="glory_islands", players=2, seats=["human", "random"], seed=2)
        browser.open(base + links["seats"][0]["url"])
        deadline = time.monotonic() + TIME_LIMIT
        clicks = play_by_clicking(browser, server, links["table"], 1, limit=2_000, deadline=deadline)
        assert server.tables[links["table"]].state.is_terminal(), f"unfinished after {clicks}"
        assert clicks["board"] > 0 and clicks["button"] > 0
        assert clicks["piece"] > 0, clicks  # a sailing card is played by clicking it in the hand
        text = browser.wait_for("document.getElementById('status').textContent")
        assert "Game over" in text
        # No other seat's hand is on the page: the bot's hidden zones show as face-down tiles with a count.
        assert browser.run("document.querySelectorAll('.tile.back').length > 0")


def take_screenshots(folder: Path) -> list[Path]:
    """A mid-game screenshot of each shipped game's table page, for docs/serve/."""
    from interpreter.files import write_file

    written = []
    page = Browser(width=1280, height=860)
    try:
        with tempfile.TemporaryDirectory() as scratch:
            for path in sorted(GAMES.glob("*.pir")):
                game = load_game(str(path))
                with running_server({path.stem: game}, Path(scratch) / f"{path.stem}.sqlite3") as (server, base):
                    probe = game.new_state(players=game.min_players, seed=3)
                    people = [seat for seat in range(probe.num_seats) if not probe.is_automa(seat)]
                    seats = ["human"] + ["random"] * (len(people) - 1)
                    links = open_table(base, server, game=path.stem, players=game.min_players, seats=seats, seed=3)
                    page.open(base + links["seats"][0]["url"])
                    play_by_clicking(page, server, links["table"], 1, limit=4, deadline=time.monotonic() + 60)
                    server.wait_for_bots()
                    time.sleep(0.5)
                    target = folder / f"{path.stem}.png"
                    write_file(target, page.screenshot(), force=True)
                    written.append(target)
    finally:
        page.close()
    return written


if __name__ == "__main__":
    if BROWSER is None:
        sys.exit("no Chromium installed")
    out = ROOT / "docs" / "serve"
    out.mkdir(exist_ok=True)
    for shot in take_screenshots(out):
        print(shot.relative_to(ROOT))
