"""A fixed action space per game: every option and chance outcome gets a stable number.

The engine numbers a decision's options 0, 1, 2... in the order the rules list them, which
is right for people but not for learning programs (OpenSpiel, PettingZoo), which need one
fixed set of action numbers for the whole game and, at each step, a mask of the legal ones.
`ActionSpace` gives that, derived from the rules file and the table after setup, never
from play, so it is the same in every process and for every seed.

Decisions and chance events are numbered apart, as OpenSpiel numbers them: `size` action
numbers for the options of every `chooses`, `chance_size` outcome numbers for what every
`draw`, `roll` and face-down pick can turn up. Each is made of:

- *atoms*, in this order: the skip of an optional choice, `none`, the empty list,
  `false`/`true`, the seats, zones and cells (by zone number), a face-down pick from a
  zone that is not public, the pieces that can exist (kind by kind, in the order made),
  names (kind members, die faces, table keys, board layers' words, written texts) in the
  order the rules file first writes them (`["pass", "bet"]`: pass 0, bet 1), and whole
  numbers, from low to high;
- *lists*: an option that is a list (a move written `[piece, cell]`, a plan `[3, 5]`, a
  leg `[direction, length, steps]`) is numbered after the atoms, in a block of the lists
  of its length its statement can offer, by its things in order, each by its place among
  the atoms that place can hold (a mixed radix). Statements whose lists of one length
  can hold the same things share a block; a written list has its own places, a list
  built by a comprehension one or two things of what its elements can be.

Which atoms are there is read from the rules by interpreter/offers.py, statement by
statement: only what some `chooses` (for actions) or some chance statement (for outcomes)
can offer, followed through defines, locals, variables, rules' parameters, pieces' fields,
tables and board layers: the names that some option can be, the zones of one name or the
cells of one board, the numbers a `range(...)` reaches (interpreter/bounds.py's largest
values), the pieces of the kinds a zone can hold where its contents are offered; a
rule's locals apart from another rule's of the same name. Tic-tac-toe has 9 actions (its
squares), Kuhn poker 2 (pass, bet) and 3 outcomes (its cards). Where a statement's options
cannot be followed, that kind of step falls back to the widest space: every seat, zone,
piece, name the file writes, and whole number from the file's smallest number literal (0
at most; mirrored below 0 when the file negates) to its largest, parameters' values and
`range` ends included, with lists of one and two of all of them (and of three whole
numbers where a choice's options are built from a written list of three); `notes` says
which line made it so.

The action number of an option is the number of what it is: the same cell, seat, number
or name is the same action in every decision, whatever its place in the list.

Pieces: how many pieces of each kind there can ever be is the count after setup plus the
most that play can make (interpreter/bounds.py reads that from the `create` statements,
the loops and calls around them, and the lists and catalogues they go over). A kind whose
count has no bound (a `create` inside a `while`, say) has no numbers: `notes` says why at
once, and offering such a piece stops with ActionSpaceError naming the line.
Look-alike pieces (same kind, fields and variable values) in the same zone are
interchangeable, so they are one action, numbered by the first of them that was made;
`decode` maps it back to the first such option. Which copy of a look-alike a seat holds
is not shown to it otherwise, but the number of the copy does show in action numbers
(a gap, not a secret of the rules: the copies are alike in every way the rules can tell).

Bounds are true by construction: an option the space has no number for (a number or
text the reading did not expect, a piece beyond its kind's bound, a list of a length or
with a thing its statement was not read as offering) stops with `ActionSpaceError`, one line
naming the `chooses` or chance statement, rather than being given a number that could
mean something else: a number always stands for the very thing it names.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from dsl import ast
from interpreter import offers
from interpreter.bounds import INFINITE, Bounds
from interpreter.catalogues import with_catalogues
from interpreter.lowering import lower_file
from interpreter.powers import with_powers
from interpreter.builtins import type_name
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


def _with_parameter_numbers(game, bounds: Bounds, low: int, high: int) -> tuple[int, int]:
    """The range of whole numbers widened to the parameters' values and the ends of `range(...)` at them."""
    numbers = [low, high, *game.param_values.values()]
    for node in ast.walk(game.file):
        if isinstance(node, ast.Call) and node.function == "range":
            for argument in node.args:
                most = bounds.number(argument)
                if most is not None and most != INFINITE:
                    numbers.append(int(most))
    return min(numbers), max(numbers)


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
        after_setup = _pieces_after_setup(start)
        bounds = Bounds(game.file, start.num_seats, params=game.param_values)
        made = bounds.play_summary()
        # Where other answers to setup's questions make other numbers of a kind (a fleet bought to a
        # points total), the most the rules let setup make of it (from the rules, not the runs).
        others = [_pieces_after_setup(start, way) for way in SETUP_OTHER_WAYS]
        chosen = {kind for counts in others for kind in set(after_setup) | set(counts)
                  if after_setup.get(kind) != counts.get(kind)}
        if chosen:
            most_made = bounds.setup_summary()
            for kind in chosen:
                after_setup[kind] = max([after_setup.get(kind, 0), most_made.creates.get(kind, 0)]
                                        + [counts.get(kind, 0) for counts in others])
        self.piece_bounds: dict[str, int] = {}
        self.notes: list[str] = []  # why a kind of piece has no numbers
        self._unbounded: dict[str, str] = {}
        for kind in game.file.declarations:
            if not isinstance(kind, ast.PieceDecl):
                continue
            most = after_setup.get(kind.name, 0) + made.creates.get(kind.name, 0)
            if most == INFINITE:
                self._unbounded[kind.name] = made.why.get(kind.name, "")
                self.notes.append(f"{made.why.get(kind.name, '')}: so the {kind.name} pieces made during play "
                                  f"have no action numbers")
            else:
                self.piece_bounds[kind.name] = int(most)
        names, self.low, self.high = declared_values(game.file)
        self.name_order = _name_order(game.file)
        if game.param_decls:
            # A game with parameters offers numbers its text does not write (a bid up to dice x sides):
            # the most each `range` can reach at these values, and every parameter's value, count too.
            self.low, self.high = _with_parameter_numbers(game, bounds, self.low, self.high)
        self.span = self.high - self.low + 1
        decisions, outcomes, self.why_wide, self.statements = _families(game, start.program, bounds)
        # Where some statement's options could not be followed, every statement of its kind (decisions,
        # or chance) shares the widest numbering: every thing of every kind the file and the table have.
        wide_lists = _offers_lists(game.file)
        triples = _offers_triples(game.file)
        self.decisions = _Numbering(self, start, names, decisions, wide_lists, triples, decisions_=True)
        self.outcomes = _Numbering(self, start, names, outcomes, wide_lists, False, decisions_=False)
        self.compact = decisions is not None and outcomes is not None
        if self.why_wide:
            self.notes.append(f"{self.why_wide}: so every option has a number of the widest space")
        # The decisions' numbering is the space's own (PettingZoo's and OpenSpiel's actions).
        numbering = self.decisions
        self.atoms, self.atom_count, self.pairs, self.triples = (numbering.atoms, numbering.atom_count,
                                                                 numbering.pairs, numbering.triples)
        self.size = numbering.size
        self.chance_size = self.outcomes.size

    # ------------------------------------------------------------ numbers and words

    def breakdown(self) -> list[str]:
        """Each `chooses` and chance statement, one line each: what it can offer, as the reading found it.

        `plans.pir:12 choice: [number 1 or number 2, number 1 or number 2]`: where a space is large,
        the statements whose lines are long are why.
        """
        return [f"{where} {kind}: {offers.families_text(families)}" for kind, where, families in self.statements]

    def describe(self, action: int, chance: bool = False) -> str:
        """What an action number (`chance`: a chance outcome's number) stands for: `cell 12`, `[3, 5]`."""
        return (self.outcomes if chance else self.decisions).describe(action)

    def _why_not(self, state, value, numbering: "_Numbering") -> str:
        cls = value.__class__
        if cls is int or cls is Fraction:
            low, high = numbering.number_range()
            return (f"it offers {value}, but the fixed action space numbers only the whole numbers "
                    f"{low} to {high} here, those the rules file was read as offering")
        if cls is str:
            return f"it offers the text {value!r}, which the rules file was not read as offering here"
        if cls is Piece:
            if value.type in self._unbounded:
                return (f"it offers a {value.type}, and the fixed action space cannot count the {value.type} pieces: "
                        f"{self._unbounded[value.type]}")
            if not numbering.has_pieces:
                return (f"it offers {value.type} {self._rank(state, value)}, but the rules file was not read as "
                        f"offering pieces here (interpreter/offers.py missed this one)")
            return (f"it offers {value.type} {self._rank(state, value)}, but the fixed action space numbers only "
                    f"{self.piece_bounds.get(value.type, 0)} pieces of that kind, the most the rules can make")
        if cls is list or cls is tuple:
            block = numbering.blocks_here(state).get(len(value))
            if block is not None:
                return (f"it offers the list {_list_text(value)}, one of whose things this statement was not "
                        f"read as offering in that place")
            if not numbering.pairs:
                return ("it offers a list, but the rules file was read as offering single things only "
                        "(interpreter/offers.py missed this one)")
            return (f"it offers a list of {len(value)} things, but this statement was not read as offering "
                    f"lists of that length")
        return (f"it offers {type_name(value)}, which the rules file was not read as offering here "
                f"(interpreter/offers.py missed this one)")

    def _first_alike(self, state, piece: Piece) -> int:
        """The piece that stands for `piece` and its look-alikes in the same zone: the first made."""
        key = state.piece_key(piece)
        best = piece.id
        for other in state.contents[state.loc[piece.id]]:
            if other < best and state.piece_key(state.pieces[other]) == key:
                best = other
        return best

    @staticmethod
    def _rank(state, piece: Piece) -> int:
        """How many pieces of the same kind were made before `piece` (pieces are never unmade)."""
        kind = piece.type
        pieces = state.pieces
        return sum(1 for index in range(piece.id) if pieces[index].type == kind)

    def atom_of(self, state, value):
        """What a single option or outcome is, in the space's terms (None: a list, or a value of no atom)."""
        cls = value.__class__
        if value is None:
            return ("nothing",)
        if cls is bool:
            return ("bool", value)
        if cls is int:
            return ("number", value)
        if cls is Fraction and value.denominator == 1:
            return ("number", value.numerator)
        if cls is str:
            return ("name", value)
        if cls is Player:
            return ("seat", value.index)
        if cls is Zone:
            return ("zone", value.id)
        if cls is Blind:
            return ("face_down", value.zone.id)
        if cls is Piece:
            first = state.pieces[self._first_alike(state, value)]
            return ("piece", first.type, self._rank(state, first))
        if (cls is list or cls is tuple) and not value:
            return ("list",)
        return None

    def number(self, state, value, where: str = "this decision", chance: bool = False) -> int:
        """The action number of one option (`chance`: of a chance outcome; `SKIP` for the skip of an optional choice)."""
        if value is SKIP:
            value = _SKIP_MARK
        return (self.outcomes if chance else self.decisions).number(state, value, where)

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
            number = self.number(state, value, where, chance=True)
            merged[number] = merged.get(number, 0) + weight
        return [(number, weight / total) for number, weight in sorted(merged.items())]

    def chance_decode(self, state) -> tuple[list[tuple[int, float]], dict[int, int]]:
        """A chance event's outcomes (as `chance_outcomes`) and each number's engine index (the first look-alike's)."""
        pending = state.pending
        if pending is None or pending[0] != "chance":
            return [], {}
        where = self._where(state)
        total = sum(pending[3])
        merged: dict[int, float] = {}
        first: dict[int, int] = {}
        number = self.outcomes.number
        for index, (value, weight) in enumerate(zip(pending[2], pending[3])):
            action = number(state, value, where)
            if action in merged:
                merged[action] += weight
            else:
                merged[action] = weight
                first[action] = index
        return [(action, weight / total) for action, weight in sorted(merged.items())], first

    def chance_index(self, state, action: int) -> int:
        """The engine's index of the chance outcome numbered `action`."""
        where = self._where(state)
        for index, value in enumerate(state.pending[2]):
            if self.number(state, value, where, chance=True) == action:
                return index
        raise ActionSpaceError(f"outcome {action} ({self.describe(action, chance=True)}) is not an outcome of "
                               f"this chance event")

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


