"""A tiny engine for one small game, implementing docs/engine-api.md, for the command-line tests.

The command line, bots and simulation are written against the documented engine
API only. tests/test_cli.py patches this module's `load_game` into the command
line (`pirdsl.commands.common.load_game`), so those tests pin the command line's
behaviour on a game small enough to reason about (and to make fail on purpose),
independently of games/. It shares the real engine's `CHANCE`, `TERMINAL`,
`IllegalAction` and `GameRuleError`.

The game, "Dice Race": each turn a die (1-3) is rolled (a chance node), then the
seat to move either moves that many steps, plays a card from its hidden hand to
move further, or rests to draw a card. First to reach the target, or the one
furthest ahead after the last round, wins. Variants:

* ``rival``: an automa seat, "The Rival", moves one step at the end of each round.
* ``fragile``: the rules fail (a `GameRuleError`) when a 3 is rolled in round 2,
  so error handling can be tested.

Rules files for it are tiny text files::

    fake-game "Dice Race"
    target 10
    rounds 8

A line `warn MESSAGE` gives the loaded game a checker warning with that message,
so that the command line's handling of warnings can be tested.
"""

from __future__ import annotations

import copy
import hashlib
import random
import re
from dataclasses import dataclass
from pathlib import Path

from dsl.diagnostics import Diagnostic, PirError, Span
from interpreter import CHANCE, TERMINAL, IllegalAction
from interpreter import GameRuleError as EngineRuleError


class GameRuleError(EngineRuleError):
    """A rules failure located in the fake rules file."""

    def __init__(self, span: Span, message: str) -> None:
        Exception.__init__(self, message)
        self.span = span
        self.message = message

    def __str__(self) -> str:
        return f"{self.span}: error: {self.message}"


SAVE_KIND = "fake-dice-race"
DIE_FACES = (1, 2, 3)
CARD_VALUES = (1, 2, 3)
HAND_LIMIT = 3
REST_ACTION = 0
MOVE_ACTION = 1
PLAY_CARD_BASE = 100  # internal move codes; the actions the API shows are numbered 0..n-1


@dataclass(frozen=True)
class Action:
    """One choice offered by the engine."""

    index: int
    label: str


