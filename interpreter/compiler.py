"""Compile a checked AST into closures the state machine runs.

Expressions become Python closures `f(state, env)`; statements become
instructions `g(state, env)` grouped in numbered blocks. Control flow never lives
in Python frames: loops, calls and choices push plain-data frames on the state's
stack (see `interpreter/state.py`), so a state can be copied or saved to JSON at
every decision.
"""

from __future__ import annotations

import math
from fractions import Fraction
from dataclasses import dataclass, field
from typing import Any, Callable

from dsl import ast
from dsl.ast import local_names
from dsl.builtins import PLAYER_ATTRIBUTES
from interpreter.builtins import IMPLEMENTATIONS, as_list, type_name, whole
from interpreter.values import Blind, Board, GameRuleError, Piece, Player, Zone, show

SUSPEND = object()

# Frame kinds (the third element of a frame).
PLAIN, FOR_EACH, WHILE, ROUNDS, REPEAT, CALL, FINAL, TOGETHER = range(8)
HELD = -1  # the seat of a public log line held back until a simultaneous loop ends


@dataclass
class Block:
    """A compiled list of statements."""

    id: int
    code: list[Callable] = field(default_factory=list)
    spans: list = field(default_factory=list)
    var: str | None = None          # loop variable of a for-each block
    condition: Callable | None = None  # while / rounds-until condition
    span: Any = None


@dataclass
class ChoiceSite:
    """What a `chooses` statement needs once suspended: labels, prompt, skip."""

    id: int
    var: str
    label: Callable | None
    prompt: Callable | None
    optional: bool
    skip_text: Callable | None  # f(state, env) -> the text of the skip option
    span: Any
    blind_chance: int = -1  # the chance site that picks a piece when a face-down option is taken


@dataclass
class ChanceSite:
    """A `draw` or `roll` statement waiting for its outcome."""

    id: int
    var: str
    span: Any
    kind: str


class CompileError(Exception):
    """A construct the compiler cannot handle (the checker should have caught it)."""

    def __init__(self, message: str, span):
        super().__init__(message)
        self.span = span


def _add(a, b, state):
    if isinstance(a, Zone):
        a = state.pieces_in(a)
    if isinstance(b, Zone):
        b = state.pieces_in(b)
    return a + b


def _divide(a, b):
    """Exact division: a whole number when it divides evenly, else an exact fraction."""
    if isinstance(a, bool) or isinstance(b, bool):
        raise TypeError("cannot divide true/false")
    if isinstance(a, (int, Fraction)) and isinstance(b, (int, Fraction)):
        result = Fraction(a) / Fraction(b)
        return result.numerator if result.denominator == 1 else result
    return a / b


