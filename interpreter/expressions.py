"""Compile one expression of the language to one Python expression: the expression half of the ModuleWriter."""

from __future__ import annotations

import ast as python_ast
import re
from contextlib import ExitStack, contextmanager

from dsl import ast
from interpreter.builtins import IMPLEMENTATIONS
from interpreter.purity import ANYTHING, BOARD, CELL, NOTHING, NUMBER, PIECE, PLAYER, TEXT, element, may_be_place, sure
from interpreter.syntax_facts import calls_always_made, loops_over_a_list, node_count

INLINE_CHARS = 400  # a define written out where it is used is at most this long; a longer one is called


class CompileError(Exception):
    """A construct the compiler cannot handle (the checker should have caught it)."""

    def __init__(self, message: str, span):
        super().__init__(message)
        self.span = span


PLACE = frozenset({"zone", "cell"})  # a zone or a board's cell: both are runtime Zones

# A local, or a name the playout build binds once per world (`world_read`): cheap, and the same at each read.
_SIMPLE = re.compile(r"(?:v|a|c\d+|W)_\w+|env\['\w+'\]")
_CONSTANT = re.compile(r"-?\d+|None|True|False|'\w*'")


def _simple(source: str) -> bool:
    """Whether generated source is a local's name: cheap and safe to use twice."""
    return _SIMPLE.fullmatch(source) is not None


def _simple_or_constant(source: str) -> bool:
    return _SIMPLE.fullmatch(source) is not None or _CONSTANT.fullmatch(source) is not None


def _place_sources(condition, names: dict, when: bool) -> list[tuple[str, bool]]:
    """The locals (their Python names) that are surely zones or cells once `condition` has been
    worked out and found `when`, each with whether it surely holds a piece then.

    `empty(x)` fails unless x is a zone or cell, so once it has been worked out, x is one,
    whatever it said; where it said false, x holds a piece.
    """
    if isinstance(condition, ast.Call) and condition.function == "empty" and len(condition.args) == 1:
        name = condition.args[0]
        if isinstance(name, ast.Name) and name.id in names:
            return [(names[name.id], not when)]
        return []
    if isinstance(condition, ast.Not):
        return _place_sources(condition.operand, names, not when)
    if isinstance(condition, ast.BoolOp):
        if (condition.op == "and") == when:  # both sides were `when`
            return _place_sources(condition.left, names, when) + _place_sources(condition.right, names, when)
        # The left side was worked out, but what it said is not known.
        return [(source, False) for source, _ in _place_sources(condition.left, names, when)]
    return []


_LOCAL = re.compile(r"(?:v|a|c\d+)_\w+|env")  # the caller's names a generated helper may be given
_NUMBERED_NAME = re.compile(r"\b(_w|_q|_r|c)\d+(?=_|\b)")


def _free_locals(body: str, own: set) -> list[str] | None:
    """The caller's locals a helper's body reads (its parameters after `st`), in the order first
    read; None when it reads a `:=` name it does not set itself (the caller's: not passed)."""
    tree = python_ast.parse("def helper():\n" + body)
    stored = set(own)
    read: list[str] = []
    for node in python_ast.walk(tree):
        if isinstance(node, python_ast.Name):
            if isinstance(node.ctx, python_ast.Store):
                stored.add(node.id)
            elif node.id not in read:
                read.append(node.id)
    if any(re.fullmatch(r"_w\d+", name) and name not in stored for name in read):
        return None
    return [name for name in read if name not in stored and _LOCAL.fullmatch(name)]


def _canonical(text: str) -> str:
    """Generated code with its numbered names (`:=`, comprehensions) renumbered in the order first met:
    two writings of the same code read the same."""
    numbers: dict[str, str] = {}
    return _NUMBERED_NAME.sub(lambda m: numbers.setdefault(m.group(0), f"{m.group(1)}#{len(numbers)}"), text)


def _not_none_sources(condition, names: dict, when: bool) -> list[str]:
    """The locals (their Python names) that are surely not none where `condition` is `when`."""
    if isinstance(condition, ast.Compare) and condition.op in ("==", "!=") and when == (condition.op == "!="):
        sides = (condition.left, condition.right)
        return [names[name.id] for name, other in (sides, sides[::-1])
                if isinstance(name, ast.Name) and name.id in names and isinstance(other, ast.NoneLiteral)]
    if isinstance(condition, ast.BoolOp) and (condition.op == "and") == when:  # both sides were `when`
        return _not_none_sources(condition.left, names, when) + _not_none_sources(condition.right, names, when)
    if isinstance(condition, ast.Not):
        return _not_none_sources(condition.operand, names, not when)
    return []


