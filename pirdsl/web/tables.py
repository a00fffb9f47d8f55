"""A table of `pirdsl serve`: one game, its seats (people with a link each, bots), and what each seat sees.

A table plays by the terminal's rules (`pirdsl.play.PlaySession`): forced moves are
taken without asking, bots answer for their seats, undo takes back only a seat's own
decisions since anything new came to light, and each seat's log tells it the other
seats' decisions as far as the engine says it may know them. Only the input and the
output differ: a person's decision comes from their page, and each page is sent
`Table.view(seat)`, made from that seat's observation, options and log alone.

Every change goes through the table's lock. Bots choose on a copy of the state with
the lock released (a search bot thinks for a while), and their choice is taken only
if nothing changed meanwhile. `Table.version` counts the changes: a page's decision
names the version it was made on, so a stale or replayed one is refused.
"""

from __future__ import annotations

import io
import re
import secrets
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from rich.console import Console

from interpreter import IllegalAction
from pirdsl.bots import decision_seed, make_bot, seat_seed
from pirdsl.play import AUTOMA, HUMAN, PlaySession
from pirdsl.playing import DEFAULT_STEP_LIMIT
from pirdsl.terminal import CELL_TEXT

SPECTATOR = -1  # the seat number of a spectator's view: no seat's secrets, the public log only


class Refused(Exception):
    """A request the table will not take; the message is one line for the client that sent it."""


class _WebSession(PlaySession):
    """The terminal's play session with its messages kept for the page instead of printed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.messages: list[str] = []

    def _say(self, message: str) -> None:
        self.messages.append(message)


def new_secret() -> str:
    """An unguessable link secret: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


@dataclass
class TableSpec:
    """What a table is made from, as kept in the database."""

    table_id: str
    path: str              # the rules file as served
    file_hash: str
    players: int
    variants: list[str]
    seed: int
    seats: list[str]       # per seat: "human", a bot spec, or "automa"
    secrets: list[str | None]  # per seat: its link's secret (people only)
    spectator: str
    actions: list[int] = field(default_factory=list)
    params: dict[str, int] = field(default_factory=dict)  # the game parameters set for this table (`param` lines)
    version: int = 0       # how many changes the table has seen: never repeats, even across undo and restarts
    created: float = field(default_factory=time.time)


