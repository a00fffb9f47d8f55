"""Terminal play: humans and bots around one device, with undo and save files.

`PlaySession` drives one game: chance is resolved by the engine's own seeded
generator, bots answer for their seats, and each human seat is shown only its
own observation before choosing from a numbered list of legal actions, by
number, by words or by cell (pirdsl/terminal.py, `match_choice`); an option
keeps its number while the same question comes back in the seat's turn. When
two human seats share the device, a "pass the device" screen hides one seat's
secrets from the next (only when input is a real terminal).

Each human seat's log also tells it the other seats' decisions that the rules'
own lines do not (`_tell`), as far as the engine says that seat may know them
(`state.decision_seen_by`).

Input is read line by line with `input()`, so play works from a terminal and
from piped standard input alike; the end of input quits cleanly.

Undo takes back only a seat's own decisions since the last moment anything new
came to light: a chance event, another seat's decision (a bot's, a forced one, or
another person's), or a decision of its own that showed it something hidden (the
engine's `state.reveals(index)` proves it did not). Any of these forgets every
undo point, so going back can never be a way to look and choose again.

Save files are JSON, sealed (pirdsl/seal.py) so that an edited save is refused::

    {"format": "pirdsl-save", "version": 2, "file_hash": "...", "game": "<the game's name>",
     "state": {...state.to_json()...}, "seats": ["human", "random", "automa"],
     "seal": "hmac-sha256:..."}

A save holds the whole game, every secret included: it is for continuing a game
later, not a way back for one player.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from rich.console import Console
from rich.text import Text

from interpreter import IllegalAction
from pirdsl.bots import make_bot, parse_bot_spec, seat_seed
from pirdsl.playing import DEFAULT_STEP_LIMIT
from pirdsl.seal import CONFIG_DIR_VARIABLE, SealError, config_dir, load_key, seal, seal_matches
from pirdsl.terminal import (
    describe_numbers,
    fit_screen,
    match_choice,
    number_options,
    render_boards,
    render_log,
    render_results,
    wrap_message,
)

SAVE_FORMAT = "pirdsl-save"
SAVE_VERSION = 2
MAX_SAVE_BYTES = 32_000_000  # far above any real game; a bigger file is not read at all
MAX_SAVE_DEPTH = 100         # lists and objects inside each other; a real save stays under 15
MAX_SAVE_DIGITS = 100        # digits of one number in a save
ECHO_SHOWN = 200  # characters of a piped input line echoed in the transcript
HUMAN = "human"
AUTOMA = "automa"
SEAT_KINDS = (HUMAN, "random", "greedy", "mcts", "ismcts")  # mcts and ismcts also as mcts:2000, ismcts:0.5s

# One line per paragraph and per command: `wrap_message` breaks them to the terminal's width.
HELP_TEXT = """\
Choose an action by typing its number, its words or the start of one of them (enough letters to tell it \
from the others), or the cell it names: c4 (column c, row 4), row 3 col 2, r3c2 or 3,2 (row 3, column 2). \
A number stays with its action while the same question is asked again in your turn (as when you pick cards \
one by one). Or type one of:
  help          show this help
  show          show the board, everything on the table and your actions again, nothing cut short to fit \
