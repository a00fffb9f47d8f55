"""A fixed action space per game: every option and chance outcome gets a stable number.

The engine numbers a decision's options 0, 1, 2... in the order the rules list them, which
is right for people but not for learning programs (OpenSpiel, PettingZoo), which need one
fixed set of action numbers for the whole game and, at each step, a mask of the legal ones.
`ActionSpace` gives that, derived from the rules file and the table after setup, never
from play, so it is the same in every process and for every seed:

- an *atom* is one thing an option or outcome can be: the skip of an optional choice,
  `none`, an empty list, `false`/`true`, a seat, a zone or cell, a face-down pick from a zone,
  a piece that exists after setup, a name (a kind's member, a die face, a table's key, a fixed text the
  rules write), or a whole number in the range the rules file writes (from its smallest
  to its largest number literal, 0 included, mirrored below 0 when the file negates);
- an option that is a list of one or two atoms (a move written `[piece, cell]`, a plan
  `[3, 5]`) is a *pair*: atom count + first * atom count + second (a list of one atom pairs
  it with the empty list);
- the action number of an option is the number of what it is: the same cell, seat,
  number or name is the same action in every decision, whatever its place in the list.

Pieces: look-alike pieces (same kind, fields and variable values) in the same zone are
interchangeable, so they are one action, numbered by the first of them that setup made;
`decode` maps it back to the first such option. Which copy of a look-alike a seat holds
is not shown to it otherwise, but the number of the copy does show in action numbers
(a gap, not a secret of the rules: the copies are alike in every way the rules can tell).

Bounds are true by construction: an option the space has no number for (a number outside
the file's range, a text the rules build while playing, a piece made during play, a list
of three or more) stops with `ActionSpaceError`, one line naming the `chooses` or chance
statement, rather than being given a number that could mean something else.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from dsl import ast
from interpreter.values import Blind, Piece, Player, Zone

SKIP = ("skip",)
_SKIP_MARK = object()


class ActionSpaceError(Exception):
    """An option or outcome that the game's fixed action space has no number for."""


def declared_values(game_file: ast.GameFile) -> tuple[list[str], int, int]:
    """The names and the range of whole numbers a rules file can offer as options or outcomes."""
    names: set[str] = set()
    numbers = {0}
    negates = False
    for node in ast.walk(game_file):
        if isinstance(node, ast.KindDecl):
            names.update(node.members)
        elif isinstance(node, ast.DieDecl):
            for face in node.faces:
                if isinstance(face, str):
                    names.add(face)
                elif isinstance(face, int) and not isinstance(face, bool):
                    numbers.add(face)
        elif isinstance(node, ast.TableDecl):
            # A table's keys that are names (a catalogue's rows): `keys(table)` offers them.
            names.update(row.key.id for row in node.rows if isinstance(row.key, ast.Name))
        elif isinstance(node, ast.StringLiteral):
            if all(isinstance(part, str) for part in node.parts):
                names.add("".join(node.parts))
        elif isinstance(node, ast.IntLiteral):
            numbers.add(node.value)
        elif isinstance(node, ast.Negate):
            negates = True
    low, high = min(numbers), max(numbers)
    if negates:
        low = min(low, -high)
    return sorted(names), low, high