class Table:
    """One game in play on the server."""

    def __init__(self, game: Any, spec: TableSpec, state: Any | None = None) -> None:
        self.game = game.with_params(spec.params) if spec.params else game
        self.spec = spec
        self.lock = threading.RLock()
        if state is None:
            state = replay(self.game, spec)
        console = Console(file=io.StringIO(), width=100, color_system=None)
        self.session = _WebSession(self.game, state, spec.seats, console, bot_seed=spec.seed, interactive=False)
        # Every bot seat plays with its own budget (the terminal session makes only the quick bots).
        for seat, kind in enumerate(spec.seats):
            if kind not in (HUMAN, AUTOMA):
                self.session.bots[seat] = make_bot(kind, seat_seed(spec.seed, seat))
        self.listeners: set[Callable[[], None]] = set()
        self.on_change: Callable[[Table], None] | None = None  # the store's: keep the actions
        self.stopped: str | None = None  # why bots and chance stopped (a runaway game, a rules error)
        self.unattended = 0

    # --- who is who ------------------------------------------------------------------------

    @property
    def table_id(self) -> str:
        return self.spec.table_id

    @property
    def state(self) -> Any:
        return self.session.state

    def seat_of(self, secret: str) -> int | None:
        """The seat a link's secret opens (SPECTATOR for the spectators' link), or None."""
        found = None
        for seat, own in enumerate(self.spec.secrets):
            if own is not None and secrets.compare_digest(own, secret):
                found = seat
        if secrets.compare_digest(self.spec.spectator, secret):
            found = SPECTATOR
        return found

    # --- changes ---------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return self.spec.version

    def _changed(self) -> None:
        self.spec.version += 1
        self.spec.actions = list(self.state.history)
        if self.on_change is not None:
            self.on_change(self)
        for listener in list(self.listeners):
            listener()

    def _fail(self, error: Exception) -> None:
        """The rules failed: the table stops. The error may quote anything of the state, hidden
        things too, so the pages are told only that it failed; the server's output says how."""
        print(f"pirdsl serve: table {self.table_id}: the rules failed: {error}", file=sys.stderr)
        self.stopped = "the rules failed (the server's output says how); this table cannot go on"
        self._changed()

    def needs_bots(self) -> bool:
        """Whether chance, a forced move or a bot is next (the worker's job), not a person."""
        with self.lock:
            state = self.state
            if state.is_terminal() or self.stopped:
                return False
            if state.is_chance() or state.num_actions() == 1:
                return True
            return self.spec.seats[state.current_player()] != HUMAN

    def step(self) -> bool:
        """Take one step that no person takes (chance, a forced move, a bot's decision); False when none is due."""
        with self.lock:
            if not self.needs_bots():
                return False
            state, version = self.state, self.version
            self.unattended += 1
            if self.unattended > DEFAULT_STEP_LIMIT:
                self.stopped = f"the game did not end: {DEFAULT_STEP_LIMIT} steps with no person asked"
                self._changed()
                return False
            try:
                if state.is_chance():
                    self.session.undo_points.clear()  # a draw or a roll brings something new to light
                    state.apply_chance()
                    self._changed()
                    return True
                seat = state.current_player()
                if state.num_actions() == 1:
                    self.session._apply_decision(seat, 0, ask=False)
                    self._changed()
                    return True
                bot = self.session._bot_for(seat)
                # Seeded from the table's seed and how far the game is: a table resumed after a
                # restart has its bots choose what they would have chosen, as its draws are.
                bot.reseed(decision_seed(self.spec.seed, seat, len(state.history)))
                snapshot = state.clone()
            except Exception as error:  # noqa: BLE001 - a rules error stops this table, not the server
                self._fail(error)
                return False
        try:
            index = bot.choose_action(snapshot)  # without the lock: a search bot takes its time
        except Exception as error:  # noqa: BLE001 - the rules failed in the bot's own playouts
            with self.lock:
                self._fail(error)
            return False
        with self.lock:
            if self.version != version:
                return True  # something changed meanwhile (an undo cannot, but be safe): choose again
            try:
                self.session._apply_decision(seat, index, ask=False)
            except Exception as error:  # noqa: BLE001
                self._fail(error)
                return True
            self._changed()
            return True

    def act(self, seat: int, version: Any, option: Any, label: Any = None) -> None:
        """A person's decision from their page; Refused (and nothing changes) when it may not be taken."""
        if seat == SPECTATOR:
            raise Refused("a spectator cannot take decisions")
        if not isinstance(option, int) or isinstance(option, bool):
            raise Refused("'option' must be a whole number: the index of one of your options")
        if not isinstance(version, int) or isinstance(version, bool):
            raise Refused("'version' must be the whole number of the view the decision was taken on")
        with self.lock:
            state = self.state
            if state.is_terminal():
                raise Refused("the game is over")
            if version != self.version:
                raise Refused(f"stale decision: it was taken on view {version}, and the table has moved on "
                              f"to view {self.version} (a decision is taken once, on the view shown now)")
            if state.is_chance() or state.current_player() != seat or self.spec.seats[seat] != HUMAN:
                raise Refused("it is not your turn to decide")
            labels = state.action_labels()
            if not 0 <= option < len(labels):
                raise Refused(f"there is no option {option}: choose from 0 to {len(labels) - 1}")
            if label is not None and label != labels[option]:
                raise Refused("that option's words are not those of your option there: reload the page")
            try:
                self.session._apply_decision(seat, option, ask=True)
            except IllegalAction as error:
                raise Refused(f"the game refused that action: {error}") from None
            except Exception as error:  # noqa: BLE001 - a rules error stops this table, not the server
                self._fail(error)
                raise Refused(self.stopped) from None
            self.unattended = 0
            self._changed()

    def undo(self, seat: int, version: Any) -> str:
        """Take back `seat`'s last decision as the terminal's `undo` does; the message says what happened."""
        if seat == SPECTATOR:
            raise Refused("a spectator cannot undo")
        with self.lock:
            if version != self.version:
                raise Refused("stale undo: the table has moved on since that view")
            self.session.messages.clear()
            undone = self.session._undo(seat)
            message = " ".join(self.session.messages)
            if not undone:
                raise Refused(message or "nothing to undo")
            self._changed()
            return message

    # --- what a page receives --------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """Everything `seat`'s page is sent: its observation, its options and its log, nothing else."""
        from pirdsl.web.board import board_svg

        with self.lock:
            state = self.state
            observation = state.observation(seat)
            if seat != SPECTATOR:
                observation["log"] = self.session._log_for(seat)
            options: list[dict[str, Any]] = []
            deciding = (seat != SPECTATOR and not state.is_terminal() and not state.is_chance()
                        and state.current_player() == seat and self.spec.seats[seat] == HUMAN
                        and not self.stopped)
            budget = None
            if deciding:
                labels = [action.label for action in state.legal_actions()]
                details = state.option_details()
                if len(details) != len(labels):
                    details = [""] * len(labels)
                boards = observation.get("boards") or []
                places = _named_places(boards)
                board_names = [str(board.get("name", "")) for board in boards]
                for index, (label, detail) in enumerate(zip(labels, details)):
                    options.append({"index": index, "label": label, "detail": detail,
                                    "cells": _cells_named(label, places, board_names)})
                _name_pieces(options, observation)
                budget = state.budget_left()
            undo_points = self.session.undo_points
            can_undo = bool(seat != SPECTATOR and undo_points and undo_points[-1].seat == seat)
            to_move = state.current_player()
            names = state.seat_names
            view = {
                "type": "view",
                "table": self.table_id,
                "version": self.version,
                "game": self.game.name,
                "seat": seat,
                "seat_name": names[seat] if seat != SPECTATOR else None,
                "seats": [{"name": names[index], "kind": "person" if kind == HUMAN else
                           ("automa" if kind == AUTOMA else "bot")} for index, kind in enumerate(self.spec.seats)],
                "observation": observation,
                "prompt": observation.get("prompt") if deciding else None,
                "options": options,
                "budget_left": budget,
                "can_undo": can_undo,
                "waiting_for": names[to_move] if to_move >= 0 and not state.is_terminal() else None,
                "stopped": self.stopped,
                "boards": [board_svg(board, options) for board in observation.get("boards") or []],
            }
            if state.is_terminal():
                view["scores"] = state.scores()
                view["winners"] = [names[index] for index in state.winners()]
            return view


