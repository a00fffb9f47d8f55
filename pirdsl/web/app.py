"""The Starlette application of `pirdsl serve`: the host's page, the seats' pages and their WebSockets.

Addresses (every secret is 128 random bits, made when the table or server is made):

- `/host/HOST_SECRET`: the host's page, which opens tables and lists their links;
  `/api/HOST_SECRET/games` and `/api/HOST_SECRET/tables` (GET lists, POST opens one).
- `/play/TABLE/SECRET`: a seat's page (or the spectators' page, with the spectator
  secret); `/play/TABLE/SECRET1+SECRET2` is one device shared by two seats, which
  shows a "pass the device" screen between them.
- `/ws/TABLE/SECRET`: the seat's WebSocket. The server sends JSON messages: `view`
  (`Table.view`: the seat's observation, options, log and boards), `refused` (a
  request it did not take, with `reason`) and `info` (`text`). The page sends
  `{"type": "act", "version": V, "option": I}` (optionally with the option's
  `label`), `{"type": "undo", "version": V}` and `{"type": "ping"}`.

Bad input is refused to the client that sent it, and only to it: a message that is
not JSON, too long, of an unknown type or with wrong fields, a decision that is stale
(taken on an older view, or sent twice), not the seat's to take, or names no option;
an unknown table or secret closes the socket with code 4404 after saying why. A client
that keeps sending bad messages is disconnected; too many connections are refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from pirdsl.bots import check_bot_spec
from pirdsl.web.pages import HOST_PAGE, SEAT_PAGE, WELCOME_PAGE
from pirdsl.web.store import TableStore
from pirdsl.web.tables import HUMAN, Refused, Table, new_table

MAX_MESSAGE = 2_000            # characters of one message from a page; ours are under 100
MAX_BAD_MESSAGES = 20          # refused messages in a row before the client is disconnected
MAX_CONNECTIONS = 400          # WebSockets open at once on the server
MAX_CONNECTIONS_PER_LINK = 8   # of one seat's (or the spectators') link
MAX_TABLES = 200
MAX_REQUEST = 10_000           # bytes of a request to open a table
CLOSE_UNKNOWN = 4404
CLOSE_TOO_MANY = 4429
CLOSE_BAD_CLIENT = 4400
_CHANGED = object()


class Server:
    """The games served, the tables open, the database and the bots' workers."""

    def __init__(self, games: dict[str, Any], store: TableStore | None = None, host_secret: str | None = None,
                 bot_delay: float = 0.0, workers: int = 2) -> None:
        self.games = games  # key (the rules file's name) -> loaded game
        self.store = store
        self.host_secret = host_secret or (store.host_secret() if store is not None else secrets.token_urlsafe(16))
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.unusable: dict[str, str] = {}  # table id -> why it could not be resumed
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="pirdsl-bots")
        self.scheduling = threading.Lock()
        self.running: set[str] = set()
        self.summaries: dict[tuple[str, tuple[str, ...]], str] = {}
        self.connections = 0
        self.per_link: dict[tuple[str, int], int] = {}
        self.closing = False
        if store is not None:
            self._resume()

    # --- tables ------------------------------------------------------------------------

    def _resume(self) -> None:
        """Make every stored table again, from its seed and its actions."""
        by_hash = {game.file_hash: (key, game) for key, game in self.games.items()}
        for table_id, spec, problem in self.store.load():
            if spec is None:
                self.unusable[table_id] = problem
                continue
            found = by_hash.get(spec.file_hash)
            if found is None:
                self.unusable[table_id] = f"its rules file {spec.path} is not served, or has changed since"
                continue
            try:
                table = Table(found[1], spec)
            except Exception as error:  # noqa: BLE001 - one broken record must not stop the server
                self.unusable[table_id] = f"it cannot be replayed ({error})"
                continue
            self._add(table)

    def _add(self, table: Table) -> None:
        if self.store is not None:
            table.on_change = lambda changed: self.store.save(changed.spec)
            self.store.save(table.spec)
        self.tables[table.table_id] = table
        self.schedule(table)

    def open_table(self, key: str, players: int, variants: list[str], seats: list[str],
                   seed: int | None = None, params: dict[str, int] | None = None) -> Table:
        """A new table of game `key`; ValueError with a one-line reason for bad choices."""
        game = self.games.get(key)
        if game is None:
            raise ValueError(f"no game called {key!r} is served here")
        if len(self.tables) >= MAX_TABLES:
            raise ValueError(f"this server already holds {MAX_TABLES} tables")
        for kind in seats:
            if kind != HUMAN:
                check_bot_spec(kind)
        table = new_table(game, getattr(game, "path", key), players, variants, seats, seed, params)
        self._add(table)
        return table

    def schedule(self, table: Table) -> None:
        """Let a worker play the table's chance, forced moves and bots until a person is asked."""
        with self.scheduling:
            if self.closing or table.table_id in self.running or not table.needs_bots():
                return
            self.running.add(table.table_id)
        self.executor.submit(self._play_bots, table)

    def _play_bots(self, table: Table) -> None:
        while True:
            while not self.closing and table.step():
                if self.bot_delay:
                    time.sleep(self.bot_delay)
            with self.scheduling:
                if self.closing or not table.needs_bots():
                    self.running.discard(table.table_id)
                    return

    def wait_for_bots(self, timeout: float = 60.0) -> bool:
        """Until no worker plays (for tests); False after `timeout` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.scheduling:
                if not self.running:
                    return True
            time.sleep(0.005)
        return False

    def close(self) -> None:
        with self.scheduling:
            self.closing = True
        self.executor.shutdown(wait=True, cancel_futures=True)
        if self.store is not None:
            self.store.close()

    def links(self, table: Table) -> dict[str, Any]:
        spec = table.spec
        return {
            "table": table.table_id,
            "game": table.game.name,
            "players": spec.players,
            "variants": spec.variants,
            "params": spec.params,
            "seats": [{"seat": seat, "name": table.state.seat_names[seat], "kind": kind,
                       "url": f"/play/{table.table_id}/{secret}" if secret else None}
                      for seat, (kind, secret) in enumerate(zip(spec.seats, spec.secrets))],
            "spectator": f"/play/{table.table_id}/{spec.spectator}",
            "over": table.state.is_terminal(),
            "round": table.state.round,
        }

    def rule_summary(self, game: Any, variants: tuple[str, ...]) -> str:
        """The game's printed rule summary as HTML (as `pirdsl reference --format html` writes it), kept once made."""
        values = dict(getattr(game, "param_values", {}))
        key = (game.file_hash, variants, tuple(sorted(values.items())))
        with self.scheduling:
            page = self.summaries.get(key)
        if page is None:
            import codegen
            from interpreter.examples import run_examples
            from pirdsl.start import starting_placements

            try:  # as `pirdsl reference` does: the worked examples' results are printed with them
                results = {result.name: result.passed for result in run_examples(game)}
            except Exception:  # noqa: BLE001 - examples that cannot run are shown as not run
                results = None
            reference = codegen.build_reference(game.file, game.source, list(variants), results,
                                                starts=starting_placements(game, list(variants)), params=values)
            page = codegen.render_html(reference, "summary", "a4")
            with self.scheduling:
                self.summaries[key] = page
        return page

    def resolve(self, table_id: str, secret: str) -> tuple[Table, int] | None:
        table = self.tables.get(table_id)
        if table is None:
            return None
        seat = table.seat_of(secret)
        return None if seat is None else (table, seat)