class FakeGame:
    """A loaded Dice Race rules file."""

    min_players = 2
    max_players = 3
    variants = {
        "rival": "an automa rival moves one step at the end of every round",
        "fragile": "the rules fail when a 3 is rolled in round 2 (for testing)",
    }

    def __init__(self, path: str, name: str, target: int, rounds: int, file_hash: str) -> None:
        self.path = path
        self.name = name
        self.target = target
        self.rounds = rounds
        self.file_hash = file_hash
        self.source = ""
        self.warnings: list[Diagnostic] = []

    def new_state(self, players: int, seed: int = 0, variants: list[str] | tuple[str, ...] = ()) -> "FakeState":
        """A fresh game; ValueError on a bad player count or an unknown variant."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, not {players}"
            )
        for variant in variants:
            if variant not in self.variants:
                raise ValueError(f"unknown variant '{variant}'")
        return FakeState(self, players, seed, list(variants))

    def state_from_json(self, data: object) -> "FakeState":
        """Restore a state saved by `FakeState.to_json`; ValueError when it is unusable."""
        if not isinstance(data, dict) or data.get("kind") != SAVE_KIND:
            raise ValueError("not a saved Dice Race state")
        if data.get("file_hash") != self.file_hash:
            raise ValueError("the state was saved with another version of the rules file")
        try:
            state = FakeState(self, int(data["players"]), int(data["seed"]), list(data["variants"]))
            state.positions = [int(p) for p in data["positions"]]
            state.hands = [[int(c) for c in hand] for hand in data["hands"]]
            state.deck = [int(c) for c in data["deck"]]
            state.round = int(data["round"])
            state.to_move = int(data["to_move"])
            state.roll = None if data["roll"] is None else int(data["roll"])
            state.finished = bool(data["finished"])
            state.logs = [[str(line) for line in log] for log in data["logs"]]
            state.rng.setstate(_tuples(data["rng"]))
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"corrupt saved state ({error})") from None
        if len(state.positions) != state.num_seats or len(state.logs) != state.num_seats:
            raise ValueError("corrupt saved state (wrong number of seats)")
        return state


def _tuples(value: object) -> object:
    """Turn the JSON lists of a saved random state back into tuples."""
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    return value


class FakeState:
    """One position of a Dice Race game (OpenSpiel-like, as the engine API says)."""

    def __init__(self, game: FakeGame, players: int, seed: int, variants: list[str]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.variants = variants
        self.rng = random.Random(seed)
        self.num_seats = players + (1 if "rival" in variants else 0)
        self.seat_names = [f"Player {seat + 1}" for seat in range(players)]
        if "rival" in variants:
            self.seat_names.append("The Rival")
        self.positions = [0] * self.num_seats
        self.deck = [value for value in CARD_VALUES for _ in range(4)]
        self.rng.shuffle(self.deck)
        self.hands: list[list[int]] = [[] for _ in range(self.num_seats)]
        self.logs: list[list[str]] = [[] for _ in range(self.num_seats)]
        for seat in range(players):
            self.hands[seat] = sorted(self.deck.pop() for _ in range(2))
        self.round = 1
        self.to_move = 0
        self.roll: int | None = None
        self.finished = False
        self._log_all("Round 1")

    # --- the documented face -------------------------------------------------

    def is_automa(self, seat: int) -> bool:
        """True for the rival, which the rules move themselves."""
        return seat >= self.players

    def current_player(self) -> int:
        """The seat to decide, CHANCE or TERMINAL."""
        if self.finished:
            return TERMINAL
        if self.roll is None:
            return CHANCE
        return self.to_move

    def is_terminal(self) -> bool:
        return self.finished

    def is_chance(self) -> bool:
        return not self.finished and self.roll is None

    def _moves(self) -> list[tuple[int, str]]:
        """The seat's choices as (internal code, label); their positions are the action indexes."""
        if self.current_player() < 0:
            return []
        roll = self.roll
        moves = [(MOVE_ACTION, f"Move {roll}")]
        for card in sorted(set(self.hands[self.to_move])):
            moves.append((PLAY_CARD_BASE + card, f"Play card {card}: move {roll + card}"))
        if len(self.hands[self.to_move]) < HAND_LIMIT and self.deck:
            moves.append((REST_ACTION, "Rest and draw a card"))
        return moves

    def num_actions(self) -> int:
        """How many actions the seat to move has; they are numbered 0 to num_actions() - 1."""
        return len(self._moves())

    def legal_actions(self) -> list[Action]:
        """The choices of the seat to move (empty at chance and terminal nodes)."""
        return [Action(i, label) for i, (_, label) in enumerate(self._moves())]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The die's faces, equally likely, when a roll is due."""
        if not self.is_chance():
            return []
        return [(Action(face, f"Roll {face}"), 1 / len(DIE_FACES)) for face in DIE_FACES]

    def apply_action(self, index: int) -> None:
        """Apply a decision or a chance outcome; IllegalAction changes nothing."""
        if self.finished:
            raise IllegalAction("the game is over")
        if self.is_chance():
            if index not in DIE_FACES:
                raise IllegalAction(f"{index} is not a face of the die")
            self._apply_roll(index)
            return
        moves = self._moves()
        if not isinstance(index, int) or not 0 <= index < len(moves):
            raise IllegalAction(f"action {index} is not legal now")
        index = moves[index][0]
        seat, roll = self.to_move, self.roll
        name = self.seat_names[seat]
        if index == MOVE_ACTION:
            self._advance(seat, roll)
            self._log_all(f"{name} moves {roll}")
        elif index == REST_ACTION:
            card = self.deck.pop()
            self.hands[seat].append(card)
            self.hands[seat].sort()
            self._log_to(seat, f"{name} rests and draws a {card}", f"{name} rests and draws a card")
        else:
            card = index - PLAY_CARD_BASE
            self.hands[seat].remove(card)
            self._advance(seat, roll + card)
            self._log_all(f"{name} plays a {card} and moves {roll + card}")
        self.roll = None
        self._next_turn()

    def apply_chance(self) -> None:
        """Roll the die with the state's own seeded generator."""
        if not self.is_chance():
            raise IllegalAction("no roll is due")
        self._apply_roll(self.rng.choice(DIE_FACES))

    def reveals(self, index: int) -> bool:
        """Whether this decision could show its seat something new: always, since a roll follows it."""
        return True

    def prompt(self) -> str:
        if self.current_player() < 0:
            return ""
        return f"You rolled {self.roll}: choose a move"

    def scores(self) -> list[int]:
        return list(self.positions)

    def winners(self) -> list[int]:
        if not self.finished:
            return []
        best = max(self.positions)
        return [seat for seat, score in enumerate(self.positions) if score == best]

    def returns(self) -> list[float]:
        """1/k for each of k winners at the end, 0.0 otherwise (the engine's convention)."""
        winners = self.winners()
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(self.num_seats)]

    def outcome(self) -> tuple[list[int], list[int], list[float]]:
        return self.scores(), self.winners(), self.returns()

    def observation(self, seat: int) -> dict:
        """What `seat` may see: its own hand, others' hand sizes, the track."""
        to_move = self.current_player()
        seats = []
        for other in range(self.num_seats):
            hand = self.hands[other]
            seats.append(
                {
                    "name": self.seat_names[other],
                    "automa": self.is_automa(other),
                    "score": self.positions[other],
                    "vars": {"position": self.positions[other]},
                    "zones": {
                        "hand": {
                            "count": len(hand),
                            "items": [str(card) for card in hand] if other == seat else None,
                        }
                    },
                }
            )
        cells = []
        for column in range(self.game.target + 1):
            glyph = "S" if column == 0 else "F" if column == self.game.target else "."
            here = [other for other in range(self.num_seats) if min(self.positions[other], self.game.target) == column]
            cells.append(
                {
                    "glyph": glyph,
                    "kind": "start" if column == 0 else "finish" if column == self.game.target else "step",
                    "pieces": [f"{self.seat_names[other]}'s pawn" for other in here],
                    "marks": [f"P{other + 1}" if not self.is_automa(other) else "R" for other in here],
                }
            )
        observation = {
            "game": self.game.name,
            "round": self.round,
            "phase": "Game over" if self.finished else "Race",
            "seat": seat,
            "to_move": to_move,
            "seats": seats,
            "globals": {"vars": {}, "zones": {"deck": {"count": len(self.deck), "items": None}}},
            "boards": [
                {"name": "track", "shape": "grid", "rows": 1, "cols": self.game.target + 1, "cells": [cells]}
            ],
            "log": list(self.logs[seat]),
        }
        if to_move == seat:
            observation["prompt"] = self.prompt()
            observation["actions"] = [action.label for action in self.legal_actions()]
        return observation

    def log_for(self, seat: int) -> list[str]:
        return list(self.logs[seat])

    def clone(self) -> "FakeState":
        # The game is shared and immutable; only the position is copied.
        return copy.deepcopy(self, {id(self.game): self.game})

    def to_json(self) -> dict:
        return {
            "kind": SAVE_KIND,
            "game": self.game.name,
            "file_hash": self.game.file_hash,
            "players": self.players,
            "seed": self.seed,
            "variants": list(self.variants),
            "positions": list(self.positions),
            "hands": [list(hand) for hand in self.hands],
            "deck": list(self.deck),
            "round": self.round,
            "to_move": self.to_move,
            "roll": self.roll,
            "finished": self.finished,
            "logs": [list(log) for log in self.logs],
            "rng": self.rng.getstate(),
        }

    # --- rules -----------------------------------------------------------------

    def _apply_roll(self, face: int) -> None:
        if "fragile" in self.variants and self.round == 2 and face == 3:
            raise GameRuleError(
                Span(self.game.path, 2, 1, 2, 7), "the fragile rule broke: a 3 was rolled in round 2"
            )
        self.roll = face
        self._log_all(f"{self.seat_names[self.to_move]} rolls {face}")

    def _advance(self, seat: int, steps: int) -> None:
        self.positions[seat] = min(self.game.target, self.positions[seat] + steps)

    def _next_turn(self) -> None:
        if max(self.positions) >= self.game.target:
            self._finish()
            return
        self.to_move += 1
        if self.to_move < self.players:
            return
        if "rival" in self.variants:
            rival = self.players
            self._advance(rival, 1)
            self._log_all(f"{self.seat_names[rival]} moves 1")
            if self.positions[rival] >= self.game.target:
                self._finish()
                return
        if self.round >= self.game.rounds:
            self._finish()
            return
        self.round += 1
        self.to_move = 0
        self._log_all(f"Round {self.round}")

    def _finish(self) -> None:
        self.finished = True
        self._log_all("Game over")

    def _log_all(self, line: str) -> None:
        for log in self.logs:
            log.append(line)

    def _log_to(self, seat: int, private: str, public: str) -> None:
        for other, log in enumerate(self.logs):
            log.append(private if other == seat else public)


