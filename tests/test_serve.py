"""`pirdsl serve`: tables, links, a page per seat over a WebSocket, bots, the database, bad input refused.

Driven through Starlette's TestClient (no real server, no network): every
request and WebSocket stays inside the test's process.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from interpreter import load_game  # noqa: E402
from pirdsl.cli import main  # noqa: E402
from pirdsl.commands.serve import rules_files  # noqa: E402
from pirdsl.web.app import MAX_BAD_MESSAGES, MAX_CONNECTIONS_PER_LINK, MAX_MESSAGE, Server, build_app  # noqa: E402
from pirdsl.web.store import TableStore  # noqa: E402
from pirdsl.web.tables import SPECTATOR  # noqa: E402

GAMES = Path(__file__).resolve().parent.parent / "games"
TO_GLORY = load_game(str(GAMES / "to_glory.pir"))
GLORY_ISLANDS = load_game(str(GAMES / "glory_islands.pir"))
SERVED = {"to_glory": TO_GLORY, "glory_islands": GLORY_ISLANDS}


@pytest.fixture
def db(tmp_path):
    return tmp_path / "tables.sqlite3"


def serve(db, **options):
    server = Server(SERVED, TableStore(db), **options)
    return server, TestClient(build_app(server))


def open_table(client, server, **body):
    response = client.post(f"/api/{server.host_secret}/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def socket_path(url: str) -> str:
    return url.replace("/play/", "/ws/")


def receive_view(ws):
    message = ws.receive_json()
    assert message["type"] == "view", message
    return message


def next_decision(ws, after: int = -1):
    """The first view newer than `after` that asks this seat to decide, or that ends the game."""
    for _ in range(10_000):
        view = receive_view(ws)
        if view["version"] > after and (view["options"] or view.get("winners") is not None or view["stopped"]):
            return view
    raise AssertionError("no decision came")


# --- tables, links and pages ---------------------------------------------------------------


def test_the_host_opens_a_table_and_gets_a_link_per_person_and_one_for_spectators(db):
    server, client = serve(db)
    with client:
        assert client.get(f"/host/{server.host_secret}").status_code == 200
        assert client.get("/host/guessed").status_code == 404
        assert client.get("/api/guessed/tables").status_code == 404
        games = client.get(f"/api/{server.host_secret}/games").json()["games"]
        assert {game["key"] for game in games} == {"to_glory", "glory_islands"}
        links = open_table(client, server, game="to_glory", players=3, seats=["human", "random", "human"], seed=1)
        kinds = [seat["kind"] for seat in links["seats"]]
        assert kinds == ["human", "random", "human"]
        urls = [seat["url"] for seat in links["seats"]]
        assert urls[1] is None and urls[0] != urls[2]
        secrets = [url.rsplit("/", 1)[1] for url in (urls[0], urls[2], links["spectator"])]
        assert all(len(secret) >= 22 for secret in secrets)  # 128 bits
        for url in (urls[0], urls[2], links["spectator"], f"{urls[0]}+{secrets[1]}"):
            assert client.get(url).status_code == 200
        assert client.get(f"/play/{links['table']}/{'x' * 22}").status_code == 404
        assert client.get(f"/play/nosuchtable/{secrets[0]}").status_code == 404
        listed = client.get(f"/api/{server.host_secret}/tables").json()["tables"]
        assert [table["table"] for table in listed] == [links["table"]]


def test_opening_a_table_refuses_bad_choices_in_one_line(db):
    server, client = serve(db)
    with client:
        for body, words in (({"game": "chess"}, "no game called"),
                            ({"game": "to_glory", "players": 9}, "2 to 4 players"),
                            ({"game": "to_glory", "seats": ["wizard"]}, "unknown bot"),
                            ({"game": "to_glory", "variants": ["nope"]}, "nope"),
                            ({"game": "to_glory", "seed": -1}, "seed"),
                            ([1, 2], "JSON object")):
            response = client.post(f"/api/{server.host_secret}/tables", json=body)
            assert response.status_code == 400 and words in response.json()["error"], (body, response.text)
        response = client.post(f"/api/{server.host_secret}/tables", content=b"{")
        assert response.status_code == 400
        assert not server.tables


def test_each_seat_gets_its_own_view_and_decides_by_its_options(db):
    server, client = serve(db)
    with client:
        links = open_table(client, server, game="to_glory", players=2, seats=["human", "human"], seed=3)
        first, second = (socket_path(seat["url"]) for seat in links["seats"])
        with client.websocket_connect(first) as ws1, client.websocket_connect(second) as ws2:
            view1, view2 = receive_view(ws1), receive_view(ws2)
            assert view1["seat"] == 0 and view2["seat"] == 1
            assert view1["prompt"] and view1["options"] and not view2["options"] and view2["prompt"] is None
            assert view2["waiting_for"] == view1["seat_name"]
            # Placing the Kraken names a cell: the board marks each one to click.
            assert view1["options"][0]["cells"] == [[1, 1, "sea"]]
            assert sum(board["picks"] for board in view1["boards"]) == len(view1["options"])
            assert 'data-option="0"' in view1["boards"][0]["svg"]
            ws1.send_json({"type": "act", "version": view1["version"], "option": 0,
                           "label": view1["options"][0]["label"]})
            after2 = receive_view(ws2)
            assert after2["version"] > view1["version"]
            assert any("Kraken" in line for line in after2["observation"]["log"])


def test_a_person_plays_a_whole_game_against_a_bot(db):
    server, client = serve(db)
    with client:
        links = open_table(client, server, game="to_glory", players=2, seats=["human", "greedy"], seed=7)
        with client.websocket_connect(socket_path(links["seats"][0]["url"])) as ws:
            view = next_decision(ws)
            for _ in range(400):
                if view.get("winners") is not None:
                    break
                ws.send_json({"type": "act", "version": view["version"], "option": len(view["options"]) - 1})
                view = next_decision(ws, view["version"])
            assert view["observation"]["terminal"] and view["winners"] is not None and len(view["scores"]) == 2
            assert not view["options"]


def test_bots_play_their_tables_to_the_end_without_blocking_each_other(db):
    server, client = serve(db, workers=2)
    with client:
        tables = [open_table(client, server, game=game, players=2, seats=["random", "greedy"], seed=seed)["table"]
                  for game in ("to_glory", "glory_islands") for seed in (1, 2)]
        assert server.wait_for_bots(timeout=120)
        assert all(server.tables[table].state.is_terminal() for table in tables)
        spectator = server.links(server.tables[tables[0]])["spectator"]
        with client.websocket_connect(socket_path(spectator)) as ws:
            view = receive_view(ws)
            assert view["seat"] == SPECTATOR and view["seat_name"] is None and view["winners"] is not None


def test_two_people_at_one_device_get_the_pass_the_device_page(db):
    server, client = serve(db)
    with client:
        links = open_table(client, server, game="to_glory", players=2, seats=["human", "human"], seed=3)
        secrets = "+".join(seat["url"].rsplit("/", 1)[1] for seat in links["seats"])
        page = client.get(f"/play/{links['table']}/{secrets}")
        assert page.status_code == 200 and "Pass the device to" in page.text


def test_a_folder_serves_every_rules_file_in_it(tmp_path):
    assert [path.name for path in rules_files([str(GAMES)])] == sorted(path.name for path in GAMES.glob("*.pir"))
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["serve", str(empty)]) == 2


def test_serve_is_a_command_with_the_issue_options(capsys):
    assert main(["serve", "--help"]) == 0
    text = capsys.readouterr().out
    for option in ("--host", "--port", "--db", "--bot-delay"):
        assert option in text
    assert "127.0.0.1" in text


# --- tables survive a restart ------------------------------------------------------------------


def play_two_decisions(client, server):
    links = open_table(client, server, game="to_glory", players=2, seats=["human", "human"], seed=5)
    sockets = [socket_path(seat["url"]) for seat in links["seats"]]
    for _ in range(2):
        for path in sockets:
            with client.websocket_connect(path) as ws:
                view = receive_view(ws)
                if view["options"]:
                    ws.send_json({"type": "act", "version": view["version"], "option": 1})
                    ws.send_json({"type": "ping"})  # answered after the decision is taken
                    while ws.receive_json()["type"] != "info":
                        pass
                    break
    assert server.wait_for_bots()
    return links, sockets


def test_a_restarted_server_resumes_its_tables_and_a_seat_gets_its_view_back(db):
    server, client = serve(db)
    with client:
        links, sockets = play_two_decisions(client, server)
        table = server.tables[links["table"]]
        history, version = list(table.state.history), table.version
        with client.websocket_connect(sockets[0]) as ws:
            before = receive_view(ws)
        host = server.host_secret
    assert len(history) >= 2
    restarted, client = serve(db)  # the same database, a new server: the old one is gone
    with client:
        assert restarted.host_secret == host
        table = restarted.tables[links["table"]]
        assert table.state.history == history and table.version == version
        with client.websocket_connect(sockets[0]) as ws:
            after = receive_view(ws)
        assert {key: value for key, value in after.items()} == before
        # and the game goes on from there
        deciding = 0 if after["options"] else 1
        with client.websocket_connect(sockets[deciding]) as ws:
            view = receive_view(ws)
            ws.send_json({"type": "act", "version": view["version"], "option": 0})
            assert receive_view(ws)["version"] > view["version"]


def test_an_edited_record_or_a_changed_rules_file_is_not_resumed(db):
    server, client = serve(db)
    with client:
        first = open_table(client, server, game="to_glory", players=2, seats=["human", "human"], seed=1)["table"]
        second = open_table(client, server, game="glory_islands", players=2, seats=["human", "human"], seed=1)["table"]
    connection = sqlite3.connect(db)
    body = json.loads(connection.execute("SELECT body FROM tables WHERE table_id = ?", (first,)).fetchone()[0])
    body["seed"] = 2  # another deal
    connection.execute("UPDATE tables SET body = ? WHERE table_id = ?", (json.dumps(body), first))
    connection.commit()
    connection.close()
    restarted = Server({"to_glory": TO_GLORY}, TableStore(db))  # glory_islands is no longer served
    try:
        assert not restarted.tables
        assert "seal" in restarted.unusable[first]
        assert "not served, or has changed" in restarted.unusable[second]
    finally:
        restarted.close()


# --- bad input is refused, to its sender only ------------------------------------------------


def test_bad_messages_are_refused_to_their_sender_and_leave_the_table_unharmed(db):
    server, client = serve(db)
    with client:
        links = open_table(client, server, game="to_glory", players=2, seats=["human", "human"], seed=3)
        first, second = (socket_path(seat["url"]) for seat in links["seats"])
        table = server.tables[links["table"]]
        with client.websocket_connect(first) as ws1, client.websocket_connect(second) as ws2:
            view1, _view2 = receive_view(ws1), receive_view(ws2)
            version = view1["version"]
            count = len(view1["options"])
            cases = [
                ("not json", "not JSON"),
                ("[1, 2]", "JSON object"),
                ('{"type": "cheat"}', "unknown message type"),
                (json.dumps({"type": "act", "version": version, "option": 0, "peek": 1}), "unknown field"),
                (json.dumps({"type": "act", "version": version}), "needs 'version' and 'option'"),
                (json.dumps({"type": "act", "version": version, "option": count}), f"no option {count}"),
                (json.dumps({"type": "act", "version": version, "option": -1}), "no option -1"),
                (json.dumps({"type": "act", "version": version, "option": "0"}), "whole number"),
                (json.dumps({"type": "act", "version": version, "option": True}), "whole number"),
                (json.dumps({"type": "act", "version": version, "option": 0, "label": "row 99, column 99"}),
                 "not those of your option"),
                (json.dumps({"type": "act", "version": version + 5, "option": 0}), "stale"),
                (json.dumps({"type": "act", "version": str(version), "option": 0}), "version"),
                (json.dumps({"type": "act", "version": version, "option": 0, "seat": 1}), "one seat only"),
                (json.dumps({"type": "undo", "version": version}), "Nothing to undo"),
                ("x" * (MAX_MESSAGE + 1), "too long"),
                ("[" * 990 + "]" * 990, "JSON"),
            ]
            for text, reason in cases:
                ws1.send_text(text)
                reply = ws1.receive_json()
                assert reply["type"] == "refused" and reason in reply["reason"], (text[:80], reply)
            ws1.send_bytes(b"\x00\x01")
            assert "binary" in ws1.receive_json()["reason"]
            # Another seat cannot decide for the one to move, with or without naming it.
            for message in ({"type": "act", "version": version, "option": 0},
                            {"type": "act", "version": version, "option": 0, "seat": 0}):
                ws2.send_json(message)
                reply = ws2.receive_json()
                assert reply["type"] == "refused" and ("not your turn" in reply["reason"]
                                                       or "one seat only" in reply["reason"])
            assert table.version == version and table.state.history == []
            # The table is unharmed: the good decision is taken, once; its replay is stale.
            decision = {"type": "act", "version": version, "option": 0}
            ws1.send_json(decision)
            assert receive_view(ws1)["version"] > version
            ws1.send_json(decision)
            reply = ws1.receive_json()
            while reply["type"] == "view":
                reply = ws1.receive_json()
            assert reply["type"] == "refused" and "stale" in reply["reason"]
            # The other seat was told nothing of the refusals: its next message is the new view.
            assert receive_view(ws2)["version"] > version


def test_unknown_links_and_floods_of_connections_are_refused(db):
    from starlette.websockets import WebSocketDisconnect

    server, client = serve(db)
    with client:
        links = open_table(client, server, game="to_glory", players=2, seats=["human", "human"], seed=3)
        path = socket_path(links["seats"][0]["url"])
        for wrong in (f"/ws/{links['table']}/{'A' * 22}", f"/ws/nosuchtable/{path.rsplit('/', 1)[1]}"):
            with client.websocket_connect(wrong) as ws:
                reply = ws.receive_json()
                assert reply["type"] == "refused" and "unknown table or seat" in reply["reason"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 4404
        opened = [client.websocket_connect(path) for _ in range(MAX_CONNECTIONS_PER_LINK)]
        sockets = [connection.__enter__() for connection in opened]
        try:
            for ws in sockets:
                receive_view(ws)
            with client.websocket_connect(path) as extra:
                assert "too many connections" in extra.receive_json()["reason"]
        finally:
            for connection in opened:
                connection.__exit__(None, None, None)
        with client.websocket_connect(path) as ws:  # room again once the others closed
            receive_view(ws)
            for _ in range(MAX_BAD_MESSAGES):
                ws.send_text("?")
                assert ws.receive_json()["type"] == "refused"
            assert "too many refused" in ws.receive_json()["reason"]
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()


def test_the_rule_summary_is_one_click_away(db):
    server, client = serve(db)
    with client:
        links = open_table(client, server, game="to_glory", players=2, seats=["human", "random"], seed=3)
        url = links["seats"][0]["url"]
        assert 'id="rules"' in client.get(url).text
        page = client.get(url.replace("/play/", "/rules/"))
        assert page.status_code == 200 and "To Glory!" in page.text and "<html" in page.text.lower()
        assert client.get(f"/rules/{links['table']}/{'B' * 22}").status_code == 404


def test_one_server_holds_twenty_tables_of_bots_at_once(db):
    """A load test on this process only: 20 tables of bots, bounded in count and in time."""
    server, client = serve(db, workers=4)
    with client:
        started = time.monotonic()
        tables = [open_table(client, server, game="to_glory", players=2, seats=["random", "random"],
                             seed=seed)["table"] for seed in range(20)]
        spectator = socket_path(server.links(server.tables[tables[-1]])["spectator"])
        with client.websocket_connect(spectator) as ws:  # a page keeps getting views meanwhile
            receive_view(ws)
            assert server.wait_for_bots(timeout=240)
        assert all(server.tables[table].state.is_terminal() for table in tables)
        assert time.monotonic() - started < 240


def test_another_seat_sees_a_move_soon_after_it_is_made(db):
    server, client = serve(db)
    with client:
        links = open_table(client, server, game="to_glory", players=2, seats=["human", "human"], seed=3)
        first, second = (socket_path(seat["url"]) for seat in links["seats"])
        with client.websocket_connect(first) as ws1, client.websocket_connect(second) as ws2:
            view, _ = receive_view(ws1), receive_view(ws2)
            sent = time.monotonic()
            ws1.send_json({"type": "act", "version": view["version"], "option": 0})
            seen = receive_view(ws2)
            took = time.monotonic() - sent
        assert seen["version"] > view["version"]
        assert took < 0.5, f"{took:.3f} s"  # about 0.02 s here; the bound leaves room for a busy machine


def test_a_server_killed_mid_game_and_started_again_goes_on(tmp_path):
    """The real command, killed with SIGKILL in the middle of a game: started again, the seat's link works on."""
    import os
    import re
    import signal
    import socket
    import subprocess
    import sys

    import httpx

    websockets_sync = pytest.importorskip("websockets.sync.client")
    pytest.importorskip("uvicorn")

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "pirdsl", "serve", str(GAMES / "to_glory.pir"), "--port", str(port),
               "--db", str(tmp_path / "tables.sqlite3"), "--bot-delay", "0"]

    def start():
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                   env={**os.environ, "PYTHONUNBUFFERED": "1"})
        for line in process.stdout:
            found = re.search(r"/host/(\S+)", line)
            if found:
                break
        else:
            raise AssertionError("the server printed no host address")
        for _ in range(200):
            try:
                httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
                return process, found.group(1)
            except httpx.HTTPError:
                time.sleep(0.05)
        raise AssertionError("the server did not answer")

    process, host = start()
    try:
        response = httpx.post(f"http://127.0.0.1:{port}/api/{host}/tables", timeout=10,
                              json={"game": "to_glory", "players": 2, "seats": ["human", "human"], "seed": 9})
        links = response.json()
        url = links["seats"][0]["url"]
        with websockets_sync.connect(f"ws://127.0.0.1:{port}{socket_path(url)}", open_timeout=10) as ws:
            view = json.loads(ws.recv(timeout=10))
            ws.send(json.dumps({"type": "act", "version": view["version"], "option": 3}))
            before = json.loads(ws.recv(timeout=10))
        assert before["version"] > view["version"]
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    process, host_again = start()
    try:
        assert host_again == host
        with websockets_sync.connect(f"ws://127.0.0.1:{port}{socket_path(url)}", open_timeout=10) as ws:
            after = json.loads(ws.recv(timeout=10))
            assert after["version"] == before["version"] and after["options"] == before["options"]
            assert after["observation"]["log"] == before["observation"]["log"]
            deciding = url if after["options"] else links["seats"][1]["url"]
        with websockets_sync.connect(f"ws://127.0.0.1:{port}{socket_path(deciding)}", open_timeout=10) as ws:
            view = json.loads(ws.recv(timeout=10))
            ws.send(json.dumps({"type": "act", "version": view["version"], "option": 0}))
            assert json.loads(ws.recv(timeout=10))["version"] > view["version"]
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_rules_that_fail_stop_their_table_without_telling_the_pages_what_the_error_quotes(db, capsys):
    server, client = serve(db)
    with client:
        links = open_table(client, server, game="to_glory", players=2, seats=["human", "random"], seed=3)
        table = server.tables[links["table"]]

        def failing(seat, index, ask):
            raise RuntimeError("the hidden card is the ace of spades")

        with client.websocket_connect(socket_path(links["seats"][0]["url"])) as ws:
            view = next_decision(ws)
            table.session._apply_decision = failing
            ws.send_json({"type": "act", "version": view["version"], "option": 0})
            replies = [ws.receive_json(), ws.receive_json()]
        assert all("spades" not in json.dumps(reply) for reply in replies)
        refused = next(reply for reply in replies if reply["type"] == "refused")
        stopped = next(reply for reply in replies if reply["type"] == "view")
        assert "the rules failed" in refused["reason"] and "the rules failed" in stopped["stopped"]
        assert not stopped["options"]
        assert "ace of spades" in capsys.readouterr().err  # the host sees why


