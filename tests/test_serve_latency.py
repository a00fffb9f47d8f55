"""How soon a page shows a move, over a real network connection (issue 30 asks for 100 ms on this machine).

A real server (uvicorn on 127.0.0.1, in a thread) and real WebSocket clients over
TCP, as browsers connect: each move's time is taken on the server when the table
changes (before it writes its record and tells the pages) and again when a page's socket has received the
view that shows it; both clocks are this process's. Two sorts of move are timed:

* another seat's: two people at a table of To Glory!, each on their own socket,
  taking turns; the time runs from the table changing to the *other* seat's page
  having the view;
* a bot's: a person against a bot at Glory Islands; the time runs from the bot's
  move changing the table to the person's page having a view that shows it.

The test holds the median to the issue's 100 ms and leaves the slowest room for a
busy machine. `python -m tests.test_serve_latency` prints the figures.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")

from interpreter import load_game  # noqa: E402
try:
    from test_serve_browser import running_server  # noqa: E402
except ImportError:  # run as `python -m tests.test_serve_latency`
    from tests.test_serve_browser import running_server  # noqa: E402

GAMES = Path(__file__).resolve().parent.parent / "games"
TIME_LIMIT = 120.0  # seconds for one measurement at most


def open_table(base: str, server, **body) -> dict:
    import httpx

    response = httpx.post(f"{base}/api/{server.host_secret}/tables", json=body, timeout=20)
    assert response.status_code == 201, response.text
    return response.json()


def socket_url(base: str, link: str) -> str:
    return base.replace("http://", "ws://") + link.replace("/play/", "/ws/")


async def _receive_view(socket) -> dict:
    while True:
        message = json.loads(await socket.recv())
        if message.get("type") == "view":
            return message


async def _seats_taking_turns(base: str, links: dict, changed: dict[int, float], moves: int) -> list[float]:
    """Each seat acts in turn on its own socket; the other's page is timed."""
    sockets = [await websockets.connect(socket_url(base, seat["url"])) for seat in links["seats"]]
    delays: list[float] = []
    try:
        views = [await _receive_view(socket) for socket in sockets]
        end = time.monotonic() + TIME_LIMIT
        while len(delays) < moves and time.monotonic() < end:
            deciding = next((index for index, view in enumerate(views) if view["options"]), None)
            if deciding is None or views[deciding].get("winners") is not None:
                break
            other = 1 - deciding
            before = views[other]["version"]
            await sockets[deciding].send(json.dumps({"type": "act", "version": views[deciding]["version"],
                                                     "option": len(views[deciding]["options"]) - 1}))
            while views[other]["version"] <= before:
                views[other] = await asyncio.wait_for(_receive_view(sockets[other]), 10)
            delays.append(time.perf_counter() - changed[views[other]["version"]])
            # the deciding seat's own socket catches up to the same view
            while views[deciding]["version"] < views[other]["version"]:
                views[deciding] = await asyncio.wait_for(_receive_view(sockets[deciding]), 10)
    finally:
        for socket in sockets:
            await socket.close()
    return delays


async def _against_a_bot(base: str, link: str, changed: dict[int, float], moves: int, bots) -> list[float]:
    """The person takes the last option each time; every view that shows a bot's move is timed."""
    delays: list[float] = []
    async with websockets.connect(socket_url(base, link)) as socket:
        view = await _receive_view(socket)
        end = time.monotonic() + TIME_LIMIT
        while len(delays) < moves and time.monotonic() < end and view.get("winners") is None:
            if view["options"]:
                await socket.send(json.dumps({"type": "act", "version": view["version"],
                                              "option": len(view["options"]) - 1}))
            view = await asyncio.wait_for(_receive_view(socket), 30)
            if view["version"] in bots:
                delays.append(time.perf_counter() - changed[view["version"]])
    return delays


def timed(table) -> dict[int, float]:
    """When the table took each version: as the move is made, before the record is written and the pages told."""
    changed: dict[int, float] = {}
    keep = table.on_change

    def on_change(changed_table) -> None:
        changed.setdefault(changed_table.version, time.perf_counter())
        if keep is not None:
            keep(changed_table)

    table.on_change = on_change
    return changed


def measure(tmp: Path, moves: int = 30) -> dict[str, list[float]]:
    """Seconds from a move to a page showing it: {"another seat": [...], "a bot": [...]}."""
    found: dict[str, list[float]] = {}
    to_glory = load_game(str(GAMES / "to_glory.pir"))
    with running_server({"to_glory": to_glory}, tmp / "seats.sqlite3") as (server, base):
        links = open_table(base, server, game="to_glory", players=2, seats=["human", "human"], seed=5)
        changed = timed(server.tables[links["table"]])
        found["another seat"] = asyncio.run(_seats_taking_turns(base, links, changed, moves))
    glory = load_game(str(GAMES / "glory_islands.pir"))
    with running_server({"glory_islands": glory}, tmp / "bot.sqlite3") as (server, base):
        server.bot_delay = 0.05  # a bot's moves a little apart, so that the page is sent each one
        links = open_table(base, server, game="glory_islands", players=2, seats=["human", "random"], seed=5)
        table = server.tables[links["table"]]
        changed, bots = timed(table), set()
        stepping = threading.local()  # set while the server's worker takes a step no person takes
        step = table.step

        def worker_step() -> bool:
            stepping.on = True
            try:
                return step()
            finally:
                stepping.on = False

        def note() -> None:
            if getattr(stepping, "on", False):
                bots.add(table.version)

        table.step = worker_step
        table.listeners.add(note)
        found["a bot"] = asyncio.run(_against_a_bot(base, links["seats"][0]["url"], changed, moves, bots))
    return found


def test_a_page_shows_a_move_within_100_ms_over_the_network(tmp_path) -> None:
    found = measure(tmp_path, moves=30)
    for sort, delays in found.items():
        assert len(delays) >= 10, f"{sort}: only {len(delays)} moves timed"
        median = statistics.median(delays)
        assert median < 0.1, f"{sort}: a page showed a move {median * 1000:.0f} ms after it (median)"
        assert max(delays) < 1.0, f"{sort}: the slowest took {max(delays) * 1000:.0f} ms"


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        for sort, delays in measure(Path(scratch), moves=int(sys.argv[1]) if len(sys.argv) > 1 else 60).items():
            print(f"{sort}: a page shows the move {statistics.median(delays) * 1000:.1f} ms after it (median of "
                  f"{len(delays)}; slowest {max(delays) * 1000:.1f} ms)")