the screen
  log           show everything that has happened so far that you may see
  undo          take back your last decision, if nothing new came to light since (no draw or roll, no other \
player's move, nothing hidden shown to you)
  save FILE     save the game to FILE (continue later with --load FILE)
  quit          stop playing (the game is not saved)
An action named like one of these is chosen by its number."""

ROUND_LINE = re.compile(r"Round \d+")  # the engine's log line opening a round


class SaveFileError(Exception):
    """A save file that cannot be used; the message is one line for the user."""


def assign_controllers(state: Any, requested: Sequence[str] | None) -> list[str]:
    """Who plays each seat: "human", "random", "greedy", or "automa" for rules-played seats.

    Args:
        state: a new or loaded game state.
        requested: the `--seat` values, given in order to the non-automa seats;
            None or empty means seat 0 human and the others random.

    Raises:
        ValueError: when more controllers are given than there are player seats.
    """
    player_seats = [seat for seat in range(state.num_seats) if not state.is_automa(seat)]
    if requested:
        if len(requested) > len(player_seats):
            raise ValueError(f"{len(requested)} --seat values given for {len(player_seats)} player seats")
        kinds = list(requested) + ["random"] * (len(player_seats) - len(requested))
    else:
        kinds = [HUMAN] + ["random"] * (len(player_seats) - 1)
    controllers = [AUTOMA] * state.num_seats
    for seat, kind in zip(player_seats, kinds):
        controllers[seat] = kind
    return controllers


# How to replace a read-only file at the prompt, where there is no --force.
READ_ONLY_HINT = "save to another name (or make the file writable first)"


def write_save(path: str | Path, game: Any, state: Any, controllers: Sequence[str]) -> None:
    """Write a sealed save file, whole or not at all (`interpreter.files`), readable by its owner only.

    Only a regular file that may be written, or a new one, is written: the rules file
    being played, a read-only file, a directory, a device, a pipe or a symbolic link is
    refused and left as it is.

    Raises:
        SaveFileError: with a one-line reason (a bad place, no key, a state that is not JSON).
    """
    from interpreter.files import OutputError, check_target, write_file

    inputs = [game.path] if getattr(game, "path", None) else []
    try:
        check_target(path, inputs=inputs, force_hint=READ_ONLY_HINT, probe=False)
    except OutputError as error:
        raise SaveFileError(error.reason) from None
    body = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "file_hash": game.file_hash,
        "game": game.name,
        "state": state.to_json(),
        "seats": list(controllers),
    }
    try:
        body = json.loads(json.dumps(body, allow_nan=False))  # exactly what a reader will see and check
    except (TypeError, ValueError) as error:
        raise SaveFileError(f"the game cannot be written as JSON ({error})") from None
    try:
        key = load_key(create=True)
    except SealError as error:
        raise SaveFileError(str(error)) from None
    data = {**body, "seal": seal(body, key)}
    try:
        write_file(path, json.dumps(data, indent=1) + "\n", inputs=inputs, force_hint=READ_ONLY_HINT, mode=0o600)
    except OutputError as error:
        raise SaveFileError(error.reason) from None


def _known_seat_kind(kind: Any) -> bool:
    """Whether a save's seat entry names a controller: human, automa, or a bot spec (mcts:2000 too)."""
    if kind in SEAT_KINDS + (AUTOMA,):
        return True
    try:
        parse_bot_spec(kind)
    except ValueError:
        return False
    return True


def read_save(path: str | Path, game: Any) -> tuple[Any, list[str]]:
    """Load a save file for `game`: the state and each seat's controller.

    Raises:
        SaveFileError: with a one-line reason when the file is missing, not a save,
            damaged or edited (its seal does not match), from another pirdsl version,
            of another game, or made with another version of the rules.
    """
    data = _parse_save(path, _read_save_bytes(path))
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"{path}: not a pirdsl save file")
    version = data.get("version")
    if version == 1:
        raise SaveFileError(
            f"{path}: this save was made by an older pirdsl, without a seal, so it cannot be checked "
            "and is not loaded")
    if version != SAVE_VERSION:
        raise SaveFileError(
            f"{path}: save format version {_short(version)} is not supported "
            f"(this pirdsl reads version {SAVE_VERSION})"
        )
    try:
        key = load_key(create=False)
    except SealError as error:
        raise SaveFileError(f"{path}: {error}") from None
    if key is None:
        raise SaveFileError(
            f"{path}: cannot check this save's seal: there is no save key in {config_dir()} "
            f"(was it saved by another user or on another computer? see {CONFIG_DIR_VARIABLE})")
    body = {name: value for name, value in data.items() if name != "seal"}
    if not seal_matches(body, data.get("seal"), key):
        raise SaveFileError(
            f"{path}: damaged save file: its seal does not match its contents "
            "(it was edited or damaged, or saved by another user or on another computer)")
    if data.get("game") != game.name:
        raise SaveFileError(f"{path}: this is a save of another game ({_short(data.get('game'))}), not of {game.name}")
    if data.get("file_hash") != game.file_hash:
        raise SaveFileError(
            f"{path}: this save was made with a different version of {game.path} "
            f"(the rules file has changed), so it cannot be loaded"
        )
    if not isinstance(data.get("state"), dict):
        raise SaveFileError(f"{path}: corrupt save file: it holds no game state")
    try:
        state = game.state_from_json(data["state"])
    except (ValueError, KeyError, TypeError, IndexError, OverflowError, RecursionError) as error:
        # The documented failure is ValueError; the others are caught too because
        # a save file is untrusted input and must never end in a traceback.
        raise SaveFileError(f"{path}: corrupt save file: {_one_line(error)}") from None
    seats = data.get("seats")
    if (
        not isinstance(seats, list)
        or len(seats) != state.num_seats
        or any(not _known_seat_kind(kind) for kind in seats)
    ):
        raise SaveFileError(f"{path}: corrupt save file: its 'seats' list does not match the game")
    controllers = [AUTOMA if state.is_automa(seat) else kind for seat, kind in enumerate(seats)]
    if AUTOMA in (controllers[seat] for seat in range(state.num_seats) if not state.is_automa(seat)):
        raise SaveFileError(f"{path}: corrupt save file: a player seat is marked as automa")
    return state, controllers