def test_a_resumed_tables_bots_choose_as_they_would_have_without_the_restart():
    """A bot's choices follow from the table's seed and history, as its draws do: a table replayed
    from its record part way (a server restarted) goes on exactly as the table that was never stopped."""
    from dataclasses import replace

    from pirdsl.web.tables import Table, new_table

    seats = ["random", "greedy", "mcts:30"]
    played = new_table(GLORY_ISLANDS, "glory_islands.pir", 3, [], seats, seed=11)
    while len(played.state.history) < 80 and played.step():
        pass
    whole = list(played.state.history)
    assert len(whole) >= 80
    for stop in (9, 40):
        resumed = Table(GLORY_ISLANDS, replace(played.spec, actions=whole[:stop]))
        while len(resumed.state.history) < len(whole) and resumed.step():
            pass
        assert resumed.state.history == whole, f"resumed after {stop} steps, the bots chose otherwise"


def test_the_host_sets_a_games_parameters_and_the_table_keeps_them_across_a_restart(db):
    liars_dice = load_game(str(GAMES.parent / "tests" / "classic" / "liars_dice.pir"))
    games = {"liars_dice": liars_dice}
    server = Server(games, TableStore(db))
    with TestClient(build_app(server)) as client:
        listed = client.get(f"/api/{server.host_secret}/games").json()["games"][0]
        assert {p["name"]: (p["default"], p["low"], p["high"]) for p in listed["params"]} == \
            {"dice_each": (1, 1, 5), "dice_sides": (6, 2, 10)}
        links = open_table(client, server, game="liars_dice", players=2, seats=["human", "random"],
                           params={"dice_each": 3, "dice_sides": 6})
        assert links["params"] == {"dice_each": 3}  # only what differs from the rules' defaults
        table = server.tables[links["table"]]
        assert table.game.param_values == {"dice_each": 3, "dice_sides": 6}
        for bad, reason in (({"dice_each": 9}, "goes from 1 to 5"), ({"sides": 4}, "unknown parameter 'sides'"),
                            ({"dice_each": "3"}, "whole numbers")):
            response = client.post(f"/api/{server.host_secret}/tables",
                                   json={"game": "liars_dice", "players": 2, "seats": ["human"], "params": bad})
            assert response.status_code == 400 and reason in response.json()["error"], response.text
        assert server.wait_for_bots()
        history = list(table.state.history)
    restarted = Server(games, TableStore(db))
    with TestClient(build_app(restarted)):
        again = restarted.tables[links["table"]]
        assert again.game.param_values == {"dice_each": 3, "dice_sides": 6}
        assert again.state.history == history


