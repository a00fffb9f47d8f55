"""What each `chooses` statement and each chance event of a rules file can offer, read from the rules alone.

The fixed action space (interpreter/actions.py) numbers only what some decision or some
chance event can offer. This module reads that off the tree the engine runs (never off
play): each statement's options (or outcomes) as a set of *families*, each family a kind
of thing with the part of it the statement can reach:

- `("skip",)`, `("nothing",)` (none), `("list",)` (the empty list), `("bool",)`, `("seat",)`;
- `("zone", NAME)` the zones declared as NAME (one per player for a zone per player),
  `("cell", BOARD)` the cells of one board, `("cell",)` every board's cells, `("zone",)`
  every zone and cell;
- `("piece",)` every piece, `("piece", KIND)` the pieces of one kind (and, offered to a seat
  that may not look, a face-down pick): the pieces a zone may hold are the kinds some
  `create` makes in it or some `move` brings to it, read with the rest;
- `("name", TEXT)` one name or written text, `("name",)` every name the file writes;
- `("number", LOW, HIGH)` the whole numbers LOW to HIGH (a literal, or the reach of a
  `range(...)`: its first argument's least value, its last's largest, from
  interpreter/bounds.py), `("number",)` the file's whole range;
- `("list_of", FAMILIES)` lists whose elements are of those families, `("tuple_of", FIRST,
  SECOND[, THIRD])` lists of two or three written out (`[piece, cell]`, `[d, n, k]`), each
  place with its own families;
- `("any",)`: the reading could not follow this value, so it may be anything.

An expression is followed through the defines (with their arguments), the locals (every
value a statement of the same rule or block gives the name: a rule's locals are its own, as
the language scopes them, and a comprehension's name is bound around what it reads), the
shared variables (every value any statement gives them), the rules' parameters (every
call's argument, read where the call is), loops, comprehensions, tables, a written list's
places (`m[0]`) and the built-ins whose results are known. A name whose values depend on
themselves (`left = [x for x in left where ...]`) is read again until nothing changes.
A rule no statement of play calls (one only the worked examples call) never runs, so what
it would give adds nothing. What is not understood is `("any",)`, so the answer is always a
superset of what play can offer: the action space then falls back to its widest numbering,
and `why` keeps, for each statement, the first thing the reading could not follow.
"""

from __future__ import annotations

from dsl import ast
from interpreter.bounds import INFINITE, Bounds

ANY = ("any",)
SKIP = ("skip",)
NOTHING = ("nothing",)
EMPTY_LIST = ("list",)
BOOL = ("bool",)
SEAT = ("seat",)
PIECE = ("piece",)
ALL_ZONES = ("zone",)
ALL_CELLS = ("cell",)
ALL_NAMES = ("name",)
ALL_NUMBERS = ("number",)

ROUNDS_LIMIT = 40  # readings of the whole file before a name that keeps growing is given up on
LIST_DEPTH = 2     # lists of lists of lists are not followed: such a value may be anything

_NUMBER_RESULTS = {"count", "sum", "distance", "ceil", "floor", "abs"}
_TRUTH_RESULTS = {"any", "all", "empty", "eliminated", "automa"}
_ONE_ELEMENT = {"first", "top", "max", "min"}
_SAME_ELEMENTS = {"take", "distinct", "shuffled", "sorted", "reversed", "drop"}
_CELL_LISTS = {"neighbours", "ray", "perimeter", "cells_between"}
_ONE_CELL = {"step"}
# What the built-in attributes of seats, zones and cells are (a piece's field or variable of the same name adds its own).
_BUILT_IN_ATTRIBUTES = {"name": frozenset({ALL_NAMES}), "index": frozenset({ALL_NUMBERS}),
                        "row": frozenset({ALL_NUMBERS}), "col": frozenset({ALL_NUMBERS}),
                        "owner": frozenset({SEAT, NOTHING})}


def number_family(low: int, high: int) -> tuple:
    return ("number", int(low), int(high))


def elements(families: frozenset, pieces_in=None) -> frozenset:
    """The families of the elements of a value of `families` gone through as a list (a zone: its pieces).

    `pieces_in(family)` tells the pieces a zone or cell family may hold; without it, any piece.
    """
    out: set = set()
    for family in families:
        kind = family[0]
        if kind == "any":
            return frozenset({ANY})
        if kind == "list_of":
            out |= family[1]
        elif kind == "tuple_of":
            for place in family[1:]:
                out |= place
        elif kind in ("zone", "cell"):
            out |= pieces_in(family) if pieces_in is not None else {PIECE}
        # none, the empty list, numbers, texts, seats cannot be gone through: no elements
    return frozenset(out)


def _depth(families: frozenset) -> int:
    return max((1 + max(_depth(inner) for inner in family[1:]) for family in families
                if family[0] in ("list_of", "tuple_of")), default=0)


def families_text(families: frozenset) -> str:
    """Families in a few words, for people: `skip; piece card; [number 0 or number 1, any cell]`."""
    return "; ".join(sorted(_family_text(family) for family in families)) or "nothing at all"


