"""What a define reads: the kinds of values, and which defines read nothing play changes.

A define that reads nothing play can change (variables, the round, what zones hold,
who is eliminated) gives the same value for the same arguments all game long, so the
compiler (interpreter/compiler.py) remembers its values per world. Whether it can
read such a thing is worked out from the file: a value's *kind* (a set of what it may
be: number, player, cell, list of..., or anything) tells whether looking into it may
look into a zone.
"""

from __future__ import annotations

from dsl import ast

ANYTHING = None  # a kind about which nothing is known


def _kind(*atoms) -> frozenset:
    return frozenset(atoms)


NUMBER, TEXT, TRUTH, NOTHING = _kind("number"), _kind("text"), _kind("bool"), _kind("none")
PLAYER, PIECE, ZONE, CELL = _kind("player"), _kind("piece"), _kind("zone"), _kind("cell")
BOARD, TABLE = _kind("board"), _kind("table")
FIXED = _kind("fixed")  # a table's value: numbers, names, true/false, none, or lists of those


def list_of(kind) -> frozenset:
    return frozenset({("list", kind)})


def join(a, b):
    if a is ANYTHING or b is ANYTHING:
        return ANYTHING
    return a | b


def may_be_place(kind) -> bool:
    """Whether a value of this kind may be a zone or cell, whose contents can change."""
    return kind is ANYTHING or "zone" in kind or "cell" in kind


def _may_be_list(kind) -> bool:
    """Whether a value of this kind may be a list (or a zone, whose pieces `+` takes as one)."""
    return kind is ANYTHING or may_be_place(kind) or "fixed" in kind or any(isinstance(a, tuple) for a in kind)


def element(kind):
    """The kind of what a list (or the pieces of a zone) of this kind holds.

    Of no value at all (a name nothing has been given yet, while the compiler's passes
    work kinds out), no element either: nothing, not anything, so that the passes after
    can still find out what it is.
    """
    if kind is ANYTHING:
        return ANYTHING
    if not kind:
        return kind
    out = frozenset()
    found = False
    for atom in kind:
        if isinstance(atom, tuple):
            out, found = join(out, atom[1]), True
        elif atom in ("zone", "cell"):
            out, found = join(out, PIECE), True
        elif atom == "fixed":
            out, found = join(out, FIXED), True
    return out if found else ANYTHING


# Built-ins that look into their first argument (as a list, or the pieces of a zone).
_LOOKS_INTO = {"count", "sum", "max", "min", "any", "all", "first", "top", "take", "distinct", "indices",
               "index_of", "share_places"}
_ALWAYS_READS = {"empty", "where", "all_pieces", "eliminated"}


def _listed(kind):
    """What `a + b` gives for values of this kind: a zone or cell joins in as the list of its pieces."""
    if kind is ANYTHING or not may_be_place(kind):
        return kind
    return (kind - ZONE - CELL) | list_of(PIECE)


def sure(kind, atoms: frozenset) -> bool:
    """Whether a value of this kind is surely one of `atoms` (and there is a value at all)."""
    return kind is not ANYTHING and bool(kind) and kind <= atoms


def _literal_range(node, writer) -> tuple[int, int] | None:
    """(a, b) for `range(a, b)` of two whole numbers written out (from a to b, both included)."""
    if isinstance(node, ast.Call) and node.function == "range" and "range" not in writer.defines \
            and len(node.args) == 2 and all(isinstance(a, ast.IntLiteral) for a in node.args):
        return node.args[0].value, node.args[1].value
    return None


def _on_the_board(args: list, env: dict, writer) -> bool:
    """Whether `at(board, row, column)` surely names a cell: a board of the file by its name, and a
    row and a column written out, or a comprehension's variable going through a `range` of
    numbers written out, within the board (whose cells fill its rows and columns)."""
    if len(args) != 3 or not isinstance(args[0], ast.Name):
        return False
    name = args[0].id
    if name in env or name not in writer.boards or name in writer.vars or name in writer.zones \
            or name in writer.kinds or name in writer.symbols or name in writer.tables:
        return False  # `_x_Name` finds something else first
    board = writer.boards[name]
    for argument, size in ((args[1], board.rows), (args[2], board.columns)):
        if isinstance(argument, ast.IntLiteral):
            low = high = argument.value
        elif isinstance(argument, ast.Name) and ("range", argument.id) in env:
            low, high = env[("range", argument.id)]
        else:
            return False
        if not 0 <= low <= high < size:
            return False
    return True