class _Block:
    """The numbers of the lists of one length that some statements offer: a mixed radix over each place's atoms."""

    __slots__ = ("offset", "places", "indexes", "sizes", "size")

    def __init__(self, offset: int, places: list[list[tuple]]):
        self.offset = offset
        self.places = places
        self.indexes = [{atom: i for i, atom in enumerate(place)} for place in places]
        self.sizes = [len(place) for place in places]
        self.size = 1
        for size in self.sizes:
            self.size *= size


class _Numbering:
    """The numbers of one kind of step: the decisions' options, or the chance events' outcomes.

    Atoms first, in a fixed order (see the module's docstring), then blocks of lists: each
    statement's lists of one length are numbered in a block by what each place of them may
    hold (statements whose lists may hold the same things share the block).
    """

    def __init__(self, space: ActionSpace, start, names: list[str], families: dict | None, wide_lists: bool,
                 triples: bool, decisions_: bool):
        self.space = space
        site_shapes: list[dict] | None
        if families is None:
            families = {offers.SKIP, offers.NOTHING, offers.EMPTY_LIST, offers.BOOL, offers.SEAT,
                        offers.ALL_ZONES, offers.PIECE, offers.ALL_NAMES, offers.ALL_NUMBERS}
            every = frozenset(families - {offers.SKIP})
            default: dict = {1: (every,), 2: (every, every)} if wide_lists else {}
            if wide_lists and triples:
                default[3] = (frozenset({offers.ALL_NUMBERS}),) * 3
            site_shapes = None
            face_down = decisions_
        else:
            site_shapes = families["sites"]
            face_down = decisions_ and any(offers.is_piece(family) for family in families["single"])
            default = {}
            families = set(families["single"])
        self.families = families
        self.has_pieces = any(offers.is_piece(family) for family in families) or any(
            offers.is_piece(family) for shapes in (site_shapes or [default]) for places in shapes.values()
            for place in places for family in place)
        self.atoms = _atoms(space, start, names, families, face_down)
        self._index = {atom: i for i, atom in enumerate(self.atoms)}
        self.atom_count = len(self.atoms)
        # Blocks of lists, in the order of the statements that first offer them: a game of single
        # things (cards, cells, words) then has as many actions as atoms.
        self.blocks: list[_Block] = []
        found: dict[tuple, _Block] = {}
        at = self.atom_count

        def blocks_of(shapes: dict) -> dict[int, _Block]:
            nonlocal at
            out = {}
            for length in sorted(shapes):
                places = [_atoms(space, start, names, place, False) for place in shapes[length]]
                key = tuple(tuple(place) for place in places)
                block = found.get(key)
                if block is None:
                    block = found[key] = _Block(at, places)
                    self.blocks.append(block)
                    at += block.size
                out[length] = block
            return out

        self.default_blocks = blocks_of(default)
        self.site_blocks = [blocks_of(shapes) for shapes in site_shapes] if site_shapes is not None else None
        self.size = at
        self.pairs = bool(self.blocks)
        self.triples = any(len(block.places) == 3 for block in self.blocks)

    def number_range(self) -> tuple[int, int]:
        numbers = [atom[1] for atom in self.atoms if atom[0] == "number"]
        return (min(numbers), max(numbers)) if numbers else (0, -1)

    def describe(self, action: int) -> str:
        if not 0 <= action < self.size:
            raise ActionSpaceError(f"there is no action {action}: the actions are 0 to {self.size - 1}")
        if action < self.atom_count:
            return _atom_text(self.atoms[action])
        block = next(block for block in reversed(self.blocks) if block.offset <= action)
        rest = action - block.offset
        items = []
        for place, size in zip(reversed(block.places), reversed(block.sizes)):
            rest, index = divmod(rest, size)
            items.append(_atom_text(place[index]))
        return "[" + ", ".join(reversed(items)) + "]"

    def _atom(self, state, value, where: str, index: dict) -> int:
        atom = self.space.atom_of(state, value)
        found = index.get(atom) if atom is not None else None
        if found is None:
            raise ActionSpaceError(f"{where}: {self.space._why_not(state, value, self)}")
        return found

    def blocks_here(self, state) -> dict[int, _Block]:
        """The blocks of the lists the statement waiting now may offer, by length."""
        if self.site_blocks is None:
            return self.default_blocks
        pending = state.pending
        if pending is None or pending[1] >= len(self.site_blocks):
            return {}
        return self.site_blocks[pending[1]]

    def number(self, state, value, where: str) -> int:
        if value is _SKIP_MARK:
            found = self._index.get(SKIP)
            if found is None:
                raise ActionSpaceError(f"{where}: it offers to skip, but no `chooses` was read as optional")
            return found
        cls = value.__class__
        if (cls is list or cls is tuple) and value:
            block = self.blocks_here(state).get(len(value))
            if block is None:
                raise ActionSpaceError(f"{where}: {self.space._why_not(state, value, self)}")
            number = 0
            for item, index, size in zip(value, block.indexes, block.sizes):
                # A list inside (other than an empty one) has no atom, so `_atom` refuses it.
                number = number * size + self._atom(state, item, where, index)
            return block.offset + number
        return self._atom(state, value, where, self._index)