HEADER = re.compile(r'^fake-game\s+"([^"]+)"\s*$')
OPTION = re.compile(r"^(target|rounds)\s+(\d+)\s*$")


def load_game(path: str) -> FakeGame:
    """Load a fake rules file; PirError for bad text, OSError/UnicodeDecodeError as Python gives them."""
    text = Path(path).read_text(encoding="utf-8")

    def fail(line: int, message: str, width: int = 1, hint: str | None = None) -> PirError:
        span = Span(str(path), line, 1, line, 1 + width)
        return PirError([Diagnostic(span, message, hint)], text)

    lines = text.splitlines()
    meaningful = [(number, line) for number, line in enumerate(lines, 1) if line.strip() and not line.startswith("#")]
    if not meaningful:
        raise fail(1, "the file is empty: a rules file starts with a game header")
    number, first = meaningful[0]
    header = HEADER.match(first)
    if not header:
        raise fail(number, "expected a game header", len(first), 'start with: fake-game "Name"')
    options = {"target": 10, "rounds": 8}
    problems = []
    warnings = []
    for number, line in meaningful[1:]:
        option = OPTION.match(line)
        if option:
            options[option.group(1)] = int(option.group(2))
        elif line.startswith("warn "):
            span = Span(str(path), number, 6, number, 1 + len(line))
            warnings.append(Diagnostic(span, line[5:].strip(), "a hint for the warning", "warning"))
        else:
            problems.append(
                Diagnostic(Span(str(path), number, 1, number, 1 + len(line)), f"unknown setting '{line.split()[0]}'")
            )
    if problems:
        raise PirError(problems + warnings, text)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    game = FakeGame(str(path), header.group(1), options["target"], options["rounds"], digest)
    game.source, game.warnings = text, warnings
    return game