class Purity:
    """Which defines read nothing that play changes."""

    def __init__(self, writer):
        """`writer`: the ModuleWriter (interpreter/compiler.py) whose declarations give the names."""
        self.writer = writer
        self.known: dict[str, tuple[bool, object]] = {}
        self.busy: set[str] = set()
        self.results: dict[tuple, object] = {}  # (define, kinds of its arguments) -> kind of its value
        self.busy_results: set[str] = set()

    def pure(self, name: str) -> bool:
        return not self.define(name)[0]

    def define(self, name: str) -> tuple[bool, object]:
        """(whether the define may read what play changes, the kind of its value)."""
        if name in self.known:
            return self.known[name]
        if name in self.busy:  # a define that calls itself, however indirectly: assume the worst
            return True, ANYTHING
        self.busy.add(name)
        decl = self.writer.defines[name]
        result = self.expr(decl.body, {p: ANYTHING for p in decl.params})
        self.busy.discard(name)
        if not result[0] and name in self.writer.world_kinds:
            # A playout build written for one world's values of its world-level defines
            # (`Game.bind_playout`): the kind of the value this world has.
            result = (False, self.writer.world_kinds[name])
        self.known[name] = result
        return result

    def attribute(self, target, name: str):
        """The kind of `x.name` (not a variable's) for an `x` of kind `target`: what each
        thing `x` may be gives for that name, as runtime.get_attribute reads it."""
        w = self.writer
        atoms = ("player", "piece", "zone") if target is ANYTHING else target
        kind = frozenset()
        if "player" in atoms:
            if name in w.player_zones:
                kind = join(kind, ZONE)
            elif name in ("name", "index"):
                kind = join(kind, TEXT if name == "name" else NUMBER)
        if "piece" in atoms and name in w.piece_fields:
            kind = join(kind, w.field_kinds.get(name, ANYTHING))
        if "zone" in atoms or "cell" in atoms:
            if name in w.layer_names:
                kind = join(kind, join(join(NUMBER, TEXT), NOTHING))
            if name in ("row", "col"):
                kind = join(kind, NUMBER)
            elif name == "owner":
                kind = join(kind, join(PLAYER, NOTHING))
            elif name == "name":
                kind = join(kind, TEXT)
            elif name == "board":
                kind = join(kind, BOARD)
        return kind  # empty: nothing `x` may be has it (an error when worked out)

    def forget(self) -> None:
        """Work kinds out afresh: what variables may hold has changed (ModuleWriter._infer_kinds)."""
        self.known.clear()
        self.results.clear()

    def result(self, name: str, arguments: list):
        """The kind of a define's value for arguments of the given kinds: its body looked
        into with its parameters of those kinds (`define` takes them to be anything)."""
        if all(kind is ANYTHING for kind in arguments):
            return self.define(name)[1]
        key = (name, tuple(arguments))
        if key in self.results:
            return self.results[key]
        if name in self.busy or name in self.busy_results:  # calls itself, however indirectly
            return ANYTHING
        self.busy_results.add(name)
        decl = self.writer.defines[name]
        try:
            kind = self.expr(decl.body, dict(zip(decl.params, arguments)))[1]
        finally:
            self.busy_results.discard(name)
        self.results[key] = kind
        return kind

    def expr(self, node, env: dict) -> tuple[bool, object]:
        w = self.writer
        if isinstance(node, ast.IntLiteral):
            return False, NUMBER
        if isinstance(node, ast.BoolLiteral):
            return False, TRUTH
        if isinstance(node, ast.NoneLiteral):
            return False, NOTHING
        if isinstance(node, ast.StringLiteral):
            return any(self.expr(p, env)[0] for p in node.parts if not isinstance(p, str)), TEXT
        if isinstance(node, ast.VariantRef):
            return False, TRUTH
        if isinstance(node, ast.Name):
            name = node.id
            if name in env:
                return False, env[name]
            if name in w.vars:
                return True, w.var_kinds.get(name, ANYTHING)
            if name == "round_number":
                return True, ANYTHING
            if name in w.zones:
                return False, ZONE
            if name in w.kinds:
                return False, list_of(TEXT)
            if name in w.symbols:
                return False, TEXT
            if name in w.tables:
                return False, TABLE
            if name in w.boards:
                return False, BOARD
            if name in w.defines:
                return self.define(name)
            if name in w.automata:
                return False, join(PLAYER, NOTHING)
            if name == "players":
                return False, list_of(PLAYER)
            if name == "player_count" or name in w.parameters:
                return False, NUMBER
            return True, ANYTHING
        if isinstance(node, ast.ListLiteral):
            reads, kind = False, frozenset()
            for item in node.items:
                r, k = self.expr(item, env)
                reads, kind = reads or r, join(kind, k)
            return reads, list_of(kind)
        if isinstance(node, ast.Comprehension):
            inner = dict(env)
            reads = False
            for clause in node.clauses:
                r, k = self.expr(clause.iterable, inner)
                reads = reads or r or may_be_place(k)
                inner[clause.var] = element(k)
                # The numbers `range(a, b)` goes through, a and b written out: `at` can tell a cell from none.
                inner.pop(("range", clause.var), None)
                bounds = _literal_range(clause.iterable, w)
                if bounds is not None:
                    inner[("range", clause.var)] = bounds
                if clause.where is not None:
                    reads = reads or self.expr(clause.where, inner)[0]
            r, kind = self.expr(node.element, inner)
            reads = reads or r
            if node.order_by is not None:
                reads = reads or self.expr(node.order_by, inner)[0]
            return reads, list_of(kind)
        if isinstance(node, ast.Attribute):
            reads, target = self.expr(node.target, env)
            if node.name in w.piece_vars:
                return True, ANYTHING
            if node.name in w.player_vars:
                # A player's variable; of anything else, what runtime.get_attribute finds by that name.
                kind = w.var_kinds.get(node.name, ANYTHING)
                if target is ANYTHING or target - PLAYER:
                    kind = join(kind, self.attribute(target if target is ANYTHING else target - PLAYER, node.name))
                return True, kind
            return reads, self.attribute(target, node.name)
        if isinstance(node, ast.Index):
            r1, target = self.expr(node.target, env)
            r2, _ = self.expr(node.index, env)
            if target is not ANYTHING and target == TABLE:
                return r1 or r2, FIXED
            return r1 or r2 or may_be_place(target), element(target)
        if isinstance(node, ast.Call):
            results = [self.expr(a, env) for a in node.args]
            reads = any(r for r, _ in results)
            kinds = [k for _, k in results]
            name = node.function
            if name in w.defines:
                r, _ = self.define(name)
                if len(kinds) != len(w.defines[name].params):
                    return True, ANYTHING  # the compiler says what is wrong
                return reads or r, self.result(name, kinds)
            if name in _ALWAYS_READS:
                return True, {"all_pieces": list_of(PIECE), "where": join(ZONE, CELL)}.get(name, TRUTH)
            if name in _LOOKS_INTO:
                reads = reads or may_be_place(kinds[0])
                if name == "share_places":
                    reads = reads or may_be_place(kinds[1])
                    return reads, list_of(NUMBER)
                if name in ("count", "sum", "indices", "index_of"):
                    return reads, NUMBER if name != "indices" else list_of(NUMBER)
                if name in ("any", "all"):
                    return reads, ANYTHING
                if name in ("take", "distinct"):
                    return reads, list_of(element(kinds[0]))
                if isinstance(node.args[0], ast.ListLiteral) and node.args[0].items:
                    return reads, element(kinds[0])  # of a list written out, not empty: never none
                return reads, join(element(kinds[0]), NOTHING)  # max, min, first, top
            if name == "flatten":
                inner = element(kinds[0])
                reads = reads or may_be_place(kinds[0]) or may_be_place(inner)
                return reads, list_of(element(inner))
            if name in ("range",):
                return reads, list_of(NUMBER)
            if name in ("ceil", "floor", "abs", "distance"):
                return reads, NUMBER
            if name in ("piece_type",):
                return reads, TEXT
            if name == "automa":
                return reads, TRUTH
            if name == "at" and _on_the_board(node.args, env, w):
                return reads, CELL
            if name in ("at", "step"):
                return reads, join(CELL, NOTHING)
            if name in ("cells", "ray", "perimeter", "neighbours"):
                return reads, list_of(CELL)
            if name == "inward":
                return reads, list_of(NUMBER)
            return True, ANYTHING  # anything not listed here: assume it reads
        if isinstance(node, ast.Binary):
            r1, a = self.expr(node.left, env)
            r2, b = self.expr(node.right, env)
            if node.op == "+":
                # Adding a zone looks into it, but only succeeds with another zone or a list.
                reads = (may_be_place(a) and _may_be_list(b)) or (may_be_place(b) and _may_be_list(a))
                if any(kind is not ANYTHING and kind and kind <= NUMBER for kind in (a, b)):
                    return r1 or r2 or reads, NUMBER  # a number and anything else but a number fails
                return r1 or r2 or reads, _listed(join(a, b))
            return r1 or r2, NUMBER
        if isinstance(node, ast.Compare):
            return self.expr(node.left, env)[0] or self.expr(node.right, env)[0], TRUTH
        if isinstance(node, ast.Membership):
            r1, _ = self.expr(node.element, env)
            r2, collection = self.expr(node.collection, env)
            return r1 or r2 or may_be_place(collection), TRUTH
        if isinstance(node, ast.BoolOp):
            r1, a = self.expr(node.left, env)
            r2, b = self.expr(node.right, env)
            return r1 or r2, join(a, b)
        if isinstance(node, ast.Not):
            return self.expr(node.operand, env)[0], TRUTH
        if isinstance(node, ast.Negate):
            return self.expr(node.operand, env)[0], NUMBER
        if isinstance(node, ast.IfExpr):
            r1, _ = self.expr(node.condition, env)
            r2, a = self.expr(node.then, env)
            r3, b = self.expr(node.otherwise, env)
            return r1 or r2 or r3, join(a, b)
        return True, ANYTHING