def _name_order(game_file: ast.GameFile) -> dict[str, int]:
    """Each name's place in the order the rules file first writes it (`["pass", "bet"]`: pass, then bet)."""
    order: dict[str, int] = {}

    def add(name) -> None:
        if isinstance(name, str) and name not in order:
            order[name] = len(order)

    for node in ast.walk(game_file):
        if isinstance(node, ast.KindDecl):
            for member in node.members:
                add(member)
        elif isinstance(node, ast.PieceDecl):
            add(node.name)
        elif isinstance(node, ast.DieDecl):
            for face in node.faces:
                add(face)
        elif isinstance(node, ast.TableDecl):
            for row in node.rows:
                if isinstance(row.key, ast.Name):
                    add(row.key.id)
        elif isinstance(node, ast.StringLiteral) and all(isinstance(part, str) for part in node.parts):
            add("".join(node.parts))
        elif isinstance(node, ast.Legend):
            for value in node.entries.values():
                add(value)
        elif isinstance(node, ast.Layer):
            for row in node.rows:
                for token in row:
                    add(token)
    return order


def _list_text(value) -> str:
    return "[" + ", ".join(type_name(item) for item in value) + "]"


def _atom_text(atom: tuple) -> str:
    if len(atom) == 1:
        return {"skip": "skip", "nothing": "none", "list": "[]"}[atom[0]]
    if atom[0] == "piece":
        return f"{atom[1].replace('_', ' ')} {atom[2]}"
    return f"{atom[0].replace('_', ' ')} {atom[1]}"


