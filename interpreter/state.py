"""A game state: plain data plus the small, standard API every tool plays through.

The state holds lists, dicts, tuples, numbers and references to the fixed
`World`, and, while it plays, the suspended generators of the game's generated
Python (interpreter/compiler.py) where the rules wait for a decision or chance.
Where they wait is also available as plain data (`frames`: each waiting
function, its resume point and its locals), so a state can be copied, saved to
JSON and restored at every decision. Chance is a generator of numbers kept in
the state, so the same file, options, seed and choices always give the same game.
"""

from __future__ import annotations

from fractions import Fraction
from operator import itemgetter
from typing import Any

from interpreter.catalogues import LEFT, PICK
from interpreter.limits import CHECK_EVERY
from interpreter.playout import _RANDBELOW, CallerFailed, Playout, Stopped
from interpreter.runtime import _UNSET, HELD, EndGame, Runaway, _resumed, _resumed_in_playout
from interpreter.secrecy import decision_reveals, decision_seen_by
from interpreter.values import Blind, Board, GameRuleError, IllegalAction, Piece, Player, Zone, log_text, show

_seat_of_line = itemgetter(0)  # whom a log line is for
_LOOP_HINT = "a loop must be able to stop: make its condition turn false, or ask a player to decide inside it"

# Seat numbers that are not seats, as OpenSpiel has them (its -2 is SIMULTANEOUS, which no
# pirdsl game has).
CHANCE = -1
TERMINAL = -4
MASK = (1 << 64) - 1
STATE_FORMAT = "pirdsl-state"
STATE_VERSION = 2  # 2: frames are [function, resume point, {local: value}] of generated code


class Action:
    """One legal action: its index (what `apply_action` takes) and a label for people."""

    __slots__ = ("index", "_state", "_label")

    def __init__(self, index: int, state: "State", label: str | None = None):
        self.index = index
        self._state = state
        self._label = label

    @property
    def label(self) -> str:
        if self._label is None:
            self._label = self._state.action_label(self.index)
        return self._label

    def __repr__(self) -> str:
        return f"Action({self.index}, {self.label!r})"


def _number(value) -> str:
    """A payment as people write it: 3, -1/2, 0.25."""
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return str(value)


def _describe(error: Exception) -> str:
    if isinstance(error, ZeroDivisionError):
        return "division by zero"
    if isinstance(error, RecursionError):
        return "the rules call themselves without end"
    text = str(error)
    if isinstance(error, NameError):  # a local of generated code read before it has a value
        import re
        match = re.search(r"variable '(?:v_)?(\w+)'", text)
        if match:
            return f"'{match.group(1)}' has no value yet here"
    if isinstance(error, KeyError) and text.startswith(("'", '"')):
        text = text[1:-1]
        if text.isidentifier():
            text = f"'{text}' has no value yet here"
    if isinstance(error, TypeError):
        text = _plain_type_error(text)
    return text or type(error).__name__


_PYTHON_TYPES = {"NoneType": "none", "int": "a number", "float": "a number", "Fraction": "a number",
                 "str": "a name or text", "list": "a list", "bool": "true/false", "Player": "a player",
                 "Piece": "a piece", "Zone": "a zone or cell", "Board": "a board", "dict": "a table"}


def _plain_type_error(text: str) -> str:
    """Python's wording for mixing value kinds, said in the language's terms."""
    import re
    match = re.search(r"'(.+?)' not supported between instances of '(\w+)' and '(\w+)'", text)
    if match:
        op, a, b = match.groups()
        return f"cannot compare {_PYTHON_TYPES.get(a, a)} with {_PYTHON_TYPES.get(b, b)} using {op}"
    match = re.search(r"unsupported operand type\(s\) for (.+?): '(\w+)' and '(\w+)'", text)
    if match:
        op, a, b = match.groups()
        return f"cannot use {op} on {_PYTHON_TYPES.get(a, a)} and {_PYTHON_TYPES.get(b, b)}"
    match = re.search(r"bad operand type for unary -: '(\w+)'", text)
    if match:
        return f"cannot negate {_PYTHON_TYPES.get(match.group(1), match.group(1))}"
    match = re.search(r"can only concatenate (\w+) \(not \"(\w+)\"\) to (\w+)", text)
    if match:
        a, b, _ = match.groups()
        return f"cannot add {_PYTHON_TYPES.get(b, b)} to {_PYTHON_TYPES.get(a, a)}"
    match = re.search(r"'(\w+)' object is not (iterable|subscriptable)", text)
    if match:
        return f"{_PYTHON_TYPES.get(match.group(1), match.group(1))} is not a list"
    return text


_SKIP = object()  # the "skip" option of an optional choice, when labels are told apart
_ABSENT = object()  # a name the waiting decision's names did not have


def _tell_apart(labels: list[str], values: list, state: "State") -> list[str]:
    """Labels made unique: look-alikes get what tells them apart, in ever finer detail."""
    def repeated(texts):
        seen: dict[str, int] = {}
        for text in texts:
            seen[text] = seen.get(text, 0) + 1
        return {text for text, n in seen.items() if n > 1}

    if len(set(labels)) == len(labels):  # the usual case, found in C
        return labels
    clashes = repeated(labels)
    out = list(labels)
    for describe in (state.where_text, state._detail_text):
        clashing = [i for i, text in enumerate(out) if text in clashes]
        for i in clashing:
            detail = describe(values[i])
            if detail and detail != labels[i]:
                out[i] = f"{labels[i]} ({detail})"
        clashes = repeated(out)
        if not clashes:
            return out
    # Still alike (two different things that no words tell apart): number them.
    counters: dict[str, int] = {}
    totals = {text: out.count(text) for text in clashes}
    for i, text in enumerate(out):
        if text in clashes:
            counters[text] = counters.get(text, 0) + 1
            out[i] = f"{text} ({counters[text]} of {totals[text]})"
    return out


def _stat_text(value) -> str:
    """An item of a catalogue row as printed on a card: `s l`, `3 l, 4 s` for a list of pairs."""
    if isinstance(value, list):
        if any(isinstance(item, list) for item in value):
            return ", ".join(_stat_text(item) for item in value)
        return " ".join(show(item) for item in value)
    return show(value)


def _shuffler(rng) -> Any:
    """`rng.shuffle`, or for a `random.Random` its very steps written out: the same order from the same bits.

    CPython's `Random.shuffle` draws each place's partner with `_randbelow`, which (for
    `Random` itself) is `_randbelow_with_getrandbits`; here that draw is taken in the loop,
    a Python call fewer for each piece a search bot's every deal mixes (`resample_hidden`).
    """
    if getattr(getattr(rng, "_randbelow", None), "__func__", None) is not _RANDBELOW:
        return rng.shuffle
    getrandbits = rng.getrandbits

    def shuffle(items: list) -> None:
        for i in reversed(range(1, len(items))):
            width = (i + 1).bit_length()
            j = getrandbits(width)
            while j > i:
                j = getrandbits(width)
            items[i], items[j] = items[j], items[i]

    return shuffle