SPACE_TEXT = re.compile(r"\bspace (?:number )?(\d+)\b")


def _named_places(boards: list[dict[str, Any]]) -> dict[tuple[str, str], list[list[Any]]]:
    """What names a cell on the observed boards: ("piece", its text) and ("space", its caption) ->
    cells, each [row, column, board] (from 1; the board's name)."""
    places: dict[tuple[str, str], list[list[Any]]] = {}
    for board in boards:
        name = str(board.get("name", ""))
        for r, row in enumerate(board.get("cells") or []):
            for c, cell in enumerate(row):
                for piece in cell.get("pieces") or []:
                    places.setdefault(("piece", piece), []).append([r + 1, c + 1, name])
                if cell.get("caption"):
                    places.setdefault(("space", str(cell["caption"])), []).append([r + 1, c + 1, name])
    return places


def _cells_named(label: str, places: dict[tuple[str, str], list[list[Any]]],
                 board_names: Sequence[str] = ()) -> list[list[Any]]:
    """The cells an option's words name, each [row, column, board]: `row 2, column 7` (with several
    boards, the engine's words name the board too: `row 2, column 7 of lower deck`); else one piece
    on a board, named as the whole option; else the one space number it names (`to space 44`). Else none."""
    if len(board_names) > 1:
        found = []
        for name in board_names:
            shown = re.escape(name.replace("_", " "))
            found += [(match.start(), [int(match.group(1)), int(match.group(2)), name])
                      for match in re.finditer(rf"\brow (\d+), column (\d+) of {shown}\b", label)]
        cells = [cell for _, cell in sorted(found)]
    else:
        only = board_names[0] if board_names else ""
        cells = [[int(row), int(column), only] for row, column in CELL_TEXT.findall(label)]
    if cells:
        return cells
    found = places.get(("piece", label), [])
    if len(found) == 1:
        return list(found)
    spaces = SPACE_TEXT.findall(label)
    if len(set(spaces)) == 1:
        found = places.get(("space", spaces[0]), [])
        if len(found) == 1:
            return list(found)
    return []