def _atoms(space: ActionSpace, start, names: list[str], families: set, face_down: bool) -> list[tuple]:
    """The atoms of `families`, in the space's fixed order."""
    atoms: list[tuple] = [atom for atom in (SKIP, ("nothing",), ("list",)) if atom in families]
    if offers.BOOL in families:
        atoms += [("bool", False), ("bool", True)]
    if offers.SEAT in families:
        atoms += [("seat", i) for i in range(start.num_seats)]
    atoms += [("zone", zone.id) for zone in start.world.zones if _zone_offered(zone, families)]
    # A face-down pick comes only from a zone some seat may not look into: a public zone
    # (every cell of a board, say) never offers one, so it has no number for it.
    if face_down:
        atoms += [("face_down", zone.id) for zone in start.world.zones if zone.visibility != "public"]
    # Pieces of any kind, or of the kinds the statements were read as offering.
    kinds = {family[1] if len(family) > 1 else "*" for family in families if offers.is_piece(family)}
    atoms += [("piece", kind, rank) for kind, most in space.piece_bounds.items() if "*" in kinds or kind in kinds
              for rank in range(most)]
    written = {family[1] for family in families if family[0] == "name" and len(family) == 2}
    chosen = written | (set(names) if offers.ALL_NAMES in families else set())
    order = space.name_order
    atoms += [("name", name) for name in sorted(chosen, key=lambda name: (order.get(name, len(order)), name))]
    numbers: set[int] = set(range(space.low, space.high + 1)) if offers.ALL_NUMBERS in families else set()
    for family in families:
        if family[0] == "number" and len(family) == 3:
            numbers.update(range(family[1], family[2] + 1))
    atoms += [("number", n) for n in sorted(numbers)]
    return atoms