class Compiler:
    """Turns declarations into a `Program`: blocks, choice sites, closures."""

    def __init__(self, game_file: ast.GameFile):
        self.file = game_file
        self.blocks: list[Block] = []
        self.choices: list[ChoiceSite] = []
        self.chances: list[ChanceSite] = []
        decls = game_file.declarations
        self.kinds = {d.name: d for d in decls if isinstance(d, ast.KindDecl)}
        self.members = {m: d.name for d in self.kinds.values() for m in d.members}
        self.pieces = {d.name: d for d in decls if isinstance(d, ast.PieceDecl)}
        self.vars = {d.name: d for d in decls if isinstance(d, ast.VarDecl)}
        self.player_vars = {n for n, d in self.vars.items() if d.per_player}
        self.piece_vars = {n for n, d in self.vars.items() if d.per_piece}
        self.zones = {d.name: d for d in decls if isinstance(d, ast.ZoneDecl)}
        self.player_zones = {n for n, d in self.zones.items() if d.per_player}
        self.boards = {d.name: d for d in decls if isinstance(d, ast.BoardDecl)}
        self.dice = {d.name: d for d in decls if isinstance(d, ast.DieDecl)}
        self.tables_ast = {d.name: d for d in decls if isinstance(d, ast.TableDecl)}
        self.automata = {d.name: d for d in decls if isinstance(d, ast.AutomaDecl)}
        self.variants = {d.name: d for d in decls if isinstance(d, ast.VariantDecl)}
        self.defines_ast = {d.name: d for d in decls if isinstance(d, ast.DefineDecl)}
        self.rules_ast = {d.name: d for d in decls if isinstance(d, ast.RuleDecl)}
        self.symbols: set[str] = set(self.members)
        for board in self.boards.values():
            for legend in board.legends:
                for value in legend.entries.values():
                    if isinstance(value, str):
                        self.symbols.add(value)
        for die in self.dice.values():
            self.symbols.update(f for f in die.faces if isinstance(f, str))
        self.piece_fields = {f for d in self.pieces.values() for f in d.fields}
        self.layer_names = {layer.name for b in self.boards.values() for layer in b.layers}
        self._constants: list = []  # values generated expressions refer to as _k[i]
        self.defines: dict[str, Callable] = {}
        self.define_params: dict[str, list[str]] = {}
        self.rules: dict[str, tuple[list[str], int]] = {}
        self.tables: dict[str, dict] = {}

    # ------------------------------------------------------------ expressions
    #
    # Each expression becomes ONE Python function generated from source: operators,
    # comparisons, conditions and comprehensions run as plain Python, and only the
    # language's own operations (attributes, built-ins, defines) are helper calls.

    def expr(self, node: ast.Expr, scope: frozenset) -> Callable:
        """Compile an expression to a function `f(state, env)`."""
        source = self._source(node, scope, {})
        return self._build(source, node.span)

    def define_function(self, decl: ast.DefineDecl) -> Callable:
        """Compile a define to `f(state, *arguments)`: its parameters are plain Python arguments."""
        params = {name: f"_a_{name}" for name in decl.params}
        source = self._source(decl.body, frozenset(), params)
        signature = "".join(f", {p}" for p in params.values())
        try:
            code = compile(f"lambda st{signature}: {source}", f"<{decl.span}>", "eval")
        except (RecursionError, MemoryError, SyntaxError, ValueError):
            raise CompileError("this define is too deeply nested to run", decl.span) from None
        namespace = dict(_HELPERS)
        namespace["_k"] = self._constants
        return eval(code, namespace)  # noqa: S307 - source generated from the checked AST only

    def text(self, node: ast.StringLiteral, scope) -> Callable:
        """Compile a text with `{expression}` parts to a function returning the text."""
        return self._build(self._source(node, scope, {}), node.span)

    def shown(self, node: ast.Expr, scope) -> Callable:
        """Compile an expression whose value is shown to people: a text as written, any other value by `show`."""
        if isinstance(node, ast.StringLiteral):
            return self.text(node, scope)
        return self._build(f"_show({self._source(node, scope, {})})", node.span)

    def _build(self, source: str, span) -> Callable:
        try:
            code = compile(f"lambda st, env: {source}", f"<{span}>", "eval")
        except (RecursionError, MemoryError, SyntaxError, ValueError):
            raise CompileError("this expression is too deeply nested to run", span) from None
        namespace = dict(_HELPERS)
        namespace["_k"] = self._constants
        return eval(code, namespace)  # noqa: S307 - source generated from the checked AST only

    def _constant(self, value) -> str:
        if value is None or isinstance(value, (bool, int)):
            return repr(value)
        if isinstance(value, str):
            return repr(value)
        self._constants.append(value)
        return f"_k[{len(self._constants) - 1}]"

    def _source(self, node: ast.Expr, scope: frozenset, loop_vars: dict) -> str:
        method = getattr(self, "_x_" + type(node).__name__, None)
        if method is None:
            raise CompileError(f"cannot compile {type(node).__name__}", node.span)
        return method(node, scope, loop_vars)

    def _x_IntLiteral(self, node, scope, loop_vars):
        return repr(node.value)

    def _x_BoolLiteral(self, node, scope, loop_vars):
        return repr(node.value)

    def _x_NoneLiteral(self, node, scope, loop_vars):
        return "None"

    def _x_StringLiteral(self, node, scope, loop_vars):
        parts = [repr(p) if isinstance(p, str) else f"_show({self._source(p, scope, loop_vars)})"
                 for p in node.parts]
        if not parts:
            return "''"
        if len(parts) == 1 and isinstance(node.parts[0], str):
            return parts[0]
        return "''.join((" + ", ".join(parts) + ",))"

    def _x_Name(self, node, scope, loop_vars):
        name = node.id
        if name in loop_vars:
            return loop_vars[name]
        if name in scope:
            return f"env[{name!r}]"
        if name in self.vars:
            if self.vars[name].per_player:
                raise CompileError(f"'{name}' belongs to each player: write p.{name}", node.span)
            if self.vars[name].per_piece:
                raise CompileError(f"'{name}' belongs to each {self.vars[name].per_piece}: write x.{name}", node.span)
            return f"_global(st, {name!r})"
        if name in self.zones:
            if self.zones[name].per_player:
                raise CompileError(f"'{name}' belongs to each player: write p.{name}", node.span)
            return f"st.world.zones_by_name[{name!r}]"
        if name in self.kinds:
            return self._constant(list(self.kinds[name].members))
        if name in self.symbols:
            return repr(name)
        if name in self.tables_ast:
            return f"st.program.tables[{name!r}]"
        if name in self.boards:
            return f"st.world.boards[{name!r}]"
        if name in self.defines_ast:
            if self.defines_ast[name].params:
                raise CompileError(f"'{name}' needs arguments: {name}(...)", node.span)
            return f"st.call_define({name!r}, ())"
        if name in self.automata:
            return f"st.world.automa_seats.get({name!r})"
        if name == "players":
            return "st.world.players"
        if name == "player_count":
            return "st.world.player_count"
        if name == "round_number":
            return "_round(st)"
        raise CompileError(f"unknown name '{name}'", node.span)

    def _x_VariantRef(self, node, scope, loop_vars):
        return f"({node.name!r} in st.world.variants)"

    def _x_ListLiteral(self, node, scope, loop_vars):
        return "[" + "".join(self._source(i, scope, loop_vars) + ", " for i in node.items) + "]"

    def _x_Comprehension(self, node, scope, loop_vars):
        # Each `for` clause is a Python `for` clause, so later ones run inside earlier ones.
        inner = dict(loop_vars)
        loops: list[str] = []
        variables: list[str] = []
        for position, clause in enumerate(node.clauses):
            iterable = self._source(clause.iterable, scope, inner)
            variable = f"_v{len(loop_vars)}_{position}_{clause.var}"
            inner[clause.var] = variable
            condition = f" if {self._source(clause.where, scope, inner)}" if clause.where is not None else ""
            loops.append(f"for {variable} in _as_list(st, {iterable}){condition}")
            variables.append(variable)
        element = self._source(node.element, scope, inner)
        if node.order_by is None:
            return f"[{element} {' '.join(loops)}]"
        key = self._source(node.order_by, scope, inner)
        reverse = ", reverse=True" if node.descending else ""
        # sorted() is stable in both directions: equal keys keep their order. The kept
        # combinations are sorted first; the element is worked out for each, in order.
        if len(variables) == 1:
            variable = variables[0]
            return f"[{element} for {variable} in sorted([{variable} {loops[0]}], key=lambda {variable}: {key}{reverse})]"
        names = ", ".join(variables)
        return (f"[{element} for ({names},) in sorted([({names},) {' '.join(loops)}], "
                f"key=lambda _t: (lambda {names}: {key})(*_t){reverse})]")

    def _x_Attribute(self, node, scope, loop_vars):
        target = self._source(node.target, scope, loop_vars)
        name = node.name
        if name in self.player_vars:
            return f"_player_var(st, {target}, {name!r})"
        if name in self.piece_vars:
            return f"_piece_var(st, {target}, {name!r})"
        if name in self.player_zones:
            return f"_player_zone(st, {target}, {name!r})"
        if name in self.piece_fields:
            return f"_field(st, {target}, {name!r})"
        if name in self.layer_names:
            return f"_layer(st, {target}, {name!r})"
        return f"_attribute(st, {target}, {name!r})"

    def _x_Index(self, node, scope, loop_vars):
        return f"_index(st, {self._source(node.target, scope, loop_vars)}, {self._source(node.index, scope, loop_vars)})"

    def _x_Call(self, node, scope, loop_vars):
        name = node.function
        args = [self._source(a, scope, loop_vars) for a in node.args]
        if name in self.defines_ast:
            params = self.defines_ast[name].params
            if len(params) != len(args):
                raise CompileError(f"'{name}' takes {len(params)} arguments, got {len(args)}", node.span)
            return f"st.call_define({name!r}, (" + "".join(a + ", " for a in args) + "))"
        if name in IMPLEMENTATIONS:
            return f"_f_{name}(st" + "".join(", " + a for a in args) + ")"
        if name in self.rules_ast:
            raise CompileError(f"'{name}' is a rule: carry it out as a statement of its own", node.span)
        raise CompileError(f"unknown function '{name}'", node.span)

    def _x_Binary(self, node, scope, loop_vars):
        left = self._source(node.left, scope, loop_vars)
        right = self._source(node.right, scope, loop_vars)
        if node.op == "+":
            return f"_plus(st, {left}, {right})"
        if node.op == "/":
            return f"_divide({left}, {right})"
        if node.op in ("-", "*", "%"):
            return f"({left} {node.op} {right})"
        raise CompileError(f"unknown operator {node.op}", node.span)

    def _x_Compare(self, node, scope, loop_vars):
        if node.op not in ("==", "!=", "<", "<=", ">", ">="):
            raise CompileError(f"unknown comparison {node.op}", node.span)
        return f"({self._source(node.left, scope, loop_vars)} {node.op} {self._source(node.right, scope, loop_vars)})"

    def _x_Membership(self, node, scope, loop_vars):
        test = f"_member(st, {self._source(node.element, scope, loop_vars)}, {self._source(node.collection, scope, loop_vars)})"
        return f"(not {test})" if node.negated else test

    def _x_BoolOp(self, node, scope, loop_vars):
        return f"({self._source(node.left, scope, loop_vars)} {node.op} {self._source(node.right, scope, loop_vars)})"

    def _x_Not(self, node, scope, loop_vars):
        return f"(not {self._source(node.operand, scope, loop_vars)})"

    def _x_Negate(self, node, scope, loop_vars):
        return f"(-{self._source(node.operand, scope, loop_vars)})"

    def _x_IfExpr(self, node, scope, loop_vars):
        return (f"({self._source(node.then, scope, loop_vars)} if {self._source(node.condition, scope, loop_vars)}"
                f" else {self._source(node.otherwise, scope, loop_vars)})")

    # ------------------------------------------------------------ statements

    def new_block(self, span=None) -> Block:
        block = Block(id=len(self.blocks), span=span)
        self.blocks.append(block)
        return block

    def block(self, statements: list[ast.Stmt], scope: frozenset, span=None) -> Block:
        """Compile statements into a new block and return it.

        A run of straight statements (see `is_straight`) becomes one generated
        Python function; every other statement is one instruction of its own.
        """
        block = self.new_block(span)
        run: list[ast.Stmt] = []
        for statement in statements + [None]:
            if statement is not None and is_straight(statement):
                run.append(statement)
                continue
            if run:
                block.code.append(self.straight(run, scope))
                block.spans.append(run[0].span)
                run = []
            if statement is not None:
                instruction = getattr(self, "_s_" + type(statement).__name__)(statement, scope)
                block.code.append(instruction)
                block.spans.append(statement.span)
        return block

    # ------------------------------------------------------------ straight statements
    #
    # Statements that can never wait for a decision compile together into one
    # Python function: Python's own if/for run them, and `_at` records which
    # statement is running so that an error still names its line.

    def straight(self, statements: list[ast.Stmt], scope: frozenset) -> Callable:
        """Compile a run of straight statements into one instruction `f(state, env)`."""
        spans: list = []
        lines = ["def _run(st, env):", "    _at = 0", "    try:"]
        for statement in statements:
            self._emit(statement, scope, lines, 2, spans)
        lines += ["    except GameRuleError:", "        raise",
                  "    except Exception as _error:", "        raise _located(_error, _spans[_at]) from None"]
        namespace = dict(_HELPERS)
        namespace["_k"] = self._constants
        namespace["_spans"] = spans
        try:
            exec(compile("\n".join(lines), f"<{statements[0].span}>", "exec"), namespace)  # noqa: S102
        except (RecursionError, MemoryError, SyntaxError, ValueError):
            raise CompileError("these statements are too deeply nested to run", statements[0].span) from None
        return namespace["_run"]

    def _emit(self, node: ast.Stmt, scope, lines: list[str], depth: int, spans: list) -> None:
        pad = "    " * depth
        spans.append(node.span)
        lines.append(f"{pad}_at = {len(spans) - 1}")
        x = lambda e: self._source(e, scope, {})  # noqa: E731
        if isinstance(node, ast.Let):
            lines.append(f"{pad}env[{node.name!r}] = {x(node.value)}")
        elif isinstance(node, (ast.Assign, ast.AddTo)):
            value = x(node.value)
            if isinstance(node, ast.AddTo):
                value = f"_number({value})" if node.sign > 0 else f"-_number({value})"
            target = node.target
            add = isinstance(node, ast.AddTo)
            if isinstance(target, ast.Name) and target.id in scope:
                lines.append(f"{pad}env[{target.id!r}] {'+=' if add else '='} {value}")
            elif isinstance(target, ast.Name) and target.id in self.vars and not self.vars[target.id].per_player:
                lines.append(f"{pad}st.vars[{target.id!r}] {'+=' if add else '='} {value}")
            elif isinstance(target, ast.Attribute) and target.name in self.player_vars:
                owner = x(target.target)
                lines.append(f"{pad}_set_player_var(st, {owner}, {target.name!r}, {value}, {add})")
            elif isinstance(target, ast.Attribute) and target.name in self.piece_vars:
                owner = x(target.target)
                lines.append(f"{pad}_set_piece_var(st, {owner}, {target.name!r}, {value}, {add})")
            else:
                raise CompileError("only variables, players' variables and locals can be changed", target.span)
        elif isinstance(node, ast.Move):
            lines.append(f"{pad}_move(st, {x(node.what)}, {x(node.to)}, {node.place == 'top'})")
        elif isinstance(node, ast.Create):
            decl = self.pieces.get(node.piece)
            if decl is None:
                raise CompileError(f"unknown piece '{node.piece}'", node.span)
            if len(node.args) != len(decl.fields):
                raise CompileError(f"'{node.piece}' has {len(decl.fields)} fields, got {len(node.args)} values", node.span)
            fields = "{" + "".join(f"{f!r}: {x(a)}, " for f, a in zip(decl.fields, node.args)) + "}"
            lines.append(f"{pad}_create(st, {node.piece!r}, {x(node.count)}, {fields}, {x(node.zone)})")
        elif isinstance(node, ast.Log):
            to = x(node.to) if node.to is not None else "None"
            lines.append(f"{pad}_log(st, {to}, {x(node.text)})")
        elif isinstance(node, ast.Shuffle):
            lines.append(f"{pad}_shuffle(st, {x(node.zone)})")
        elif isinstance(node, ast.Eliminate):
            lines.append(f"{pad}_eliminate(st, {x(node.player)})")
        elif isinstance(node, ast.Check):
            lines.append(f"{pad}if not {x(node.condition)}:")
            message = x(node.text) if node.text is not None else repr("a check failed")
            lines.append(f"{pad}    raise RuntimeError({message})")
        elif isinstance(node, ast.Pass):
            lines.append(f"{pad}pass")
        elif isinstance(node, ast.If):
            for i, branch in enumerate(node.branches):
                lines.append(f"{pad}{'if' if i == 0 else 'elif'} {x(branch.condition)}:")
                self._emit_body(branch.body, scope, lines, depth + 1, spans)
            if node.otherwise:
                lines.append(f"{pad}else:")
                self._emit_body(node.otherwise, scope, lines, depth + 1, spans)
        elif isinstance(node, ast.ForEach):
            item = f"_item{depth}"
            lines.append(f"{pad}for {item} in list(_as_list(st, {x(node.iterable)})):")
            lines.append(f"{pad}    st.budget -= 1")
            lines.append(f"{pad}    if st.budget < 0: _runaway()")
            lines.append(f"{pad}    env[{node.var!r}] = {item}")
            self._emit_body(node.body, scope, lines, depth + 1, spans)
        elif isinstance(node, ast.Repeat):
            lines.append(f"{pad}for _ in range(_repeat_count({x(node.count)})):")
            lines.append(f"{pad}    st.budget -= 1")
            lines.append(f"{pad}    if st.budget < 0: _runaway()")
            self._emit_body(node.body, scope, lines, depth + 1, spans)
        else:
            raise CompileError(f"cannot compile {type(node).__name__} here", node.span)

    def _emit_body(self, body: list[ast.Stmt], scope, lines: list[str], depth: int, spans: list) -> None:
        if not body:
            lines.append("    " * depth + "pass")
        for statement in body:
            self._emit(statement, scope, lines, depth, spans)

    def _s_Choose(self, node, scope):
        player = self.expr(node.player, scope)
        options = self.expr(node.options, scope)
        label = self.expr(node.label, scope | {node.var}) if node.label is not None else None
        prompt = self.text(node.prompt, scope) if node.prompt is not None else None
        skip_text = self.shown(node.skip_text, scope) if node.skip_text is not None else None
        site = ChoiceSite(len(self.choices), node.var, label, prompt, node.optional, skip_text, node.span)
        self.choices.append(site)
        site.blind_chance = len(self.chances)
        self.chances.append(ChanceSite(len(self.chances), node.var, node.span, "blind"))
        var = node.var

        def choose(st, env):
            chooser = player(st, env)
            if not isinstance(chooser, Player):
                raise TypeError(f"only a player can choose, not {type_name(chooser)}")
            values = as_list(st, options(st, env))
            if chooser.__class__ is Player and not chooser.is_automa:
                values = _face_down(st, values, chooser.index)
            values = _distinct_options(st, values)
            if not values and not site.optional:
                raise RuntimeError(f"{chooser.name} must choose, but there is nothing to choose from")
            if chooser.is_automa:
                # The rules play an automa: it can only be "asked" when there is no choice.
                if len(values) + site.optional > 1:
                    raise RuntimeError(f"{chooser.name} is played by the rules and cannot be asked to choose")
                env[var] = values[0] if values else None
                return None
            # Every decision of a player is offered, even one with a single option:
            # the table may take it without asking, but counts (perft) must see it.
            return st.suspend_choice(site, chooser.index, values)
        return choose

    def _s_Draw(self, node, scope):
        source = self.expr(node.source, scope)
        site = ChanceSite(len(self.chances), node.var, node.span, "draw")
        self.chances.append(site)

        def draw(st, env):
            container = source(st, env)
            if isinstance(container, Zone):
                pieces = st.pieces_in(container)
                shuffled = st.unordered.get(container.id)
                if shuffled is not None and len(pieces) > shuffled:
                    # Put on top since the shuffle: its place is known, so it comes first.
                    env[site.var] = pieces[-1]
                    return None
                if shuffled is not None:
                    pieces = pieces[:shuffled]
                groups: dict = {}
                for piece in pieces:
                    groups.setdefault(st.piece_key(piece), []).append(piece)
                outcomes = [g[0] for g in groups.values()]
                weights = [len(g) for g in groups.values()]
            else:
                outcomes = list(as_list(st, container))
                weights = [1] * len(outcomes)
            if not outcomes:
                raise RuntimeError("cannot draw from an empty zone or list")
            if len(outcomes) == 1:
                env[site.var] = outcomes[0]
                return None
            return st.suspend_chance(site, outcomes, weights)
        return draw

    def _s_Roll(self, node, scope):
        die = self.dice.get(node.die)
        if die is None:
            raise CompileError(f"unknown die '{node.die}'", node.span)
        site = ChanceSite(len(self.chances), node.var, node.span, "roll")
        self.chances.append(site)
        faces: dict = {}
        for face in die.faces:
            faces[face] = faces.get(face, 0) + 1
        outcomes = list(faces)
        weights = list(faces.values())

        def roll(st, env):
            return st.suspend_chance(site, outcomes, weights)
        return roll

    def _s_CallRule(self, node, scope):
        name = node.rule
        if name not in self.rules_ast:
            raise CompileError(f"unknown rule '{name}'", node.span)
        params = self.rules_ast[name].params
        if len(params) != len(node.args):
            raise CompileError(f"'{name}' takes {len(params)} arguments, got {len(node.args)}", node.span)
        arguments = self._build("{" + "".join(f"{p!r}: {self._source(a, scope, {})}, "
                                             for p, a in zip(params, node.args)) + "}", node.span)
        program = self

        def call(st, env):
            scopes = st.scopes
            if len(scopes) > 200:
                raise RecursionError()
            scopes.append(arguments(st, env))
            st.frames.append([program.rules[name][1], 0, CALL, None, 0])
        return call

    def _s_Return(self, node, scope):
        return lambda st, env: st.return_from_rule()

    def _s_EndGame(self, node, scope):
        return lambda st, env: st.end_game()

    def _s_If(self, node, scope):
        branches = [(self.expr(b.condition, scope), self.block(b.body, scope, b.span).id) for b in node.branches]
        otherwise = self.block(node.otherwise, scope).id if node.otherwise else None

        if len(branches) == 1:
            (condition, then_id), = branches

            def if_simple(st, env):
                if condition(st, env):
                    st.frames.append([then_id, 0, PLAIN, None, 0])
                elif otherwise is not None:
                    st.frames.append([otherwise, 0, PLAIN, None, 0])
            return if_simple

        def if_(st, env):
            for condition, block_id in branches:
                if condition(st, env):
                    st.frames.append([block_id, 0, PLAIN, None, 0])
                    return None
            if otherwise is not None:
                st.frames.append([otherwise, 0, PLAIN, None, 0])
            return None
        return if_

    def _s_ForEach(self, node, scope):
        iterable = self.expr(node.iterable, scope)
        body = self.block(node.body, scope, node.span)
        body.var = node.var
        var = node.var
        kind = TOGETHER if node.simultaneously else FOR_EACH

        def for_each(st, env):
            items = list(as_list(st, iterable(st, env)))
            if items:
                env[var] = items[0]
                if kind == TOGETHER:
                    # Nothing said during a simultaneous loop is public until it ends.
                    st.held += 1
                st.frames.append([body.id, 0, kind, items, 1])
        return for_each

    def _s_While(self, node, scope):
        condition = self.expr(node.condition, scope)
        body = self.block(node.body, scope, node.span)
        body.condition = condition

        def while_(st, env):
            if condition(st, env):
                st.frames.append([body.id, 0, WHILE, None, 0])
        return while_

    def _s_Rounds(self, node, scope):
        body = self.block(node.body, scope, node.span)
        body.condition = self.expr(node.until, scope) if node.until is not None else None

        def rounds(st, env):
            st.begin_round()
            st.frames.append([body.id, 0, ROUNDS, None, 0])
        return rounds

    def _s_Repeat(self, node, scope):
        count = self.expr(node.count, scope)
        body = self.block(node.body, scope, node.span)
        def repeat(st, env):
            n = whole(count(st, env), "a number of times (a whole number)")
            if n > 0:
                st.frames.append([body.id, 0, REPEAT, None, n - 1])
        return repeat

    def _s_Phase(self, node, scope):
        body = self.block(node.body, scope, node.span)
        title = node.title

        def phase(st, env):
            st.phase = title
            st.push_block(body.id)
        return phase