def _is_host(server: Server, request: Request) -> bool:
    return secrets.compare_digest(request.path_params.get("host", ""), server.host_secret)


def build_app(server: Server) -> Starlette:
    """The web application serving `server`'s tables."""

    async def welcome(request: Request) -> Response:
        return HTMLResponse(WELCOME_PAGE)

    async def host_page(request: Request) -> Response:
        if not _is_host(server, request):
            return PlainTextResponse("No such page: ask the host for your link.", status_code=404)
        return HTMLResponse(HOST_PAGE.replace("__HOST__", server.host_secret))

    async def games(request: Request) -> Response:
        if not _is_host(server, request):
            return JSONResponse({"error": "unknown host link"}, status_code=404)
        return JSONResponse({"games": [
            {"key": key, "name": game.name, "min_players": game.min_players, "max_players": game.max_players,
             "variants": sorted(game.variants),
             "params": [{"name": decl.name, "default": decl.default, "low": decl.low, "high": decl.high,
                         "text": decl.text} for decl in getattr(game, "param_decls", {}).values()]}
            for key, game in server.games.items()]})

    async def tables(request: Request) -> Response:
        if not _is_host(server, request):
            return JSONResponse({"error": "unknown host link"}, status_code=404)
        if request.method == "GET":
            return JSONResponse({"tables": [server.links(table) for table in server.tables.values()],
                                 "unusable": server.unusable})
        body = await request.body()
        if len(body) > MAX_REQUEST:
            return JSONResponse({"error": "request too large"}, status_code=413)
        try:
            data = json.loads(body)
        except ValueError:
            return JSONResponse({"error": "the request is not JSON"}, status_code=400)
        if not isinstance(data, dict):
            return JSONResponse({"error": "the request must be a JSON object"}, status_code=400)
        key, players = data.get("game"), data.get("players")
        variants, seats, seed = data.get("variants") or [], data.get("seats") or [], data.get("seed")
        params = data.get("params") or {}
        if (not isinstance(key, str) or not isinstance(variants, list) or not isinstance(seats, list)
                or not all(isinstance(item, str) for item in variants + seats)
                or (seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0))
                or not isinstance(params, dict)
                or not all(isinstance(value, int) and not isinstance(value, bool) for value in params.values())):
            return JSONResponse({"error": "expected game (text), players (a number), variants and seats "
                                          "(lists of text), an optional seed (a whole number) and optional "
                                          "params (names and whole numbers)"}, status_code=400)
        game = server.games.get(key)
        if game is None:
            return JSONResponse({"error": f"no game called {key[:60]!r} is served here"}, status_code=400)
        if players is None:
            players = game.min_players
        if not isinstance(players, int) or isinstance(players, bool):
            return JSONResponse({"error": "players must be a whole number"}, status_code=400)
        try:
            table = await run_in_threadpool(server.open_table, key, players, variants, seats, seed, params)
        except ValueError as error:
            return JSONResponse({"error": str(error)}, status_code=400)
        return JSONResponse(server.links(table), status_code=201)

    async def seat_page(request: Request) -> Response:
        table_id = request.path_params["table"]
        wanted = request.path_params["secret"].split("+")
        if len(wanted) > 8 or not all(server.resolve(table_id, secret) for secret in wanted):
            return PlainTextResponse("No such table or seat: check the link the host sent you.", status_code=404)
        return HTMLResponse(SEAT_PAGE)

    async def rules_page(request: Request) -> Response:
        found = server.resolve(request.path_params["table"], request.path_params["secret"].split("+")[0])
        if found is None:
            return PlainTextResponse("No such table or seat: check the link the host sent you.", status_code=404)
        table = found[0]
        page = await run_in_threadpool(server.rule_summary, table.game, tuple(table.spec.variants))
        return HTMLResponse(page)

    async def seat_socket(websocket: WebSocket) -> None:
        table_id = websocket.path_params["table"]
        secret = websocket.path_params["secret"]
        await websocket.accept()
        found = server.resolve(table_id, secret)
        if found is None:
            await _refuse_and_close(websocket, "unknown table or seat: check the link the host sent you",
                                    CLOSE_UNKNOWN)
            return
        table, seat = found
        link = (table_id, seat)
        if server.connections >= MAX_CONNECTIONS or server.per_link.get(link, 0) >= MAX_CONNECTIONS_PER_LINK:
            await _refuse_and_close(websocket, "too many connections: close another page of this link first",
                                    CLOSE_TOO_MANY)
            return
        server.connections += 1
        server.per_link[link] = server.per_link.get(link, 0) + 1
        loop = asyncio.get_running_loop()
        inbox: asyncio.Queue = asyncio.Queue()

        def changed() -> None:
            try:
                loop.call_soon_threadsafe(inbox.put_nowait, _CHANGED)
            except RuntimeError:  # the loop has closed: the server is stopping
                pass

        async def read() -> None:
            try:
                while True:
                    message = await websocket.receive()
                    if message["type"] == "websocket.disconnect":
                        break
                    await inbox.put(message.get("text") if message.get("text") is not None else message.get("bytes"))
            except (WebSocketDisconnect, RuntimeError):
                pass
            await inbox.put(None)

        table.listeners.add(changed)
        reader = asyncio.create_task(read())
        sent_version = -1
        bad = 0
        try:
            view = await run_in_threadpool(table.view, seat)
            await websocket.send_json(view)
            sent_version = view["version"]
            while True:
                item = await inbox.get()
                if item is None:
                    break
                if item is _CHANGED:
                    if table.version != sent_version:
                        view = await run_in_threadpool(table.view, seat)
                        if view["version"] != sent_version:
                            await websocket.send_json(view)
                            sent_version = view["version"]
                    continue
                reply = await run_in_threadpool(_handle, server, table, seat, item)
                if reply is not None:
                    await websocket.send_json(reply)
                    bad = bad + 1 if reply["type"] == "refused" else 0
                    if bad >= MAX_BAD_MESSAGES:
                        await _refuse_and_close(websocket, "too many refused messages: disconnected",
                                                CLOSE_BAD_CLIENT)
                        break
                else:
                    bad = 0
                if table.version != sent_version:
                    inbox.put_nowait(_CHANGED)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            table.listeners.discard(changed)
            reader.cancel()
            server.connections -= 1
            server.per_link[link] -= 1
            if not server.per_link[link]:
                del server.per_link[link]

    routes = [
        Route("/", welcome),
        Route("/host/{host}", host_page),
        Route("/api/{host}/games", games),
        Route("/api/{host}/tables", tables, methods=["GET", "POST"]),
        Route("/play/{table}/{secret}", seat_page),
        Route("/rules/{table}/{secret}", rules_page),
        WebSocketRoute("/ws/{table}/{secret}", seat_socket),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        yield
        server.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    return app


async def _refuse_and_close(websocket: WebSocket, reason: str, code: int) -> None:
    try:
        await websocket.send_json({"type": "refused", "reason": reason})
        await websocket.close(code=code, reason=reason[:120])
    except (WebSocketDisconnect, RuntimeError):
        pass


def _handle(server: Server, table: Table, seat: int, raw: Any) -> dict[str, Any] | None:
    """One message from a page: None when taken, else the reply for that page alone."""

    def refused(reason: str) -> dict[str, Any]:
        return {"type": "refused", "reason": reason}

    if raw is None or isinstance(raw, (bytes, bytearray)):
        return refused("messages are JSON text, not binary")
    if len(raw) > MAX_MESSAGE:
        return refused(f"message too long ({len(raw)} characters; the limit is {MAX_MESSAGE})")
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        return refused("the message is not JSON")
    if not isinstance(message, dict):
        return refused("a message is a JSON object with a 'type'")
    kind = message.get("type")
    allowed = {"act": {"type", "version", "option", "label", "seat"}, "undo": {"type", "version", "seat"},
               "ping": {"type"}}
    if kind not in allowed:
        return refused("unknown message type: send 'act', 'undo' or 'ping'")
    unknown = sorted(set(message) - allowed[kind])
    if unknown:
        return refused(f"unknown field {str(unknown[0])[:40]!r} in an '{kind}' message")
    if "seat" in message and message["seat"] != seat:
        return refused("this link is for one seat only: a decision for another seat is not taken")
    if kind == "ping":
        return {"type": "info", "text": "pong"}
    try:
        if kind == "act":
            if "option" not in message or "version" not in message:
                return refused("an 'act' message needs 'version' and 'option'")
            label = message.get("label")
            if label is not None and not isinstance(label, str):
                return refused("'label' must be text")
            table.act(seat, message["version"], message["option"], label)
            server.schedule(table)
            return None
        text = table.undo(seat, message.get("version"))
        return {"type": "info", "text": text}
    except Refused as error:
        return refused(str(error))