def _families(game, program, bounds: Bounds) -> tuple[dict | None, dict | None, str, list]:
    """What the game's decisions, and its chance events, can offer (interpreter/offers.py).

    Each answer is {"single": families of what any statement offers as one thing, "sites":
    for each of the engine's sites (its choices, or its chance events) the lists it may offer,
    by length, as the families each place may hold}, or None when some statement's options
    could not be followed (then that kind of step numbers everything; the third answer says
    why). The tree read is the one the compiler writes the engine from, so each of the
    engine's sites is found by its span; a site not found counts as offering anything. The
    fourth answer is, for `ActionSpace.breakdown`, each site as ("choice" or "chance", where,
    families).
    """
    tree = lower_file(with_catalogues(with_powers(game.lowered)))
    reading = offers.Offers(tree, bounds, game.param_values)
    by_choice, by_chance, why = reading.by_span()
    choice_families = []
    reasons: list[str] = []

    def lookup(found: dict, site, what: str) -> frozenset:
        families = found.get(offers.span_key(site.span))
        if families is None:
            span = site.span
            reasons.append(f"{span.file}:{span.line}: this {what} was not found in the rules read")
            return frozenset({offers.ANY})
        if offers.may_be_anything(families):
            reasons.append(why.get(offers.span_key(site.span)) or f"{site.span.file}:{site.span.line}: "
                                                                  f"what this {what} offers could not be followed")
        return families

    choices = []
    for site in program.choices:
        families = lookup(by_choice, site, "choice")
        choice_families.append(families)
        choices.append(families | {offers.SKIP} if site.optional else families)
    chances = []
    for index, site in enumerate(program.chances):
        if site.kind == "blind":
            # The piece chance picks from a face-down pile a decision offered.
            owners = [families for choice, families in zip(program.choices, choice_families)
                      if choice.blind_chance == index]
            offered = any(offers.ANY in families or any(offers.is_piece(family) for family in families)
                          for families in owners)
            chances.append(frozenset({offers.PIECE}) if offered else frozenset())
            continue
        chances.append(lookup(by_chance, site, "chance event"))
    statements = [("choice", f"{site.span.file}:{site.span.line}", families)
                  for site, families in zip(program.choices, choices)]
    statements += [("face-down pick" if site.kind == "blind" else "chance", f"{site.span.file}:{site.span.line}",
                    families) for site, families in zip(program.chances, chances)
                   if families or site.kind != "blind"]
    return _split(choices), _split(chances), reasons[0] if reasons else "", statements