_SIMPLE = (ast.Let, ast.Assign, ast.AddTo, ast.Move, ast.Create, ast.Log, ast.Eliminate, ast.Shuffle, ast.Check,
           ast.Pass)


def is_straight(statement: ast.Stmt) -> bool:
    """True when a statement can never wait for a decision or change the frame stack.

    Runs of such statements (and loops and ifs made only of them) compile into one
    generated function instead of one instruction and one frame per block.
    """
    if isinstance(statement, _SIMPLE):
        return True
    if isinstance(statement, ast.If):
        return all(is_straight(s) for b in statement.branches for s in b.body) and \
            all(is_straight(s) for s in statement.otherwise)
    if isinstance(statement, ast.ForEach):
        return not statement.simultaneously and all(is_straight(s) for s in statement.body)
    if isinstance(statement, ast.Repeat):
        return all(is_straight(s) for s in statement.body)
    return False


def _located(error: Exception, span) -> GameRuleError:
    from interpreter.state import _describe
    return GameRuleError(_describe(error), span)


def get_attribute(st, obj, name: str, player_var: bool, player_zone: bool):
    """The value of `obj.name` for any runtime value."""
    if isinstance(obj, Player):
        if player_var:
            st.reads += 1
            return st.pvars[obj.index][name]
        if player_zone:
            return st.world.player_zones[obj.index][name]
        if name == "name":
            return obj.name
        if name == "index":
            return obj.index
        raise AttributeError(f"a player has no '{name}'")
    if isinstance(obj, Piece):
        try:
            return obj.fields[name]
        except KeyError:
            raise AttributeError(f"a {obj.type} has no field '{name}'") from None
    if isinstance(obj, Zone):
        if name in obj.layers:
            return obj.layers[name]
        if name == "row":
            return obj.row
        if name == "col":
            return obj.col
        if name == "owner":
            return obj.owner
        if name == "name":
            return obj.name
        if name == "board":
            return obj.board
        raise AttributeError(f"{obj.label} has no '{name}'")
    raise AttributeError(f"{type_name(obj)} has no '{name}'")