def _read_save_bytes(path: str | Path) -> bytes:
    """A save file's bytes: only from a regular file, and only up to MAX_SAVE_BYTES."""
    if "\0" in str(path):
        raise SaveFileError(f"{_short(str(path))}: a file name cannot contain a NUL byte")
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer; it is refused below.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except IsADirectoryError:
        raise SaveFileError(f"{path}: is a directory, not a save file") from None
    except OSError as error:
        raise SaveFileError(f"{path}: cannot read the save file ({error.strerror or error})") from None
    try:
        info = os.fstat(handle)
        if stat.S_ISDIR(info.st_mode):
            raise SaveFileError(f"{path}: is a directory, not a save file")
        if not stat.S_ISREG(info.st_mode):
            raise SaveFileError(f"{path}: is a device or other special file, not a save file")
        if info.st_size > MAX_SAVE_BYTES:
            raise SaveFileError(f"{path}: too large for a save file ({info.st_size} bytes; the limit is {MAX_SAVE_BYTES})")
        with os.fdopen(handle, "rb", closefd=False) as file:
            raw = file.read(MAX_SAVE_BYTES + 1)
    except OSError as error:
        raise SaveFileError(f"{path}: cannot read the save file ({error.strerror or error})") from None
    finally:
        os.close(handle)
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveFileError(f"{path}: too large for a save file (the limit is {MAX_SAVE_BYTES} bytes)")
    return raw


class _NotJson(ValueError):
    """A save's text that is not the JSON pirdsl writes; the message says why."""