def _split(sites: list[frozenset]) -> dict | None:
    """Each site's families as {"single": what any site offers as one thing, "sites": each site's lists}.

    A site's lists are, by length, the families each place may hold: a list written out
    (`[piece, cell]`) has its own places; a list built (`[x for x in ...]`) may have one or
    two things, each of its elements' families. None where some site may offer anything,
    or lists of lists.
    """
    single: set = set()
    shapes_of_sites = []
    for found in sites:
        if offers.ANY in found:
            return None
        shapes: dict[int, tuple] = {}
        for family in found:
            if family[0] == "list_of":
                candidates = [(family[1],), (family[1], family[1])]
            elif family[0] == "tuple_of":
                candidates = [tuple(family[1:])]
            else:
                single.add(family)
                continue
            for places in candidates:
                for place in places:
                    if any(f[0] in ("list_of", "tuple_of") or f == offers.ANY for f in place):
                        return None  # a list inside a list: only the widest numbering has a word for it
                earlier = shapes.get(len(places))
                shapes[len(places)] = places if earlier is None else \
                    tuple(a | b for a, b in zip(earlier, places))
        shapes_of_sites.append(shapes)
    return {"single": single, "sites": shapes_of_sites}


def _zone_offered(zone, families: set) -> bool:
    """Whether a zone or cell is one some statement may offer."""
    if offers.ALL_ZONES in families:
        return True
    if zone.board is not None:
        return offers.ALL_CELLS in families or ("cell", zone.board.name) in families
    return ("zone", zone.name) in families


# Built-ins whose result holds elements of their first argument.
_SAME_ELEMENTS = {"take", "distinct", "shuffled", "sorted", "reversed", "drop"}


# Built-ins whose result is one thing, never a list, whatever their arguments.
_SINGLE_RESULTS = {"count", "sum", "distance", "ceil", "floor", "abs", "any", "all", "empty", "eliminated", "automa",
                   "piece_type", "index_of", "at", "step", "where"}
# Built-ins whose result is a list of single things (cells, pieces, numbers, seats), never of lists.
_LISTS_OF_SINGLES = {"cells", "neighbours", "ray", "perimeter", "all_pieces", "range", "indices"}
# Built-ins whose result is one element of their first argument.
_ONE_ELEMENT = {"first", "top", "max", "min"}