# ---------------------------------------------------------------- helpers for generated expressions


def _global(st, name):
    st.reads += 1
    return st.vars[name]


def _round(st):
    st.reads += 1
    return st.round


def _player_var(st, obj, name):
    if obj.__class__ is Player:
        st.reads += 1
        return st.pvars[obj.index][name]
    return get_attribute(st, obj, name, True, False)


def _piece_var(st, obj, name):
    if obj.__class__ is Piece:
        st.reads += 1
        try:
            return st.piece_vars[(obj.id, name)]
        except KeyError:
            raise AttributeError(f"a {obj.type} has no variable '{name}'") from None
    return get_attribute(st, obj, name, False, False)


def _set_piece_var(st, piece, name, value, add):
    if piece.__class__ is not Piece:
        raise TypeError(f"'.{name}' belongs to a piece, not {type_name(piece)}")
    key = (piece.id, name)
    if key not in st.piece_vars:
        raise AttributeError(f"a {piece.type} has no variable '{name}'")
    st.piece_vars[key] = st.piece_vars[key] + value if add else value


def _player_zone(st, obj, name):
    if obj.__class__ is Player:
        return st.world.player_zones[obj.index][name]
    return get_attribute(st, obj, name, False, True)


def _field(st, obj, name):
    if obj.__class__ is Piece:
        fields = obj.fields
        if name in fields:
            return fields[name]
    return get_attribute(st, obj, name, False, False)


