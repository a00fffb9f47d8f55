"""No page of `pirdsl serve` receives what its seat may not see: whole games of every shipped game.

Every seat is a person's (so that every seat has a page with options), plus a
spectator; the test picks each decision at random through the seat's WebSocket and
records every message each page receives. Judged as tests/test_secrets.py judges
the engine's observations:

- every view a page receives is one the server built for that seat (nothing else
  travels), and it stays the same when two pieces hidden from the seat trade places
  (so it follows only from what the seat may see);
- no text in any message names a piece the seat has never been able to see (the
  log of a finished game aside: final scoring may tell everyone what was hidden,
  as tests/test_secrets.py, which checks at decisions, allows too).
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from interpreter import load_game  # noqa: E402
from pirdsl.web.app import Server, build_app  # noqa: E402
from pirdsl.web.store import TableStore  # noqa: E402
from pirdsl.web.tables import SPECTATOR, Table  # noqa: E402
from tests.test_secrets import _swapped, _visible_texts  # noqa: E402

GAMES = Path(__file__).resolve().parent.parent / "games"
NAMES = sorted(path.stem for path in GAMES.glob("*.pir"))
SEEDS = (1, 2)
SWAP_EVERY = 3            # views between two swap checks, to keep the suite quick
MAX_DECISIONS = 1_500     # a game longer than this fails the test (none comes near)
MAX_SECONDS = 240         # one game's bound in time


def _strings(value, found):
    if isinstance(value, str):
        found.append(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            found.append(str(key))
            _strings(item, found)
    elif isinstance(value, list):
        for item in value:
            _strings(item, found)
    return found


def _canonical(view) -> str:
    return json.dumps(view, sort_keys=True)


class Judge:
    """Checks every view the server builds, and keeps them to compare with what pages receive."""

    def __init__(self, state, seats):
        self.seats = seats
        self.rng = random.Random(0)
        self.ever_seen = {seat: set() for seat in seats}
        self.all_texts = set()
        self.built = {seat: set() for seat in seats}
        self.views = 0
        self.swaps = 0
        self.note(state)

    def note(self, state, told=None):
        """What each seat has been able to see, at every change of the table (a bot's step too).

        `told`: the other seats' decisions each seat was told (`decisions_seen` of the play
        session), which the engine says it may know (`State.decision_seen_by`, tested in
        tests/test_secrets.py and tests/test_play_real.py): what they name counts as seen.
        """
        self.all_texts |= {state.piece_text(i) for i in range(len(state.pieces))}
        for seat in self.seats:  # a spectator is seat -1: no zone of its own, no secret
            self.ever_seen[seat] |= _visible_texts(state, seat)
            for _, text, _ in (told or {}).get(seat, []):
                self.ever_seen[seat] |= {piece for piece in self.all_texts if piece in text}

    def check(self, table, seat, view, build):
        state = table.state
        self.note(state, table.session.decisions_seen)
        self.built[seat].add(_canonical(view))
        never_seen = {text for text in self.all_texts - self.ever_seen[seat] if len(text) >= 4}
        scanned = view
        if state.is_terminal():  # the rules' final scoring may tell what was hidden, to everyone
            scanned = {**view, "observation": {**view["observation"], "log": []}}
        texts = _strings(scanned, [])
        blob = "\n".join(texts)
        named = [piece for piece in never_seen if piece in blob]
        if named:
            text = next(text for text in texts if any(piece in text for piece in named))
            raise AssertionError(f"{state.seat_names[seat] if seat >= 0 else 'a spectator'} is sent "
                                 f"{text[:200]!r}, naming {named}")
        self.views += 1
        if self.views % SWAP_EVERY:
            return
        other = _swapped(state, seat, self.rng)
        if other is None:
            return
        self.swaps += 1
        table.session.state = other
        try:
            again = build(table, seat)
        finally:
            table.session.state = state
        assert again == view, f"seat {seat} is sent a different view when hidden pieces trade places"


def _drain(ws, received):
    """Every message up to the answer to a ping: what the page was sent until now."""
    ws.send_json({"type": "ping"})
    while True:
        message = ws.receive_json()
        if message == {"type": "info", "text": "pong"}:
            return
        received.append(message)


@pytest.mark.parametrize("name", NAMES)
def test_pages_receive_nothing_their_seat_may_not_see(name, tmp_path, monkeypatch):
    game = load_game(str(GAMES / f"{name}.pir"))
    build = Table.view
    judges = {}
    failures = []  # found in the server's threads: told to the test at its next step

    def recording_view(self, seat):
        with self.lock:
            view = build(self, seat)
            try:
                judges[self.table_id].check(self, seat, view, build)
            except AssertionError as failure:
                failures.append(str(failure))
            return view

    monkeypatch.setattr(Table, "view", recording_view)
    server = Server({name: game}, TableStore(tmp_path / "tables.sqlite3"))
    with TestClient(build_app(server)) as client:
        for seed in SEEDS:
            players = game.min_players
            probe = game.new_state(players=players, seed=seed)
            people = [seat for seat in range(probe.num_seats) if not probe.is_automa(seat)]
            body = {"game": name, "players": players, "seats": ["human"] * len(people), "seed": seed}
            response = client.post(f"/api/{server.host_secret}/tables", json=body)
            assert response.status_code == 201, response.text
            links = response.json()
            table = server.tables[links["table"]]
            seats = people + [SPECTATOR]
            with table.lock:
                judges[table.table_id] = Judge(table.state, seats)
                keep = table.on_change
                table.on_change = lambda changed, keep=keep: (judges[changed.table_id].note(changed.state, changed.session.decisions_seen),
                                                              keep(changed))
            urls = {seat: links["seats"][seat]["url"] for seat in people}
            urls[SPECTATOR] = links["spectator"]
            received = {seat: [] for seat in seats}
            rng = random.Random(seed)
            contexts = {seat: client.websocket_connect(url.replace("/play/", "/ws/")) for seat, url in urls.items()}
            sockets = {seat: context.__enter__() for seat, context in contexts.items()}
            started = time.monotonic()
            try:
                decisions = 0
                while True:
                    assert server.wait_for_bots()
                    for seat, ws in sockets.items():
                        _drain(ws, received[seat])
                    assert not failures, failures[0]
                    if table.state.is_terminal():
                        break
                    assert not table.stopped, table.stopped
                    deciding = [seat for seat in people if received[seat]
                                and received[seat][-1]["type"] == "view" and received[seat][-1]["options"]]
                    assert len(deciding) == 1, "exactly one page is asked to decide"
                    view = received[deciding[0]][-1]
                    assert view["version"] == table.version
                    index = rng.randrange(len(view["options"]))
                    sockets[deciding[0]].send_json({"type": "act", "version": view["version"], "option": index})
                    _drain(sockets[deciding[0]], received[deciding[0]])
                    decisions += 1
                    assert decisions <= MAX_DECISIONS and time.monotonic() - started < MAX_SECONDS
            finally:
                for context in contexts.values():
                    context.__exit__(None, None, None)
            assert not failures, failures[0]
            judge = judges[table.table_id]
            for seat in seats:
                views = [message for message in received[seat] if message["type"] == "view"]
                assert views and views[-1].get("winners") is not None
                assert all(message["type"] == "view" for message in received[seat]), "only views, no refusals"
                for message in views:
                    assert _canonical(message) in judge.built[seat], "a page got a view not built for its seat"
            print(f"{name} seed {seed}: {decisions} decisions, {judge.views} views checked, {judge.swaps} swapped")