def _offers_lists(game_file: ast.GameFile) -> bool:
    """Whether some choice's option or some chance outcome may be a list of one or more things.

    Only then does the action space number pairs (the atom count squared of numbers).
    The answer errs towards yes: it is no only when every `chooses` and every `draw` is
    seen to offer single things (pieces of a zone, cells, seats, kind members, numbers,
    written texts), following the defines (and the powers that replace them) and every
    value given to a name they read. A name given anywhere a value this cannot follow (a
    rule's or define's parameter) counts as a list. An option this missed would stop with
    ActionSpaceError naming its line, never get a number that means something else.
    """
    values: dict[str, list[ast.Expr]] = {}     # a name -> the expressions it may stand for
    elements: dict[str, list[ast.Expr]] = {}   # a name -> the lists it may be an element of
    unknown: set[str] = set()                  # names given values this does not follow
    zones: set[str] = set()
    single_names: set[str] = set()             # kind members, die faces, legend values: names
    kinds: set[str] = set()
    tables: dict[str, ast.TableDecl] = {}
    for declaration in game_file.declarations:
        if isinstance(declaration, ast.DefineDecl):
            values.setdefault(declaration.name, []).append(declaration.body)
            unknown.update(declaration.params)
        elif isinstance(declaration, (ast.RuleDecl, ast.PowerDecl)):
            unknown.update(declaration.params)
            if isinstance(declaration, ast.PowerDecl) and declaration.value is not None:
                values.setdefault(declaration.target, []).append(declaration.value)
        elif isinstance(declaration, (ast.ScoreDecl, ast.TiebreakDecl, ast.ProgressDecl, ast.PayoffDecl)):
            unknown.add(declaration.param)
        elif isinstance(declaration, ast.ExampleDecl):
            unknown.update(declaration.player_names)
        elif isinstance(declaration, ast.ZoneDecl):
            zones.add(declaration.name)
        elif isinstance(declaration, ast.KindDecl):
            kinds.add(declaration.name)
            single_names.update(declaration.members)
        elif isinstance(declaration, ast.DieDecl):
            single_names.update(face for face in declaration.faces if isinstance(face, str))
        elif isinstance(declaration, ast.ParamDecl):
            single_names.add(declaration.name)  # a parameter is a number
        elif isinstance(declaration, ast.TableDecl):
            tables[declaration.name] = declaration
    sites: list[ast.Expr] = []
    for node in ast.walk(game_file):
        if isinstance(node, ast.Let):
            values.setdefault(node.name, []).append(node.value)
        elif isinstance(node, ast.Assign) and isinstance(node.target, ast.Name):
            values.setdefault(node.target.id, []).append(node.value)
        elif isinstance(node, ast.Legend):
            single_names.update(value for value in node.entries.values() if isinstance(value, str))
        elif isinstance(node, ast.ForEach):
            elements.setdefault(node.var, []).append(node.iterable)
        elif isinstance(node, (ast.Choose, ast.ChooseSet)):
            elements.setdefault(node.var, []).append(node.options)
            sites.append(node.options)
        elif isinstance(node, (ast.Draw, ast.WeightedDraw)):
            elements.setdefault(node.var, []).append(node.source)
            sites.append(node.source)
        elif isinstance(node, (ast.Roll, ast.Actions)):
            pass  # a die's faces and an action's name are single things
    # A name read while its own bindings are being followed stands for what its other bindings
    # give (a value must come from one of them), so it counts as single there; a "no" found on
    # the way holds whatever was assumed, and is remembered.
    busy: set[tuple[str, str]] = set()
    refused: set[tuple[str, str]] = set()
    steps = [0]

    def bindings(name: str, env: dict) -> bool:
        steps[0] += 1
        if steps[0] > 100_000:
            return False  # too tangled to follow: count it as a list
        if name in env:
            return singles(env[name], env)
        if name in unknown:
            return False
        if name in kinds:
            return False  # a kind stands for the list of its members
        if name in single_names or name in zones or name in ("player_count", "round_number"):
            return True
        if name not in values and name not in elements:
            return False
        return follow("value", name, values, single) and follow("element", name, elements, singles)

    def follow(kind: str, name: str, found: dict[str, list[ast.Expr]], test) -> bool:
        key = (kind, name)
        if key in busy or name not in found:
            return True
        if key in refused:
            return False
        busy.add(key)
        try:
            answer = all(test(expression, {}) for expression in found[name])
        finally:
            busy.discard(key)
        if not answer:
            refused.add(key)
        return answer

    def single(expression: ast.Expr, env: dict) -> bool:
        """Whether the value of `expression` is surely not a list with something in it."""
        if isinstance(expression, (ast.IntLiteral, ast.StringLiteral, ast.BoolLiteral, ast.NoneLiteral, ast.Negate,
                                   ast.Compare, ast.Membership, ast.BoolOp, ast.Not, ast.VariantRef)):
            return True
        if isinstance(expression, ast.ListLiteral):
            return not expression.items
        if isinstance(expression, ast.Name):
            if expression.id in env:
                return singles(env[expression.id], env)
            return bindings(expression.id, env)
        if isinstance(expression, ast.Attribute):
            return expression.name in zones  # a player's zone; anything else may hold a list
        if isinstance(expression, ast.Binary):
            return expression.op != "+" or (single(expression.left, env) and single(expression.right, env))
        if isinstance(expression, ast.IfExpr):
            return single(expression.then, env) and single(expression.otherwise, env)
        if isinstance(expression, ast.Call):
            if expression.function in _SINGLE_RESULTS:
                return True
            if expression.function in _ONE_ELEMENT and expression.args:
                return singles(expression.args[0], env)
            return expression.function in values and follow("value", expression.function, values, single)
        return False

    def singles(expression: ast.Expr, env: dict) -> bool:
        """Whether no element of the list (or zone) `expression` is a list with something in it."""
        if isinstance(expression, ast.ListLiteral):
            return all(single(item, env) for item in expression.items)
        if isinstance(expression, ast.Comprehension):
            inner = dict(env)
            for clause in expression.clauses:  # each clause sees the names of those before it
                inner[clause.var] = _Bound(clause.iterable, dict(inner))
            return single(expression.element, inner)
        if isinstance(expression, _Bound):
            return singles(expression.iterable, expression.env)
        if isinstance(expression, ast.Name):
            name = expression.id
            if name in env:
                return False  # an element used as a list: not followed
            if name in zones or name in kinds or name == "players":
                return True
            if name in unknown or name not in values:
                return False
            return follow("values", name, values, singles)
        if isinstance(expression, ast.Attribute):
            return expression.name in zones
        if isinstance(expression, ast.Binary):
            return expression.op == "+" and singles(expression.left, env) and singles(expression.right, env)
        if isinstance(expression, ast.IfExpr):
            return singles(expression.then, env) and singles(expression.otherwise, env)
        if isinstance(expression, ast.Call):
            name = expression.function
            if name in _LISTS_OF_SINGLES:
                return True
            if name == "keys" and expression.args and isinstance(expression.args[0], ast.Name):
                table = tables.get(expression.args[0].id)
                return table is not None and all(single(row.key, {}) for row in table.rows)
            if name in _SAME_ELEMENTS and expression.args:
                return singles(expression.args[0], env)
            return name in values and follow("values", name, values, singles)
        return False

    return not all(singles(site, {}) for site in sites)