def _layer(st, obj, name):
    if obj.__class__ is Zone:
        layers = obj.layers
        if name in layers:
            return layers[name]
    return get_attribute(st, obj, name, False, False)


def _attribute(st, obj, name):
    return get_attribute(st, obj, name, False, False)


def _index(st, obj, key):
    if isinstance(obj, dict):
        try:
            return obj[key]
        except (KeyError, TypeError):
            raise KeyError(f"the table has no row for {show(key)}") from None
    items = as_list(st, obj)
    key = whole(key, "a list position (a whole number)")
    if not -len(items) <= key < len(items):
        raise IndexError(f"position {key} is outside a list of {len(items)}")
    return items[key]


def _plus(st, a, b):
    if a.__class__ is Zone or b.__class__ is Zone:
        return _add(a, b, st)
    return a + b


def _member(st, element, collection):
    if isinstance(collection, Zone):
        return isinstance(element, Piece) and element.id in st.contents_of(collection)
    if isinstance(collection, dict):
        return element in collection
    return element in as_list(st, collection)


def option_key(st, value):
    """What makes two options the same: choosing either leaves the game in the same state.

    The same piece, look-alike pieces (same kind, fields and variables) in the same
    zone or cell, the same player or zone, or equal plain values; a list is the same
    as another when its items are, in order, at any depth. 1 and true stay apart.
    """
    cls = value.__class__
    if cls is Piece:
        return ("piece", st.piece_key(value), st.loc[value.id])
    if cls is list or cls is tuple:
        return ("list", tuple(option_key(st, item) for item in value))
    if cls is Player:
        return ("player", value.index)
    if cls is Zone:
        return ("zone", value.id)
    if cls is Blind:
        return ("face down", value.zone.id)
    if cls is bool:
        return ("bool", value)
    if cls is dict:
        return ("table", id(value))
    try:
        hash(value)
    except TypeError:
        return ("other", repr(value))
    return ("value", value)