def _reject_constant(name: str) -> Any:
    raise _NotJson(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    if len(text) > MAX_SAVE_DIGITS:
        raise _NotJson(f"a number of {len(text)} characters")
    value = float(text)
    if not math.isfinite(value):
        raise _NotJson(f"{_short(text)} is too large a number")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_SAVE_DIGITS:
        raise _NotJson(f"a number of {len(text)} digits")
    return int(text)


def _parse_save(path: str | Path, raw: bytes) -> Any:
    """The JSON value of a save, refusing what pirdsl never writes (NaN, Infinity, huge numbers, deep nesting)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveFileError(f"{path}: not a pirdsl save file (it is not UTF-8 text)") from None
    try:
        data = json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float, parse_int=_bounded_int)
    except _NotJson as error:
        raise SaveFileError(f"{path}: not a pirdsl save file (it is not valid JSON: {error})") from None
    except RecursionError:
        raise SaveFileError(f"{path}: not a pirdsl save file (it is nested too deeply)") from None
    except ValueError:
        raise SaveFileError(f"{path}: not a pirdsl save file (it is not valid JSON)") from None
    if _depth(data) > MAX_SAVE_DEPTH:
        raise SaveFileError(f"{path}: not a pirdsl save file (it is nested too deeply: more than {MAX_SAVE_DEPTH} levels)")
    return data


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in a JSON value (counted without recursion)."""
    deepest = 0
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        if depth > MAX_SAVE_DEPTH:
            return depth
        pending.extend((child, depth + 1) for child in children)
    return deepest


def _short(value: Any, limit: int = 40) -> str:
    """A value from an untrusted file, short enough for a one-line message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _one_line(error: BaseException, limit: int = 300) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


def read_input_line(prompt: str = "") -> str:
    """One line from standard input; EOFError when there is none (closed or absent).

    At a terminal with line editing turned on (`line_editing`), `input` shows the
    prompt itself, so that editing keys redraw the line with the prompt in place.
    """
    if sys.stdin is None:
        raise EOFError
    return input(prompt)


def line_editing() -> Any:
    """Turn on line editing and a history of what was typed at the prompt, where Python has readline.

    Returns the readline module, or None where there is none (e.g. Windows without it).
    """
    try:
        import readline
    except ImportError:  # pragma: no cover - depends on how Python was built
        return None
    return readline


def decision_seen_by(state: Any, index: int, viewer: int) -> str | None:
    """Decision `index` of the seat to move as `viewer` may read it (`Player 2 · Sail north: 2 hexes`), or None.

    The engine says whether `viewer` may know it (`state.decision_seen_by`: a face-down
    card, an option from a hidden hand, a text that reads a secret, a choice made
    blind in a simultaneous loop are never told); an engine that cannot say tells
    nothing. The caller tells it only once it has changed what `viewer` sees on the table.
    """
    seen_by = getattr(state, "decision_seen_by", None)
    seen = seen_by(index, viewer) if seen_by is not None else None
    if seen is None:
        return None
    prompt, label = seen
    return f"{state.seat_names[state.current_player()]} · {prompt.rstrip(':')}: {label}"


def _table_seen(state: Any, viewer: int) -> dict[str, Any]:
    """What `viewer` sees on the table: its observation without whose turn it is, the question and the log."""
    return {key: value for key, value in state.observation(viewer).items()
            if key not in ("to_move", "prompt", "actions", "log", "phase", "round")}


def _secret_vars(state: Any, seat: int, viewers: Sequence[int]) -> list[Any]:
    """The variables of `seat` that it sees and the viewers do not (its secrets), as its observation shows them."""
    if not viewers:
        return []
    own = (state.observation(seat).get("seats") or [{}])[seat].get("vars") or {} if seat >= 0 else {}
    public = set(((state.observation(viewers[0]).get("seats") or [{}])[seat].get("vars") or {}) if seat >= 0 else ())
    return [(name, value) for name, value in own.items() if name not in public]


class QuitGame(Exception):
    """The human asked to stop (or input ended)."""


class RunawayGame(Exception):
    """Bots and chance played the step limit without the game ending or a person being asked."""


@dataclass
class UndoPoint:
    """A human decision that can be gone back to."""

    seat: int
    state: Any
    log_lines_shown: list[int]
    decisions_seen: dict[int, list[tuple[int, str, bool]]]


class PlaySession:
    """One game played at the terminal.

    Args:
        game: the loaded game.
        state: the state to play from (new or loaded).
        controllers: per seat "human", "automa", or a bot spec ("random", "greedy", "mcts:2000"...).
        console: where to draw.
        bot_seed: seeds the bots (each seat's bot gets its own derived seed).
        step_limit: how many steps bots and chance may take in a row, with no person
            asked, before the game counts as never ending (as in `simulate`).
        read_line: reads one line of input (raises EOFError at the end of input).
        interactive: whether input comes from a person at a terminal (enables the
            pass-the-device screen); by default, whether standard input is a terminal.
    """

    def __init__(
        self,
        game: Any,
        state: Any,
        controllers: Sequence[str],
        console: Console,
        bot_seed: int = 0,
        read_line: Callable[[], str] = read_input_line,
        interactive: bool | None = None,
        step_limit: int = DEFAULT_STEP_LIMIT,
    ) -> None:
        self.game = game
        self.state = state
        self.controllers = list(controllers)
        self.console = console
        self.read_line = read_line
        if interactive is None:
            interactive = sys.stdin is not None and sys.stdin.isatty()
        self.interactive = interactive
        # Arrow keys, editing and the history of earlier answers at a real terminal.
        self.readline = line_editing() if interactive and read_line is read_input_line else None
        self.bots = {
            seat: make_bot(kind, seat_seed(bot_seed, seat))
            for seat, kind in enumerate(self.controllers)
            if kind not in (HUMAN, AUTOMA)  # random, greedy and the search bots with their budgets
        }
        # Decisions that can be taken back: all of one seat, since anything new came to light.
        self.undo_points: list[UndoPoint] = []
        self.step_limit = step_limit
        self.unattended_steps = 0
        self.log_lines_shown = [0] * state.num_seats
        self.last_human_seat: int | None = None
        # Per seat: the other seats' decisions it saw that the rules' log does not tell in full,
        # each with the length of the seat's log when it was taken (where it goes in the log),
        # and whether it names the seat before the rules' line there, or stands as a line of its own.
        self.decisions_seen: dict[int, list[tuple[int, str, bool]]] = {}
        # The numbers shown beside a seat's options this round: ((seat, round), question ->
        # label -> number), forgotten at another seat's decision.
        self.numbering: tuple[tuple[int, Any], dict[str, dict[str, int]]] | None = None
        self.cell_example: str | None = None  # the options were shown as a grid of cells: one, as typed

    @property
    def human_seats(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.controllers) if kind == HUMAN]

    def run(self) -> int:
        """Play until the game ends or a human quits; returns the exit code (0, or 1 for a runaway game)."""
        try:
            while not self.state.is_terminal():
                if self.state.is_chance():
                    self._count_unattended_step()
                    self.undo_points.clear()  # a draw or roll brings something new to light
                    self.state.apply_chance()
                    continue
                seat = self.state.current_player()
                if self.state.num_actions() == 1:
                    # One option is no choice: take it without asking anyone, as at the table.
                    self._count_unattended_step()
                    self._apply_decision(seat, 0, ask=False)
                    continue
                if self.controllers[seat] == HUMAN:
                    self.unattended_steps = 0
                    self.human_turn(seat)
                else:
                    self._count_unattended_step()
                    self._apply_decision(seat, self._bot_for(seat).choose_action(self.state), ask=False)
        except QuitGame as reason:
            self.console.print(Text(str(reason) or "Game abandoned."))
            return 0
        except RunawayGame:
            print(
                f"pirdsl: error: the game did not end: unfinished after {self.step_limit} steps "
                "with no one asked (hit the step limit)",
                file=sys.stderr,
            )
            return 1
        self.show_end()
        return 0

    def _count_unattended_step(self) -> None:
        self.unattended_steps += 1
        if self.unattended_steps > self.step_limit:
            raise RunawayGame

    def _apply_decision(self, seat: int, index: int, ask: bool) -> None:
        """Take decision `index` for `seat`, keeping or forgetting the undo points as it requires.

        The undo points survive only a decision of their own seat, taken by a person,
        that the engine has checked shows that seat nothing it could not see
        (`state.reveals`); every other decision is new information for someone.
        Raises IllegalAction (and changes nothing) when the engine refuses the action.
        """
        shows_nothing_new = (
            self.controllers[seat] == HUMAN
            and all(point.seat == seat for point in self.undo_points)
            and not self._reveals(index)
        )
        point = UndoPoint(seat, self.state.clone(), list(self.log_lines_shown),
                          {viewer: list(lines) for viewer, lines in self.decisions_seen.items()}) \
            if shows_nothing_new and ask else None
        watch = self._watch(seat, index)
        self.state.apply_action(index)
        if self.numbering is not None and self.numbering[0][0] != seat:
            self.numbering = None
        self._tell(seat, watch)
        if not shows_nothing_new:
            self.undo_points.clear()
        elif point is not None:
            self.undo_points.append(point)

    def _watch(self, seat: int, index: int) -> dict[str, Any]:
        """What the other human seats see before `seat` takes decision `index` (for `_tell`)."""
        watchers = [viewer for viewer in self.human_seats if viewer != seat] if self.state.num_actions() > 1 else []
        seen = {viewer: decision_seen_by(self.state, index, viewer) for viewer in watchers}
        seen = {viewer: text for viewer, text in seen.items() if text is not None}
        return {"logged": {viewer: len(self.state.log_for(viewer)) for viewer in watchers}, "seen": seen,
                "secrets": _secret_vars(self.state, seat, list(seen)),
                "tables": {viewer: _table_seen(self.state, viewer) for viewer in seen}}

    def _tell(self, seat: int, watch: dict[str, Any]) -> None:
        """Note for each other human seat the decision `seat` has just taken, as far as it may know it.

        The rules' own log lines come first: when they name the seat, they say it all;
        when they do not ("the Tower turns to face west"), the first of them is shown as
        the seat's ("Player 2: the Tower turns..."), since whose turn it is is no secret.
        When they wrote no line, the decision itself is told (`decision_seen_by`), but
        only once it has changed something the viewer sees on the table (a choice the
        rules keep for later, such as crew bought for a hidden hold, is not told) and
        put nothing in a secret of its own.
        """
        seen = watch["seen"]
        if seen and watch["secrets"] != _secret_vars(self.state, seat, list(seen)):
            seen = {}  # the choice went where only its seat may look (a secret of its own)
        name = str(self.state.seat_names[seat])
        naming = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
        for viewer, logged in watch["logged"].items():
            new_lines = self.state.log_for(viewer)[logged:]
            told = self.decisions_seen.setdefault(viewer, [])
            # The engine's line opening a round is no one's doing.
            own = [place for place, line in enumerate(new_lines, logged) if not ROUND_LINE.fullmatch(line)]
            if new_lines:
                if own and not any(naming.search(line) for line in new_lines):
                    told.append((own[0], f"{name}:", True))
            elif viewer in seen and _table_seen(self.state, viewer) != watch["tables"][viewer]:
                told.append((logged, seen[viewer], False))

    def _reveals(self, index: int) -> bool:
        reveals = getattr(self.state, "reveals", None)
        return True if reveals is None else bool(reveals(index))  # an engine that cannot tell: assume it does

    def _bot_for(self, seat: int) -> Any:
        # A seat the engine hands us that we did not expect (e.g. an automa asked
        # to decide) is played at random rather than stalling the game.
        if seat not in self.bots:
            self.bots[seat] = make_bot("random", seat_seed(0, seat))
        return self.bots[seat]

    # --- a human's decision -------------------------------------------------

    def human_turn(self, seat: int) -> None:
        """Show `seat` its view, read commands until it picks an action, and apply it."""
        self._pass_device_to(seat)
        self._show(seat)
        actions = self.state.legal_actions()
        labels = [action.label for action in actions]
        numbers = self._option_numbers(seat, labels)
        while True:
            what = f"a cell such as {self.cell_example}" if self.cell_example else describe_numbers(numbers)
            line = self._ask(f"{self.state.seat_names[seat]}, your choice ({what}, help): ")
            command, _, argument = line.strip().partition(" ")
            command = command.lower()
            if command in ("help", "h", "?"):
                self._say(HELP_TEXT)
            elif command in ("show", "board"):
                self._show(seat, repeat=True)
            elif command == "log":
                self.console.print(render_log(self._log_for(seat), limit=0, width=self.console.width))
            elif command == "undo":
                if self._undo(seat):
                    return
            elif command == "save":
                self._save(argument.strip())
            elif command in ("quit", "exit", "q"):
                raise QuitGame("Game abandoned.")
            else:
                choice = match_choice(line, labels, numbers)
                if choice.index is None:
                    self._say(choice.message)
                elif self._apply_human_choice(seat, actions[choice.index].index):
                    return

    def _option_numbers(self, seat: int, labels: list[str]) -> list[int]:
        """The numbers shown beside the options: the same as last time while the same question is asked again.

        The same seat, the same question, in the same round and with no other seat's move
        in between: the decision goes on (a fleet picked one card at a time, the next
        action of the same turn), so each option keeps its number, even when a count in
        its words has changed ("Move (4 left)"). A list with nothing in common with the
        last one is numbered from 1 again.
        """
        prompt = self.state.prompt()
        moment = (seat, getattr(self.state, "round", None))
        if self.numbering is None or self.numbering[0] != moment:
            self.numbering = (moment, {})
        earlier = self.numbering[1].get(prompt)
        numbers = number_options(labels, earlier)
        if earlier and numbers and min(numbers) > max(earlier.values()):
            earlier = None  # nothing in common: a new list
            numbers = number_options(labels)
        mapping = dict(earlier or {})
        mapping.update(zip(labels, numbers))
        self.numbering[1][prompt] = mapping
        return numbers

    def _apply_human_choice(self, seat: int, index: int) -> bool:
        try:
            self._apply_decision(seat, index, ask=True)
        except IllegalAction as error:
            self._say(f"The game refused that action: {error}")
            return False
        return True

    def _undo(self, seat: int) -> bool:
        """Go back to this seat's previous decision; False (and a message) when it may not."""
        if not self.undo_points or self.undo_points[-1].seat != seat:
            self._say(
                "Nothing to undo: undo takes back only your own decisions since anything new came to "
                "light (a draw or a roll, another player's move, something hidden shown to you).")
            return False
        point = self.undo_points.pop()
        # Only this seat's decisions, which showed nothing new, lie between: no bot has drawn
        # from its generator since, and no one has seen anything the point does not show.
        self.state = point.state.clone()
        self.log_lines_shown = list(point.log_lines_shown)
        self.decisions_seen = point.decisions_seen
        self._say("Undone: back to your previous decision.")
        return True

    def _save(self, path: str) -> None:
        if not path:
            self._say("Usage: save FILE")
            return
        from interpreter.files import shown_path

        shown = shown_path(path)
        try:
            write_save(path, self.game, self.state, self.controllers)
        except SaveFileError as error:
            self._say(f"Could not save to {shown}: {error}")
            return
        except (OSError, ValueError) as error:
            self._say(f"Could not save to {shown}: {getattr(error, 'strerror', None) or error}")
            return
        # The paths stay whole on one line, to be copied as they are.
        self.console.print(Text(f"Saved to {path}. Continue later with: pirdsl play {self.game.path} --load {path}"),
                           soft_wrap=True)
        self._say("The save holds the whole game, every hand included: it is for continuing later, "
                  "not for going back.")

    # --- drawing and input --------------------------------------------------

    def _pass_device_to(self, seat: int) -> None:
        """Hide the previous human's view before another human's turn (terminals only)."""
        previous, self.last_human_seat = self.last_human_seat, seat
        if previous is None or previous == seat or not self.interactive:
            return
        self._clear_screen()
        if self.readline is not None:
            self.readline.clear_history()  # the next player must not scroll back through the last one's answers
        self._ask(f"Pass the device to {self.state.seat_names[seat]}, then press Enter. ")
        self._clear_screen()

    def _clear_screen(self) -> None:
        """Clear the screen and the scrollback, so the next player cannot scroll up to a hand."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\033[3J")  # erase the scrollback (xterm and most terminals)
            self.console.file.flush()

    def _show(self, seat: int, repeat: bool = False) -> None:
        """Draw `seat`'s view: the table, the log lines new to it, the round and phase, the actions."""
        observation = self.state.observation(seat)
        log = self._log_for(seat, list(observation.get("log") or []))
        shown = min(self.log_lines_shown[seat], len(log))
        new_lines = [] if repeat else log[shown:]
        self.log_lines_shown[seat] = len(log)
        if new_lines and new_lines[-1] == f"Round {observation.get('round')}":
            # The engine's line opening this round: the status line right under the log
            # says "Round N · phase", so showing both would say the round twice in a row.
            new_lines.pop()
        labels = [action.label for action in self.state.legal_actions()]
        numbers = self._option_numbers(seat, labels)
        height = None if repeat else self._screen_height()
        prompt, labels = self._question(labels, numbers, height)
        screen = fit_screen(observation, new_lines, width=self.console.width, height=height, prompt=prompt,
                            labels=labels, numbers=numbers)
        self.cell_example = screen.cells
        if screen.earlier_log:  # printed above the view, where they scroll away rather than the board
            self.console.print(render_log(screen.earlier_log, limit=0, width=self.console.width))
        self.console.print()
        self.console.print(screen.view)

    def _question(self, labels: list[str], numbers: list[int], height: int | None) -> tuple[str, list[str]]:
        """The question and the options' words as shown: with what a budgeted choice has left to
        spend, and each card's stats beside its name where the screen has room for them all
        (else the question says that `show` has them)."""
        prompt = self.state.prompt()
        left = getattr(self.state, "budget_left", lambda: None)()
        if left is not None:
            prompt += f" ({left} left to spend)"
        details = getattr(self.state, "option_details", lambda: [])()
        if not any(details) or len(details) != len(labels):
            return prompt, labels
        full = [f"{label} · {detail}" if detail else label for label, detail in zip(labels, details)]
        indent = len(str(max(numbers))) + 4
        lines = sum(len(textwrap.wrap(entry, max(20, self.console.width - indent), break_long_words=False))
                    for entry in full)
        if height is None or lines <= max(1, height // 3):
            return prompt, full
        return prompt + " (type 'show' for each option's details)", labels

    def _screen_height(self) -> int | None:
        """The terminal's height, which the view is made to fit; None for piped output.

        Set LINES to fit piped output to a height too (as the golden transcripts do).
        """
        if self.console.is_terminal or os.environ.get("LINES", "").isdigit():
            return self.console.height
        return None

    def _ask(self, prompt: str) -> str:
        try:
            if self.readline is not None:
                line = read_input_line(prompt)
            else:
                self.console.print(Text(prompt), end="", soft_wrap=True)
                line = self.read_line()
        except EOFError:
            self.console.print()
            raise QuitGame("End of input: game abandoned.") from None
        if not self.interactive:  # echo, so a piped transcript reads naturally (a huge line cut short)
            self.console.print(Text(line if len(line) <= ECHO_SHOWN else line[:ECHO_SHOWN] + "…"), soft_wrap=True)
        return line

    def _log_for(self, seat: int, log: list[str] | None = None) -> list[str]:
        """The seat's log with the other seats' decisions it saw, where the rules logged nothing."""
        lines = list(self.state.log_for(seat) if log is None else log)
        for position, text, before_line in reversed(self.decisions_seen.get(seat, [])):
            if not before_line:
                lines.insert(min(position, len(lines)), text)
            elif position < len(lines) and not lines[position].startswith(text):
                lines[position] = f"{text} {lines[position]}"
        return lines

    def _say(self, message: str) -> None:
        """A message, broken at word boundaries at a terminal (which would otherwise break words in two)."""
        if self._screen_height() is not None:
            message = wrap_message(message, self.console.width)
        self.console.print(Text(message), soft_wrap=True)

    def show_end(self) -> None:
        """The board as the game ended, the last log lines, and the final scores and winners."""
        viewers = self.human_seats or [0]
        viewer = viewers[0]
        log = self._log_for(viewer)
        unseen = log[min(self.log_lines_shown[viewer], len(log)):]
        if unseen:
            limit = 0 if not self.human_seats else 15  # a bots-only game prints its whole log
            self.console.print(render_log(unseen, limit=limit, width=self.console.width))
        # Only the boards, which every seat sees alike: the seats' own zones stay private.
        boards = self.state.observation(viewer).get("boards") or []
        if boards:
            self.console.print()
            self.console.print(render_boards(boards, width=self.console.width, seat_names=self.state.seat_names))
        self.console.print(render_results(self.state.seat_names, self.state.scores(), self.state.winners()))