class _Bound:
    """A comprehension's name: the list it goes over, and the names that list may read."""

    __slots__ = ("iterable", "env")

    def __init__(self, iterable: ast.Expr, env: dict):
        self.iterable = iterable
        self.env = env


def _offers_triples(game_file: ast.GameFile) -> bool:
    """Whether some choice's options are built from a list of three things the rules write.

    The options are followed through the defines (and the powers that replace them) and the
    values given to the locals they name.
    """
    defines: dict[str, list[ast.Expr]] = {}
    for declaration in game_file.declarations:
        if isinstance(declaration, ast.DefineDecl):
            defines.setdefault(declaration.name, []).append(declaration.body)
        elif isinstance(declaration, ast.PowerDecl) and declaration.value is not None:
            defines.setdefault(declaration.target, []).append(declaration.value)
    for node in ast.walk(game_file):  # the values a local is given: `let options = legs(x)`
        if isinstance(node, ast.Let):
            defines.setdefault(node.name, []).append(node.value)
        elif isinstance(node, ast.Assign) and isinstance(node.target, ast.Name):
            defines.setdefault(node.target.id, []).append(node.value)

    def has_triple(expression: ast.Expr, seen: set[str]) -> bool:
        """Whether an element of the list `expression` can be a written list of three."""
        if isinstance(expression, ast.Comprehension):
            element = expression.element
            return isinstance(element, ast.ListLiteral) and len(element.items) == 3
        if isinstance(expression, ast.ListLiteral):
            return any(isinstance(item, ast.ListLiteral) and len(item.items) == 3 for item in expression.items)
        if isinstance(expression, ast.Binary):
            return has_triple(expression.left, seen) or has_triple(expression.right, seen)
        if isinstance(expression, ast.IfExpr):
            return has_triple(expression.then, seen) or has_triple(expression.otherwise, seen)
        if isinstance(expression, ast.Call) and expression.function in _SAME_ELEMENTS and expression.args:
            return has_triple(expression.args[0], seen)
        name = expression.function if isinstance(expression, ast.Call) else \
            expression.id if isinstance(expression, ast.Name) else None
        if name in defines and name not in seen:
            seen.add(name)
            return any(has_triple(body, seen) for body in defines[name])
        return False

    return any(has_triple(node.options, set()) for node in ast.walk(game_file) if isinstance(node, ast.Choose))


SETUP_STEPS = 10_000  # decisions and chance outcomes a setup may take, followed to its end
SETUP_OTHER_WAYS = ("last", 1, 2, 3)  # other ways setup's questions are answered, to see whether counts depend on them


def _pieces_after_setup(start, way: str | int = "first") -> dict[str, int]:
    """How many pieces of each kind there are once setup is over: a setup may ask the players first.

    Setup is followed taking the first option each time (`way` "last": the last; a number: options
    picked at random with that seed), and the first outcome of chance. Pieces are numbered in the order they are made, so a setup that
    makes as many pieces whatever is chosen (as most setups do) numbers them all; what play
    makes is counted from the rules. Where the two runs make different numbers of a kind (a
    fleet bought to a points total), `ActionSpace` takes the most setup can make from the rules.
    """
    import random

    state = start.clone()
    pick = random.Random(way) if isinstance(way, int) else None
    for _ in range(SETUP_STEPS):
        if not state.in_setup or state.is_terminal():
            break
        if state.is_chance():
            state.apply_chance()
        elif pick is not None:
            state.apply_action(pick.randrange(state.num_actions()))
        else:
            state.apply_action(state.num_actions() - 1 if way == "last" else 0)
    counts: dict[str, int] = {}
    for piece in state.pieces:
        counts[piece.type] = counts.get(piece.type, 0) + 1
    return counts