def _name_pieces(options: list[dict[str, Any]], observation: dict[str, Any]) -> None:
    """Give each option the piece it names in a zone the page shows, as "pieces": [[seat, zone, text]].

    An option names a piece when its words are the piece's, or start with them and a colon
    ("gold then gold: load 5 doubloons" names the card "gold then gold"). Only a text that
    one zone shows (its look-alikes there are the same choice) and one option names is
    given, so a click on it can mean nothing else. `seat` is -1 for a zone of the table.
    """
    where: dict[str, set[tuple[int, str]]] = {}
    zones = [(-1, (observation.get("globals") or {}).get("zones") or {})]
    zones += [(seat, found.get("zones") or {}) for seat, found in enumerate(observation.get("seats") or [])]
    for seat, by_name in zones:
        for name, zone in by_name.items():
            for item in zone.get("items") or []:
                where.setdefault(str(item), set()).add((seat, name))
    named: dict[tuple[int, str, str], list[dict[str, Any]]] = {}
    for option in options:
        option["pieces"] = []
        label = option["label"]
        texts = [text for text in where if label == text or label.startswith(text + ":")]
        if len(texts) == 1 and len(where[texts[0]]) == 1:
            seat, zone = next(iter(where[texts[0]]))
            named.setdefault((seat, zone, texts[0]), []).append(option)
    for (seat, zone, text), naming in named.items():
        if len(naming) == 1:
            naming[0]["pieces"] = [[seat, zone, text]]


def replay(game: Any, spec: TableSpec) -> Any:
    """The table's state from its seed and actions: chance taken by the state's own generator, checked."""
    state = game.new_state(players=spec.players, seed=spec.seed, variants=list(spec.variants))
    for number, index in enumerate(spec.actions):
        if state.is_terminal():
            raise ValueError(f"action {number + 1} comes after the end of the game")
        if state.is_chance():
            taken = state.apply_chance()
            if taken != index:
                raise ValueError(f"action {number + 1}: the draw came out otherwise than recorded")
        else:
            state.apply_action(index)
    return state


def new_table(game: Any, path: str, players: int, variants: Sequence[str], seats: Sequence[str],
              seed: int | None = None, params: dict[str, Any] | None = None) -> Table:
    """A new table: seats given in order to the player seats (automa seats are the rules').

    `params` sets game parameters over their defaults (ValueError, with the reason, for an
    unknown name or a value out of its range); the table keeps only those set.
    """
    from pirdsl.play import assign_controllers

    chosen = game.checked_params(params or {}) if getattr(game, "param_decls", None) else {}
    if params and not chosen:
        raise ValueError(f"{game.name} has no parameters to set")
    defaults = getattr(game, "param_values", {})
    params = {name: value for name, value in chosen.items() if value != defaults.get(name)}
    game = game.with_params(params) if params else game
    seed = secrets.randbits(63) if seed is None else seed
    state = game.new_state(players=players, seed=seed, variants=list(variants))
    player_seats = sum(1 for seat in range(state.num_seats) if not state.is_automa(seat))
    if len(seats) > player_seats:
        raise ValueError(f"{len(seats)} seats given for the {player_seats} player seats of {game.name}")
    controllers = assign_controllers(state, list(seats))
    table_secrets = [new_secret() if kind == HUMAN else None for kind in controllers]
    spec = TableSpec(table_id=new_secret()[:12], path=path, file_hash=game.file_hash, players=players,
                     variants=sorted(variants), seed=seed, seats=controllers, secrets=table_secrets,
                     spectator=new_secret(), params=params)
    return Table(game, spec, state)