def _face_down(st, values: list, seat: int) -> list:
    """Pieces the chooser may not see become one face-down option per zone they lie in.

    The chooser can tell such pieces apart only by where they are, so it is offered
    the pile, not the pieces; which piece it gets is then decided by chance.
    """
    piles: dict[int, Blind] = {}
    out = []
    zones = st.world.zones
    loc = st.loc
    for value in values:
        if value.__class__ is Piece:
            zone = zones[loc[value.id]]
            if not zone.seen_by(seat):
                pile = piles.get(zone.id)
                if pile is None:
                    pile = piles[zone.id] = Blind(zone, [])
                    out.append(pile)
                if value.id not in pile.pieces:
                    pile.pieces.append(value.id)
                continue
        out.append(value)
    return out


def _distinct_options(st, values: list) -> list:
    """Options without repeats (see `option_key`), in the order first met."""
    seen = set()
    out = []
    for value in values:
        key = option_key(st, value)
        if key not in seen:
            seen.add(key)
            out.append(value)
    return out


def _number(value):
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise TypeError(f"only numbers can be added or taken away, not {type_name(value)}")
    return value


def _set_player_var(st, player, name, value, add):
    if player.__class__ is not Player:
        raise TypeError(f"'.{name}' belongs to a player, not {type_name(player)}")
    variables = st.pvars[player.index]
    variables[name] = variables[name] + value if add else value


