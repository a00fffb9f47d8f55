"""Runtime values: players, pieces, zones and cells, and the fixed world a game is played in.

A `World` is made once per game (seats, zones, cells, pieces) and shared by every
copy of a state: nothing in it changes after setup, so copying a state never copies
it. What changes (zone contents, variables, the call stack) lives in the state.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any


class GameRuleError(Exception):
    """A failure inside a game's own rules, naming the rule (file:line:col) that failed.

    Once the engine has attached the rules text (`source`), it prints like a checker
    diagnostic: the location, the message, the line and a caret under it.
    """

    def __init__(self, message: str, span=None, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.span = span
        self.hint = hint
        self.source = None  # the rules text (dsl.diagnostics.Source), once the engine attaches it

    def __str__(self) -> str:
        if self.span is None:
            return f"error: {self.message}"
        from dsl.diagnostics import Diagnostic
        return Diagnostic(self.span, self.message, self.hint).format(self.source)


class IllegalAction(Exception):
    """An action that is not legal now; the state is unchanged."""


class Player:
    """A seat at the table: a person or an automa."""

    __slots__ = ("index", "name", "is_automa", "key")

    def __init__(self, index: int, name: str, is_automa: bool, key: str):
        self.index = index
        self.name = name
        self.is_automa = is_automa
        self.key = key

    def __repr__(self) -> str:
        return self.name


class Zone:
    """A place pieces sit: a declared zone, one player's zone, or a board cell."""

    __slots__ = ("id", "name", "owner", "visibility", "board", "row", "col", "layers")

    def __init__(self, zone_id: int, name: str, owner: Player | None, visibility: str,
                 board=None, row: int = -1, col: int = -1, layers: dict | None = None):
        self.id = zone_id
        self.name = name
        self.owner = owner
        self.visibility = visibility
        self.board = board
        self.row = row
        self.col = col
        self.layers = layers or {}

    @property
    def label(self) -> str:
        """How the zone is named to people (it follows its owner's name)."""
        if self.board is not None:
            # People count from 1; the board is named only when there is more than one.
            place = f"row {self.row + 1}, column {self.col + 1}"
            return f"{place} of {show(self.board.name)}" if self.board.one_of_several else place
        if self.owner is not None:
            return f"{self.owner.name}'s {self.name}"
        return self.name

    def seen_by(self, seat: int) -> bool:
        """Whether the given seat may see what this zone holds (not only how many)."""
        if self.visibility == "public":
            return True
        return self.visibility == "owner" and self.owner is not None and self.owner.index == seat

    def __repr__(self) -> str:
        return self.label


class Blind:
    """An option of face-down pieces: the chooser picks the pile, chance picks the piece.

    When a seat chooses among pieces it may not see, the pieces of one zone are one
    option; taking it draws one of them at random, like taking a card from a face-down pile.
    """

    __slots__ = ("zone", "pieces")

    def __init__(self, zone: "Zone", pieces: list):
        self.zone = zone
        self.pieces = pieces

    def __repr__(self) -> str:
        return f"a face-down piece from {self.zone.label}"


class Board:
    """Rows of cells, square ("grid") or hexagonal ("hex"); each cell is a zone with the map's layer values."""

    __slots__ = ("name", "shape", "rows", "cols", "cells", "glyphs", "caption", "captions", "one_of_several")

    def __init__(self, name: str, rows: int, cols: int, shape: str = "grid"):
        self.name = name
        self.one_of_several = False  # the game has other boards: its cells' labels name it
        self.shape = shape
        self.rows = rows
        self.cols = cols
        self.cells: list[Zone] = []
        self.glyphs: list[str] = []
        self.caption: str | None = None  # the layer drawn in front of each cell (`caption LAYER`)
        self.captions: list[str] = []  # its token for each cell, row by row ("" for ".")

    def at(self, row: int, col: int) -> Zone | None:
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return self.cells[row * self.cols + col]
        return None

    def __repr__(self) -> str:
        return self.name


_KINDS: dict[tuple, int] = {}  # every piece signature met in this process -> its number (`Piece._kind`)


class Piece:
    """One physical component. Its fields never change once created."""

    __slots__ = ("id", "type", "fields", "label", "mark", "_signature", "_kind")

    def __init__(self, piece_id: int, type_name: str, fields: dict[str, Any], label: str):
        self.id = piece_id
        self.type = type_name
        self.fields = fields
        self.label = label
        self.mark = label[:1]
        self._signature = (type_name, tuple(
            (k, v.index if isinstance(v, Player) else repr(v)) for k, v in fields.items()))
        # The signature as a small number, the same in this process for equal signatures: quick to compare.
        self._kind = _KINDS.setdefault(self._signature, len(_KINDS))

    def __repr__(self) -> str:
        return self.label

    def signature(self) -> tuple:
        """Pieces with equal signatures are interchangeable (a draw does not tell them apart)."""
        return self._signature


def log_text(text) -> Any:
    """The words of a log line. A line of the rules is kept as (template, values) and only
    written out here, when somebody reads the log: most lines of a simulation never are."""
    if text.__class__ is tuple:
        template, values = text
        return template.format(*map(show, values))
    return text


def written(value: Any) -> str:
    """A value as the language writes it, for messages about values: `[2, 3]`, `"gold"`, `true`.

    Players, pieces and zones have no literal; they are named as `show` names them.
    """
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, list):
        return "[" + ", ".join(written(item) for item in value) + "]"
    if value.__class__ is str:
        return '"' + value + '"'
    return show(value)


def show(value: Any) -> str:
    """The text of a value, as it appears in labels and the log."""
    cls = value.__class__
    if cls is str:
        return value.replace("_", " ")
    if cls is int:
        return str(value)
    if cls is Player:
        return value.name
    if cls is Piece:
        return value.label
    if cls is Zone:
        return value.label
    if value is None:
        return "none"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, (Player, Zone, Piece, Board)):
        return repr(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:g}"
    if isinstance(value, Fraction):
        return f"{float(value):g}"
    if isinstance(value, list):
        return ", ".join(f"[{show(v)}]" if isinstance(v, list) else show(v) for v in value)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, str):
        return value.replace("_", " ")
    return str(value)