def _family_text(family: tuple) -> str:
    kind = family[0]
    if kind == "list_of":
        return "lists of (" + families_text(family[1]) + ")"
    if kind == "tuple_of":
        return "[" + ", ".join(" or ".join(sorted(_family_text(f) for f in place)) or "nothing"
                               for place in family[1:]) + "]"
    if kind == "number" and len(family) == 3:
        return f"number {family[1]}" if family[1] == family[2] else f"number {family[1]} to {family[2]}"
    if kind == "number":
        return "any number"
    if len(family) == 1:
        return {"zone": "any zone", "cell": "any cell", "piece": "any piece", "name": "any name"}.get(kind, kind)
    return f"{kind} {family[1]}"


def is_piece(family: tuple) -> bool:
    """Whether a family is pieces: `("piece",)` any piece, `("piece", KIND)` the pieces of one kind."""
    return family[0] == "piece"


def may_be_anything(families: frozenset) -> bool:
    """Whether a value of `families`, or something a list of them holds, may be anything."""
    return any(family == ANY or (family[0] in ("list_of", "tuple_of") and any(may_be_anything(inner)
                                                                             for inner in family[1:]))
               for family in families)


class _Bound:
    """A name bound around an expression: its value, or an element of a list, with that expression's own names."""

    __slots__ = ("mode", "expression", "env", "scope")

    def __init__(self, mode: str, expression, env: dict, scope=None):
        self.mode = mode
        self.expression = expression
        self.env = env
        self.scope = scope  # the block whose locals the expression sees