class ActionSpace:
    """The fixed action numbers of one game at one player count and set of variants.

    Args:
        game: a loaded game (`interpreter.load_game`).
        players: the player count.
        variants: the variants in play.
    """

    def __init__(self, game, players: int, variants: Iterable[str] = ()):
        self.game = game
        self.players = players
        self.variants = sorted(variants)
        start = game.new_state(players=players, seed=0, variants=self.variants)
        self.setup_pieces = _pieces_after_setup(start)
        names, self.low, self.high = declared_values(game.file)
        atoms: list[tuple] = [SKIP, ("nothing",), ("list",), ("bool", False), ("bool", True)]
        atoms += [("seat", i) for i in range(start.num_seats)]
        atoms += [("zone", i) for i in range(len(start.world.zones))]
        atoms += [("face_down", i) for i in range(len(start.world.zones))]
        atoms += [("piece", i) for i in range(self.setup_pieces)]
        atoms += [("name", name) for name in names]
        atoms += [("number", n) for n in range(self.low, self.high + 1)]
        self.atoms = atoms
        self._index = {atom: i for i, atom in enumerate(atoms)}
        self.atom_count = len(atoms)
        self.size = self.atom_count + self.atom_count * self.atom_count

    # ------------------------------------------------------------ numbers and words

    def describe(self, action: int) -> str:
        """What an action number stands for, in the space's own terms (`cell 12`, `[3, 5]`)."""
        if not 0 <= action < self.size:
            raise ActionSpaceError(f"there is no action {action}: the actions are 0 to {self.size - 1}")
        if action < self.atom_count:
            return self._atom_text(self.atoms[action])
        first, second = divmod(action - self.atom_count, self.atom_count)
        return f"[{self._atom_text(self.atoms[first])}, {self._atom_text(self.atoms[second])}]"

    @staticmethod
    def _atom_text(atom: tuple) -> str:
        if len(atom) == 1:
            return {"skip": "skip", "nothing": "none", "list": "[]"}[atom[0]]
        return f"{atom[0].replace('_', ' ')} {atom[1]}"

    def _atom(self, state, value, where) -> int:
        cls = value.__class__
        if value is None:
            atom = ("nothing",)
        elif cls is bool:
            atom = ("bool", value)
        elif cls is int:
            atom = ("number", value)
        elif cls is Fraction and value.denominator == 1:
            atom = ("number", value.numerator)
        elif cls is str:
            atom = ("name", value)
        elif cls is Player:
            atom = ("seat", value.index)
        elif cls is Zone:
            atom = ("zone", value.id)
        elif cls is Blind:
            atom = ("face_down", value.zone.id)
        elif cls is Piece:
            atom = ("piece", self._first_alike(state, value))
        elif (cls is list or cls is tuple) and not value:
            atom = ("list",)
        else:
            atom = None
        index = self._index.get(atom) if atom is not None else None
        if index is None:
            raise ActionSpaceError(f"{where}: {self._why_not(state, value)}")
        return index

    def _why_not(self, state, value) -> str:
        cls = value.__class__
        if cls is int or cls is Fraction:
            return (f"it offers {value}, but the fixed action space numbers only the whole numbers "
                    f"{self.low} to {self.high}, the range the rules file writes")
        if cls is str:
            return f"it offers the text {value!r}, which the rules file never writes as such"
        if cls is Piece:
            return "it offers a piece made during play; the fixed action space numbers the pieces setup makes"
        if cls is list or cls is tuple:
            return "it offers a list of more than two things, or a list inside a list"
        return f"it offers a value of a kind the fixed action space has no numbers for ({cls.__name__})"

    def _first_alike(self, state, piece: Piece) -> int:
        """The piece that stands for `piece` and its look-alikes in the same zone: the first made."""
        key = state.piece_key(piece)
        best = piece.id
        for other in state.contents[state.loc[piece.id]]:
            if other < best and state.piece_key(state.pieces[other]) == key:
                best = other
        return best

    def number(self, state, value, where: str = "this decision") -> int:
        """The action number of one option or outcome (`SKIP` for the skip of an optional choice)."""
        if value is _SKIP_MARK:
            return 0
        cls = value.__class__
        if (cls is list or cls is tuple) and value:
            if len(value) > 2:
                raise ActionSpaceError(f"{where}: {self._why_not(state, value)}")
            first = self._atom(state, value[0], where)
            # A list inside (other than an empty one) has no atom, so `_atom` refuses it.
            second = self._atom(state, value[1], where) if len(value) == 2 else self._index[("list",)]
            return self.atom_count + first * self.atom_count + second
        return self._atom(state, value, where)

    # ------------------------------------------------------------ what is legal now

    def _where(self, state) -> str:
        pending = state.pending
        program = state.program
        site = program.choices[pending[1]] if pending[0] == "choice" else program.chances[pending[1]]
        span = site.span
        return f"{span.file}:{span.line}" if span is not None else "this decision"

    def decode(self, state) -> dict[int, int]:
        """For a decision: each legal action number -> the engine's index of the option it takes.

        Look-alike options (the same number) map to the first of them. Raises
        ActionSpaceError when an option has no number, or when two options that are not
        alike would get the same one.
        """
        pending = state.pending
        if pending is None or pending[0] != "choice":
            return {}
        where = self._where(state)
        values = list(pending[3])
        if state.program.skips[pending[1]]:
            values.append(_SKIP_MARK)
        found: dict[int, int] = {}
        for index, value in enumerate(values):
            number = self.number(state, value, where)
            if number in found:
                earlier = values[found[number]]
                if not (earlier.__class__ is Piece and value.__class__ is Piece):
                    raise ActionSpaceError(f"{where}: two different options would both be action {number} "
                                           f"({self.describe(number)})")
                continue
            found[number] = index
        return found

    def legal_actions(self, state) -> list[int]:
        """The legal action numbers of a decision, in increasing order ([] at chance or the end)."""
        return sorted(self.decode(state))

    def chance_outcomes(self, state) -> list[tuple[int, float]]:
        """A chance event's outcomes as (action number, probability), in increasing order.

        Outcomes with the same number (look-alikes) have their probabilities added.
        """
        pending = state.pending
        if pending is None or pending[0] != "chance":
            return []
        where = self._where(state)
        total = sum(pending[3])
        merged: dict[int, float] = {}
        for value, weight in zip(pending[2], pending[3]):
            number = self.number(state, value, where)
            merged[number] = merged.get(number, 0) + weight
        return [(number, weight / total) for number, weight in sorted(merged.items())]

    def chance_index(self, state, action: int) -> int:
        """The engine's index of the chance outcome numbered `action`."""
        where = self._where(state)
        for index, value in enumerate(state.pending[2]):
            if self.number(state, value, where) == action:
                return index
        raise ActionSpaceError(f"action {action} ({self.describe(action)}) is not an outcome of this chance event")

    def engine_index(self, state, action: int) -> int:
        """The engine's index (for `state.apply_action`) of action number `action` now."""
        if state.is_chance():
            return self.chance_index(state, action)
        found = self.decode(state).get(action)
        if found is None:
            raise ActionSpaceError(f"action {action} ({self.describe(action)}) is not legal now")
        return found

    def apply(self, state, action: int) -> None:
        """Take action number `action` (a decision's option or a chance outcome)."""
        state.apply_action(self.engine_index(state, action))


SETUP_STEPS = 10_000  # decisions and chance outcomes a setup may take, followed to its end


def _pieces_after_setup(start) -> int:
    """How many pieces there are once setup is over: a setup may ask the players first.

    Setup is followed taking the first option (or outcome) each time. Pieces are numbered
    in the order they are made, so a setup that makes as many pieces whatever is chosen
    (as setups do) numbers them all; a piece beyond those still stops with ActionSpaceError.
    """
    state = start.clone()
    for _ in range(SETUP_STEPS):
        if not state.in_setup or state.is_terminal():
            break
        if state.is_chance():
            state.apply_chance()
        else:
            state.apply_action(0)
    return len(state.pieces)