class ExpressionWriter:
    """How the ModuleWriter (interpreter/compiler.py) writes an expression.

    Each expression becomes one Python expression: operators, comparisons, conditions
    and comprehensions run as plain Python, and only the language's own operations
    (attributes, built-ins, defines) are calls of interpreter/runtime.py. The methods
    read the declarations and counters the ModuleWriter keeps (`defines`, `vars`,
    `purity`, `bindings`, ...).
    """

    def world_read(self, name: str, source: str) -> str:
        """A read of something one world (or the game) holds that play never changes: `source` itself
        in the ordinary build; in the playout build, `name`, a global of the module that its
        `bind_world` sets to what `source` reads, once for each world (interpreter/compiler.py).

        Only reads that cannot fail and work nothing out belong here (a zone, the memo of
        world-level defines itself, a variant's being on): a define's value is still looked up
        in `W_memo`, so that it is worked out, or fails, where and when it does in the ordinary build.
        """
        if not self.playout:
            return source
        known = self.world_names.setdefault(name, source)
        if known != source:
            raise CompileError(f"two world-level reads named {name}", None)  # a bug of the compiler
        return name

    def world_define(self, name: str) -> str:
        """In the playout build, the value of a define without parameters that reads nothing play
        changes: a global, `W_define_NAME`, set for each world to the value its memo gives.

        `Game.bind_playout` works out every such define of the world (`WORLD_DEFINES`) before the
        world's first playout. Should one fail, that world plays out with the build written with
        `lazy_defines` instead, which looks each up in the memo where it is read (`W_memo['NAME']`):
        the define then fails where and how it fails in the ordinary build, and only if it is read.
        """
        if name not in self.world_defines:
            self.world_defines.append(name)
        return f"W_define_{name}"

    def expression(self, node: ast.Expr, names: dict) -> str:
        """The Python source of an expression; `names` maps local names to Python expressions."""
        method = getattr(self, "_x_" + type(node).__name__, None)
        if method is None:
            raise CompileError(f"cannot compile {type(node).__name__}", node.span)
        return method(node, names)

    def _x_IntLiteral(self, node, names):
        return repr(node.value)

    def _x_BoolLiteral(self, node, names):
        return repr(node.value)

    def _x_NoneLiteral(self, node, names):
        return "None"

    def _log_text(self, node, names) -> str:
        """A log line: its values worked out now, its words only when the log is read (values.log_text)."""
        if not isinstance(node, ast.StringLiteral) or all(isinstance(p, str) for p in node.parts):
            return self.expression(node, names)
        template = "".join(p.replace("{", "{{").replace("}", "}}") if isinstance(p, str) else "{}"
                           for p in node.parts)
        values = "".join(self.expression(p, names) + ", " for p in node.parts if not isinstance(p, str))
        return f"({template!r}, ({values}))"

    def _x_StringLiteral(self, node, names):
        parts = [repr(p) if isinstance(p, str) else f"_show({self.expression(p, names)})" for p in node.parts]
        if not parts:
            return "''"
        if len(parts) == 1 and isinstance(node.parts[0], str):
            return parts[0]
        return "''.join((" + ", ".join(parts) + ",))"

    def _x_Name(self, node, names):
        name = node.id
        if name in names:
            return names[name]
        if name in self.vars:
            if self.vars[name].per_player:
                raise CompileError(f"'{name}' belongs to each player: write p.{name}", node.span)
            if self.vars[name].per_piece:
                raise CompileError(f"'{name}' belongs to each {self.vars[name].per_piece}: write x.{name}", node.span)
            return f"st.vars[{name!r}]"
        if name in self.zones:
            if self.zones[name].per_player:
                raise CompileError(f"'{name}' belongs to each player: write p.{name}", node.span)
            return self.world_read(f"W_zone_{name}", f"st.world.zones_by_name[{name!r}]")
        if name in self.kinds:
            return self.constant(list(self.kinds[name].members))
        if name in self.symbols:
            return repr(name)
        if name in self.tables:
            # Not one global per table: the analysis swaps a table for a counting copy (pirdsl/analyze).
            return f"{self.world_read('W_tables', 'st.program.tables')}[{name!r}]"
        if name in self.boards:
            return self.world_read(f"W_board_{name}", f"st.world.boards[{name!r}]")
        if name in self.defines:
            if self.defines[name].params:
                raise CompileError(f"'{name}' needs arguments: {name}(...)", node.span)
            inline = self._inline(name, [])
            if inline is not None:
                return inline
            if self.purity.pure(name):  # one value for the world: looked up as a constant (runtime.WorldMemo)
                if self.playout and not self.lazy_defines:  # worked out before the playout: `world_define`
                    return self.world_define(name)
                return f"{self.world_read('W_memo', 'st.world.memo')}[{name!r}]"
            return f"{self._define_call(name)}(st)"
        if name in self.automata:
            return self.world_read(f"W_automa_{name}", f"st.world.automa_seats.get({name!r})")
        if name in self.parameters:
            return self.world_read(f"W_param_{name}", f"st.world.params[{name!r}]")
        if name == "players":
            return self.world_read("W_players", "st.world.players")
        if name == "player_count":
            return self.world_read("W_player_count", "st.world.player_count")
        if name == "round_number":
            return "st.round"
        raise CompileError(f"unknown name '{name}'", node.span)

    def kind_of(self, node, names: dict):
        """What an expression's value may be, knowing what comprehensions go through."""
        known = self.variable_kinds
        if self._of_nonempty(node, names) is not None:
            return PIECE
        return self.purity.expr(node, {name: known.get(source, ANYTHING) for name, source in names.items()})[1]

    def _of_nonempty(self, node, names: dict) -> str | None:
        """For `first(x)` or `top(x)` of a local x known to hold a piece (`_not_none`): x's Python name."""
        if isinstance(node, ast.Call) and node.function in ("first", "top") and node.function not in self.defines \
                and len(node.args) == 1 and isinstance(node.args[0], ast.Name):
            source = names.get(node.args[0].id)
            if source in self.nonempty:
                return source
        return None

    def _sure(self, node, names: dict, atoms: frozenset) -> bool:
        """Whether an expression's value is surely one of `atoms` (PLAYER, PIECE, PLACE), so that
        the run-time test of its class can be left out."""
        return sure(self.kind_of(node, names), atoms)

    def _items(self, node, names: dict, source: str | None = None) -> str:
        """What a loop goes through: a list as it is, the pieces of a zone or cell, or whatever
        `as_list` makes of anything else (and says is wrong)."""
        if source is None:
            source = self.expression(node, names)
        if self._is_list(node, names):
            return source
        if self._sure(node, names, PLACE):
            return self._pieces_in(source)
        return f"_as_list(st, {source})"

    def _pieces_in(self, source: str) -> str:
        """The pieces a zone or cell holds, as a new list (`pieces_in`, without the call). Most
        that a loop goes through are empty: where `:=` is allowed, an empty one is `[]`, without `map`."""
        if self.no_binding:
            return f"list(map(st.pieces.__getitem__, st.contents[{source}.id]))"
        self.bindings += 1
        ids = f"_w{self.bindings}"
        return f"(list(map(st.pieces.__getitem__, {ids})) if ({ids} := st.contents[{source}.id]) else [])"

    def _is_list(self, node, names: dict) -> bool:
        """Whether an expression's value is surely a list (never a zone: no need to look into one)."""
        kind = self.kind_of(node, names)
        return kind is not ANYTHING and bool(kind) and all(isinstance(atom, tuple) for atom in kind)

    def _inline(self, name: str, args: list[str], nodes: list | None = None, names: dict | None = None) -> str | None:
        """A small define that reads play, written out where it is used (None when it should be called).

        Each argument is still worked out once, in order, before the body, as a call would:
        a local or a constant is used as it is; anything else is kept with `:=` in front of
        the body (`(c1_x := ARG) is _UNSET or BODY`: no value of a game is `_UNSET`, so the
        body's value is the whole's), knowing what the argument is (`nodes`, `names`). Where
        Python allows no `:=` (a comprehension's iterable), such a define is called; so is one
        that asks a define going through a list (`costly`), which a call works out once. A
        define that remembers its values, or calls itself, is always called. So is
        one that goes through a list (a comprehension, `take`, `neighbours`...) when used inside another define:
        called, it is worked out once per evaluation (`recall_`, see `_define`); written
        out, at every use (a define using `members(x)` twice, itself used twice, ran its
        loop four times). So is one whose written-out text grows past `INLINE_CHARS`.
        """
        decl = self.defines[name]
        if self.purity.pure(name) or name in self.recursive or self.inlining >= 3 \
                or node_count(decl.body) > 40 or (self.in_define and loops_over_a_list(decl.body)):
            return None
        sources, kept, kinds = [], [], {}
        for index, arg in enumerate(args):
            if _simple_or_constant(arg):
                sources.append(arg)
                continue
            if nodes is None or self.no_binding or name in self.costly:
                return None
            # Named like a comprehension's variable (a name of its own in the module), so that
            # what is known of it (`x != none and ...`) is used as for a local.
            self.comprehensions += 1
            later = f"c{self.comprehensions}_{decl.params[index]}"
            kept.append(f"({later} := {arg}) is _UNSET or ")
            sources.append(later)
            kinds[later] = self.kind_of(nodes[index], names)
        self.inlining += 1
        self.variable_kinds.update(kinds)
        try:
            text = f"({''.join(kept)}({self.expression(decl.body, dict(zip(decl.params, sources)))}))" if kept \
                else f"({self.expression(decl.body, dict(zip(decl.params, sources)))})"
        finally:
            self.inlining -= 1
            for later in kinds:
                del self.variable_kinds[later]
        return text if len(text) <= INLINE_CHARS else None

    def _define_call(self, name: str) -> str:
        """What calls a define: the remembering wrapper of one that reads nothing play changes."""
        if self.purity.pure(name):
            return f"call_{name}"
        return f"recall_{name}" if name in self.costly else f"define_{name}"

    def _x_VariantRef(self, node, names):
        return self.world_read(f"W_variant_{node.name}", f"({node.name!r} in st.world.variants)")

    def _x_ListLiteral(self, node, names):
        return "[" + "".join(self.expression(i, names) + ", " for i in node.items) + "]"

    def _x_Comprehension(self, node, names):
        # Each `for` clause is a Python `for` clause, so later ones run inside earlier ones.
        # Python allows no `:=` in what a comprehension goes through, which is all but the
        # element when the comprehension is sorted.
        written = self._counts_by_value(node, names)
        if written is not None:
            return written
        with ExitStack() as facts:
            return self._comprehension(node, names, facts)

    def _counts_by_value(self, node: ast.Comprehension, names: dict) -> str | None:
        """`[count([x for x in xs where f(x) == q]) for q in qs]`, where neither `xs` nor `f(x)`
        depends on q: the list of each x's `f(x)` made once, and each q's count taken from it
        (`list.count`, in C), instead of going through xs and working f out again for every q.

        The keys are worked out only when qs has an element, as the comprehension works them
        out only for a first q, in the same order, so that an element that fails fails in the
        same place. `list.count` compares each key with q by `key == q`, as the condition does
        (it takes a key that is q itself as equal, which every value of the language is). None
        when the comprehension is not of that shape.
        """
        if node.order_by is not None or len(node.clauses) != 1 or node.clauses[0].where is not None \
                or "count" in self.defines:
            return None
        outer = node.clauses[0]
        call = node.element
        if not (isinstance(call, ast.Call) and call.function == "count" and len(call.args) == 1
                and isinstance(call.args[0], ast.Comprehension)):
            return None
        counted = call.args[0]
        if counted.order_by is not None or len(counted.clauses) != 1:
            return None
        clause = counted.clauses[0]
        test = clause.where
        if not (isinstance(counted.element, ast.Name) and counted.element.id == clause.var != outer.var
                and isinstance(test, ast.Compare) and test.op == "=="
                and isinstance(test.right, ast.Name) and test.right.id == outer.var):
            return None
        if any(isinstance(n, ast.Name) and n.id == outer.var for n in ast.walk([clause.iterable, test.left])):
            return None
        inner = dict(names)
        self.comprehensions += 1
        number = self.comprehensions
        every, keys = f"c{number}_every", f"c{number}_keys"
        self.no_binding += 1
        iterable = self._items(outer.iterable, names)
        self.no_binding -= 1
        variable = f"c{number}_{outer.var}"
        inner[outer.var] = variable
        self.variable_kinds[variable] = element(self.kind_of(outer.iterable, names))
        self.no_binding += 1  # inside a comprehension's iterable: no `:=`
        listed = self.expression(counted.model_copy(update={
            "element": test.left, "clauses": [clause.model_copy(update={"where": None})]}), inner)
        self.no_binding -= 1
        return (f"[{keys}.count({variable}) for {every} in [{iterable}] "
                f"for {keys} in ([{listed}] if {every} else [None]) for {variable} in {every}]")

    def _comprehension(self, node, names, facts: ExitStack) -> str:
        inner = dict(names)
        loops: list[str] = []
        variables: list[str] = []
        sorting = node.order_by is not None
        # `[x for x in xs where ... order by ...]`, the element the variable itself: written as
        # `sorted([...], key=...)` alone, with no comprehension around it, so its condition
        # and its key are not in a comprehension's iterable and may keep values with `:=`.
        alone = (sorting and len(node.clauses) == 1 and isinstance(node.element, ast.Name)
                 and node.element.id == node.clauses[0].var)
        sorting_inside = sorting and not alone
        self.no_binding += sorting_inside
        for clause in node.clauses:
            self.no_binding += 1
            iterable = self.expression(clause.iterable, inner)
            listed = self._is_list(clause.iterable, inner)
            kind = self.kind_of(clause.iterable, inner)
            self.no_binding -= 1
            self.comprehensions += 1  # every comprehension variable of the module has a name of its own
            variable = f"c{self.comprehensions}_{clause.var}"
            inner[clause.var] = variable
            self.variable_kinds[variable] = element(kind)
            condition = f" if {self.expression(clause.where, inner)}" if clause.where is not None else ""
            if clause.where is not None:  # what the rest is written for passed it (`x != none`, `not empty(x)`)
                facts.enter_context(self._not_none(clause.where, inner, True))
            if not listed:
                self.no_binding += 1  # a comprehension's iterable: no `:=`
                iterable = self._items(clause.iterable, inner, iterable)
                self.no_binding -= 1
            loops.append(f"for {variable} in {iterable}{condition}")
            variables.append(variable)
            last_iterable = iterable
        if sorting:
            key = self.expression(node.order_by, inner)
        self.no_binding -= sorting_inside
        element_source = self.expression(node.element, inner)
        if not sorting:
            return f"[{element_source} {' '.join(loops)}]"
        reverse = ", reverse=True" if node.descending else ""
        if alone and node.clauses[0].where is None and self._sorted_as_it_is():
            # Every element, as it is: `sorted` makes the new list itself (what goes through
            # is a list, made or checked above), without a copy of it first.
            return f"sorted({last_iterable}, key=lambda {variables[0]}: {key}{reverse})"
        if alone:
            return f"sorted([{variables[0]} {loops[0]}], key=lambda {variables[0]}: {key}{reverse})"
        # sorted() is stable in both directions: equal keys keep their order. The kept
        # combinations are sorted first; the element is worked out for each, in order.
        if len(variables) == 1:
            variable = variables[0]
            return (f"[{element_source} for {variable} in sorted([{variable} {loops[0]}], "
                    f"key=lambda {variable}: {key}{reverse})]")
        together = ", ".join(variables)
        return (f"[{element_source} for ({together},) in sorted([({together},) {' '.join(loops)}], "
                f"key=lambda _t: (lambda {together}: {key})(*_t){reverse})]")

    def _sorted_as_it_is(self) -> bool:
        """Whether `[x for x in xs order by ...]` is written `sorted(xs, key=...)` (tests turn it off)."""
        return True

    def _bind(self, source: str) -> tuple[str, str] | None:
        """How to use a value twice: (its first use, its later uses), or None when it cannot be.

        A local is used as it is; anything else is kept with `:=` where Python allows it.
        """
        if _simple(source):
            return source, source
        if self.no_binding:
            return None
        self.bindings += 1
        name = f"_w{self.bindings}"
        return f"({name} := {source})", name

    def _world_table(self, name: str, argument, names: dict, counted: bool = False) -> str | None:
        """In the playout build, for a define of one parameter that reads nothing play changes,
        called with an argument of one known class: a global bound for each world to the table
        of its values for arguments of that class, the one its `call_` wrapper fills
        (`st.world.memo['@D'][class]`, interpreter/compiler.py); with `counted`, of the groups
        of zones its `count_pieces_` helper fills (`'#D'`). None when the class is not known."""
        for atoms, python_class in ((TEXT, "str"), (PLAYER, "_Player"), (PLACE, "_Zone")):
            if self._sure(argument, names, atoms):
                kind = python_class.lstrip("_")
                table = f"#{name}" if counted else f"@{name}"
                return self.world_read(f"W_{'counted' if counted else 'of'}_{kind}_{name}",
                                       f"st.world.memo[{table!r}].setdefault({python_class}, {{}})")
        return None

    def _player_zone_template(self, name: str) -> str:
        """A seat's zone called `name`, `{}` standing for the seat: in the playout build, read from
        a list of each seat's such zone made for each world (`world_read`)."""
        if self.playout:
            return self.world_read(f"W_seat_zone_{name}",
                                   f"[zones[{name!r}] for zones in st.world.player_zones]") + "[{}.index]"
        return f"st.world.player_zones[{{}}.index][{name!r}]"

    def _x_Attribute(self, node, names):
        target = self.expression(node.target, names)
        name = node.name
        # The usual case is written out, guarded by the kind of value it needs; anything
        # else goes to the operation of the runtime, which also says what is wrong.
        # Where the compiler knows what the value is (`_sure`), the test of its class is left
        # out; a field or layer that some pieces or zones lack is still looked for first.
        if name in self.player_vars:
            helper, test, value = "_player_var", "{}.__class__ is _Player", f"st.pvars[{{}}.index][{name!r}]"
            if self._sure(node.target, names, PLAYER):
                return value.format(target)
        elif name in self.piece_vars:
            return f"_piece_var(st, {target}, {name!r})"
        elif name in self.player_zones:
            helper, test, value = ("_player_zone", "{}.__class__ is _Player",
                                   self._player_zone_template(name))
            if self._sure(node.target, names, PLAYER):
                return value.format(target)
        elif name in self.piece_fields:
            helper, test, value = ("_field", f"{{}}.__class__ is _Piece and {name!r} in {{}}.fields",
                                   f"{{}}.fields[{name!r}]")
            if self._sure(node.target, names, PIECE):
                if all(name in piece.fields for piece in self.pieces.values()):  # every piece has it
                    return value.format(target)
                test = f"{name!r} in {{}}.fields"
        elif name in self.layer_names:
            helper, test, value = ("_layer", f"{{}}.__class__ is _Zone and {name!r} in {{}}.layers",
                                   f"{{}}.layers[{name!r}]")
            if self._sure(node.target, names, CELL) and self._every_board_has(name):
                return value.format(target)  # a board's cells have every layer of their board
            if self._sure(node.target, names, PLACE):
                test = f"{name!r} in {{}}.layers"
        elif name in ("row", "col"):
            helper, test, value = "_attribute", "{}.__class__ is _Zone", f"{{}}.{name}"
            if self._sure(node.target, names, PLACE):
                return value.format(target)
        elif name in ("index", "name"):
            helper, test, value = "_attribute", "{}.__class__ is _Player", f"{{}}.{name}"
            if self._sure(node.target, names, PLAYER):
                return value.format(target)
        else:
            return f"_attribute(st, {target}, {name!r})"
        test = self._none_or(test, node.target, names)
        bound = self._bind(target)
        if bound is None:
            return f"{helper}(st, {target}, {name!r})"
        first, later = bound
        if test.startswith("{}"):
            test = test.replace("{}", first, 1).replace("{}", later)
        else:  # the class is known: `first` where the test uses it
            test = test.replace("{}", first, 1)
        return f"({value.replace('{}', later)} if {test} else {helper}(st, {later}, {name!r}))"

    def _none_or(self, test: str, node, names: dict) -> str:
        """A test of a value's class (`{}.__class__ is _Piece and ...`) as a test for none, where the
        value is of that class or none (a player's card before one is dealt): none is the one to tell apart."""
        for cls, atoms in (("_Player", PLAYER), ("_Piece", PIECE), ("_Zone", PLACE)):
            if test.startswith(f"{{}}.__class__ is {cls}") and self._sure(node, names, atoms | NOTHING):
                return "{} is not None" + test[len(f"{{}}.__class__ is {cls}"):]
        return test

    def _piece_or_none(self, node, names: dict) -> bool:
        """Whether a value is surely a piece or none: a test for none tells them apart."""
        return self._sure(node, names, PIECE | NOTHING)

    def _every_board_has(self, layer: str) -> bool:
        """Whether every board of the file has this layer (then every cell has it: interpreter/game.py)."""
        return all(any(own.name == layer for own in board.layers) for board in self.boards.values())

    def _x_Index(self, node, names):
        target = self.expression(node.target, names)
        index = self.expression(node.index, names)
        literal = isinstance(node.index, ast.IntLiteral)
        bound_target = self._bind(target)
        bound_index = (index, index) if literal or _simple(index) else self._bind(index)
        if bound_target is None or bound_index is None:
            return f"_index(st, {target}, {index})"
        (first_target, t), (first_index, i) = bound_target, bound_index
        if literal and self._is_list(node.target, names):  # surely a list, at a fixed place: only its end to check
            end = f"{i} < len({first_target})" if node.index.value >= 0 else f"-len({first_target}) <= {i}"
            return f"({t}[{i}] if {end} else _index(st, {t}, {i}))"
        if self._int_keyed_table(node.target, names):
            # A table whose rows are numbered: a row looked up in the dictionary, without a call.
            test = f"{first_target}.__class__ is dict" if literal \
                else f"({first_target}.__class__ is dict) & ({first_index}.__class__ is int)"
            return f"({t}[{i}] if {test} and {i} in {t} else _index(st, {t}, {i}))"
        if not literal and self._is_list(node.target, names) and self._wrapped_index(node, names):
            # `xs[n % count(xs)]`: a whole number is within the list (an empty one failed at `%`).
            test = f"{first_index}.__class__ is int" if _simple(target) \
                else f"({first_target}.__class__ is list) & ({first_index}.__class__ is int)"
            return f"({t}[{i}] if {test} else _index(st, {t}, {i}))"
        if not literal and _simple(target) and self._is_list(node.target, names):
            # Surely a list, with nothing to work out first (a world-level define's value, in a
            # playout build written for its kind): only the index to check.
            return (f"({t}[{i}] if ({first_index}.__class__ is int) and -len({t}) <= {i} < len({t}) "
                    f"else _index(st, {t}, {i}))")
        # `&`, not `and`: the index is worked out whatever the target is, after it, as in a call.
        test = f"({first_target}.__class__ is list) & ({first_index}.__class__ is int)" if not literal \
            else f"{first_target}.__class__ is list"
        if literal and node.index.value >= 0:  # a count from the front: only the end to check
            return f"({t}[{i}] if {test} and {i} < len({t}) else _index(st, {t}, {i}))"
        return f"({t}[{i}] if {test} and -len({t}) <= {i} < len({t}) else _index(st, {t}, {i}))"

    def _wrapped_index(self, node: ast.Index, names: dict) -> bool:
        """Whether an index is `n % count(xs)` of the list `xs` it indexes (`route[p.travelled % lap]`,
        `lap` a define of no parameters whose body is `count(route)`): a whole number it gives is
        at least 0 and less than the list's length. The list is named the same in both places,
        a local of the expression or a name of the file, and nothing changes while one expression
        is worked out, so both are the same list."""
        index, target = node.index, node.target
        if not (isinstance(index, ast.Binary) and index.op == "%" and isinstance(target, ast.Name)) \
                or "count" in self.defines:
            return False
        divisor = index.right
        if isinstance(divisor, ast.Name) and divisor.id not in names and target.id not in names \
                and divisor.id in self.defines and not self.defines[divisor.id].params \
                and not any(divisor.id in table for table in (self.vars, self.zones, self.kinds, self.symbols,
                                                               self.tables, self.boards)):
            divisor = self.defines[divisor.id].body  # a define of the file: its body names no local
        return isinstance(divisor, ast.Call) and divisor.function == "count" and len(divisor.args) == 1 \
            and isinstance(divisor.args[0], ast.Name) and divisor.args[0].id == target.id

    def _int_keyed_table(self, node, names: dict) -> bool:
        """Whether an expression names a table (not a local of that name) whose every row's key is a whole number."""
        if not isinstance(node, ast.Name) or node.id in names or node.id not in self.tables:
            return False
        return all(isinstance(row.key, ast.IntLiteral) and row.key.value.__class__ is int
                   for row in self.tables[node.id].rows)

    def _x_Call(self, node, names):
        name = node.function
        if name in ("all", "any") and name not in self.defines and len(node.args) == 1 \
                and isinstance(node.args[0], ast.Comprehension) and self.writing_module:
            written = self._quantifier(name, node.args[0], names, node.span)
            if written is not None:
                return written
        if name == "count" and len(node.args) == 1 and isinstance(node.args[0], ast.Call) \
                and node.args[0].function == "all_pieces" and len(node.args[0].args) == 1 \
                and "count" not in self.defines and "all_pieces" not in self.defines:
            # How many pieces some zones hold, counted without making the list of them; the
            # zones of a define that reads nothing play changes have their ids remembered.
            zones = node.args[0].args[0]
            if isinstance(zones, ast.Call) and zones.function in self.pieces_counted \
                    and len(zones.args) == len(self.defines[zones.function].params):
                args = [self.expression(a, names) for a in zones.args]
                call = f"count_pieces_{zones.function}(st" + "".join(", " + a for a in args) + ")"
                if len(args) == 1 and self.playout and not self.no_binding and _simple(args[0]):
                    groups = self._world_table(zones.function, zones.args[0], names, counted=True)
                    if groups is not None:  # the group's running count, as the helper's first try reads it
                        self.bindings += 1
                        group = f"_w{self.bindings}"
                        return (f"(st.group_counts[{group}] if ({group} := {groups}.get({args[0]})).__class__ is int "
                                f"and {group} < len(st.group_counts) else {call})")
                return call
            return f"_count_pieces(st, {self.expression(zones, names)})"
        args = [self.expression(a, names) for a in node.args]
        if name in self.defines:
            params = self.defines[name].params
            if len(params) != len(args):
                raise CompileError(f"'{name}' takes {len(params)} arguments, got {len(args)}", node.span)
            inline = self._inline(name, args, node.args, names)
            if inline is not None:
                return inline
            suffix = self._specialised(name, node.args, names)
            call = f"{self._define_call(name)}{suffix}(st" + "".join(", " + a for a in args) + ")"
            if not suffix and len(args) == 1 and self.playout and self.purity.pure(name):
                table = self._world_table(name, node.args[0], names)
                bound = self._bind(args[0]) if table is not None else None
                if bound is not None:  # the value when the world has it, else the call that works it out
                    first, later = bound
                    return f"({table}[{later}] if {first} in {table} else {self._define_call(name)}(st, {later}))"
            return call
        if name in IMPLEMENTATIONS:
            written = self._builtin(name, node.args, args, names)
            if written is not None:
                return written
            return f"_f_{name}(st" + "".join(", " + a for a in args) + ")"
        if name in self.rules:
            raise CompileError(f"'{name}' is a rule: carry it out as a statement of its own", node.span)
        raise CompileError(f"unknown function '{name}'", node.span)

    def _quantifier(self, name: str, node: ast.Comprehension, names: dict, span) -> str | None:
        """`all` or `any` of a comprehension with one `for` clause, as a generated function that
        loops over the list instead of building it (None: written as a list, as before).

        The language works out every element before `all` or `any` looks at them, so an error
        in any element is an error. The function stops at the first element that settles the
        answer only where no later element could raise (`_cannot_fail`, the comprehension's
        variable of the kind it is known to be); where that holds only once a cheap test of the
        variable has passed (`x is not None`, `x.__class__ is _Zone`, ...), the later elements
        that fail the test are still worked out, in order, so that the first error is the
        same. Elsewhere every element is worked out, as before, without the list. An element
        that is itself `all` or `any` of such a comprehension is a loop inside the loop.
        """
        written = self._quantifier_lines(name, node, names)
        if written is None:
            return None
        lines, result = written
        lines = [f"    {line}" for line in lines] + [f"    return {result}"]
        free = _free_locals("\n".join(lines), set())
        if free is None:
            return None
        arguments = "".join(", " + f for f in free)
        key = (name, _canonical("\n".join([arguments] + lines)))
        helper = self.quantifiers.get(key)
        if helper is None:
            helper = self.quantifiers[key] = f"{name}_{len(self.quantifiers) + 1}"
            self.chunk([self.comment(span), f"def {helper}(st{arguments}):"] + lines, span=span)
        return f"{helper}(st{arguments})"

    def _quantifier_lines(self, name: str, node, names: dict) -> tuple[list[str], str] | None:
        """The statements that work out `all`/`any` of a comprehension (`_quantifier`), and the
        local they leave the answer in; None where it is not written so."""
        if not isinstance(node, ast.Comprehension) or node.order_by is not None or len(node.clauses) != 1:
            return None
        clause = node.clauses[0]
        iterable = self.expression(clause.iterable, names)
        kind = self.kind_of(clause.iterable, names)
        if not self._is_list(clause.iterable, names):
            iterable = self._items(clause.iterable, names, iterable)
        self.comprehensions += 1
        number = self.comprehensions
        variable = f"c{number}_{clause.var}"
        result, rest = f"_q{number}", f"_r{number}"
        inner = dict(names)
        inner[clause.var] = variable
        self.variable_kinds[variable] = element(kind)
        test = self._lazy_test(node, clause, inner, variable, element(kind))
        with ExitStack() as facts:
            where = self.expression(clause.where, inner) if clause.where is not None else None
            if clause.where is not None:
                facts.enter_context(self._not_none(clause.where, inner, True))
            value_lines, value = self._element_lines(node.element, inner)
            # `exists`: whether some element passes the where clause; the element itself is
            # only worked out for its errors, where it may have one.
            needed = name != "exists" or not self._cannot_fail(node.element, inner)
        settles = "" if name in ("any", "exists") else "not "
        settled, unsettled = ("False", "True") if name == "all" else ("True", "False")

        def element_worked_out(depth: int) -> list[str]:  # the where clause, then the element
            pad = "    " * depth
            if where is None:
                return [pad + line for line in value_lines] + [f"{pad}{value}"]
            return [f"{pad}if {where}:"] + [pad + "    " + line for line in value_lines] + [f"{pad}    {value}"]

        lines = [f"{result} = {unsettled}", f"for {variable} in {rest if test else iterable}:"]
        pad = "    "
        if where is not None:
            lines.append(f"    if {where}:")
            pad = "        "
        if name == "exists":
            lines += [pad + line for line in value_lines] + [pad + value] if needed else []
            lines.append(f"{pad}{result} = {settled}")
        else:
            lines += [pad + line for line in value_lines]
            lines += [f"{pad}if {settles}{value}:", f"{pad}    {result} = {settled}"]
            pad += "    "
        if test is not None:
            if test:  # the later elements that could fail, worked out for their errors
                lines.insert(0, f"{rest} = iter({iterable})")
                lines += [f"{pad}for {variable} in {rest}:", f"{pad}    if {test}:"]
                lines += element_worked_out(len(pad) // 4 + 2)
            lines.append(f"{pad}break")
        return lines, result

    def _element_lines(self, node, names: dict) -> tuple[list[str], str]:
        """An element of a comprehension `_quantifier` writes: the statements it needs first (a
        quantifier of its own, `_quantifier_lines`), and its value."""
        if isinstance(node, ast.Call) and node.function in ("all", "any") and node.function not in self.defines \
                and len(node.args) == 1:
            written = self._quantifier_lines(node.function, node.args[0], names)
            if written is not None:
                return written
        return [], self.expression(node, names)

    def _lazy_test(self, node: ast.Comprehension, clause, inner: dict, variable: str, kind) -> str | None:
        """How `_quantifier` may stop early: "" when no element can raise; a test of the variable
        true of the only values whose element might (`x is None`, `x.__class__ is not _Zone`);
        None when neither is known."""
        candidates = [(kind, "")]
        if kind is not ANYTHING and "none" in kind:
            candidates.append((kind - NOTHING, f"{variable} is None"))
        for atoms, cls in ((PLACE, "_Zone"), (PIECE, "_Piece"), (PLAYER, "_Player")):
            narrowed = atoms if kind is ANYTHING else kind & atoms
            if narrowed and narrowed != kind:
                candidates.append((narrowed, f"{variable}.__class__ is not {cls}"))
        try:
            for narrowed, test in candidates:
                if not narrowed:
                    continue
                self.variable_kinds[variable] = narrowed
                if clause.where is not None and not self._cannot_fail(clause.where, inner):
                    continue
                with ExitStack() as facts:
                    if clause.where is not None:
                        facts.enter_context(self._not_none(clause.where, inner, True))
                    if self._cannot_fail(node.element, inner):
                        return test
            return None
        finally:
            self.variable_kinds[variable] = kind

    def _cannot_fail(self, node, names: dict, depth: int = 0) -> bool:
        """Whether working out an expression surely raises no error, knowing what its names
        hold (`kind_of`); expressions change nothing, so one that cannot fail can be left out.

        A sure "no" is never needed: False where unsure."""
        safe = self._cannot_fail
        if isinstance(node, (ast.IntLiteral, ast.BoolLiteral, ast.NoneLiteral)):
            return True
        if isinstance(node, ast.StringLiteral):
            return all(isinstance(part, str) for part in node.parts)
        if isinstance(node, ast.Name):  # as `_x_Name` looks names up: all but a define's value are there
            name = node.id
            if name in names:
                return True
            if name in self.vars:
                return not self.vars[name].per_player and not self.vars[name].per_piece
            if name in self.zones:
                return not self.zones[name].per_player
            return name not in self.defines and (name in self.kinds or name in self.symbols or name in self.tables
                                                 or name in self.boards or name in self.automata
                                                 or name in self.parameters
                                                 or name in ("players", "player_count", "round_number"))
        if isinstance(node, ast.Not):
            return safe(node.operand, names, depth)
        if isinstance(node, ast.BoolOp):
            if not safe(node.left, names, depth):
                return False
            with self._not_none(node.left, names, node.op == "and"):
                return safe(node.right, names, depth)
        if isinstance(node, ast.IfExpr):
            if not safe(node.condition, names, depth):
                return False
            with self._not_none(node.condition, names, True):
                if not safe(node.then, names, depth):
                    return False
            with self._not_none(node.condition, names, False):
                return safe(node.otherwise, names, depth)
        if isinstance(node, ast.Compare):
            if not (safe(node.left, names, depth) and safe(node.right, names, depth)):
                return False
            return node.op in ("==", "!=") or (self._sure(node.left, names, NUMBER)
                                               and self._sure(node.right, names, NUMBER))
        if isinstance(node, ast.Binary):
            return node.op in ("+", "-", "*") and safe(node.left, names, depth) and safe(node.right, names, depth) \
                and self._sure(node.left, names, NUMBER) and self._sure(node.right, names, NUMBER)
        if isinstance(node, ast.Negate):
            return safe(node.operand, names, depth) and self._sure(node.operand, names, NUMBER)
        if isinstance(node, ast.Membership):
            return safe(node.element, names, depth) and safe(node.collection, names, depth) \
                and self._is_list(node.collection, names)
        if isinstance(node, ast.ListLiteral):
            return all(safe(item, names, depth) for item in node.items)
        if isinstance(node, ast.Attribute):
            return safe(node.target, names, depth) and self._attribute_cannot_fail(node, names)
        if isinstance(node, ast.Call):
            if not all(safe(argument, names, depth) for argument in node.args):
                return False
            name = node.function
            if name in self.defines:
                decl = self.defines[name]
                if name in self.recursive or depth >= 3 or len(decl.params) != len(node.args) \
                        or not all(isinstance(a, ast.Name) and a.id in names for a in node.args):
                    return False
                return safe(decl.body, {param: names[a.id] for param, a in zip(decl.params, node.args)}, depth + 1)
            if name not in IMPLEMENTATIONS or len(node.args) != 1:
                return False
            if name == "empty":
                return self._sure(node.args[0], names, PLACE)
            if name in ("first", "top"):
                return self._of_nonempty(node, names) is not None or self._is_list(node.args[0], names) \
                    or (not self.shuffles and self._sure(node.args[0], names, PLACE))
            if name == "count":
                return self._is_list(node.args[0], names) or self._sure(node.args[0], names, PLACE)
            return False
        return False

    def _attribute_cannot_fail(self, node: ast.Attribute, names: dict) -> bool:
        """Whether `x.name` surely finds what it reads, x already worked out (as `_x_Attribute` tells them apart)."""
        name = node.name
        if name in self.player_vars:
            return self._sure(node.target, names, PLAYER)
        if name in self.piece_vars:
            return False
        if name in self.player_zones:
            return self._sure(node.target, names, PLAYER)
        if name in self.piece_fields:
            return self._sure(node.target, names, PIECE) and all(name in p.fields for p in self.pieces.values())
        if name in self.layer_names:
            return self._sure(node.target, names, CELL) and self._every_board_has(name)
        if name in ("row", "col"):
            return self._sure(node.target, names, PLACE)
        if name in ("index", "name"):
            return self._sure(node.target, names, PLAYER)
        return False

    def _builtin(self, name: str, nodes: list, args: list[str], names: dict) -> str | None:
        """The usual case of a built-in written out where it is used, or None to call it."""
        if name == "cells" and self._sure(nodes[0], names, BOARD):
            return f"{args[0]}.cells"  # the language never changes a list in place: no copy needed
        if name in ("all", "any", "sum") and self._is_list(nodes[0], names):
            return f"{name}({args[0]})"
        if name == "count" and self._is_list(nodes[0], names):
            return f"len({args[0]})"
        if name in ("min", "max") and self._is_list(nodes[0], names):
            if isinstance(nodes[0], ast.ListLiteral) and nodes[0].items:
                return f"{name}({args[0]})"  # not empty: no none to give
            bound = self._bind(args[0])
            if bound is not None:
                return f"({name}({bound[1]}) if {bound[0]} else None)"
        if name == "range" and len(args) == 2:
            # Whole numbers (the usual case) straight to Python's range; a literal needs no test.
            literal = [isinstance(n, ast.IntLiteral) and not isinstance(n.value, bool) for n in nodes]
            if all(literal):
                return f"list(range({args[0]}, {args[1]} + 1))"
            bound = [(a, a) if known else self._bind(a) for a, known in zip(args, literal)]
            if bound[0] is not None and bound[1] is not None:
                (first_a, a), (first_b, b) = bound
                tests = [f"({first}.__class__ is int)" for first, known in zip((first_a, first_b), literal) if not known]
                # `&`, not `and`: both are worked out, in order, as in the call.
                return f"(list(range({a}, {b} + 1)) if {' & '.join(tests)} else _f_range(st, {a}, {b}))"
        if name == "all_pieces" and self._is_list(nodes[0], names) \
                and sure(element(self.kind_of(nodes[0], names)), PLACE):
            return f"_pieces_of_places(st, {args[0]})"  # a list of zones and cells: no test of each
        if name == "distance" and self._square_cells(nodes, names):
            # Two cells of square grids: the steps a king takes, as `_distance` works it out.
            bound = self._bind(args[0]), self._bind(args[1])
            if bound[0] is not None and bound[1] is not None:
                (first_a, a), (first_b, b) = bound
                return f"max(abs({first_a}.row - {first_b}.row), abs({a}.col - {b}.col))"
        if name not in ("empty", "count", "automa", "eliminated", "first", "top"):
            return None
        if name in ("automa", "eliminated") and self._sure(nodes[0], names, PLAYER):
            return f"{args[0]}.is_automa" if name == "automa" else f"st.eliminated[{args[0]}.index]"
        if name in ("empty", "count") and self._sure(nodes[0], names, PLACE):
            return f"(not st.contents[{args[0]}.id])" if name == "empty" else f"len(st.contents[{args[0]}.id])"
        bound = self._bind(args[0])
        if bound is None:
            return None
        first, x = bound
        if name in ("first", "top") and x in self.nonempty:  # a zone or cell that holds a piece
            end = "0" if name == "first" else "-1"
            if not self.shuffles:
                return f"st.pieces[st.contents[{x}.id][{end}]]"
            return f"(st.pieces[st.contents[{x}.id][{end}]] if not st.unordered else _f_{name}(st, {x}))"
        if name in ("first", "top") and self._is_list(nodes[0], names):
            return f"({x}[{'0' if name == 'first' else '-1'}] if {first} else None)"
        if name == "empty":
            return f"(not st.contents[{x}.id] if {first}.__class__ is _Zone else _f_empty(st, {x}))"
        if name == "count":
            return (f"(len(st.contents[{x}.id]) if {first}.__class__ is _Zone else len({x}) "
                    f"if {x}.__class__ is list else _f_count(st, {x}))")
        if name == "automa":
            return f"({x}.is_automa if {first}.__class__ is _Player else _f_automa(st, {x}))"
        if name == "eliminated":
            return f"(st.eliminated[{x}.index] if {first}.__class__ is _Player else _f_eliminated(st, {x}))"
        end = "0" if name == "first" else "-1"
        # A shuffled zone's places are not known: the runtime says so (a file without
        # `shuffle` never has one).
        unordered = " and not st.unordered" if self.shuffles else ""
        if self._sure(nodes[0], names, PLACE):
            return (f"(st.pieces[st.contents[{x}.id][{end}]] if st.contents[{first}.id]"
                    f"{unordered} else _f_{name}(st, {x}))")
        return (f"(st.pieces[st.contents[{x}.id][{end}]] if {first}.__class__ is _Zone and st.contents[{x}.id]"
                f"{unordered} else _f_{name}(st, {x}))")

    def _x_Binary(self, node, names):
        left = self.expression(node.left, names)
        right = self.expression(node.right, names)
        if node.op == "+":
            kinds = self.kind_of(node.left, names), self.kind_of(node.right, names)
            # A zone's pieces are added as a list; beside a number, a zone is an error either way.
            if any(map(may_be_place, kinds)) and not any(kind is not ANYTHING and kind and kind <= NUMBER
                                                          for kind in kinds):
                if self._sure(node.left, names, PLACE) or self._sure(node.right, names, PLACE):
                    return f"_plus(st, {left}, {right})"  # a zone's pieces joined to a list
                bound = self._bind(left), self._bind(right)
                if bound[0] is None or bound[1] is None:
                    return f"_plus(st, {left}, {right})"
                (first_a, a), (first_b, b) = bound
                # Neither a zone (the usual case): Python's own `+`, without the runtime's call.
                return (f"({a} + {b} if ({first_a}.__class__ is not _Zone) & ({first_b}.__class__ is not _Zone) "
                        f"else _plus(st, {a}, {b}))")
            return f"({left} + {right})"
        if node.op == "/":
            return f"_divide({left}, {right})"
        if node.op in ("-", "*", "%"):
            return f"({left} {node.op} {right})"
        raise CompileError(f"unknown operator {node.op}", node.span)

    def _written_out(self, node, names: dict) -> tuple:
        """A define of no arguments that is written out where it is used: its body, and the names
        it is written with; anything else as it is."""
        if isinstance(node, ast.Name) and node.id not in names and node.id in self.defines \
                and not self.defines[node.id].params and not self.purity.pure(node.id) \
                and not self.in_define and node.id not in self.recursive and node.id not in self.vars:
            return self.defines[node.id].body, {}
        return node, names

    def _distinct_places(self, node, names: dict) -> bool:
        """Whether a list is surely of distinct zones or cells: `[s for s in cells(board) where ...]`."""
        node, names = self._written_out(node, names)
        if not isinstance(node, ast.Comprehension) or node.order_by is not None or len(node.clauses) != 1:
            return False
        clause = node.clauses[0]
        iterable = clause.iterable
        return isinstance(node.element, ast.Name) and node.element.id == clause.var \
            and isinstance(iterable, ast.Call) and iterable.function == "cells" and "cells" not in self.defines \
            and len(iterable.args) == 1 and self._sure(iterable.args[0], names, BOARD)

    def _x_Compare(self, node, names):
        if node.op not in ("==", "!=", "<", "<=", ">", ">="):
            raise CompileError(f"unknown comparison {node.op}", node.span)
        if node.op in ("==", "!=", ">") and isinstance(node.right, ast.IntLiteral) and node.right.value == 0 \
                and isinstance(node.left, ast.Call) and node.left.function == "count" and len(node.left.args) == 1 \
                and "count" not in self.defines and self.writing_module:
            # `count([...]) == 0`: whether some element passes, without making the list.
            listed, scope = self._written_out(node.left.args[0], names)
            if isinstance(listed, ast.Comprehension):
                written = self._quantifier("exists", listed, scope, node.span)
                if written is not None:
                    return f"(not {written})" if node.op == "==" else written
        if node.op in ("<=", "<", ">=", ">"):
            written = self._distance_within(node, names)
            if written is not None:
                return written
        return f"({self.expression(node.left, names)} {node.op} {self.expression(node.right, names)})"

    def _distance_within(self, node: ast.Compare, names: dict) -> str | None:
        """`distance(a, b) <= r` between two cells of square grids, `r` a local or a constant: each
        axis's steps compared with r (`max(x, y) <= r` is `x <= r and y <= r`; `>=` and `>` with
        `or`), without the call of `max`. A number r gives the same answer; anything else fails
        at the first comparison with the same error as `max(...) <= r`. None when it does not apply."""
        call = node.left
        if not (isinstance(call, ast.Call) and call.function == "distance" and len(call.args) == 2
                and "distance" not in self.defines):
            return None
        radius = node.right
        if not (isinstance(radius, ast.IntLiteral) or isinstance(radius, ast.Name) and radius.id in names) \
                or not self._square_cells(call.args, names) \
                or self.no_binding and not all(isinstance(a, ast.Name) and a.id in names for a in call.args):
            return None
        args = [self.expression(a, names) for a in call.args]
        radius = self.expression(node.right, names)
        bound = self._bind(args[0]), self._bind(args[1])
        if bound[0] is None or bound[1] is None or not _simple_or_constant(radius):
            return None
        (first_a, a), (first_b, b) = bound
        join = " and " if node.op in ("<=", "<") else " or "
        return (f"(abs({first_a}.row - {first_b}.row) {node.op} {radius}{join}"
                f"abs({a}.col - {b}.col) {node.op} {radius})")

    def _x_Membership(self, node, names):
        element, collection = self.expression(node.element, names), self.expression(node.collection, names)
        if self._is_list(node.collection, names):
            test = f"({element} in {collection})"
        else:
            test = f"_member(st, {element}, {collection})"
        return f"(not {test})" if node.negated else test

    def _square_cells(self, nodes: list, names: dict) -> bool:
        """Whether `distance` of these two is between two cells of square grids: the steps a king takes."""
        return all(board.shape != "hex" for board in self.boards.values()) \
            and self._sure(nodes[0], names, CELL) and self._sure(nodes[1], names, CELL)

    def _x_BoolOp(self, node, names):
        left = self.expression(node.left, names)
        # `x != none and ...` (`x == none or ...`): on the right, x is not none.
        with self._not_none(node.left, names, node.op == "and"):
            right = self.expression(node.right, names)
        return f"({left} {node.op} {right})"

    @contextmanager
    def _not_none(self, condition, names: dict, when: bool, facts: list | None = None, kept: frozenset = frozenset(),
                  settled: bool = True):
        """While the code is written for where `condition` is `when` (and each (condition, when)
        of `facts`): a local that it then says is not none (`x != none` true, `x == none` false)
        is known not to be none, unless it is one of `kept` (Python names given a value there).

        A local that `empty(x)` was asked of is known to be a zone or cell; with `settled`
        (the code written is part of the same expression, so no piece moves meanwhile), one
        that `empty(x)` said false of is known to hold a piece (`nonempty`): its `first` and
        `top` are pieces.
        """
        saved = {}
        added = []
        sources = []
        places = []
        for test, holds in [(condition, when)] + (facts or []):
            sources += _not_none_sources(test, names, holds)
            places += _place_sources(test, names, holds)
        for source in sources:
            if source in kept:
                continue
            kind = self.variable_kinds.get(source, ANYTHING)
            if kind is not ANYTHING and "none" in kind and source not in saved:
                saved[source] = kind
                self.variable_kinds[source] = kind - NOTHING
        for source, holds_a_piece in places:
            if source in kept:
                continue
            kind = self.variable_kinds.get(source, ANYTHING)
            narrowed = PLACE if kind is ANYTHING else kind & PLACE
            if narrowed and narrowed != kind:
                saved.setdefault(source, kind)
                self.variable_kinds[source] = narrowed
            if holds_a_piece and settled and narrowed and source not in self.nonempty:
                self.nonempty.add(source)
                added.append(source)
        try:
            yield
        finally:
            self.variable_kinds.update(saved)
            self.nonempty.difference_update(added)

    def _x_Not(self, node, names):
        return f"(not {self.expression(node.operand, names)})"

    def _x_Negate(self, node, names):
        return f"(-{self.expression(node.operand, names)})"

    def _x_IfExpr(self, node, names):
        condition = self.expression(node.condition, names)
        with self._not_none(node.condition, names, True):
            then = self.expression(node.then, names)
        with self._not_none(node.condition, names, False):
            otherwise = self.expression(node.otherwise, names)
        if not self.no_binding:
            # A call the condition always makes, made again in a branch (`run(step(s, d)) if
            # holds(step(s, d))`): made once, kept with `:=`. Expressions change nothing, so
            # the second call could only give the same value.
            for call in calls_always_made(node.condition):
                text = self.expression(call, names)
                # The whole call, not the end of a longer name (`call_x(st)` in `define_recall_x(st)`).
                pattern = re.compile(r"(?<![\w.])" + re.escape(text))
                if len(pattern.findall(condition)) == 1 and (pattern.search(then) or pattern.search(otherwise)):
                    first, later = self._bind(text)
                    condition = pattern.sub(lambda _: first, condition)
                    then, otherwise = pattern.sub(lambda _: later, then), pattern.sub(lambda _: later, otherwise)
        return f"({then} if {condition} else {otherwise})"