class Offers:
    """What every `chooses`, `draw` and `roll` of a file can offer (see the module's docstring).

    Args:
        game_file: the tree the engine runs (lowered as the compiler lowers it).
        bounds: the file's bounds at this table (largest values of numbers).
        params: the game parameters' values at this table.
    """

    def __init__(self, game_file: ast.GameFile, bounds: Bounds, params: dict | None = None):
        self.bounds = bounds
        self.params = dict(params or {})
        self.kinds: dict[str, list[str]] = {}
        self.single_names: set[str] = set()
        self.zones: set[str] = set()
        self.boards: set[str] = set()
        self.board_sizes: dict[str, tuple[int, int]] = {}  # board -> (rows, columns)
        self.dice: dict[str, list] = {}
        self.tables: dict[str, ast.TableDecl] = {}
        self.defines: dict[str, ast.DefineDecl] = {}
        self.rules: dict[str, ast.RuleDecl] = {}
        self.parameters: dict[str, ast.ParamDecl] = {}
        # name -> how it is given values: ("value", expr, scope), ("element", expr, scope), ("sum", expr,
        # sign, scope), ("family", set), ("unknown", node, why); each expression read in its own scope.
        # A local (a rule's or a block's: docs/language.md, 4.1) is kept under (scope, name), as
        # locals of the same name in two rules are two names; shared variables under their name.
        self.bindings: dict = {}
        self._scope = None  # the block whose locals the expression being read sees
        self.attributes: dict[str, list] = {}  # an attribute (a variable per player or piece) -> the same
        self.sites: list[tuple[str, ast.Node, object]] = []
        # Where pieces go: (kind made, or None for a `move`, the pieces moved, the zone, scope), and
        # the kinds each zone family may hold ("*": any kind), grown with the rest of the reading.
        self.placings: list[tuple] = []
        self.zone_kinds: dict[tuple, set] = {}
        declarations = [d for d in game_file.declarations if not isinstance(d, ast.ExampleDecl)]
        for declaration in declarations:
            if isinstance(declaration, ast.KindDecl):
                self.kinds[declaration.name] = list(declaration.members)
                self.single_names.update(declaration.members)
            elif isinstance(declaration, ast.DieDecl):
                self.dice[declaration.name] = list(declaration.faces)
                self.single_names.update(face for face in declaration.faces if isinstance(face, str))
            elif isinstance(declaration, ast.ZoneDecl):
                self.zones.add(declaration.name)
            elif isinstance(declaration, ast.BoardDecl):
                self.boards.add(declaration.name)
                self.board_sizes[declaration.name] = (declaration.rows, declaration.columns)
                for legend in declaration.legends:
                    self.single_names.update(v for v in legend.entries.values() if isinstance(v, str))
                self._layers(declaration)
            elif isinstance(declaration, ast.TableDecl):
                self.tables[declaration.name] = declaration
            elif isinstance(declaration, ast.DefineDecl):
                self.defines[declaration.name] = declaration  # its parameters: see `_unbound`
            elif isinstance(declaration, ast.RuleDecl):
                self.rules[declaration.name] = declaration
            elif isinstance(declaration, ast.PowerDecl):
                for param in declaration.params:
                    self._bind(param, ("unknown", declaration, f"the parameter '{param}' of a power"))
            elif isinstance(declaration, ast.ParamDecl):
                self.parameters[declaration.name] = declaration
            elif isinstance(declaration, ast.VarDecl):
                target = self.attributes if declaration.per_player or declaration.per_piece else self.bindings
                target.setdefault(declaration.name, []).append(("value", declaration.init, None))
            elif isinstance(declaration, (ast.ScoreDecl, ast.TiebreakDecl, ast.ProgressDecl, ast.PayoffDecl)):
                self._bind(declaration.param, ("family", frozenset({SEAT})))
        calls: dict[str, list[tuple[list[ast.Expr], object]]] = {}
        shared_names = {d.name for d in declarations if isinstance(d, ast.VarDecl)
                        and not d.per_player and not d.per_piece}
        fields = {d.name: list(d.fields) for d in declarations if isinstance(d, ast.PieceDecl)}
        self.piece_kinds = sorted(fields)
        for kind_fields in fields.values():
            for name in kind_fields:
                self.attributes.setdefault(name, [])
        for position_of, declaration in enumerate(declarations):
            scope = ("rule", declaration.name) if isinstance(declaration, ast.RuleDecl) else \
                ("define", declaration.name) if isinstance(declaration, ast.DefineDecl) else ("block", position_of)
            self._read_bindings(declaration, scope, fields, shared_names, calls)
        for name, rule in self.rules.items():
            scope = ("rule", name)
            for position, param in enumerate(rule.params):
                sites = calls.get(name, [])
                if not sites:
                    # Called only by examples, never in play: its statements never run in a game.
                    self._bind(param, ("family", frozenset()), scope)
                if any(position >= len(args) for args, _ in sites):
                    self._bind(param, ("unknown", rule, f"the parameter '{param}' of the rule '{name}', "
                                                        f"which no call in play gives"), scope)
                for args, caller in sites:
                    if position < len(args):
                        self._bind(param, ("value", args[position], caller), scope)
        self._memo: dict = {}
        self._fresh: set = set()
        self._changed = False
        self._defines_open: list[str] = []
        self._why: str | None = None
        self._why_of: dict = {}  # a name's key -> why it may be anything
        self.results: list[frozenset] = []
        self.why: list[str | None] = []  # for each statement offering anything: the first thing not followed
        for _ in range(ROUNDS_LIMIT):
            self._fresh = set()
            self._changed = False
            self.results, self.why = [], []
            self._place_pieces()
            for kind, node, scope in self.sites:
                self._why = None
                self._scope = scope
                self.results.append(self._site(kind, node))
                self.why.append(self._why)
            if not self._changed:
                break
        else:
            self.results = [frozenset({ANY}) for _ in self.sites]
            self.why = ["the values given to its names keep growing" for _ in self.sites]

    def _place_pieces(self) -> None:
        """The kinds of pieces each zone family may hold, from every `create` and `move` (grows each reading)."""
        for kind, what, to, scope in self.placings:
            outer_why = self._why
            kinds = {kind} if kind is not None else self._kinds_of(self._in_scope(scope, what, {}))
            places = self._in_scope(scope, to, {})
            self._why = outer_why
            keys = {family for family in places if family[0] in ("zone", "cell")}
            if ANY in places:
                keys.add(ALL_ZONES)
            for key in keys:
                held = self.zone_kinds.setdefault(key, set())
                if not kinds <= held:
                    held |= kinds
                    self._changed = True

    def _kinds_of(self, families: frozenset, depth: int = 0) -> set:
        """The kinds of the pieces a value (a piece, a list of them, a zone) may be or hold ("*": any)."""
        out: set = set()
        for family in families:
            if family == ANY or depth > LIST_DEPTH:
                out.add("*")
            elif family[0] == "piece":
                out.add(family[1] if len(family) > 1 else "*")
            elif family[0] in ("zone", "cell"):
                out |= self._kinds_in(family)
            elif family[0] in ("list_of", "tuple_of"):
                for inner in family[1:]:
                    out |= self._kinds_of(inner, depth + 1)
        return out

    def _kinds_in(self, family: tuple) -> set:
        """The kinds of pieces a zone or cell family may hold: what is put there, or anywhere that includes it."""
        kinds = self.zone_kinds
        out = set(kinds.get(ALL_ZONES, ()))
        if family == ALL_ZONES:
            for held in kinds.values():
                out |= held
        elif family[0] == "cell":
            out |= kinds.get(ALL_CELLS, set())
            if len(family) == 1:
                for key, held in kinds.items():
                    if key[0] == "cell":
                        out |= held
            else:
                out |= kinds.get(family, set())
        else:
            out |= kinds.get(family, set())
        return out

    def _pieces_in(self, family: tuple) -> frozenset:
        kinds = self._kinds_in(family)
        if "*" in kinds:
            return frozenset({PIECE})
        return frozenset(("piece", kind) for kind in kinds)

    def _item(self, families: frozenset, position: int) -> frozenset:
        """What `value[position]` may be: a written-out list's own place there, else any element."""
        out: set = set()
        for family in families:
            if family[0] == "tuple_of":
                places = family[1:]
                # Counted from the end when negative; a place past the end stops the game, giving nothing.
                if -len(places) <= position < len(places):
                    out |= places[position]
            else:
                out |= self._elements(frozenset({family}))
        return frozenset(out)

    def _elements(self, families: frozenset) -> frozenset:
        return elements(families, self._pieces_in)

    def _unknown(self, expr, what: str) -> frozenset:
        """Anything: the reading cannot follow `expr` (kept, the first time in a statement, to say why)."""
        if self._why is None:
            span = getattr(expr, "span", None)
            self._why = f"{span.file}:{span.line}: {what}" if span is not None else what
        return frozenset({ANY})

    def _layers(self, board: ast.BoardDecl) -> None:
        """A cell's layer (`c.land`) is what its token means: the legend's word, else the token itself."""
        legends = {legend.layer: legend.entries for legend in board.legends}
        for layer in board.layers:
            meanings: set = set()
            for row in layer.rows:
                for token in row:
                    if layer.name in legends:
                        meaning = legends[layer.name].get(token)
                    else:
                        meaning = None if token == "." else int(token) if token.lstrip("-").isdigit() else token
                    if meaning is None:
                        meanings.add(NOTHING)
                    elif isinstance(meaning, bool):
                        meanings.add(BOOL)
                    elif isinstance(meaning, int):
                        meanings.add(number_family(meaning, meaning))
                    else:
                        meanings.add(("name", meaning))
            self.attributes.setdefault(layer.name, []).append(("family", frozenset(meanings)))

    def _bind(self, name: str, binding, scope=None) -> None:
        """Note a way `name` is given values: a local of `scope`, or (scope None) a shared name."""
        self.bindings.setdefault(name if scope is None else (scope, name), []).append(binding)

    def _read_bindings(self, declaration, scope, fields: dict, shared_names: set, calls: dict) -> None:
        """The values the statements of one declaration give names, and its sites, each with its scope."""
        for node in ast.walk(declaration):
            if isinstance(node, ast.Let):
                self._bind(node.name, ("value", node.value, scope), scope)
            elif isinstance(node, (ast.Assign, ast.AddTo)):
                binding = ("value", node.value, scope) if isinstance(node, ast.Assign) else \
                    ("sum", node.value, node.sign, scope)
                if isinstance(node.target, ast.Name):
                    target = node.target.id
                    self._bind(target, binding, None if target in shared_names else scope)
                elif isinstance(node.target, ast.Attribute):
                    self.attributes.setdefault(node.target.name, []).append(binding)
            elif isinstance(node, ast.ForEach):
                self._bind(node.var, ("element", node.iterable, scope), scope)
            # A comprehension's name is seen only inside it, where `value` binds it around what it reads.
            elif isinstance(node, ast.Choose):
                self._bind(node.var, ("element", node.options, scope), scope)
                if node.optional:
                    self._bind(node.var, ("family", frozenset({NOTHING})), scope)
                self.sites.append(("choice", node, scope))
            elif isinstance(node, ast.ChooseSet):
                self._bind(node.var, ("value", node.options, scope), scope)
                self.sites.append(("choice", node, scope))
            elif isinstance(node, (ast.Draw, ast.WeightedDraw)):
                self._bind(node.var, ("element", node.source, scope), scope)
                self.sites.append(("chance", node, scope))
            elif isinstance(node, ast.Roll):
                self._bind(node.var, ("family", self._faces(node.die)), scope)
                self.sites.append(("chance", node, scope))
            elif isinstance(node, ast.CallRule):
                calls.setdefault(node.rule, []).append((node.args, scope))
            elif isinstance(node, ast.Move):
                self.placings.append((None, node.what, node.to, scope))
            elif isinstance(node, ast.Create):
                self.placings.append((node.piece, None, node.zone, scope))
                # A piece's field holds what the `create` statements give it.
                for position, name in enumerate(fields.get(node.piece, [])):
                    given = ("value", node.args[position], scope) if position < len(node.args) else \
                        ("unknown", node, f"the field '{name}', which this `create` does not give")
                    self.attributes[name].append(given)
            elif isinstance(node, ast.Actions):
                self.sites.append(("choice", node, scope))  # not lowered: read as offering anything

    def _faces(self, die: str) -> frozenset:
        faces = self.dice.get(die)
        if faces is None:
            return frozenset({ANY})
        out: set = set()
        for face in faces:
            if isinstance(face, bool):
                out.add(BOOL)
            elif isinstance(face, int):
                out.add(number_family(face, face))
            elif isinstance(face, str):
                out.add(("name", face))
            else:
                out.add(ANY)
        return frozenset(out)

    # ------------------------------------------------------------ sites

    def by_span(self) -> tuple[dict, dict, dict]:
        """Each choice's and chance statement's families, and why one may offer anything, keyed by span.

        Several statements at one span (written out from one by the lowering) give their union.
        """
        choices: dict = {}
        chances: dict = {}
        why: dict = {}
        for (kind, node, _), families, reason in zip(self.sites, self.results, self.why):
            found = choices if kind == "choice" else chances
            key = span_key(node.span)
            found[key] = found.get(key, frozenset()) | families
            if reason and key not in why:
                why[key] = reason
        return choices, chances, why

    def _site(self, kind: str, node) -> frozenset:
        if isinstance(node, ast.Choose):
            offered = self._elements(self.value(node.options, {}))
            return offered | {SKIP} if node.optional else offered
        if isinstance(node, ast.ChooseSet):
            return self._elements(self.value(node.options, {})) | {SKIP} | self._unknown(node, "a choice of several")
        if isinstance(node, (ast.Draw, ast.WeightedDraw)):
            return self._elements(self.value(node.source, {}))
        if isinstance(node, ast.Roll):
            return self._faces(node.die)
        return self._unknown(node, "a turn of actions")

    # ------------------------------------------------------------ values

    def value(self, expr, env: dict) -> frozenset:
        """The families the value of `expr` may be of (see the module's docstring)."""
        result = self._value(expr, env)
        if _depth(result) > LIST_DEPTH:
            return self._unknown(expr, "a list of lists of lists")
        return result

    def _value(self, expr, env: dict) -> frozenset:
        if isinstance(expr, ast.IntLiteral):
            return frozenset({number_family(expr.value, expr.value)})
        if isinstance(expr, ast.StringLiteral):
            if all(isinstance(part, str) for part in expr.parts):
                return frozenset({("name", "".join(expr.parts))})
            return frozenset({ALL_NAMES})
        if isinstance(expr, (ast.BoolLiteral, ast.Compare, ast.Membership, ast.Not, ast.VariantRef)):
            return frozenset({BOOL})
        if isinstance(expr, ast.NoneLiteral):
            return frozenset({NOTHING})
        if isinstance(expr, ast.Negate):
            return frozenset({ALL_NUMBERS})
        if isinstance(expr, ast.ListLiteral):
            if not expr.items:
                return frozenset({EMPTY_LIST})
            values = [self.value(item, env) for item in expr.items]
            if len(values) in (2, 3):
                return frozenset({("tuple_of", *values)})
            return frozenset({("list_of", frozenset().union(*values))})
        if isinstance(expr, ast.Comprehension):
            inner = dict(env)
            for clause in expr.clauses:
                inner[clause.var] = _Bound("element", clause.iterable, dict(inner), self._scope)
            return frozenset({("list_of", self.value(expr.element, inner)), EMPTY_LIST})
        if isinstance(expr, ast.Binary):
            return self._binary(expr.op, self.value(expr.left, env), self.value(expr.right, env))
        if isinstance(expr, ast.BoolOp):
            return self.value(expr.left, env) | self.value(expr.right, env) | {BOOL}
        if isinstance(expr, ast.IfExpr):
            return self.value(expr.then, env) | self.value(expr.otherwise, env)
        if isinstance(expr, ast.Name):
            return self._name(expr.id, env)
        if isinstance(expr, ast.Attribute):
            target = expr.target
            if isinstance(target, ast.Index) and isinstance(target.target, ast.Name) and target.target.id in self.tables:
                return self._unknown(expr, "a column of a table's row")  # a catalogue's are written out as indexes
            if expr.name in ("row", "col") and expr.name not in self.attributes:
                place = self._cell_place(self.value(target, env), expr.name)
                if place is not None:
                    return place
            return self._attribute(expr.name)
        if isinstance(expr, ast.Index):
            column = self._table_column(expr)
            if column is not None:
                return column
            if isinstance(expr.target, ast.Name) and expr.target.id in self.tables and expr.target.id not in env:
                out: frozenset = frozenset()
                for row in self.tables[expr.target.id].rows:
                    out |= self.value(row.value, {})
                return out
            target = self.value(expr.target, env)
            if isinstance(expr.index, ast.IntLiteral):
                return self._item(target, expr.index.value)
            return self._elements(target)
        if isinstance(expr, ast.Call):
            return self._call(expr, env)
        return self._unknown(expr, f"the value of this {type(expr).__name__} expression")

    def _table_column(self, expr: ast.Index) -> frozenset | None:
        """`table[key][N]`, a catalogue row's Nth item: what the Nth item of every row may be (None: not that shape)."""
        inner = expr.target
        if not (isinstance(expr.index, ast.IntLiteral) and isinstance(inner, ast.Index)
                and isinstance(inner.target, ast.Name) and inner.target.id in self.tables):
            return None
        position = expr.index.value
        out: frozenset = frozenset()
        for row in self.tables[inner.target.id].rows:
            if not isinstance(row.value, ast.ListLiteral) or not 0 <= position < len(row.value.items):
                return None
            out |= self.value(row.value.items[position], {})
        return out

    def _binary(self, op: str, left: frozenset, right: frozenset) -> frozenset:
        """What `left op right` may be: numbers from numbers; joined lists (a zone's pieces among them)
        from `+`; a list repeated, or a text, from `*`; a text from `+` or `%` on texts."""
        if ANY in left or ANY in right:
            return frozenset({ANY})
        out: set = set()
        lists: set = set()
        joins = op in ("+", "*")
        for family in left | right:
            kind = family[0]
            if kind in ("number", "bool"):
                out.add(ALL_NUMBERS)
            elif kind == "name" and op in ("+", "*", "%"):
                out.add(ALL_NAMES)
            elif kind in ("list_of", "tuple_of") and joins:
                lists |= elements(frozenset({family}))
                out.add(EMPTY_LIST)
            elif family == EMPTY_LIST and joins:
                out.add(EMPTY_LIST)
            elif kind in ("zone", "cell") and op == "+":
                lists |= self._pieces_in(family)
                out.add(EMPTY_LIST)
            # anything else (none, seats, pieces) in arithmetic is an error, never a value
        if lists:
            out.add(("list_of", frozenset(lists)))
        return frozenset(out)

    def _bound(self, bound: _Bound) -> frozenset:
        if bound.mode == "any":
            return self._unknown(bound.expression, "a define's parameter, read apart from a call")
        found = self._in_scope(bound.scope, bound.expression, bound.env)
        return self._elements(found) if bound.mode == "element" else found

    def _in_scope(self, scope, expr, env: dict) -> frozenset:
        """The value of `expr` read in `scope` (the block whose locals it sees)."""
        outer, self._scope = self._scope, scope
        try:
            return self.value(expr, env)
        finally:
            self._scope = outer

    def _name(self, name: str, env: dict) -> frozenset:
        if name in env:
            return self._bound(env[name])
        if name == "players":
            return frozenset({("list_of", frozenset({SEAT}))})
        if name in ("player_count", "round_number"):
            return frozenset({ALL_NUMBERS})
        local = (self._scope, name)
        if local in self.bindings:
            return self._memoized(("local", local), lambda: self._given(self.bindings[local]))
        return self._memoized(("name", name), lambda: self._global_name(name))

    def _global_name(self, name: str) -> frozenset:
        """A name not bound around the expression: everything the file gives it."""
        out: set = set()
        known = False
        if name in self.single_names:
            out.add(("name", name))
            known = True
        if name in self.kinds:
            out.add(("list_of", frozenset(("name", member) for member in self.kinds[name])))
            known = True
        if name in self.zones:
            out.add(("zone", name))
            known = True
        if name in self.parameters:
            out.add(ALL_NUMBERS)
            known = True
        if name in self.boards or name in self.tables:
            out |= self._unknown(None, f"the board or table '{name}' as a value")
            known = True
        define = self.defines.get(name)
        if define is not None:
            out |= self._in_scope(("define", name), define.body, {}) if not define.params else \
                self._unknown(define, f"the define {name!r} named without its arguments")
            known = True
        if name in self.bindings:
            out |= self._given(self.bindings[name])
            known = True
        if not known:
            out |= self._unknown(None, f"the name '{name}', given no value this reading follows")
        return frozenset(out)

    def _memoized(self, key, compute) -> frozenset:
        """A value read once in each reading of the file; read again while being read, what is known so far."""
        if key in self._fresh:
            found = self._memo.get(key, frozenset())
            if ANY in found and self._why is None:
                self._why = self._why_of.get(key)
            return found
        self._fresh.add(key)
        outer, self._why = self._why, None
        result = self._remember(key, compute())
        if ANY in result:
            self._why_of[key] = self._why or self._why_of.get(key)
        self._why = outer if outer is not None else self._why_of.get(key) if ANY in result else None
        return result

    def _given(self, bindings: list) -> frozenset:
        out: set = set()
        for binding in bindings:
            if binding[0] == "unknown":
                out |= self._unknown(binding[1], binding[2])
            elif binding[0] == "family":
                out |= binding[1]
            elif binding[0] == "value":
                out |= self._in_scope(binding[-1], binding[1], {})
            elif binding[0] == "element":
                out |= self._elements(self._in_scope(binding[-1], binding[1], {}))
            elif binding[0] == "sum":
                # `x += v` is `x + v`: what x is otherwise is already in the union, so what v adds to it.
                added = self._in_scope(binding[-1], binding[1], {})
                out |= self._binary("+" if binding[2] > 0 else "-", added, added)
        return frozenset(out)

    def _remember(self, key, result: frozenset) -> frozenset:
        earlier = self._memo.get(key)
        if earlier is not None:
            result = result | earlier
        if result != earlier:
            self._memo[key] = result
            self._changed = True
        return result

    def _cell_place(self, families: frozenset, name: str) -> frozenset | None:
        """A cell's `row` or `col` counted from 0 within its board's size, when the value is surely a cell.

        Only where every family is a board's cell (or every board's), or none (whose `row` stops
        the game with an error, so gives nothing): a zone that is not a cell has -1 there, and a
        value the reading cannot follow may be anything, so both give None.
        """
        families = families - {NOTHING}
        if not families or any(family[0] != "cell" for family in families):
            return None
        boards = {family[1] for family in families if len(family) > 1}
        if any(len(family) == 1 for family in families):
            boards = set(self.board_sizes)
        if not boards:
            return None
        index = 0 if name == "row" else 1
        return frozenset({number_family(0, max(self.board_sizes[board][index] for board in boards) - 1)})

    def _attribute(self, name: str) -> frozenset:
        out = _BUILT_IN_ATTRIBUTES.get(name, frozenset())
        if name in self.zones:
            out |= {("zone", name)}  # a player's zone
        if name in self.attributes:
            out |= self._memoized(("attribute", name), lambda: self._given(self.attributes[name]))
        elif not out:
            return self._unknown(None, f"the attribute '.{name}'")
        return out

    def _call(self, expr: ast.Call, env: dict) -> frozenset:
        name = expr.function
        args = expr.args
        define = self.defines.get(name)
        if define is not None:
            if name in self._defines_open or len(args) != len(define.params):
                # A define that calls itself: read once with its parameters unknown.
                return self._memoized(("define", name), lambda: self._in_scope(("define", name), define.body,
                                                                                 _unbound(define.params)))
            given = {param: _Bound("value", argument, env, self._scope) for param, argument in zip(define.params, args)}
            self._defines_open.append(name)
            outer, self._scope = self._scope, ("define", name)  # a define sees no local of its callers
            try:
                return self.value(define.body, given)
            finally:
                self._defines_open.pop()
                self._scope = outer
        if name in _NUMBER_RESULTS:
            return frozenset({ALL_NUMBERS})
        if name in _TRUTH_RESULTS:
            return frozenset({BOOL})
        if name == "piece_type":
            return frozenset(("name", kind) for kind in self.piece_kinds)
        if name == "index_of":
            return frozenset({ALL_NUMBERS, NOTHING})
        if name == "inward":
            return frozenset({("tuple_of", frozenset({ALL_NUMBERS}), frozenset({ALL_NUMBERS})), ALL_NUMBERS, NOTHING})
        if name in _ONE_ELEMENT and args:
            return self._elements(self.value(args[0], env)) | {NOTHING}
        if name == "at":
            board = args[0].id if args and isinstance(args[0], ast.Name) and args[0].id in self.boards else None
            return frozenset({("cell", board) if board else ALL_CELLS, NOTHING})
        if name in _ONE_CELL:
            return frozenset({ALL_CELLS, NOTHING})
        if name == "where":
            return frozenset({ALL_ZONES, NOTHING})
        if name == "cells":
            board = args[0].id if args and isinstance(args[0], ast.Name) and args[0].id in self.boards else None
            return frozenset({("list_of", frozenset({("cell", board) if board else ALL_CELLS})), EMPTY_LIST})
        if name in _CELL_LISTS:
            return frozenset({("list_of", frozenset({ALL_CELLS})), EMPTY_LIST})
        if name == "all_pieces":
            # The pieces of a zone, or of each zone of a list: of the kinds those zones may hold.
            found = self.value(args[0], env) if args else frozenset({ANY})
            zones = {family for family in found | self._elements(found) if family[0] in ("zone", "cell")}
            if ANY in found or any(family[0] not in ("zone", "cell", "list_of", "tuple_of") and family != EMPTY_LIST
                                   for family in found):
                pieces = frozenset({PIECE})
            else:
                pieces = frozenset().union(*(self._pieces_in(zone) for zone in zones))
            return frozenset({("list_of", pieces), EMPTY_LIST})
        if name == "range" and len(args) == 2:
            return frozenset({("list_of", frozenset({self._range(args[0], args[1], env)})), EMPTY_LIST})
        if name == "indices":
            return frozenset({("list_of", frozenset({ALL_NUMBERS})), EMPTY_LIST})
        if name == "keys" and args and isinstance(args[0], ast.Name) and args[0].id in self.tables:
            keys: frozenset = frozenset()
            for row in self.tables[args[0].id].rows:
                keys |= frozenset({("name", row.key.id)}) if isinstance(row.key, ast.Name) else self.value(row.key, {})
            return frozenset({("list_of", keys), EMPTY_LIST})
        if name in _SAME_ELEMENTS and args:
            return frozenset({("list_of", self._elements(self.value(args[0], env))), EMPTY_LIST})
        if name == "flatten" and args:
            return frozenset({("list_of", elements(self._elements(self.value(args[0], env)))), EMPTY_LIST})
        return self._unknown(expr, f"what {name}(...) gives")

    def _range(self, first: ast.Expr, last: ast.Expr, env: dict) -> tuple:
        """The numbers `range(first, last)` can give: from first's least value to last's largest."""
        if any(name in env for name in _names(first) | _names(last)):
            return ALL_NUMBERS  # a define's argument or a comprehension's element: not followed
        low = self.least(first)
        high = self.bounds.number(last)
        if low is None or low is _GROWS or high is None or high == INFINITE:
            return ALL_NUMBERS
        return number_family(low, high) if low <= high else number_family(low, low)

    def least(self, expr, seen: frozenset = frozenset()):
        """The least value a number can have, when the file fixes it (else None).

        A name is followed through every value given to it; where a value is built from the
        name itself by adding a number of 0 or more (`bid + 1`), it cannot go below the
        name's other values, so it adds nothing (`_GROWS`).
        """
        if isinstance(expr, ast.IntLiteral):
            return expr.value
        if isinstance(expr, ast.Name):
            name = expr.id
            local = (self._scope, name)
            key = local if local in self.bindings else name
            if key in seen:
                return _GROWS
            if name in self.params:
                return self.params[name]
            if name in self.parameters:
                return self.parameters[name].low
            found = []
            inner = seen | {key}
            define = self.defines.get(name)
            if define is not None and key == name:
                if define.params:
                    return None
                found.append(self._least_in(("define", name), self.least, define.body, inner))
            if key == name and (name in self.single_names or name in self.kinds or name in self.zones
                                or name in self.tables or name in self.boards):
                return None
            for binding in self.bindings.get(key, []):
                if binding[0] == "unknown":
                    found.append(None)
                elif binding[0] == "family":
                    found.append(self._least_of_families(binding[1]))
                elif binding[0] == "sum":  # `name += N` with N of 0 or more only grows
                    added = self._least_in(binding[-1], self.least, binding[1], inner)
                    found.append(_GROWS if binding[2] > 0 and added is not None and added is not _GROWS
                                 and added >= 0 else None)
                elif binding[0] == "value":
                    found.append(self._least_in(binding[-1], self.least, binding[1], inner))
                else:
                    found.append(self._least_in(binding[-1], self.least_element, binding[1], inner))
            if not found or None in found:
                return None
            numbers = [n for n in found if n is not _GROWS]
            return min(numbers) if numbers else _GROWS
        if isinstance(expr, ast.IfExpr):
            a, b = self.least(expr.then, seen), self.least(expr.otherwise, seen)
            return _lesser(a, b)
        if isinstance(expr, ast.Binary) and expr.op in ("+", "*"):
            a, b = self.least(expr.left, seen), self.least(expr.right, seen)
            if a is None or b is None:
                return None
            if a is _GROWS or b is _GROWS:
                other = b if a is _GROWS else a
                return _GROWS if expr.op == "+" and other is not _GROWS and other >= 0 else None
            if a < 0 or b < 0:
                return None
            return a + b if expr.op == "+" else a * b
        return None

    def _least_in(self, scope, reading, expr, seen: frozenset):
        """`reading(expr, seen)` (least or least_element) with `expr` read in `scope`."""
        outer, self._scope = self._scope, scope
        try:
            return reading(expr, seen)
        finally:
            self._scope = outer

    def least_element(self, expr, seen: frozenset):
        """The least number a list can hold (None: not fixed, or not only numbers)."""
        if isinstance(expr, ast.ListLiteral):
            found = [self.least(item, seen) for item in expr.items]
            result = _GROWS
            for item in found:
                result = _lesser(result, item)
            return result
        if isinstance(expr, ast.Comprehension) and len(expr.clauses) == 1 and isinstance(expr.element, ast.Name) \
                and expr.element.id == expr.clauses[0].var:
            return self.least_element(expr.clauses[0].iterable, seen)  # a filter keeps its list's numbers
        if isinstance(expr, ast.Binary) and expr.op == "+":
            return _lesser(self.least_element(expr.left, seen), self.least_element(expr.right, seen))
        if isinstance(expr, ast.IfExpr):
            return _lesser(self.least_element(expr.then, seen), self.least_element(expr.otherwise, seen))
        if isinstance(expr, ast.Call) and expr.function == "range" and len(expr.args) == 2:
            return self.least(expr.args[0], seen)
        return None

    @staticmethod
    def _least_of_families(families: frozenset):
        if not families or any(family[0] != "number" or len(family) != 3 for family in families):
            return None
        return min(family[1] for family in families)


class _Grows:
    """A value built from the name being followed by adding 0 or more: never below its other values."""

    def __repr__(self) -> str:
        return "GROWS"


_GROWS = _Grows()


def _lesser(a, b):
    """The lesser of two least values (None: unknown; `_GROWS`: adds nothing)."""
    if a is None or b is None:
        return None
    if a is _GROWS:
        return b
    if b is _GROWS:
        return a
    return min(a, b)


def _unbound(params: list[str]) -> dict:
    """A define's parameters as names that may stand for anything (its body read apart from any call)."""
    return {param: _Bound("any", None, {}) for param in params}


def _names(expr) -> set[str]:
    return {node.id for node in ast.walk(expr) if isinstance(node, ast.Name)}


def span_key(span) -> tuple | None:
    """A statement's place in its file, as the engine's sites of decisions and chance keep it."""
    if span is None:
        return None
    return (span.file, span.line, span.column, span.end_line, span.end_column)
