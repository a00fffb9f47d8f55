"""Terminal play: humans and bots around one device, with undo and save files.

`PlaySession` drives one game: chance is resolved by the engine's own seeded
generator, bots answer for their seats, and each human seat is shown only its
own observation before choosing from a numbered list of legal actions. When
two human seats share the device, a "pass the device" screen hides one seat's
secrets from the next (only when input is a real terminal).

Input is read line by line with `input()`, so play works from a terminal and
from piped standard input alike; the end of input quits cleanly.

Save files are JSON::

    {"format": "pirdsl-save", "version": 1, "file_hash": "...", "game": "<the game's name>",
     "state": {...state.to_json()...}, "seats": ["human", "random", "automa"]}
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from rich.console import Console
from rich.text import Text

from interpreter import IllegalAction
from pirdsl.bots import make_bot, seat_seed
from pirdsl.terminal import fit_screen, render_boards, render_log, render_results

SAVE_FORMAT = "pirdsl-save"
SAVE_VERSION = 1
HUMAN = "human"
AUTOMA = "automa"
SEAT_KINDS = (HUMAN, "random", "greedy")

HELP_TEXT = """\
Type the number of an action to play it, or one of:
  help          show this help
  show          show the board, everything on the table and your actions again,
                nothing cut short to fit the screen
  log           show everything that has happened so far that you may see
  undo          go back to your previous decision
  save FILE     save the game to FILE (continue later with --load FILE)
  quit          stop playing (the game is not saved)"""


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


def write_save(path: str | Path, game: Any, state: Any, controllers: Sequence[str]) -> None:
    """Write a save file atomically (a half-written file never replaces a good one)."""
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "file_hash": game.file_hash,
        "game": game.name,
        "state": state.to_json(),
        "seats": list(controllers),
    }
    text = json.dumps(data, indent=1)
    target = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=".pirdsl-save-", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text + "\n")
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_save(path: str | Path, game: Any) -> tuple[Any, list[str]]:
    """Load a save file for `game`: the state and each seat's controller.

    Raises:
        SaveFileError: with a one-line reason when the file is missing, corrupt,
            from another pirdsl version, or made with another version of the rules.
    """
    try:
        raw = Path(path).read_bytes()
    except IsADirectoryError:
        raise SaveFileError(f"{path}: is a directory, not a save file") from None
    except OSError as error:
        raise SaveFileError(f"{path}: cannot read the save file ({error.strerror or error})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise SaveFileError(f"{path}: not a pirdsl save file (it is not valid JSON)") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"{path}: not a pirdsl save file")
    if data.get("version") != SAVE_VERSION:
        raise SaveFileError(
            f"{path}: save format version {data.get('version')!r} is not supported "
            f"(this pirdsl reads version {SAVE_VERSION})"
        )
    if data.get("file_hash") != game.file_hash:
        raise SaveFileError(
            f"{path}: this save was made with a different version of {game.path} "
            f"(the rules file has changed), so it cannot be loaded"
        )
    if not isinstance(data.get("state"), dict):
        raise SaveFileError(f"{path}: corrupt save file: it holds no game state")
    try:
        state = game.state_from_json(data["state"])
    except (ValueError, KeyError, TypeError, IndexError) as error:
        # The documented failure is ValueError; the others are caught too because
        # a save file is untrusted input and must never end in a traceback.
        raise SaveFileError(f"{path}: corrupt save file: {error}") from None
    seats = data.get("seats")
    if (
        not isinstance(seats, list)
        or len(seats) != state.num_seats
        or any(kind not in SEAT_KINDS + (AUTOMA,) for kind in seats)
    ):
        raise SaveFileError(f"{path}: corrupt save file: its 'seats' list does not match the game")
    controllers = [AUTOMA if state.is_automa(seat) else kind for seat, kind in enumerate(seats)]
    if AUTOMA in (controllers[seat] for seat in range(state.num_seats) if not state.is_automa(seat)):
        raise SaveFileError(f"{path}: corrupt save file: a player seat is marked as automa")
    return state, controllers


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


class QuitGame(Exception):
    """The human asked to stop (or input ended)."""


@dataclass
class UndoPoint:
    """A human decision that can be gone back to."""

    seat: int
    state: Any
    bot_generators: dict[int, Any]
    log_lines_shown: list[int]


class PlaySession:
    """One game played at the terminal.

    Args:
        game: the loaded game.
        state: the state to play from (new or loaded).
        controllers: per seat "human", "random", "greedy" or "automa".
        console: where to draw.
        bot_seed: seeds the bots (each seat's bot gets its own derived seed).
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
            if kind in ("random", "greedy")
        }
        self.undo_points: list[UndoPoint] = []
        self.log_lines_shown = [0] * state.num_seats
        self.last_human_seat: int | None = None

    @property
    def human_seats(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.controllers) if kind == HUMAN]

    def run(self) -> int:
        """Play until the game ends or a human quits; returns the exit code (0)."""
        try:
            while not self.state.is_terminal():
                if self.state.is_chance():
                    self.state.apply_chance()
                    continue
                seat = self.state.current_player()
                if self.state.num_actions() == 1:
                    # One option is no choice: take it without asking anyone, as at the table.
                    self.state.apply_action(0)
                    continue
                if self.controllers[seat] == HUMAN:
                    self.human_turn(seat)
                else:
                    self.state.apply_action(self._bot_for(seat).choose_action(self.state))
        except QuitGame as reason:
            self.console.print(Text(str(reason) or "Game abandoned."))
            return 0
        self.show_end()
        return 0

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
        while True:
            line = self._ask(f"{self.state.seat_names[seat]}, your choice (1-{len(actions)}, help): ")
            command, _, argument = line.strip().partition(" ")
            command = command.lower()
            if command.isascii() and command.isdigit():  # not "²", which isdigit() but int() refuses
                number = int(command)
                if 1 <= number <= len(actions):
                    if self._apply_human_choice(seat, actions[number - 1].index):
                        return
                    continue
                self._say(f"There is no action {number}: choose from 1 to {len(actions)}.")
            elif command in ("help", "h", "?"):
                self._say(HELP_TEXT)
            elif command in ("show", "board"):
                self._show(seat, repeat=True)
            elif command == "log":
                self.console.print(render_log(self.state.log_for(seat), limit=0, width=self.console.width))
            elif command == "undo":
                if self._undo(seat):
                    return
            elif command == "save":
                self._save(argument.strip())
            elif command in ("quit", "exit", "q"):
                raise QuitGame("Game abandoned.")
            elif not command:
                self._say(f"Type a number from 1 to {len(actions)}, or help.")
            else:
                self._say(f"Not understood: {line.strip()!r}. Type a number from 1 to {len(actions)}, or help.")

    def _apply_human_choice(self, seat: int, index: int) -> bool:
        point = UndoPoint(seat, self.state.clone(), self._bot_generator_states(), list(self.log_lines_shown))
        try:
            self.state.apply_action(index)
        except IllegalAction as error:
            self._say(f"The game refused that action: {error}")
            return False
        self.undo_points.append(point)
        return True

    def _undo(self, seat: int) -> bool:
        """Go back to this seat's previous decision; False (and a message) when there is none."""
        for position in range(len(self.undo_points) - 1, -1, -1):
            point = self.undo_points[position]
            if point.seat == seat:
                del self.undo_points[position:]
                self.state = point.state.clone()
                for bot_seat, generator_state in point.bot_generators.items():
                    self.bots[bot_seat].random.setstate(generator_state)
                self.log_lines_shown = list(point.log_lines_shown)
                self._say("Undone: back to your previous decision.")
                return True
        self._say("Nothing to undo: this is your first decision.")
        return False

    def _save(self, path: str) -> None:
        if not path:
            self._say("Usage: save FILE")
            return
        try:
            write_save(path, self.game, self.state, self.controllers)
        except OSError as error:
            self._say(f"Could not save to {path}: {error.strerror or error}")
            return
        self._say(f"Saved to {path}. Continue later with: pirdsl play {self.game.path} --load {path}")

    def _bot_generator_states(self) -> dict[int, Any]:
        return {seat: bot.random.getstate() for seat, bot in self.bots.items()}

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
        log = list(observation.get("log") or [])
        shown = min(self.log_lines_shown[seat], len(log))
        new_lines = [] if repeat else log[shown:]
        self.log_lines_shown[seat] = len(log)
        if new_lines and new_lines[-1] == f"Round {observation.get('round')}":
            # The engine's line opening this round: the status line right under the log
            # says "Round N · phase", so showing both would say the round twice in a row.
            new_lines.pop()
        labels = [action.label for action in self.state.legal_actions()]
        screen = fit_screen(observation, new_lines, width=self.console.width,
                            height=None if repeat else self._screen_height(), prompt=self.state.prompt(), labels=labels)
        if screen.earlier_log:  # printed above the view, where they scroll away rather than the board
            self.console.print(render_log(screen.earlier_log, limit=0, width=self.console.width))
        self.console.print()
        self.console.print(screen.view)

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
        if not self.interactive:
            self.console.print(Text(line), soft_wrap=True)  # echo, so a piped transcript reads naturally
        return line

    def _say(self, message: str) -> None:
        self.console.print(Text(message), soft_wrap=True)

    def show_end(self) -> None:
        """The board as the game ended, the last log lines, and the final scores and winners."""
        viewers = self.human_seats or [0]
        viewer = viewers[0]
        log = self.state.log_for(viewer)
        unseen = log[min(self.log_lines_shown[viewer], len(log)):]
        if unseen:
            limit = 0 if not self.human_seats else 15  # a bots-only game prints its whole log
            self.console.print(render_log(unseen, limit=limit, width=self.console.width))
        # Only the boards, which every seat sees alike: the seats' own zones stay private.
        boards = self.state.observation(viewer).get("boards") or []
        if boards:
            self.console.print()
            self.console.print(render_boards(boards, width=self.console.width))
        self.console.print(render_results(self.state.seat_names, self.state.scores(), self.state.winners()))
