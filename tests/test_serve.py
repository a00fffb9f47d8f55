"""`pirdsl serve`: tables, links, a page per seat over a WebSocket, bots, the database, bad input refused.

Driven through Starlette's TestClient (no real server, no network): every
request and WebSocket stays inside the test's process.
"""

from __future__ import annotations

import json
import sqlite3
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
        assert client.get(f"/api/guessed/tables").status_code == 404
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
            assert view1["options"][0]["cells"] == [[1, 1]]
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