class State:
    """One moment of one game."""

    # Every attribute a state has, named here: reading one is then as quick as Python's
    # attribute reads get, however many there are. (Without slots, an object with 30 or
    # more attributes loses the shared layout CPython 3.11 gives instances of a class, and
    # every `st.vars` of the generated rules costs a dictionary lookup: 3.5% of a game.)
    __slots__ = ("program", "world", "seed", "rng", "vars", "pvars", "contents", "owned", "loc", "pieces",
                 "piece_vars", "unordered", "created_in_play", "running", "_frames", "restoring", "env",
                 "answer", "pending", "log", "round", "phase", "eliminated", "in_setup", "terminal", "held",
                 "scoring", "budget", "stretch", "history", "_labels", "memo", "playout", "piece_kinds",
                 "zone_groups", "group_counts", "drawn_kinds", "followed")

    def __init__(self, program, world, seed: int):
        self.program = program
        self.world = world
        if world.memo.state is None:
            world.memo.state = self  # works out the world's defines without arguments (runtime.WorldMemo)
        self.seed = seed
        self.rng = seed & MASK
        self.vars: dict[str, Any] = {}
        self.pvars: list[dict[str, Any]] = []
        self.contents: list[list[int]] = [[] for _ in world.zones]
        # Copy on write: a copy shares the zones' lists with its original, and each of the
        # two copies a list before it first changes it. owned[zone id] is True when the list is
        # this state's alone and nothing else follows it: no shuffle (`unordered`), no draws
        # (`drawn_kinds`), so that `move_piece` only takes the piece out and puts it in. For a
        # zone that is shuffled or drawn from, owned[zone id] is None when its list (and its
        # `drawn_kinds`) is this state's own, else False. Every change to a zone's list goes
        # through `own_zone` first, or through `move_piece` and `move_zone`, which know all this.
        self.owned: list[bool | None] = [True] * len(world.zones)
        # Zone id -> True for every zone this state, or one it was copied from or to, has
        # shuffled or drawn from: the zones `move_piece` must look up when they are not `owned`
        # (one there that is neither now only costs a look). Only ever grows: copies share it.
        self.followed: dict[int, bool] = {}
        self.loc: list[int] = []
        self.pieces: list[Piece] = []
        # Each piece's kind (`Piece._kind`) by its id, for draws to count kinds without the pieces.
        # Never changed in place (a new piece makes a new list), so copies share it.
        self.piece_kinds: list[int] = []
        # Running counts of the pieces in the groups of zones the rules count often
        # (runtime.WorldMemo.group_of_zones), by group id, kept up by every change of a zone's
        # size; zone_groups is the world's list of each zone's groups these counts follow. When
        # the world has made groups since, the counts are worked out again (`recount_groups`).
        # Never saved: a restored state works them out from its zones.
        self.zone_groups = world.memo.zone_groups
        self.group_counts: list[int] = [0] * len(world.memo.groups)
        # What a draw needs of each zone drawn from (runtime._draw_outcomes), by zone id: how
        # many pieces of each kind it holds, and each kind's first piece (bottom first), both
        # dicts by kind in the order the kinds are first met. Kept up by `move_piece` and
        # `move_zone` (a piece put on top, one taken out), dropped where keeping them would
        # cost more (a piece put at the bottom, `own_zone`'s callers), and worked out again at
        # the next draw; shared by copies as the zones' lists are (copied with them). Never saved.
        self.drawn_kinds: dict[int, tuple[dict[int, int], dict[int, int]]] = {}
        self.piece_vars: dict[tuple[int, str], Any] = {}  # (piece id, variable) -> value
        # zone id -> how many of its bottom pieces lie in an order nobody knows (since a shuffle)
        self.unordered: dict[int, int] = {}
        self.created_in_play = 0  # pieces `create` has made since setup ended
        # Where the rules wait: the generator of the outermost waiting function, running...
        self.running = None
        # ...or, in a copy or a restored state, the same as data, outermost first:
        # (function id, resume point, its locals), made into generators again when it goes on.
        self._frames: list[tuple] = []
        self.restoring: list[tuple] = []  # the frames still to be made generators, innermost first
        self.env: dict[str, Any] = {}  # the names of setup, play, final scoring and examples
        self.answer = None  # the decision or outcome taken, for the function resumed with it
        self.pending: list | None = None
        self.log: list[tuple[int | None, str]] = []
        self.round = 0
        self.phase = "Setup"
        self.eliminated = [False] * len(world.players)
        self.in_setup = True
        # While a define that goes through lists is worked out: its values and those of the
        # defines it calls, by arguments (nothing changes meanwhile); None between evaluations.
        self.memo = None
        self.terminal = False
        self.held = 0
        self.scoring = False
        # Steps the rules' loops may take before the next check (runtime._runaway), and
        # where this stretch without a decision stands (None: no check yet).
        self.budget = CHECK_EVERY
        self.stretch = None
        self.history: list[int] = []
        self._labels = None  # (the pending decision, its action labels), made on demand
        # While the state is played on without stopping (`play_out`): what takes its decisions;
        # after a playout that stopped before the end, that playout (the state cannot go on).
        self.playout = None

    # ------------------------------------------------------------ standard API

    @property
    def num_seats(self) -> int:
        return len(self.world.players)

    @property
    def seat_names(self) -> list[str]:
        return [p.name for p in self.world.players]

    def is_automa(self, seat: int) -> bool:
        return self.world.players[seat].is_automa

    def current_player(self) -> int:
        if self.terminal:
            return TERMINAL
        if self.pending[0] == "chance":
            return CHANCE
        return self.pending[2]

    def is_terminal(self) -> bool:
        return self.terminal

    def is_chance(self) -> bool:
        return not self.terminal and self.pending[0] == "chance"

    is_chance_node = is_chance  # OpenSpiel's name

    def num_actions(self) -> int:
        """How many actions are legal now (0 when terminal)."""
        pending = self.pending
        if pending is None:
            return 0
        if pending[0] == "choice":
            return len(pending[3]) + self.program.skips[pending[1]]
        return len(pending[2])

    def legal_actions(self) -> list[Action]:
        if self.terminal or self.pending[0] == "chance":
            return []
        return [Action(i, self) for i in range(self.num_actions())]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.terminal or self.pending[0] != "chance":
            return []
        weights = self.pending[3]
        total = sum(weights)
        return [(Action(i, self), w / total) for i, w in enumerate(weights)]

    def prompt(self) -> str:
        """The question put to the seat to move."""
        if self.terminal:
            return "The game is over"
        if self.pending[0] == "chance":
            return "Chance"
        site = self.program.choices[self.pending[1]]
        if site.prompt is None:
            return f"Choose {site.var.replace('_', ' ')}"
        try:
            return site.prompt(self, self._decision_env())
        except Exception as error:  # a prompt that cannot be shown must not stop play
            raise self._rule_error(f"cannot write this prompt: {_describe(error)}", site.span) from None

    def action_label(self, index: int) -> str:
        """The words for one action; no two legal actions of a decision read alike."""
        if self.pending is None:
            raise IllegalAction("the game is over")
        labels = self.action_labels()
        if not 0 <= index < len(labels):
            raise IllegalAction(f"there is no action {index}: choose from 0 to {len(labels) - 1}")
        return labels[index]

    def action_labels(self) -> list[str]:
        """The words for every action now (decisions or chance outcomes), each one different.

        Where two different options would read alike, each is followed by what tells it
        apart: where a piece is (its zone, or the cell's row and column), the parts of a
        list, then a piece's fields, and as a last resort its place among the look-alikes.
        """
        if self.pending is None:
            return []
        cached = self._labels
        if cached is not None and cached[0] is self.pending:
            return cached[1]
        if self.pending[0] == "chance":
            site = self.program.chances[self.pending[1]]
            values = list(self.pending[2])
            prefix = f"{site.var.replace('_', ' ')}: "
            labels = [prefix + self._value_text(value) for value in values]
        else:
            site = self.program.choices[self.pending[1]]
            values = list(self.pending[3])
            labels = self._option_labels(site, values)
            if site.optional:
                values.append(_SKIP)
                labels.append(self._skip_label(site))
        labels = _tell_apart(labels, values, self)
        self._labels = (self.pending, labels)
        return labels

    def action_keys(self) -> list:
        """What tells the waiting decision's actions apart as the seat to move sees them, cheaply.

        For a search bot's tree, which must know an option again in another fair deal of
        what its seat cannot see: each option as its labels read without the rules' own
        `label` and skip texts (a number or name as written, a piece by its name and the
        variables people may see, a face-down pile by its kind and zone), made unique as
        labels are (where a piece lies, its details, then its place among look-alikes);
        None for the skip action of an optional choice. Nothing hidden from that seat goes
        in, so one option has one key in every such deal. No rule of the file is run, so a
        key can be read where labels cannot: at a decision in the middle of a playout, from
        its `before_step` (interpreter/playout.py). Empty at chance and at the end.
        """
        pending = self.pending
        if pending is None or pending[0] != "choice":
            return []
        values = pending[3]
        texts = [self._face_down_text(value) if value.__class__ is Blind else self._value_text(value)
                 for value in values]
        keys = _tell_apart(texts, values, self)
        if self.program.skips[pending[1]]:
            keys.append(None)
        return keys

    def budget_left(self):
        """What a budgeted choice waiting (`chooses ... up to BUDGET costing COST`) has left to spend, else None."""
        if self.terminal or self.pending is None or self.pending[0] != "choice":
            return None
        site = self.program.choices[self.pending[1]]
        suffix = PICK.format("")
        if not site.var.endswith(suffix):
            return None
        left = self._decision_env().get(LEFT.format(site.var[: -len(suffix)]))
        return None if left is None else to_plain(left)

    def decision_site(self) -> tuple[int, list] | None:
        """The waiting decision as data: (its index in `program.choices`, the value of each action), else None.

        The values are what the rules offered (pieces, names, numbers, ...), in action order,
        with None for the skip action of an optional choice. For tools that study decisions
        (pirdsl/analyze/); the site's line and prompt are in `program.choices[index]`.
        """
        if self.terminal or self.pending is None or self.pending[0] != "choice":
            return None
        site = self.pending[1]
        values = list(self.pending[3])
        if self.program.skips[site]:
            values.append(None)
        return site, values

    def option_details(self) -> list[str]:
        """For each action now: the printed row of the catalogue whose key it is (`Points 12, Masts 3`), or "".

        An option that is a key of a catalogue (`table ships of ship:`) is a card a player
        could pick up and read; these are its stats, under the table's column headings.
        """
        if self.terminal or self.pending is None or self.pending[0] != "choice":
            return []
        details = []
        for value in self.pending[3]:
            text = ""
            if value.__class__ is str:
                for name, columns in self.program.catalogue_columns.items():
                    row = self.program.tables[name].get(value)
                    if row is not None:
                        items = row if isinstance(row, list) else [row]
                        text = ", ".join(f"{column} {_stat_text(item)}" for column, item in zip(columns, items)
                                         if item is not None and item != [])
                        break
            details.append(text)
        if self.program.choices[self.pending[1]].optional:
            details.append("")
        return details

    def _value_text(self, value) -> str:
        return self.piece_text(value.id) if isinstance(value, Piece) else show(value)

    def _skip_label(self, site) -> str:
        if site.skip_text is None:
            return "Skip"
        try:
            return site.skip_text(self, self._decision_env())
        except Exception as error:
            raise self._rule_error(f"cannot write the skip text: {_describe(error)}", site.span) from None

    def _option_labels(self, site, values: list) -> list[str]:
        """The labels of all of a decision's options, worked out as one evaluation.

        Nothing changes from one option's label to the next, so the decision's names are
        read once, and one memo of the defines (`recall_...` in the generated code) serves
        every option: what a label's defines work out for the same arguments (the mover's
        present score beside each option's) is worked out once for the decision. The
        option's name is set in those names for each label in turn and put back as it was
        once, after the last (a search bot asks for a decision's labels at every visit).
        """
        label = site.label
        if label is None:
            return [self._face_down_text(value) if value.__class__ is Blind else self._value_text(value)
                    for value in values]
        env = self._decision_env()
        var = site.var
        saved = env.get(var, _ABSENT)
        opened = self.memo is None
        if opened:
            self.memo = {}
        labels = []
        append = labels.append
        try:
            for value in values:
                if value.__class__ is Blind:
                    append(self._face_down_text(value))
                    continue
                env[var] = value
                append(show(label(self, env)))
        except Exception as error:
            raise self._rule_error(f"cannot label this option: {_describe(error)}", site.span) from None
        finally:
            if opened:
                self.memo = None
            if saved is _ABSENT:
                env.pop(var, None)
            else:
                env[var] = saved
        return labels

    def _face_down_text(self, pile: Blind) -> str:
        """A face-down option in words: what kind of thing, and from where (how many is on the table)."""
        kinds = {self.pieces[i].type for i in self.contents[pile.zone.id]}
        kind = kinds.pop().replace("_", " ") if len(kinds) == 1 else "piece"
        return f"a face-down {kind} from {pile.zone.label.replace('_', ' ')}"

    def where_text(self, value) -> str:
        """What tells a value apart from look-alikes: where a piece lies, a cell's row and column."""
        if value is _SKIP:
            return "skip"
        cls = value.__class__
        if cls is Piece:
            return self.world.zones[self.loc[value.id]].label.replace("_", " ")
        if cls is Zone:
            return value.label.replace("_", " ")
        if cls is list or cls is tuple:
            return "; ".join(self.where_text(item) for item in value)
        return show(value)

    def _detail_text(self, value) -> str:
        """Everything about a value that can differ between look-alikes: a piece's fields and variables."""
        if value is _SKIP:
            return "skip"
        cls = value.__class__
        if cls is Piece:
            parts = [f"{name.replace('_', ' ')} {show(field)}" for name, field in value.fields.items()]
            # Only the variables people may see: a secret one (no one sees it) must not tell
            # options apart, nor bookkeeping; look-alikes they leave alike are numbered.
            for name in self.program.piece_var_names_shown.get(value.type, ()):
                parts.append(f"{name.replace('_', ' ')} {show(self.piece_vars[(value.id, name)])}")
            return ", ".join(parts) if parts else value.type.replace("_", " ")
        if cls is list or cls is tuple:
            return "; ".join(self._detail_text(item) for item in value)
        return self.where_text(value)

    def apply_action(self, index: int) -> None:
        """Take one action; an illegal one raises IllegalAction and changes nothing."""
        pending = self.pending
        if pending is None:
            raise IllegalAction("the game is over")
        if index.__class__ is not int:
            if isinstance(index, Action):
                index = index.index
            if not isinstance(index, int) or isinstance(index, bool):
                raise IllegalAction(f"an action is a number, not {index!r}")
        if pending[0] == "choice":
            values = pending[3]
            count = len(values) + self.program.skips[pending[1]]
            if not 0 <= index < count:
                raise IllegalAction(f"there is no action {index}: choose from 0 to {count - 1}")
            value = values[index] if index < len(values) else None
        else:
            outcomes = pending[2]
            if not 0 <= index < len(outcomes):
                raise IllegalAction(f"there is no action {index}: choose from 0 to {len(outcomes) - 1}")
            value = outcomes[index]
        self.history.append(index)
        self.pending = None
        if value.__class__ is Blind:
            # A face-down pile was chosen: chance now picks the piece, as a draw would.
            groups: dict = {}
            for piece_id in value.pieces:
                piece = self.pieces[piece_id]
                groups.setdefault(self.piece_key(piece), []).append(piece)
            if len(groups) > 1:
                self.pending = ["chance", self.program.choices[pending[1]].blind_chance,
                                [g[0] for g in groups.values()], [len(g) for g in groups.values()]]
                return
            value = next(iter(groups.values()))[0]
        self.answer = value
        running = self.running
        if running is None:  # a copy or a restored game: its generators are made again first
            self._run()
            return
        # As `_run` does, without a call more per action.
        self.budget = CHECK_EVERY
        try:
            running.send(None)
        except (Exception, EndGame) as error:  # EndGame is no Exception: nothing else may take it
            self._stopped(error)

    def apply_chance(self) -> int:
        """Resolve a chance node with the state's own generator; returns the outcome taken."""
        if not self.is_chance():
            raise IllegalAction("no chance event is waiting")
        weights = self.pending[3]
        pick = self._random_below(sum(weights))
        for index, weight in enumerate(weights):
            if pick < weight:
                break
            pick -= weight
        self.apply_action(index)
        return index

    def reveals(self, index: int) -> bool:
        """Whether taking decision `index` could show the seat to move anything it could not see.

        False only when the rules, from this decision to the same seat's next one, read
        nothing hidden from it (interpreter/secrecy.py says exactly what that covers);
        True when a chance event, another seat or the end comes first. The state is unchanged.
        """
        return decision_reveals(self, index)

    def decision_seen_by(self, index: int, seat: int) -> tuple[str, str] | None:
        """Decision `index` of the seat to move as `seat` may read it: (question, option), or None.

        None when `seat` may not know it: the question or the option's words read
        something hidden from `seat`, or a simultaneous loop holds its public lines back
        (interpreter/secrecy.py). The state is unchanged.
        """
        return decision_seen_by(self, index, seat)

    def scores(self) -> list:
        score = self.program.score
        if score is None:
            return [0] * self.num_seats
        return self._per_player(score, "a score", self.program.score_span)

    def progress(self) -> list:
        """Each seat's standing by the file's `progress` line (its scores when it has none), for bots.

        It may read what some seat cannot see (a rival's hand): a bot reads it only
        on its own fair deal of the table (`resample_hidden`), never on the real state.
        """
        progress = self.program.progress
        if progress is None:
            return self.scores()
        return self._per_player(progress, "a player's progress", self.program.progress_span, numbers=True)

    def _per_player(self, function, what: str, span, numbers: bool = False) -> list:
        """`function(state, player)` for each player, whole fractions as whole numbers; a rule error names `span`."""
        out = []
        for player in self.world.players:
            try:
                value = function(self, player)
                if isinstance(value, Fraction):
                    value = value.numerator if value.denominator == 1 else float(value)
                if numbers and (value.__class__ is bool or not isinstance(value, (int, float))):
                    raise TypeError(f"it must be a number, not {show(value)}")
                out.append(value)
            except Exception as error:
                raise self._rule_error(f"cannot work out {what}: {_describe(error)}", span) from None
        return out

    def winners(self) -> list[int]:
        if not self.terminal:
            return []
        return self._winners(self.scores())

    def outcome(self) -> tuple[list, list[int], list[float]]:
        """`(scores(), winners(), returns())` of a finished game, the scores worked out once."""
        scores = self.scores()
        winners = self._winners(scores) if self.terminal else []
        if self.program.payoff is not None:
            return scores, winners, self._payoffs()
        return scores, winners, self._returns(winners)

    def _winners(self, scores: list) -> list[int]:
        keys = {}
        for player in self.world.players:
            if self.eliminated[player.index]:
                continue
            key = [scores[player.index]]
            if self.program.tiebreak is not None:
                try:
                    key.append(self.program.tiebreak(self, player))
                except Exception as error:
                    raise self._rule_error(f"cannot break the tie: {_describe(error)}", self.program.tiebreak_span) from None
            keys[player.index] = key
        if not keys:
            return []
        best = max(keys.values())
        return [seat for seat, key in keys.items() if key == best]

    def returns(self) -> list[float]:
        """What each seat is paid: 0.0 for all until the end; then the file's `payoff`, else a share of the win.

        A file with a `payoff` line pays each seat what it says, as a float; a
        finished game whose payments break the file's promise (their sum, their
        range) is a rule error naming that line. Without one, a sole winner gets
        1.0 and every other seat 0.0; a win shared by k seats gives each of them
        1/k. So the returns sum to 1 whenever someone wins, and are all 0.0 when
        nobody can (every player eliminated, the one exception to a constant
        sum): OpenSpiel-style utilities in [0, 1].
        """
        if self.program.payoff is not None:
            return self._payoffs()
        return self._returns(self.winners())

    def _payoffs(self) -> list[float]:
        """The declared payoff of each seat at the end (0.0 before), checked against the file's promises."""
        if not self.terminal:
            return [0.0] * self.num_seats
        decl = self.program.payoff_decl
        function = self.program.payoff
        paid = []
        for player in self.world.players:
            try:
                value = function(self, player)
                if value.__class__ is bool or not isinstance(value, (int, Fraction, float)):
                    raise TypeError(f"it must be a number, not {show(value)}")
            except Exception as error:
                raise self._rule_error(f"cannot work out a player's payoff: {_describe(error)}", decl.span) from None
            if decl.low is not None and not decl.low <= value <= decl.high:
                raise self._rule_error(
                    f"{show(player)} is paid {_number(value)}, outside the range the payoff line "
                    f"declares (from {decl.low} to {decl.high})", decl.span,
                    "widen the range, or correct the payoff or the rules that lead to it")
            paid.append(value)
        promised = decl.promised_sum
        total = sum(Fraction(value) for value in paid)  # exact: 1/3 + 2/3 is 1, not 0.9999...
        if promised is not None and total != promised:
            kind = "zero-sum" if decl.total == "zero" else f"constant-sum {promised}"
            raise self._rule_error(
                f"the payments add up to {_number(total)}, but the payoff line promises '{kind}' "
                f"(they are {', '.join(_number(value) for value in paid)})", decl.span,
                "correct the payoff, or the promise: general-sum promises nothing")
        return [float(value) for value in paid]

    def _returns(self, winners: list[int]) -> list[float]:
        returns = [0.0] * self.num_seats
        for seat in winners:
            returns[seat] = 1.0 / len(winners)
        return returns

    # ------------------------------------------------------------ a seat's view of what it cannot see

    def hidden_groups(self, seat: int, known_zones: dict[int, int] | None = None) -> list[list[tuple[int, int]]]:
        """The places whose pieces `resample_hidden` deals among themselves, group by group, in its order.

        Each group is a list of (zone id, index) places: the hidden places of one kind of
        piece (and, with `known_zones`, of one zone the seat last knew its pieces in).
        Groups of one place are left out: nothing trades places there. The groups depend
        only on where the pieces lie, so a search that deals many copies of one state
        works them out once and gives them to every copy's `resample_hidden` (`groups=`).
        """
        groups: dict[tuple, list[tuple[int, int]]] = {}  # (kind, known zone) -> (zone id, index) places
        pieces = self.pieces
        for zone in self.world.zones:
            if zone.seen_by(seat):
                continue
            zone_id = zone.id
            for position, piece_id in enumerate(self.contents[zone_id]):
                known = -1 if known_zones is None else known_zones.get(piece_id, zone_id)
                groups.setdefault((pieces[piece_id].type, known), []).append((zone_id, position))
        return [groups[key] for key in sorted(groups) if len(groups[key]) >= 2]

    def resample_hidden(self, seat: int, rng, known_zones: dict[int, int] | None = None,
                        groups: list[list[tuple[int, int]]] | None = None) -> None:
        """Deal everything hidden from `seat` afresh, in place: a determinisation for fair search.

        The pieces in zones `seat` may not look into (hidden zones, other seats'
        `owner` zones, internal zones) trade places at random, each only with
        pieces of the same kind: the kind is on a piece's back, everything else
        about it is not. Every zone keeps its count, and everything `seat` sees
        stays as it was (`observation(seat)` is unchanged). The state's chance
        generator is reseeded from `rng`, so no draw or roll to come follows the
        real game's. What the rules keep about a moved piece (a name in the
        waiting rules, a face-down option, a secret variable of another seat)
        follows the place: it now means the piece that took that place.

        Other seats' secret per-player variables are set to `seat`'s own value of
        the same variable (a plausible stand-in of the right kind; the real value
        is not kept). Secret shared variables are left as they are: no rule says
        what else they could be, so a game with one leaks it to a searching bot.

        What this does not know: anything `seat` remembers but no longer sees
        (a card it saw pass face up into another hand, its own card laid face
        down). Such pieces are dealt at random like any other, which makes a bot
        weaker, never better informed.

        With `known_zones` (piece id -> zone id, as `interpreter.knowledge.SeatMemory`
        keeps it from watching the table), a piece trades places only with pieces of
        its kind last known in the same zone: a card seen going into one hand stays
        among that hand's possible cards, and tokens drawn unseen from a bag stay
        mixed with the bag's. Without it, every hidden piece of a kind mixes with
        every other: fair, but some deals are ones the rules could never reach.

        The new deal depends only on what the seat can tell apart: which pieces of a
        group lie in which of the group's places is forgotten before dealing.

        Args:
            seat: the seat whose knowledge the new deal must agree with.
            rng: a `random.Random` that decides the deal and the new chance seed.
            known_zones: where the seat last knew each piece to be (optional).
            groups: `hidden_groups(seat, known_zones)` of this state, or of the state this
                one is an untouched copy of (worked out here when not given).
        """
        if groups is None:
            groups = self.hidden_groups(seat, known_zones)
        contents = self.contents
        loc = self.loc
        shuffle = _shuffler(rng)
        lists: dict[int, list[int]] = {}  # zone id -> its list, this state's own (`own_zone`) once changed
        renamed: dict[int, int] = {}  # piece id at a place before -> piece id there now
        for places in groups:
            before = [contents[zone_id][position] for zone_id, position in places]
            after = sorted(before)  # forget which of them lies where: only the group is known
            shuffle(after)
            for (zone_id, position), old, new in zip(places, before, after):
                if old != new:  # a place that keeps its piece changes nothing, in its zone or elsewhere
                    ids = lists.get(zone_id)
                    if ids is None:
                        ids = lists[zone_id] = self.own_zone(zone_id)
                    ids[position] = new
                    loc[new] = zone_id
                    renamed[old] = new
        self.rng = rng.getrandbits(64)
        self._labels = None
        declarations = self.program.var_decls
        for player_index, variables in enumerate(self.pvars):
            if player_index == seat:
                continue
            for name in variables:
                declaration = declarations.get(name)
                if declaration is not None and declaration.secret and name in self.pvars[seat]:
                    variables[name] = self.pvars[seat][name]
        if renamed:
            self._follow_places(renamed, seat)

    def _follow_places(self, renamed: dict[int, int], seat: int) -> None:
        """After `resample_hidden`: names the rules keep for moved pieces now mean their places' new pieces."""
        pieces = self.pieces

        def follow(value: Any) -> Any:
            cls = value.__class__
            if cls is Piece:
                new = renamed.get(value.id)
                return value if new is None else pieces[new]
            if cls is list:
                return [follow(item) for item in value]
            if cls is tuple:
                return tuple(follow(item) for item in value)
            if cls is Blind:
                return Blind(value.zone, [renamed.get(piece_id, piece_id) for piece_id in value.pieces])
            return value

        frames = self.frames
        self.running = None
        self._frames = [(function_id, point, follow(saved)) for function_id, point, saved in frames]
        for name in self.env:
            self.env[name] = follow(self.env[name])
        if self.pending is not None:
            if self.pending[0] == "choice":
                self.pending[3] = [follow(option) for option in self.pending[3]]
            else:
                self.pending[2] = [follow(outcome) for outcome in self.pending[2]]
        declarations = self.program.var_decls
        for player_index, variables in enumerate(self.pvars):
            for name in variables:
                declaration = declarations.get(name)
                if declaration is not None and declaration.secret and player_index != seat:
                    variables[name] = follow(variables[name])
        for name in self.vars:
            declaration = declarations.get(name)
            if declaration is not None and declaration.secret:
                self.vars[name] = follow(self.vars[name])

    def chance_outcomes_for(self, seat: int) -> list[tuple[str, float]]:
        """The chance event waiting, as `seat` knows it: (label, probability), [] when none waits.

        `chance_outcomes()` lists the real pieces a draw may give, which would tell a
        bot what a hidden pile holds. Here every piece that lies where `seat` may not
        look is only "a face-down KIND", and look-alike outcomes are added together, so
        a draw from a face-down deck reads as one outcome of probability 1.
        """
        if self.terminal or self.pending[0] != "chance":
            return []
        values = self.pending[2]
        weights = self.pending[3]
        total = sum(weights)
        labels = self.action_labels()
        seen: dict[str, float] = {}
        for value, weight, label in zip(values, weights, labels):
            if value.__class__ is Piece and not self.world.zones[self.loc[value.id]].seen_by(seat):
                label = f"a face-down {value.type.replace('_', ' ')}"
            seen[label] = seen.get(label, 0.0) + weight / total
        return list(seen.items())

    def log_for(self, seat: int | None) -> list[str]:
        return [log_text(text) for to, text in self.log if to is None or to == seat]

    def play_out(self, playout: Playout) -> bool:
        """Play on without stopping at decisions, with the game's playout build (interpreter/playout.py).

        The same as, at most `playout.steps` times: `apply_chance()` at chance,
        `apply_action(playout.choose(seat, num_actions()))` at a decision, stopping early at the end of the
        game or where `playout.before_step(self)` (called before each step) answers true.
        The state reached is the one those calls would reach; one stopped before the end
        cannot go on (see interpreter/playout.py). A failure of the rules raises the same
        `GameRuleError`; `playout` has counted the steps taken up to it, as `play_to_end` does.
        A failure of the caller's own `before_step` or `choose` raises its own error as it is,
        not as the rules'; when it came in the middle of the rules, the state cannot go on.

        Returns:
            Whether the game is over (False: the playout stopped before its end).
        """
        if self.terminal:
            return True
        if self.playout is not None:
            raise IllegalAction("this state is where a playout stopped before the end: it cannot go on")
        program = self.program
        if self.world.playout_functions is None:
            program.bind_playout(self)  # the playout build of this world, made now when it was not yet
        frames = self.frames
        self.running = None
        self._frames = []
        self.playout = playout
        playout.asked_round = self.round  # `each_round`: not asked before a step of this round
        try:
            playout.step(self)  # the decision or chance waiting now: the frames go on with its answer
        except Stopped:  # nothing was taken: the state is as it was, and can go on as usual
            self._frames = frames
            self.playout = None
            playout.stopped = True
            return False
        except CallerFailed as failed:  # the same: the caller's hook failed, before anything was taken
            self._frames = frames
            self.playout = None
            raise failed.error
        except BaseException:
            self._frames = frames
            self.playout = None
            raise
        self.restoring = frames[::-1]
        self.budget = CHECK_EVERY
        self.stretch = None
        error = None
        try:
            try:
                _resumed_in_playout(self)
            except (Exception, EndGame) as failure:
                error = failure
            if error.__class__ is EndGame:
                error = None
                if self.held:
                    self.held = 1
                    self.release_log()
                try:
                    self.world.playout_final(self)
                except Exception as failure:  # noqa: BLE001 - located below, as `_stopped` does
                    error = failure
        except Stopped:
            playout.stopped = True
            self.restoring = []
            self.memo = None
            return False  # `self.playout` stays: the state cannot go on
        except CallerFailed as failed:  # the caller's hook failed in the middle of the rules: not their error
            playout.stopped = True
            self.restoring = []
            self.memo = None
            raise failed.error  # `self.playout` stays: the state cannot go on
        self.playout = None
        self.restoring = []
        if error is not None:
            playout.uncount_failed()
            self.running = None
            if isinstance(error, IllegalAction):  # the playout's choice was not an action: not the rules' fault
                raise error
            if isinstance(error, GameRuleError):
                if error.source is None:
                    error.source = program.source
                raise error
            raise self._located(error) from None
        self.terminal = True
        self.pending = None
        self.phase = "Game over"
        return True

    def clone(self) -> "State":
        other = State.__new__(State)
        other.program = self.program
        other.world = self.world
        other.seed = self.seed
        other.rng = self.rng
        other.vars = dict(self.vars)
        other.pvars = [dict(v) for v in self.pvars]
        other.contents = self.contents[:]  # the lists shared, each copied by whichever changes it first
        other.owned = [False] * len(self.owned)
        self.owned = [False] * len(self.owned)
        other.followed = self.followed
        other.loc = list(self.loc)
        other.pieces = list(self.pieces)
        other.piece_kinds = self.piece_kinds
        other.zone_groups = self.zone_groups
        other.group_counts = list(self.group_counts)
        other.drawn_kinds = dict(self.drawn_kinds) if self.drawn_kinds else {}  # shared, each copied with its zone's list (`owned`)
        other.piece_vars = dict(self.piece_vars)
        other.unordered = dict(self.unordered)
        other.created_in_play = self.created_in_play
        other.running = None
        other._frames = self.frames  # tuples of values that are never changed in place
        other.restoring = []
        other.env = dict(self.env)
        other.answer = None
        other.pending = list(self.pending) if self.pending is not None else None
        other.log = list(self.log)
        other.round = self.round
        other.phase = self.phase
        other.eliminated = list(self.eliminated)
        other.in_setup = self.in_setup
        other.memo = None
        other.terminal = self.terminal
        other.held = self.held
        other.scoring = self.scoring
        other.budget = CHECK_EVERY
        other.stretch = None
        other.history = list(self.history)
        other._labels = None
        other.playout = self.playout
        return other

    def __reduce__(self):
        """Pickle as the rules file's path and hash and the state's save: any process can restore it.

        Unpickling finds the game among those loaded in the process by hash, or loads
        the path again (the pickle carries the rules text itself when the file there
        is not this very text, such as a game loaded from a string). The game writes the
        pickle (`Game.pickled_state`), as restoring a state means loading its game.
        """
        return self.program.pickled_state(self)

    # ------------------------------------------------------------ engine internals

    def _rule_error(self, message: str, span, hint: str | None = None) -> GameRuleError:
        """A GameRuleError that prints with the rules file's line and a caret."""
        error = GameRuleError(message, span, hint)
        error.source = self.program.source
        return error

    def _random_below(self, n: int) -> int:
        """splitmix64: small, fast, and its whole state is one integer."""
        self.rng = (self.rng + 0x9E3779B97F4A7C15) & MASK
        z = self.rng
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        return z % n

    def _run(self, entry=None) -> None:
        """Carry out the rules until a decision, a chance event or the end.

        Either from the start of `entry` (a game's `main`, or a worked example), or by
        going on with `self.answer` from where the rules wait: a generator (see
        interpreter/compiler.py), made again from the frames in a copy or a restored state.
        """
        if self.playout is not None and entry is None:
            raise IllegalAction("this state is where a playout stopped before the end: it cannot go on")
        # What the rules' loops may spend before the first check of what they keep (runtime._runaway).
        self.budget = CHECK_EVERY
        self.stretch = None
        try:
            if entry is not None:
                running = entry(self)
            elif self.running is not None:
                running = self.running
            else:
                self.restoring = self._frames[::-1]
                self._frames = []
                running = _resumed(self)
            if running is not None:  # a function that never waits has run to its end already
                self.running = running
                running.send(None)
                return
        except (Exception, EndGame) as error:  # EndGame is no Exception: nothing else may take it
            self._stopped(error)
            return
        self._stopped(None)

    def _stopped(self, error: BaseException | None) -> None:
        """The rules stopped running: at their end (None, StopIteration), at `end game`, or failing.

        Apart from `_run` so that `apply_action` can go on with the waiting generator itself,
        the usual case, without a call more per action.
        """
        try:
            if isinstance(error, EndGame):
                if self.held:
                    self.held = 1
                    self.release_log()
                running = self.program.final(self)
                if running is not None:
                    try:
                        self.running = running
                        running.send(None)
                        return
                    except StopIteration:
                        pass
            elif error is not None and error.__class__ is not StopIteration:
                raise error
            self.running = None
            self.terminal = True
            self.pending = None
            self.phase = "Game over"
        except GameRuleError as failure:
            self.running = None
            if failure.source is None:
                failure.source = self.program.source
            raise
        except Exception as failure:
            self.running = None
            raise self._located(failure) from None

    @property
    def frames(self) -> list[tuple]:
        """Where the rules wait, as data, outermost first: (function id, resume point, its locals)."""
        running = self.running
        if running is None:
            return self._frames
        program = self.program
        frames = []
        while running is not None and running.gi_frame is not None:
            function_id = program.function_ids_by_code[running.gi_code]
            found = running.gi_frame.f_locals
            names = program.functions[function_id][2]
            frames.append((function_id, found["_pc"], tuple(found.get(name, _UNSET) for name in names)))
            running = running.gi_yieldfrom
        return frames

    def _located(self, error: Exception) -> GameRuleError:
        """A failure of the rules as a GameRuleError naming the statement it happened in.

        The innermost line of the generated module that carries out a statement (not a
        define's line: a define fails for the statement that uses it) is that statement.
        """
        program = self.program
        line_maps = program.line_maps  # the ordinary build's lines, and the playout build's once made
        found = None
        trace = error.__traceback__
        while trace is not None:
            lines = line_maps.get(trace.tb_frame.f_code.co_filename)
            if lines is not None:
                found = lines.get(trace.tb_lineno, found)
            trace = trace.tb_next
        span = program.spans[found] if found is not None else None
        return self._rule_error(_describe(error), span, _LOOP_HINT if isinstance(error, Runaway) else None)

    def _decision_env(self) -> dict:
        """The names the waiting decision's labels, prompt and skip text may use."""
        running = self.running
        functions = self.program.functions
        if running is None:
            frames = self._frames
            if not frames:
                return self.env
            function_id, _, saved = frames[-1]
            if functions[function_id][3]:  # its locals are kept in `env` (dict mode)
                return self.env
            names = functions[function_id][2]
            return {name[2:]: value for name, value in zip(names, saved)
                    if name[:2] == "v_" and value is not _UNSET}
        # Only the innermost waiting rule's locals: read them alone, not every frame's as `frames` does.
        while running.gi_yieldfrom is not None and running.gi_yieldfrom.gi_frame is not None:
            running = running.gi_yieldfrom
        if running.gi_frame is None:
            return self.env
        function_id = self.program.function_ids_by_code[running.gi_code]
        if functions[function_id][3]:
            return self.env
        found = running.gi_frame.f_locals
        env = {}
        for name in functions[function_id][2]:
            if name[:2] == "v_":
                value = found.get(name, _UNSET)
                if value is not _UNSET:
                    env[name[2:]] = value
        return env

    def _frame_json(self, frame: tuple) -> list:
        function_id, point, saved = frame
        names = self.program.saved_names[function_id]
        return [self.program.functions[function_id][1], point,
                {name: self._encode(value) for name, value in zip(names, saved) if value is not _UNSET}]

    def release_log(self) -> None:
        """End of a simultaneous loop: the public lines it held back become public."""
        self.held -= 1
        if self.held == 0:
            log = self.log
            try:
                start = list(map(_seat_of_line, log)).index(HELD)  # the first line held back
            except ValueError:
                return
            self.log = log[:start] + [(None if to == HELD else to, text) for to, text in log[start:]]

    def contents_of(self, zone: Zone) -> list[int]:
        return self.contents[zone.id]

    def pieces_in(self, zone: Zone) -> list[Piece]:
        return list(map(self.pieces.__getitem__, self.contents[zone.id]))

    def zone_of(self, piece: Piece) -> Zone:
        return self.world.zones[self.loc[piece.id]]

    def own_zone(self, zone_id: int) -> list[int]:
        """The zone's list of piece ids, this state's own to change (copied if a copy shares it)."""
        if self.drawn_kinds:
            self.drawn_kinds.pop(zone_id, None)  # the caller may change the list anyhow: worked out again when drawn from
        if self.owned[zone_id]:
            return self.contents[zone_id]
        if zone_id in self.unordered:
            return self._special_list(zone_id)
        self.owned[zone_id] = True
        ids = self.contents[zone_id] = list(self.contents[zone_id])  # (perhaps its own already: a copy does no harm)
        return ids

    def _special_list(self, zone_id: int) -> list[int]:
        """The list of a zone that is not `owned`, made this state's own (with its `drawn_kinds`) if it is not."""
        if self.owned[zone_id] is None:
            return self.contents[zone_id]
        ids = self.contents[zone_id] = list(self.contents[zone_id])
        summary = self.drawn_kinds.get(zone_id)
        if summary is not None:
            self.drawn_kinds[zone_id] = (dict(summary[0]), dict(summary[1]))
        self.owned[zone_id] = None
        return ids

    def _follow(self, zone_id: int) -> None:
        """The zone is shuffled or drawn from: never `owned` from now on (its moves take the long way)."""
        self.followed[zone_id] = True
        if self.owned[zone_id]:
            self.owned[zone_id] = None  # its own still, but followed

    def mark_unordered(self, zone_id: int, count: int) -> None:
        """The bottom `count` pieces of the zone lie in an order nobody knows (a shuffle, a restore)."""
        self._follow(zone_id)
        self.unordered[zone_id] = count

    def kinds_drawn(self, zone_id: int) -> tuple[dict[int, int], dict[int, int]]:
        """The zone's `drawn_kinds`, worked out from its pieces when it has none, and followed from now on."""
        summary = self.drawn_kinds.get(zone_id)
        if summary is None:
            counts: dict[int, int] = {}
            firsts: dict[int, int] = {}
            kinds = self.piece_kinds
            for piece_id in self.contents[zone_id]:
                kind = kinds[piece_id]
                if kind in counts:
                    counts[kind] += 1
                else:
                    counts[kind] = 1
                    firsts[kind] = piece_id
            self._follow(zone_id)
            summary = self.drawn_kinds[zone_id] = (counts, firsts)
        return summary

    def recount_groups(self) -> list[int]:
        """The running counts of the world's groups of zones worked out afresh from the zones
        (after a restore, or when the world made a group since they were last worked out)."""
        memo = self.world.memo
        contents = self.contents
        self.zone_groups = memo.zone_groups
        self.group_counts = [sum([len(contents[zone_id]) for zone_id in ids]) for ids in memo.groups]
        return self.group_counts

    def move_piece(self, piece_id: int, zone_id: int, on_top: bool = True) -> None:
        # Every move of every game comes here: where both zones are `owned` (their lists this
        # state's own, neither shuffled nor drawn from) the piece goes over and that is all.
        from_id = self.loc[piece_id]
        owned = self.owned
        contents = self.contents
        if owned[from_id]:
            contents[from_id].remove(piece_id)
        elif self.followed and from_id in self.followed:
            self._taken_out(from_id, piece_id)
        else:  # a list a copy shares: this state's own from now on
            owned[from_id] = True
            source = contents[from_id] = list(contents[from_id])
            source.remove(piece_id)
        groups = self.zone_groups
        if groups[from_id] is not groups[zone_id]:  # the running counts of groups of zones (`group_counts`)
            counts = self.group_counts
            for group in groups[from_id]:
                counts[group] -= 1
            for group in groups[zone_id]:
                counts[group] += 1
        if on_top and owned[zone_id]:
            contents[zone_id].append(piece_id)
        elif on_top and not (self.followed and zone_id in self.followed):
            owned[zone_id] = True
            target = contents[zone_id] = list(contents[zone_id])
            target.append(piece_id)
        else:
            self._put_in(zone_id, piece_id, on_top)
        self.loc[piece_id] = zone_id

    def _taken_out(self, zone_id: int, piece_id: int) -> None:
        """`move_piece` taking a piece out of a zone that is not `owned` and was shuffled or drawn from (`followed`)."""
        drawn = self.drawn_kinds
        unordered = self.unordered
        source = self.contents[zone_id] if self.owned[zone_id] is None else self._special_list(zone_id)
        position = source.index(piece_id)
        if zone_id in unordered and position < unordered[zone_id]:
            unordered[zone_id] -= 1
        del source[position]
        if zone_id not in drawn:
            if zone_id not in unordered:
                self.owned[zone_id] = True  # no longer followed here: its list is this state's own
            return
        counts, firsts = drawn[zone_id]
        kinds = self.piece_kinds
        kind = kinds[piece_id]
        left = counts[kind] - 1
        if not left:
            del counts[kind]  # the other kinds keep their order
            del firsts[kind]
            return
        counts[kind] = left
        if firsts[kind] != piece_id:
            return  # its kind's first piece lies below it: nothing else changes
        # The kind's first piece is now the next of its kind above; the kinds whose first
        # pieces lie between (met on the way) are now met before it.
        passed = []
        for other in source[position:]:
            other_kind = kinds[other]
            if other_kind == kind:
                break
            if firsts[other_kind] == other:
                passed.append(other_kind)
        firsts[kind] = other
        if passed:
            order = [k for k in counts if k != kind]
            order.insert(order.index(passed[-1]) + 1, kind)
            drawn[zone_id] = ({k: counts[k] for k in order}, {k: firsts[k] for k in order})

    def _put_in(self, zone_id: int, piece_id: int, on_top: bool) -> None:
        """`move_piece` putting a piece into a zone that is not `owned`, or at the bottom of one."""
        drawn = self.drawn_kinds
        unordered = self.unordered
        if self.owned[zone_id]:
            target = self.contents[zone_id]
        elif zone_id in drawn or zone_id in unordered:
            target = self.contents[zone_id] if self.owned[zone_id] is None else self._special_list(zone_id)
        else:
            target = self._special_list(zone_id)
            self.owned[zone_id] = True
        if on_top:
            target.append(piece_id)
            if zone_id in drawn:
                # On top: the last piece, so its kind is met first here only when it is new.
                counts, firsts = drawn[zone_id]
                kind = self.piece_kinds[piece_id]
                if kind in counts:
                    counts[kind] += 1
                else:
                    counts[kind] = 1
                    firsts[kind] = piece_id
        else:
            target.insert(0, piece_id)
            drawn.pop(zone_id, None)  # at the bottom its kind comes first: worked out at the next draw
            if zone_id in unordered:
                # Slid under a shuffled pile: it joins the pieces whose order nobody knows.
                unordered[zone_id] += 1

    def move_zone(self, from_id: int, zone_id: int, on_top: bool = True) -> None:
        """Every piece of one zone onto (or under) another, in their order (`move ZONE to ZONE`)."""
        owned = self.owned
        unordered = self.unordered
        # Both lists this state's own (so neither shuffled nor drawn from) and on top is the usual
        # move, asked first; otherwise out of a pile in order, onto its top or into a plain zone.
        if (on_top and owned[from_id] and owned[zone_id] and from_id != zone_id) or (
                from_id != zone_id and from_id not in unordered and (on_top or zone_id not in unordered)):
            # Every piece goes over at once.
            contents = self.contents
            ids = contents[from_id]
            if ids:
                contents[from_id] = []
                if owned[from_id]:
                    pass
                elif from_id in self.drawn_kinds:  # drawn from: empty, and this state's own
                    self.drawn_kinds[from_id] = ({}, {})
                    owned[from_id] = None
                else:
                    owned[from_id] = True
                if on_top and owned[zone_id]:
                    contents[zone_id].extend(ids)
                elif on_top and zone_id not in self.drawn_kinds and zone_id not in unordered:
                    owned[zone_id] = True  # a list a copy shares: a new one, this state's own
                    contents[zone_id] = contents[zone_id] + ids
                else:
                    self._all_put_in(zone_id, ids, on_top)
                loc = self.loc
                for piece_id in ids:
                    loc[piece_id] = zone_id
                leaving, joining = self.zone_groups[from_id], self.zone_groups[zone_id]
                if leaving is not joining:  # the running counts of groups of zones (`group_counts`)
                    counts = self.group_counts
                    for group in leaving:
                        counts[group] -= len(ids)
                    for group in joining:
                        counts[group] += len(ids)
            return
        # Out of or under a shuffled pile, or onto itself: piece by piece, as the rules say.
        ids = list(self.contents[from_id])
        for piece_id in (ids if on_top else reversed(ids)):
            self.move_piece(piece_id, zone_id, on_top)

    def _all_put_in(self, zone_id: int, ids: list[int], on_top: bool) -> None:
        """`move_zone` putting pieces into a zone that is not `owned` (not shuffled, when at the bottom), or at the bottom of one."""
        drawn = self.drawn_kinds
        if self.owned[zone_id]:
            target = self.contents[zone_id]
        elif zone_id in drawn or zone_id in self.unordered:
            target = self.contents[zone_id] if self.owned[zone_id] is None else self._special_list(zone_id)
        else:
            target = self._special_list(zone_id)
            self.owned[zone_id] = True
        if on_top:
            target.extend(ids)
            if zone_id in drawn:
                counts, firsts = drawn[zone_id]
                kinds = self.piece_kinds
                for piece_id in ids:
                    kind = kinds[piece_id]
                    if kind in counts:
                        counts[kind] += 1
                    else:
                        counts[kind] = 1
                        firsts[kind] = piece_id
        else:
            target[0:0] = ids
            drawn.pop(zone_id, None)  # worked out at the next draw

    def create_piece(self, type_name: str, fields: dict, zone: Zone) -> Piece:
        piece = Piece(len(self.pieces), type_name, fields, "")
        piece.label = self.program.piece_label(self, piece)
        piece.mark = self.program.piece_mark(self, piece)
        self.pieces.append(piece)
        self.piece_kinds = self.piece_kinds + [piece._kind]  # a new list: copies share the old one
        self.loc.append(zone.id)
        self.own_zone(zone.id).append(piece.id)
        for group in self.zone_groups[zone.id]:
            self.group_counts[group] += 1
        for name, start in self.program.piece_var_inits.get(type_name, ()):
            self.piece_vars[(piece.id, name)] = start(self, dict(fields))
        return piece

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: int, log: bool = True) -> dict:
        """Everything the given seat may see, as JSON-ready data (without its `log` when `log` is false)."""
        world = self.world
        seats = []
        scores = self.scores()
        for player in world.players:
            variables = {}
            for name, decl in self.program.var_decls.items():
                if decl.per_player and not decl.internal and (not decl.secret or player.index == seat):
                    variables[name] = to_plain(self.pvars[player.index].get(name))
            zones = {}
            for name, zone in world.player_zones[player.index].items():
                if zone.visibility != "internal":
                    zones[name] = self._zone_view(zone, seat)
            seats.append({"name": player.name, "automa": player.is_automa, "score": scores[player.index],
                          "eliminated": self.eliminated[player.index], "vars": variables, "zones": zones})
        global_vars = {name: to_plain(self.vars.get(name)) for name, decl in self.program.var_decls.items()
                       if not decl.per_player and not decl.per_piece and not decl.secret and not decl.internal}
        global_zones = {name: self._zone_view(zone, seat) for name, zone in world.zones_by_name.items()
                        if zone.visibility != "internal"}
        boards = []
        for board in world.boards.values():
            rows = []
            for r in range(board.rows):
                row = []
                for c in range(board.cols):
                    cell = board.at(r, c)
                    first_layer = next(iter(cell.layers.values()), None) if cell.layers else None
                    row.append({"glyph": board.glyphs[r * board.cols + c],
                                "kind": show(first_layer) if first_layer is not None else "",
                                "pieces": [self.piece_text(i) for i in self.contents[cell.id]],
                                "marks": [self.program.current_mark(self, self.pieces[i]) for i in self.contents[cell.id]]})
                    if board.caption is not None:
                        row[-1]["caption"] = board.captions[r * board.cols + c]
                rows.append(row)
            boards.append({"name": board.name, "shape": board.shape, "rows": board.rows, "cols": board.cols,
                           "cells": rows})
            if board.caption is not None:
                boards[-1]["caption"] = board.caption
        to_move = self.current_player()
        view = {"game": self.program.name, "round": self.round, "phase": self.phase, "seat": seat,
                "to_move": to_move, "seats": seats, "globals": {"vars": global_vars, "zones": global_zones},
                "boards": boards}
        if log:
            view["log"] = self.log_for(seat)
        view["terminal"] = self.terminal
        if to_move == seat and to_move >= 0:
            view["prompt"] = self.prompt()
            view["actions"] = [a.label for a in self.legal_actions()]
        if self.terminal:
            view["winners"] = self.winners()
        return view

    def _zone_view(self, zone: Zone, seat: int) -> dict:
        ids = self.contents[zone.id]
        visible = zone.seen_by(seat)
        if not visible:
            return {"count": len(ids), "items": None}
        return {"count": len(ids), "items": [self.piece_text(i) for i in ids],
                "kinds": [self.pieces[i].type for i in ids]}

    def piece_key(self, piece: Piece) -> tuple:
        """What makes pieces interchangeable: kind, fields and the current values of their variables."""
        names = self.program.piece_var_names.get(piece.type)
        if not names:
            return piece._signature
        return (piece._signature, tuple(repr(self.piece_vars[(piece.id, n)]) for n in names))

    def piece_text(self, piece_id: int) -> str:
        """A piece's label, followed by the values of its variables that people may see."""
        piece = self.pieces[piece_id]
        names = self.program.piece_var_names_shown.get(piece.type)
        if not names:
            return piece.label
        values = ", ".join(f"{n.replace('_', ' ')} {show(self.piece_vars[(piece_id, n)])}" for n in names)
        return f"{piece.label} ({values})"

    # ------------------------------------------------------------ JSON

    def to_json(self) -> dict:
        if self.playout is not None:
            raise IllegalAction("this state is where a playout stopped before the end: it cannot be saved")
        encode = self._encode
        data = {
            "format": STATE_FORMAT, "version": STATE_VERSION,
            "game": self.program.name, "file_hash": self.program.file_hash,
            "players": self.world.player_count, "variants": sorted(self.world.variants),
            "seed": self.seed, "rng": self.rng, "round": self.round, "phase": self.phase,
            # A label is worked out when its piece is made, from the state of that moment: keep it.
            "pieces": [[p.type, {k: encode(v) for k, v in p.fields.items()}, p.label, p.mark] for p in self.pieces],
            "created_in_play": self.created_in_play,
            "contents": [list(ids) for ids in self.contents],  # copies: a save never shares a list with the play
            "vars": {k: encode(v) for k, v in self.vars.items()},
            "piece_vars": [[piece_id, name, encode(v)] for (piece_id, name), v in self.piece_vars.items()],
            "unordered": [[zone_id, count] for zone_id, count in self.unordered.items()],
            "pvars": [{k: encode(v) for k, v in pv.items()} for pv in self.pvars],
            "frames": [self._frame_json(frame) for frame in self.frames],
            "scopes": [{k: encode(v) for k, v in self.env.items()}],
            "pending": None if self.pending is None else [
                self.pending[0], self.pending[1], encode(self.pending[2]), encode(self.pending[3])],
            "log": [[to, log_text(text)] for to, text in self.log],
            "eliminated": self.eliminated, "in_setup": self.in_setup, "terminal": self.terminal,
            "held": self.held, "scoring": self.scoring,
            "history": self.history,
        }
        if self.world.params:  # a game with parameters: the values it is played with come back with it
            data["params"] = dict(self.world.params)
        return data

    def _encode(self, value):
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        if isinstance(value, Fraction):
            return {"fraction": [value.numerator, value.denominator]}
        if isinstance(value, list):
            return [self._encode(v) for v in value]
        if isinstance(value, Player):
            return {"player": value.index}
        if isinstance(value, Piece):
            return {"piece": value.id}
        if isinstance(value, Zone):
            return {"zone": value.id}
        if isinstance(value, Board):
            return {"board": value.name}
        if isinstance(value, Blind):
            return {"face_down": [value.zone.id, list(value.pieces)]}
        if isinstance(value, dict):
            for name, table in self.program.tables.items():
                if table is value:
                    return {"table": name}
        raise TypeError(f"cannot save a value of type {type(value).__name__}")

    def _decode(self, value):
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        if isinstance(value, list):
            return [self._decode(v) for v in value]
        if isinstance(value, dict) and len(value) == 1:
            (kind, ref), = value.items()
            if kind == "player":
                return self.world.players[_reference(ref, len(self.world.players), "player")]
            if kind == "piece":
                return self.pieces[_reference(ref, len(self.pieces), "piece")]
            if kind == "zone":
                return self.world.zones[_reference(ref, len(self.world.zones), "zone")]
            if kind == "board":
                return self.world.boards[ref]
            if kind == "table":
                return self.program.tables[ref]
            if kind == "fraction":
                return Fraction(int(ref[0]), int(ref[1]))
            if kind == "face_down":
                zone = self.world.zones[_reference(ref[0], len(self.world.zones), "zone")]
                return Blind(zone, [_reference(i, len(self.pieces), "piece") for i in ref[1]])
        raise ValueError(f"unreadable value {value!r}")


def _reference(ref, size: int, what: str) -> int:
    if not isinstance(ref, int) or isinstance(ref, bool) or not 0 <= ref < size:
        raise ValueError(f"a saved {what} reference ({ref!r}) does not exist")
    return ref


def to_plain(value):
    """A value as JSON-ready data for observations (labels for pieces, players, zones)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return [to_plain(v) for v in value]
    return show(value)