def _move(st, thing, destination, on_top):
    if destination.__class__ is not Zone:
        raise TypeError(f"pieces can only move to a zone or cell, not {type_name(destination)}")
    if thing is None:
        raise TypeError("there is nothing to move (the value is none)")
    if thing.__class__ is Piece:
        st.move_piece(thing.id, destination.id, on_top)
    else:
        if thing.__class__ is Zone:
            pieces = st.pieces_in(thing)
        else:
            pieces = list(as_list(st, thing))
            for piece in pieces:
                if piece.__class__ is not Piece:
                    raise TypeError(f"only pieces can move, not {type_name(piece)}")
        # Several pieces keep their order, whether they go on top or at the bottom.
        for piece in (pieces if on_top else reversed(pieces)):
            st.move_piece(piece.id, destination.id, on_top)


MAX_PIECES = 100_000  # pieces in one game, all kinds together (docs/language.md, 4.4 and 10)


def _create(st, type_name_, count, fields, zone):
    if zone.__class__ is not Zone:
        raise TypeError(f"pieces are created in a zone or cell, not {type_name(zone)}")
    count = whole(count, "a number of pieces (a whole number)")
    if count < 0:
        raise ValueError(f"cannot create {count} pieces")
    if len(st.pieces) + count > MAX_PIECES:
        raise ValueError(f"a game may have at most {MAX_PIECES:,} pieces, and this would make "
                         f"{len(st.pieces) + count:,}")
    for _ in range(count):
        st.create_piece(type_name_, dict(fields), zone)
    if not st.in_setup:
        # Counted apart from the pieces themselves, so that a test can check that every
        # piece beyond setup's was made by a `create` (see tests/test_playouts.py).
        st.created_in_play += count


