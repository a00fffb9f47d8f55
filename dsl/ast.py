"""The typed syntax tree of a rules file: frozen Pydantic nodes, each with its span.

The parser (`dsl/parser.py`) builds these nodes; the checker (`dsl/check.py`)
reads them; the interpreter compiles them. Every node kind has a docstring with
a short `.pir` example, and `codegen` renders an English sentence for each.
"""

from __future__ import annotations

import functools

from typing import Callable, Iterator, Optional, Union

from pydantic import BaseModel, ConfigDict

from dsl.diagnostics import Span


class Node(BaseModel):
    """Base of every syntax node: immutable, and knows where it came from.

    Pydantic builds a node kind's validator when a node of that kind is first
    made, not when this module is imported (`defer_build`): a file read back
    from the cache makes no nodes, so the commands that take their file from
    the cache never pay for the validators.
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True, defer_build=True)
    span: Span


# ---------------------------------------------------------------- expressions


class Expr(Node):
    """Base of every expression."""


class IntLiteral(Expr):
    """A whole number: `3`."""

    value: int


class StringLiteral(Expr):
    """Text, with `{expression}` parts filled in when it is used: `"{p.name} sails"`."""

    parts: list[Union[str, Expr]]


class BoolLiteral(Expr):
    """`true` or `false`."""

    value: bool


class NoneLiteral(Expr):
    """`none`: no value (an empty choice, a missing cell)."""


class Name(Expr):
    """A name: a local, a variable, a zone, a kind member, a player, a define: `hand`."""

    id: str


class VariantRef(Expr):
    """True when a variant is in play: `variant storm`."""

    name: str


class ListLiteral(Expr):
    """A list of values: `[1, 2, 3]`."""

    items: list[Expr]


class ComprehensionFor(Node):
    """One `for NAME in LIST ⟨where CONDITION⟩` clause of a comprehension: `for s in line where empty(s)`."""

    var: str
    iterable: Expr
    where: Optional[Expr] = None


class Comprehension(Expr):
    """A list built from others: `[s for s in line where empty(s) order by distance(s)]`.

    With several `for` clauses, each runs inside the one before, and sees its name:
    `[m for x in xs where x > 0 for m in moves(x)]`.
    """

    element: Expr
    clauses: list[ComprehensionFor]
    order_by: Optional[Expr] = None
    descending: bool = False


class Attribute(Expr):
    """A property of a value: `p.points`, `card.value`, `cell.row`."""

    target: Expr
    name: str


class Index(Expr):
    """An element of a list or a table entry: `order[0]`, `prize_table[4]`."""

    target: Expr
    index: Expr


class Call(Expr):
    """A define or a built-in function applied to arguments: `count(p.hand)`."""

    function: str
    args: list[Expr]


class Binary(Expr):
    """Arithmetic: `a + b`, `a - b`, `a * b`, `a / b` (exact), `a % b`."""

    op: str
    left: Expr
    right: Expr


class Compare(Expr):
    """A comparison: `a == b`, `a != b`, `a < b`, `a <= b`, `a > b`, `a >= b`."""

    op: str
    left: Expr
    right: Expr


class Membership(Expr):
    """`x in xs` or `x not in xs`."""

    element: Expr
    collection: Expr
    negated: bool = False


class BoolOp(Expr):
    """`a and b`, `a or b` (the right side is evaluated only when needed)."""

    op: str
    left: Expr
    right: Expr


class Not(Expr):
    """`not a`."""

    operand: Expr


class Negate(Expr):
    """`-a`."""

    operand: Expr


class IfExpr(Expr):
    """`a if condition else b`."""

    condition: Expr
    then: Expr
    otherwise: Expr


# ---------------------------------------------------------------- statements


class Stmt(Node):
    """Base of every statement."""


class Let(Stmt):
    """Name a new local value: `let card = first(p.hand)`."""

    name: str
    value: Expr


class Assign(Stmt):
    """Change a variable or local: `p.points = 0`."""

    target: Expr
    value: Expr


class AddTo(Stmt):
    """Add to (or, with `-=`, take from) a number: `p.points += 2`."""

    target: Expr
    value: Expr
    sign: int = 1


class Move(Stmt):
    """Move pieces between zones (a piece, a list, or everything in a zone): `move card to p.discard`."""

    what: Expr
    to: Expr
    place: str = "top"


class Create(Stmt):
    """Bring pieces into the game during setup: `create 5 pawn(p) in p.supply`."""

    count: Expr
    piece: str
    args: list[Expr]
    zone: Expr


class Choose(Stmt):
    """A player's decision among options: `p chooses card from p.hand "Play a card"`.

    With `optional`, declining is one more option, shown as the skip text: any
    expression, worked out when the question is asked (`optional "Keep {n} cards"`).
    """

    player: Expr
    var: str
    options: Expr
    prompt: Optional[StringLiteral] = None
    label: Optional[Expr] = None
    optional: bool = False
    skip_text: Optional[Expr] = None


class ChooseSet(Stmt):
    """Options chosen one at a time, each at most once, while their costs fit the budget.

    ```pir
    p chooses fleet from keys(cards) up to build_total costing cards[fleet].points "Add a card to your fleet"
    ```

    The player adds one affordable option at a time, or stops (the last option of
    each question); NAME is then the list of what was chosen, in order. In `cost`
    and `label`, NAME stands for one option, as in `labelled`.
    """

    player: Expr
    var: str
    options: Expr
    budget: Expr
    cost: Expr
    prompt: Optional["StringLiteral"] = None
    label: Optional[Expr] = None


class Draw(Stmt):
    """Chance: take a random piece from a zone or element of a list: `draw token from bag`."""

    var: str
    source: Expr


class WeightedDraw(Stmt):
    """Chance with odds: one element of a list, each as likely as its weight:
    `draw result from [miss, hit] weighted [3, 1]` (a miss three times in four).

    The weights are whole numbers worked out when the line runs, so they may
    depend on the state: `weighted odds_by_range[distance(a, b)]`.
    """

    var: str
    source: Expr
    weights: Expr


class Roll(Stmt):
    """Chance: roll a declared die: `roll result on combat_die`."""

    var: str
    die: str


class Log(Stmt):
    """Write a line to the game log, for everyone or one player: `log to p "You drew {t}"`."""

    to: Optional[Expr] = None
    text: StringLiteral


class CallRule(Stmt):
    """Carry out a rule: `place_pawn(p, reach)`."""

    rule: str
    args: list[Expr]


class Return(Stmt):
    """Leave the current rule early: `return`."""


class EndGame(Stmt):
    """End play at once and go to final scoring: `end game`."""


class Eliminate(Stmt):
    """Take a player out of play; they can no longer win: `eliminate p`."""

    player: Expr


class Shuffle(Stmt):
    """Put a zone's pieces in an order nobody knows: `shuffle deck`.

    Nothing is decided at once: each later `draw` from the zone takes a piece at
    random from the shuffled part, and pieces put on top afterwards are drawn first.
    """

    zone: Expr


class Check(Stmt):
    """Stop with an error naming this line if a condition fails: `check count(p.hand) > 0 "{p.name} has no card"`."""

    condition: Expr
    text: Optional[StringLiteral] = None


class Pass(Stmt):
    """Do nothing: `pass`."""


class IfBranch(Node):
    """One `if`/`elif` condition and its block."""

    condition: Expr
    body: list[Stmt]


class If(Stmt):
    """Do a block when a condition holds: `if p.coins > 0: ... elif ...: ... else: ...`."""

    branches: list[IfBranch]
    otherwise: list[Stmt] = []


class ForEach(Stmt):
    """Repeat a block for each element: `for each p in players simultaneously: ...`."""

    var: str
    iterable: Expr
    simultaneously: bool = False
    body: list[Stmt]


class While(Stmt):
    """Repeat a block while a condition holds: `while count(p.crew) == 0: ...`."""

    condition: Expr
    body: list[Stmt]


class Rounds(Stmt):
    """Play rounds until a condition holds after a round: `rounds until game_over: ...`."""

    until: Optional[Expr] = None
    body: list[Stmt]


class Repeat(Stmt):
    """Repeat a block a number of times: `repeat 2 times: ...`."""

    count: Expr
    body: list[Stmt]


class Phase(Stmt):
    """A named step of the sequence of play: `phase "Play cards": ...`."""

    title: str
    body: list[Stmt]


class ActionOption(Node):
    """One action a player may take in a turn of actions: `"Steer" when may_steer(p): steer(p)`."""

    text: StringLiteral
    condition: Optional[Expr] = None
    body: list[Stmt]


class ActionGroup(Node):
    """Actions that share one limit in a turn of actions: `up to 5 times:`, `once:`, `once per round:`.

    `limit` is "budget" (with `count`), "once" (once in this turn) or "round"
    (once in a round, however many turns the player has in it).
    """

    limit: str
    count: Optional[Expr] = None
    options: list[ActionOption]


class Actions(Stmt):
    """A turn of actions the player takes in any order until they stop:

    ```
    p acts "Your next action" until "End the turn":
      up to 5 times:
        "Move" when may_move(p):
          sail(p)
      once:
        "Rest":
          rest(p)
    ```

    Each time, the player chooses one action whose condition holds and whose
    group has not reached its limit, or stops; the turn also ends when no action
    is left.
    """

    player: Expr
    prompt: Optional[StringLiteral] = None
    stop_text: StringLiteral
    groups: list[ActionGroup]


# ---------------------------------------------------------------- declarations


class Decl(Node):
    """Base of every top-level declaration."""


class GameHeader(Decl):
    """The game's name, player count and texts: `game "X":` / `players 2 to 4` / `credits "..."`.

    `longest 400 decisions` (`longest`) promises that no game asks more decisions than that,
    for programs that need the longest game in advance, where the rules do not bound it
    themselves (docs/language.md, "The longest game").
    """

    name: str
    min_players: int
    max_players: int
    texts: dict[str, str] = {}
    longest: Optional[int] = None


class KindDecl(Decl):
    """A set of named values: `kind colour: red, green, blue`."""

    name: str
    members: list[str]


class PieceDecl(Decl):
    """A kind of physical piece: `piece pawn(owner) labelled "{owner.name}'s pawn" marked "p{owner.index}"`.

    The label names the piece in choices and the log; the mark is its short sign on a board.
    """

    name: str
    fields: list[str] = []
    label: Optional[StringLiteral] = None
    mark: Optional[StringLiteral] = None


class VarDecl(Decl):
    """A value the game tracks: shared (`var round_bonus = 0`), one per player
    (`var points per player = 0`) or one per piece of a kind (`var strength per ship = 8`).

    A per-piece variable starts when its piece is created; its starting value may
    use the piece's fields (`var strength per ship = rate_strength[rate]`).
    One variable may belong to several piece kinds (`var facing per boat, buoy = 0`):
    `per_piece` is the first, `also_per` the others.
    `secret` hides the value from the other players (from everyone, for a shared
    one); `internal` marks bookkeeping that no screen, observation or rule summary
    shows at all (`var compass_passes = 0 internal`).
    """

    name: str
    per_player: bool = False
    per_piece: Optional[str] = None
    also_per: list[str] = []
    init: Expr
    secret: bool = False
    internal: bool = False


class ZoneDecl(Decl):
    """A place pieces sit: `zone hand per player owner` (public, owner, hidden or internal)."""

    name: str
    per_player: bool = False
    visibility: str = "public"


class Layer(Node):
    """One layer of a board map: one token per cell, row by row."""

    name: str
    rows: list[list[str]]


class Legend(Node):
    """What each token of a layer means: `legend space: "f" = field, "." = none`."""

    layer: str
    entries: dict[str, Union[str, int, None]]


class BoardDecl(Decl):
    """A board drawn as text layers: `board sea: grid 7 by 7` (squares) or `board sea: hex 9 by 9`.

    `caption island` names the layer whose tokens are drawn in front of each cell,
    so that what the log and the options name (island A, space 12) can be found.

    A hex board has pointy-topped hexes in rows, every odd row (the second, fourth, ...)
    shifted half a hex to the right; its six directions are numbered 0 to 5 clockwise
    from north-east: 0 north-east, 1 east, 2 south-east, 3 south-west, 4 west, 5 north-west.
    """

    name: str
    shape: str = "grid"
    rows: int
    columns: int
    layers: list[Layer]
    legends: list[Legend] = []
    # `caption LAYER`: the layer whose tokens are drawn in front of each cell's glyph
    # (island letters, space numbers); at most one.
    captions: list[str] = []


class DieDecl(Decl):
    """A die with its faces: `die combat: 2, 4, 6, 8, 10, star`."""

    name: str
    faces: list[Union[str, int, None]]


class TableRow(Node):
    """One `key -> value` row of a table."""

    key: Expr
    value: Expr


class TableHeader(Node):
    """The column headings of a table, for people: `header "Island size" -> "1st", "2nd", "3rd"`.

    One heading for the keys, then one for the values, or one per item when the
    values are lists. It changes nothing in play; rule summaries and reference
    cards print it above the table.
    """

    key: str
    values: list[str]
    # A table with a header is a chart players read, so the reference card prints it, unless
    # the header line ends `not on card` (the summary still prints it under these headings).
    on_card: bool = True


class TableDecl(Decl):
    """A lookup table, e.g. a scoring chart: `table set_value:` / `1 -> 1` / `2 -> 3`.

    It may start with a `header` line that names its columns (`TableHeader`).
    """

    name: str
    rows: list[TableRow]
    header: Optional[TableHeader] = None
    # A catalogue (`table ships of ship:`): each row's key is the piece's first field and its
    # list the other fields in order; `ships[k].points` reads a field of a row, and
    # `create 1 ship(k) in dock` makes the piece the row describes.
    piece: Optional[str] = None


class AutomaDecl(Decl):
    """A seat the rules play themselves: `automa rival "The Rival" when player_count == 2`."""

    name: str
    display: str
    condition: Expr


class VariantDecl(Decl):
    """An optional rule set: `variant storm "The storm side of the board"`."""

    name: str
    text: str


class ParamDecl(Decl):
    """A game parameter: a whole number fixed before play, `param dice_sides = 6 from 2 to 12 "sides of each die"`.

    Read by its name wherever a number may be; `default` unless the players set another
    value from `low` to `high` (command line `--param NAME=VALUE`, an example's `param`
    line, an adapter's game parameters). `text` says what it is, for the printed rules.
    """

    name: str
    default: int
    low: int
    high: int
    text: Optional[str] = None


class DefineDecl(Decl):
    """A named expression, with parameters or not: `define reach(p) = p.card.value`."""

    name: str
    params: list[str] = []
    body: Expr


class RuleDecl(Decl):
    """A named block of statements: `rule collect(p, space) "Collect the reward": ...`."""

    name: str
    params: list[str] = []
    text: Optional[str] = None
    body: list[Stmt]


# The blocks a power may change besides rules and defines: `power NAME after setup:`.
POWER_BLOCKS = ("setup", "final scoring")


class PowerDecl(Decl):
    """An ability that changes a named rule or define while a condition holds.

    ```pir
    power schooner "Schooner: turn freely after moving" after sail(s) when schooner in s.keywords:
      s chooses way from headings "Turn the ship"
    power long_guns "Long guns reach one cell further" instead of reach(s) = 4 when s.long_guns
    power extra_order "A captain may also repair" adding to orders(s) = [repair] when s.captain
    ```

    `hook` is "before", "after" or "instead" for a rule (then `body` holds the
    statements), and "instead" or "adding" for a define (then `value` holds the
    expression: the define's value is replaced by it, or the lists are joined).
    `params` name the target's arguments for the condition and the body. `target` may also
    be one of `POWER_BLOCKS`, the game's setup or final scoring (no arguments, a block).
    """

    name: str
    text: Optional[str] = None
    hook: str
    target: str
    params: list[str] = []
    condition: Optional[Expr] = None
    body: list[Stmt] = []
    value: Optional[Expr] = None


class SetupDecl(Decl):
    """What happens before play: `setup: ...`."""

    body: list[Stmt]


class ExampleSetupDecl(Decl):
    """What every worked example runs in place of `setup`: `example setup: ...`.

    For a game whose setup asks the players questions (a fleet to build, islands to
    place), so that examples start from the pieces alone and arrange the rest in `given`.
    """

    body: list[Stmt]


class PlayDecl(Decl):
    """The sequence of play: `play: ...`."""

    body: list[Stmt]


class ScoreDecl(Decl):
    """Each player's score, at any moment: `score p: p.points`."""

    param: str
    body: Expr


class TiebreakDecl(Decl):
    """Who wins a tie on score (higher wins; equal means a shared win): `tiebreak p: count(p.hand)`."""

    param: str
    body: Expr


class PayoffDecl(Decl):
    """What each player is paid when the game ends: `payoff p zero-sum from -2 to 2: p.won - p.paid`.

    Without one, the winners share 1 (`State.returns()`). `total` says how the payments
    of a finished game add up: "zero" (to 0), "constant" (to `constant`) or "general"
    (no promise); a playout that pays otherwise is an error. `low` and `high`, when
    given, bound every player's payment (programs that need the bounds in advance read
    them), and a payment outside them is an error too.
    """

    param: str
    body: Expr
    total: str = "general"
    constant: Optional[int] = None
    low: Optional[int] = None
    high: Optional[int] = None

    @property
    def promised_sum(self) -> Optional[int]:
        """What every finished game's payments add up to, or None when the file promises nothing."""
        return 0 if self.total == "zero" else self.constant if self.total == "constant" else None


class ProgressDecl(Decl):
    """How well a player stands before the end, for computer players: `progress p: 10 * p.points + count(p.hand)`."""

    param: str
    body: Expr


class FinalScoringDecl(Decl):
    """What happens when play ends, before the winner is named: `final scoring: ...`."""

    body: list[Stmt]


class ExampleDecl(Decl):
    """A worked example: a situation, what happens, and what must then be true."""

    name: str
    players: int = 0
    player_names: list[str] = []
    seed: int = 1
    variants: list[str] = []
    # The round and phase the example starts in (`round 5`, `phase "Night"`), set after setup.
    round: int | None = None
    phase: str | None = None
    params: dict[str, int] = {}  # game parameters set for this example (the others keep their defaults)
    given: list[Stmt] = []
    when: list[Stmt] = []
    answers: list[Expr] = []
    expect: list[Expr] = []


class ExtendsDecl(Decl):
    """The first line of a variant file: the game it starts from, `extends "base_game.pir"`.

    `base` is the path as written: relative to the file, or the name of a shipped game.
    """

    base: str


class ReplaceDecl(Decl):
    """`replace rule sail(p) ...`: a declaration that takes the place of the base game's one of that name.

    `fingerprint` is the base declaration's fingerprint as the variant's author saw it
    (`replace "1a2b3c4d" rule ...`): check warns when the base's declaration has changed since.
    """

    fingerprint: Optional[str] = None
    decl: Decl


class RemoveDecl(Decl):
    """`remove rule sail`: the base game's declaration of that kind and name is left out."""

    fingerprint: Optional[str] = None
    kind: str
    name: str


class Change(BaseModel):
    """What a variant file did to its base: `how` is "added", "replaced" or "removed"."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True, defer_build=True)
    how: str
    kind: str
    name: str
    span: Span
    base_span: Optional[Span] = None
    old: Optional[Decl] = None  # the base's declaration, replaced or removed


class GameFile(Node):
    """A whole rules file, its declarations in source order."""

    path: str
    source_hash: str
    declarations: list[Decl]
    # A variant file's bases, nearest first (their paths), and what it changed in them (dsl/extends.py).
    bases: list[str] = []
    changes: list[Change] = []


def local_names(statements: list[Stmt]) -> set[str]:
    """Every name a block binds, anywhere inside it: lets, loop variables, choices, draws, rolls.

    This is the language's scoping rule: a rule's locals are its parameters plus
    these names. The checker and the compiler both use it, so they always agree.
    """
    names: set[str] = set()
    for statement in statements:
        if isinstance(statement, Let):
            names.add(statement.name)
        elif isinstance(statement, (Choose, ChooseSet, Draw, Roll, WeightedDraw)):
            names.add(statement.var)
        elif isinstance(statement, Actions):
            for group in statement.groups:
                for option in group.options:
                    names |= local_names(option.body)
        elif isinstance(statement, ForEach):
            names.add(statement.var)
            names |= local_names(statement.body)
        elif isinstance(statement, If):
            for branch in statement.branches:
                names |= local_names(branch.body)
            names |= local_names(statement.otherwise)
        elif isinstance(statement, (While, Rounds, Repeat, Phase)):
            names |= local_names(statement.body)
    return names


# Every node kind, for the codegen coverage test and the fuzzers.
NODE_KINDS: tuple[type[Node], ...] = tuple(
    cls
    for cls in list(globals().values())
    if isinstance(cls, type) and issubclass(cls, Node) and cls not in (Node, Expr, Stmt, Decl)
)


@functools.cache
def child_fields(kind: type) -> tuple[str, ...]:
    """The fields of a node kind that may hold other nodes, in order (asking Pydantic each time is slow)."""
    return tuple(name for name in kind.model_fields if name != "span")


def walk(node: object, skip: Callable[[Node], bool] | None = None) -> Iterator[Node]:
    """Every node inside a node (or a list of nodes), the node itself first, in the file's order.

    Args:
        node: a node, or a list or tuple of them.
        skip: a test; a node it holds for is left out, with everything inside it.
    """
    if isinstance(node, (list, tuple)):
        for item in node:
            yield from walk(item, skip)
        return
    if not isinstance(node, Node) or (skip is not None and skip(node)):
        return
    yield node
    for name in child_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, (Node, list, tuple)):
            yield from walk(value, skip)
        elif isinstance(value, dict):
            yield from walk(list(value.values()))


def _is_expression(node: Node) -> bool:
    return isinstance(node, Expr)


def walk_statements(node: object) -> Iterator[Node]:
    """`walk` without going into expressions: no expression holds a statement, and a
    file's expressions are most of its nodes, so a search for statements is quicker so."""
    return walk(node, skip=_is_expression)