TWO_BOARDS = """\
game "Two Boards":
  players 2 to 2
  longest 4 decisions

piece stone(owner) marked "S{owner.index + 1}"

zone supply per player

board upper_deck: grid 2 by 3
  layer kind:
    "a b c"
    "a b c"

board lower_deck: grid 2 by 3
  layer kind:
    "a b c"
    "a b c"

setup:
  for each p in players:
    create 2 stone(p) in p.supply

play:
  rounds until count([s for s in cells(upper_deck) + cells(lower_deck) where not empty(s)]) == 4:
    for each p in players:
      p chooses s from [s for s in cells(upper_deck) + cells(lower_deck) where empty(s)] "Place a stone"
      move first(p.supply) to s
"""


def test_on_a_page_with_two_boards_each_cell_picks_the_option_of_its_own_board(tmp_path):
    """With several boards the engine's words name the board ("row 1, column 2 of lower deck"):
    each board marks only its own cells, so a click goes to the option of the board clicked."""
    import re

    from pirdsl.web.tables import new_table

    path = tmp_path / "two_boards.pir"
    path.write_text(TWO_BOARDS, encoding="utf-8")
    table = new_table(load_game(str(path)), str(path), 2, [], ["human", "human"], seed=1)
    while table.step():
        pass
    view = table.view(0)
    labels = [option["label"] for option in view["options"]]
    for board in view["boards"]:
        picked = [int(index) for index in re.findall(r'data-option="(\d+)"', board["svg"])]
        assert len(picked) == board["picks"] == 6
        shown = board["name"].replace("_", " ")
        assert all(labels[index].endswith(f" of {shown}") for index in picked), (board["name"], picked)
    assert view["options"][7]["cells"] == [[1, 2, "lower_deck"]]


def test_each_bot_seat_plays_with_the_bot_it_was_given():
    """A search bot's seat is played by that search (the terminal session makes only the quick bots itself)."""
    from pirdsl.web.tables import new_table

    table = new_table(GLORY_ISLANDS, "glory_islands.pir", 3, [], ["human", "mcts:20", "ismcts:20"], seed=1)
    assert [getattr(table.session._bot_for(seat), "kind", None) for seat in (1, 2)] == ["mcts", "ismcts"]
    assert table.session._bot_for(1).budget.iterations == 20