def _log(st, to, text):
    if to is None:
        st.log.append((HELD if st.held else None, text))
        return
    if to.__class__ is not Player:
        raise TypeError(f"a private log line goes to a player, not {type_name(to)}")
    st.log.append((to.index, text))


def _shuffle(st, zone):
    if zone.__class__ is not Zone:
        raise TypeError(f"only a zone or cell can be shuffled, not {type_name(zone)}")
    # Every piece there is now in an order nobody knows; draws decide it piece by piece.
    st.unordered[zone.id] = len(st.contents[zone.id])


def _eliminate(st, player):
    if player.__class__ is not Player:
        raise TypeError(f"only a player can be eliminated, not {type_name(player)}")
    st.eliminated[player.index] = True


def _repeat_count(n):
    return whole(n, "a number of times (a whole number)")


def _runaway():
    raise RuntimeError("the rules ran too many steps without a decision: is a loop never ending?")


_HELPERS = {
    "_global": _global, "_round": _round, "_player_var": _player_var, "_player_zone": _player_zone,
    "_field": _field, "_layer": _layer, "_piece_var": _piece_var, "_set_piece_var": _set_piece_var, "_attribute": _attribute, "_index": _index, "_plus": _plus,
    "_member": _member, "_divide": _divide, "_show": show, "_as_list": as_list,
    "_number": _number, "_set_player_var": _set_player_var, "_move": _move, "_create": _create,
    "_log": _log, "_eliminate": _eliminate, "_shuffle": _shuffle, "_repeat_count": _repeat_count, "_runaway": _runaway,
    "_located": lambda error, span: _located(error, span), "GameRuleError": GameRuleError,
    **{f"_f_{name}": function for name, function in IMPLEMENTATIONS.items()},
}
