"""Compile a checked AST into closures the state machine runs.

Expressions become Python closures `f(state, env)`; statements become
instructions `g(state, env)` grouped in numbered blocks. Control flow never lives
in Python frames: loops, calls and choices push plain-data frames on the state's
stack (see `interpreter/state.py`), so a state can be copied or saved to JSON at
every decision.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from dsl import ast
from dsl.builtins import PLAYER_ATTRIBUTES
from interpreter.builtins import IMPLEMENTATIONS, as_list, type_name
from interpreter.values import Board, GameRuleError, Piece, Player, Zone, show

SUSPEND = object()
_MISSING = object()

# Frame kinds (the third element of a frame).
PLAIN, FOR_EACH, WHILE, ROUNDS, REPEAT, CALL, FINAL = range(7)


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
    skip_text: str | None
    span: Any


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


def _truth(value) -> bool:
    return bool(value)


def _add(a, b, state):
    if isinstance(a, Zone):
        a = state.pieces_in(a)
    if isinstance(b, Zone):
        b = state.pieces_in(b)
    return a + b


def _divide(a, b):
    result = a / b
    return int(result) if result.is_integer() else result


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
        self.defines: dict[str, Callable] = {}
        self.define_params: dict[str, list[str]] = {}
        self.rules: dict[str, tuple[list[str], int]] = {}
        self.tables: dict[str, dict] = {}

    # ------------------------------------------------------------ expressions

    def expr(self, node: ast.Expr, scope: frozenset) -> Callable:
        method = getattr(self, "_e_" + type(node).__name__)
        return method(node, scope)

    def _e_IntLiteral(self, node, scope):
        value = node.value
        return lambda st, env: value

    def _e_BoolLiteral(self, node, scope):
        value = node.value
        return lambda st, env: value

    def _e_NoneLiteral(self, node, scope):
        return lambda st, env: None

    def _e_StringLiteral(self, node, scope):
        return self.text(node, scope)

    def text(self, node: ast.StringLiteral, scope) -> Callable:
        parts = [p if isinstance(p, str) else self.expr(p, scope) for p in node.parts]
        if all(isinstance(p, str) for p in parts):
            value = "".join(parts)
            return lambda st, env: value

        def render(st, env):
            return "".join(p if isinstance(p, str) else show(p(st, env)) for p in parts)
        return render

    def _e_Name(self, node, scope):
        name = node.id
        if name in scope:
            # A missing local raises KeyError(name); the state reports it as "no value yet".
            return lambda st, env: env[name]
        if name in self.vars:
            if self.vars[name].per_player:
                raise CompileError(f"'{name}' belongs to each player: write p.{name}", node.span)

            def read_var(st, env):
                st.reads += 1
                return st.vars[name]
            return read_var
        if name in self.zones:
            if self.zones[name].per_player:
                raise CompileError(f"'{name}' belongs to each player: write p.{name}", node.span)
            return lambda st, env: st.world.zones_by_name[name]
        if name in self.kinds:
            members = list(self.kinds[name].members)
            return lambda st, env: members
        if name in self.symbols:
            return lambda st, env: name
        if name in self.tables_ast:
            return lambda st, env: st.program.tables[name]
        if name in self.boards:
            return lambda st, env: st.world.boards[name]
        if name in self.defines_ast:
            if self.defines_ast[name].params:
                raise CompileError(f"'{name}' needs arguments: {name}(...)", node.span)
            return lambda st, env: st.call_define(name, ())
        if name in self.automata:
            return lambda st, env: st.world.automa_seats.get(name)
        if name == "players":
            return lambda st, env: st.world.players
        if name == "player_count":
            return lambda st, env: st.world.player_count
        if name == "round_number":
            def round_number(st, env):
                st.reads += 1
                return st.round
            return round_number
        raise CompileError(f"unknown name '{name}'", node.span)

    def _e_VariantRef(self, node, scope):
        name = node.name
        return lambda st, env: name in st.world.variants

    def _e_ListLiteral(self, node, scope):
        items = [self.expr(i, scope) for i in node.items]
        return lambda st, env: [f(st, env) for f in items]

    def _e_Comprehension(self, node, scope):
        var = node.var
        inner = scope | {var}
        element = self.expr(node.element, inner)
        iterable = self.expr(node.iterable, scope)
        where = self.expr(node.where, inner) if node.where is not None else None
        order = self.expr(node.order_by, inner) if node.order_by is not None else None
        descending = node.descending
        is_identity = isinstance(node.element, ast.Name) and node.element.id == var

        # The loop variable is set in the caller's locals and put back afterwards
        # (cheaper than a new scope; an error abandons the state anyway).
        if order is None and is_identity and where is not None:
            def filter_only(st, env):
                items = iterable(st, env)
                if items.__class__ is not list:
                    items = as_list(st, items)
                saved = env.get(var, _MISSING)
                kept = []
                for item in items:
                    env[var] = item
                    if where(st, env):
                        kept.append(item)
                if saved is _MISSING:
                    env.pop(var, None)
                else:
                    env[var] = saved
                return kept
            return filter_only

        def comprehension(st, env):
            items = iterable(st, env)
            if items.__class__ is not list:
                items = as_list(st, items)
            saved = env.get(var, _MISSING)
            if where is not None:
                kept = []
                for item in items:
                    env[var] = item
                    if where(st, env):
                        kept.append(item)
                items = kept
            if order is not None:
                keyed = []
                for item in items:
                    env[var] = item
                    keyed.append((order(st, env), len(keyed), item))
                # Stable in both directions: equal keys keep their original order.
                if descending:
                    keyed.sort(key=lambda t: (t[0], -t[1]), reverse=True)
                else:
                    keyed.sort(key=lambda t: (t[0], t[1]))
                items = [t[2] for t in keyed]
            if is_identity:
                out = list(items)
            else:
                out = []
                for item in items:
                    env[var] = item
                    out.append(element(st, env))
            if saved is _MISSING:
                env.pop(var, None)
            else:
                env[var] = saved
            return out
        return comprehension

    def _e_Attribute(self, node, scope):
        target = self.expr(node.target, scope)
        name = node.name
        player_var = name in self.player_vars
        player_zone = name in self.player_zones

        if player_var:
            def player_attribute(st, env):
                obj = target(st, env)
                if obj.__class__ is Player:
                    st.reads += 1
                    return st.pvars[obj.index][name]
                return get_attribute(st, obj, name, player_var, player_zone)
            return player_attribute
        if name in self.piece_fields:
            def field_attribute(st, env):
                obj = target(st, env)
                if obj.__class__ is Piece:
                    fields = obj.fields
                    if name in fields:
                        return fields[name]
                return get_attribute(st, obj, name, player_var, player_zone)
            return field_attribute
        if name in self.layer_names:
            def layer_attribute(st, env):
                obj = target(st, env)
                if obj.__class__ is Zone:
                    layers = obj.layers
                    if name in layers:
                        return layers[name]
                return get_attribute(st, obj, name, player_var, player_zone)
            return layer_attribute

        if player_zone:
            def zone_attribute(st, env):
                obj = target(st, env)
                if obj.__class__ is Player:
                    return st.world.player_zones[obj.index][name]
                return get_attribute(st, obj, name, player_var, player_zone)
            return zone_attribute

        def attribute(st, env):
            return get_attribute(st, target(st, env), name, player_var, player_zone)
        return attribute

    def _e_Index(self, node, scope):
        target = self.expr(node.target, scope)
        index = self.expr(node.index, scope)

        def get_item(st, env):
            obj = target(st, env)
            key = index(st, env)
            if isinstance(obj, dict):
                try:
                    return obj[key]
                except (KeyError, TypeError):
                    raise KeyError(f"the table has no row for {show(key)}") from None
            items = as_list(st, obj)
            if not isinstance(key, int) or isinstance(key, bool):
                raise TypeError(f"a list position must be a whole number, got {type_name(key)}")
            if not -len(items) <= key < len(items):
                raise IndexError(f"position {key} is outside a list of {len(items)}")
            return items[key]
        return get_item

    def _e_Call(self, node, scope):
        name = node.function
        args = [self.expr(a, scope) for a in node.args]
        if name in self.defines_ast:
            params = self.defines_ast[name].params
            if len(params) != len(args):
                raise CompileError(f"'{name}' takes {len(params)} arguments, got {len(args)}", node.span)
            if len(args) == 1:
                only = args[0]
                return lambda st, env: st.call_define(name, (only(st, env),))
            return lambda st, env: st.call_define(name, tuple(a(st, env) for a in args))
        if name in IMPLEMENTATIONS:
            function = IMPLEMENTATIONS[name]
            reads_state = name in ("eliminated",)
            if len(args) == 1:
                only = args[0]
                if reads_state:
                    def call_reading(st, env):
                        st.reads += 1
                        return function(st, only(st, env))
                    return call_reading
                return lambda st, env: function(st, only(st, env))
            if len(args) == 2:
                first, second = args
                return lambda st, env: function(st, first(st, env), second(st, env))
            return lambda st, env: function(st, *[a(st, env) for a in args])
        if name in self.rules_ast:
            raise CompileError(f"'{name}' is a rule: carry it out as a statement of its own", node.span)
        raise CompileError(f"unknown function '{name}'", node.span)

    def _e_Binary(self, node, scope):
        left = self.expr(node.left, scope)
        right = self.expr(node.right, scope)
        op = node.op
        if op == "+":
            def plus(st, env):
                a, b = left(st, env), right(st, env)
                if isinstance(a, Zone) or isinstance(b, Zone):
                    return _add(a, b, st)
                return a + b
            return plus
        if op == "-":
            return lambda st, env: left(st, env) - right(st, env)
        if op == "*":
            return lambda st, env: left(st, env) * right(st, env)
        if op == "/":
            return lambda st, env: _divide(left(st, env), right(st, env))
        if op == "%":
            return lambda st, env: left(st, env) % right(st, env)
        raise CompileError(f"unknown operator {op}", node.span)

    def constant(self, node: ast.Expr, scope) -> tuple[bool, Any]:
        """(True, value) when an expression is a fixed literal or symbol."""
        if isinstance(node, (ast.IntLiteral, ast.BoolLiteral)):
            return True, node.value
        if isinstance(node, ast.NoneLiteral):
            return True, None
        if isinstance(node, ast.Name) and node.id not in scope and node.id in self.symbols \
                and node.id not in self.vars and node.id not in self.defines_ast:
            return True, node.id
        return False, None

    def _e_Compare(self, node, scope):
        left = self.expr(node.left, scope)
        right = self.expr(node.right, scope)
        op = node.op
        fixed, value = self.constant(node.right, scope)
        if fixed and op in ("==", "!="):
            if op == "==":
                return lambda st, env: left(st, env) == value
            return lambda st, env: left(st, env) != value
        if fixed and op in ("<", "<=", ">", ">="):
            if op == "<":
                return lambda st, env: left(st, env) < value
            if op == "<=":
                return lambda st, env: left(st, env) <= value
            if op == ">":
                return lambda st, env: left(st, env) > value
            return lambda st, env: left(st, env) >= value
        if op == "==":
            return lambda st, env: left(st, env) == right(st, env)
        if op == "!=":
            return lambda st, env: left(st, env) != right(st, env)
        if op == "<":
            return lambda st, env: left(st, env) < right(st, env)
        if op == "<=":
            return lambda st, env: left(st, env) <= right(st, env)
        if op == ">":
            return lambda st, env: left(st, env) > right(st, env)
        return lambda st, env: left(st, env) >= right(st, env)

    def _e_Membership(self, node, scope):
        element = self.expr(node.element, scope)
        collection = self.expr(node.collection, scope)
        negated = node.negated

        def member(st, env):
            x = element(st, env)
            c = collection(st, env)
            if isinstance(c, Zone):
                found = isinstance(x, Piece) and x.id in st.contents_of(c)
            elif isinstance(c, dict):
                found = x in c
            else:
                found = x in as_list(st, c)
            return found != negated
        return member

    def _e_BoolOp(self, node, scope):
        left = self.expr(node.left, scope)
        right = self.expr(node.right, scope)
        if node.op == "and":
            return lambda st, env: left(st, env) and right(st, env)
        return lambda st, env: left(st, env) or right(st, env)

    def _e_Not(self, node, scope):
        operand = self.expr(node.operand, scope)
        return lambda st, env: not operand(st, env)

    def _e_Negate(self, node, scope):
        operand = self.expr(node.operand, scope)
        return lambda st, env: -operand(st, env)

    def _e_IfExpr(self, node, scope):
        condition = self.expr(node.condition, scope)
        then = self.expr(node.then, scope)
        otherwise = self.expr(node.otherwise, scope)
        return lambda st, env: then(st, env) if condition(st, env) else otherwise(st, env)

    # ------------------------------------------------------------ statements

    def new_block(self, span=None) -> Block:
        block = Block(id=len(self.blocks), span=span)
        self.blocks.append(block)
        return block

    def block(self, statements: list[ast.Stmt], scope: frozenset, span=None) -> Block:
        """Compile statements into a new block and return it."""
        block = self.new_block(span)
        for statement in statements:
            instruction = getattr(self, "_s_" + type(statement).__name__)(statement, scope)
            block.code.append(instruction)
            block.spans.append(statement.span)
        return block

    def _s_Let(self, node, scope):
        name = node.name
        value = self.expr(node.value, scope)

        def let(st, env):
            env[name] = value(st, env)
        return let

    def _target(self, target: ast.Expr, scope) -> tuple[Callable, Callable]:
        """A (read, write) pair for an assignable expression."""
        if isinstance(target, ast.Name):
            name = target.id
            if name in scope:
                def read_local(st, env):
                    return env[name]

                def write_local(st, env, value):
                    env[name] = value
                return read_local, write_local
            if name in self.vars and not self.vars[name].per_player:
                def read_global(st, env):
                    return st.vars[name]

                def write_global(st, env, value):
                    st.vars[name] = value
                return read_global, write_global
            raise CompileError(f"cannot change '{name}': only variables and locals can be changed", target.span)
        if isinstance(target, ast.Attribute) and target.name in self.player_vars:
            owner = self.expr(target.target, scope)
            name = target.name

            def read_player(st, env):
                player = owner(st, env)
                if not isinstance(player, Player):
                    raise TypeError(f"'.{name}' belongs to a player, not {type_name(player)}")
                return st.pvars[player.index][name]

            def write_player(st, env, value):
                player = owner(st, env)
                if not isinstance(player, Player):
                    raise TypeError(f"'.{name}' belongs to a player, not {type_name(player)}")
                st.pvars[player.index][name] = value
            return read_player, write_player
        raise CompileError("only variables, players' variables and locals can be changed", target.span)

    def _s_Assign(self, node, scope):
        _, write = self._target(node.target, scope)
        value = self.expr(node.value, scope)

        def assign(st, env):
            write(st, env, value(st, env))
        return assign

    def _s_AddTo(self, node, scope):
        read, write = self._target(node.target, scope)
        value = self.expr(node.value, scope)
        sign = node.sign

        def add_to(st, env):
            write(st, env, read(st, env) + sign * value(st, env))
        return add_to

    def _s_Move(self, node, scope):
        what = self.expr(node.what, scope)
        to = self.expr(node.to, scope)
        on_top = node.place == "top"

        def move(st, env):
            destination = to(st, env)
            if not isinstance(destination, Zone):
                raise TypeError(f"pieces can only move to a zone or cell, not {type_name(destination)}")
            thing = what(st, env)
            if thing is None:
                raise TypeError("there is nothing to move (the value is none)")
            if isinstance(thing, Piece):
                st.move_piece(thing.id, destination.id, on_top)
            elif isinstance(thing, Zone):
                for piece_id in list(st.contents_of(thing)):
                    st.move_piece(piece_id, destination.id, on_top)
            else:
                for piece in as_list(st, thing):
                    if not isinstance(piece, Piece):
                        raise TypeError(f"only pieces can move, not {type_name(piece)}")
                    st.move_piece(piece.id, destination.id, on_top)
        return move

    def _s_Create(self, node, scope):
        count = self.expr(node.count, scope)
        decl = self.pieces.get(node.piece)
        if decl is None:
            raise CompileError(f"unknown piece '{node.piece}'", node.span)
        if len(node.args) != len(decl.fields):
            raise CompileError(f"'{node.piece}' has {len(decl.fields)} fields, got {len(node.args)} values", node.span)
        args = [self.expr(a, scope) for a in node.args]
        zone = self.expr(node.zone, scope)
        type_name_ = node.piece
        fields = decl.fields

        def create(st, env):
            if not st.in_setup:
                raise RuntimeError("pieces can only be created during setup: move them instead")
            n = count(st, env)
            destination = zone(st, env)
            if not isinstance(destination, Zone):
                raise TypeError(f"pieces are created in a zone or cell, not {type_name(destination)}")
            values = {f: a(st, env) for f, a in zip(fields, args)}
            for _ in range(n):
                st.create_piece(type_name_, dict(values), destination)
        return create

    def _s_Choose(self, node, scope):
        player = self.expr(node.player, scope)
        options = self.expr(node.options, scope)
        label = self.expr(node.label, scope | {node.var}) if node.label is not None else None
        prompt = self.text(node.prompt, scope) if node.prompt is not None else None
        site = ChoiceSite(len(self.choices), node.var, label, prompt, node.optional, node.skip_text, node.span)
        self.choices.append(site)
        var = node.var

        def choose(st, env):
            chooser = player(st, env)
            if not isinstance(chooser, Player):
                raise TypeError(f"only a player can choose, not {type_name(chooser)}")
            values = list(as_list(st, options(st, env)))
            if not values:
                if site.optional:
                    env[var] = None
                    return None
                raise RuntimeError(f"{chooser.name} must choose, but there is nothing to choose from")
            if chooser.is_automa:
                raise RuntimeError(f"{chooser.name} is played by the rules and cannot be asked to choose")
            if len(values) == 1 and not site.optional:
                env[var] = values[0]
                return None
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
                groups: dict = {}
                for piece in pieces:
                    groups.setdefault(piece.signature(), []).append(piece)
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

    def _s_Log(self, node, scope):
        text = self.text(node.text, scope)
        to = self.expr(node.to, scope) if node.to is not None else None

        def log(st, env):
            seat = None
            if to is not None:
                player = to(st, env)
                if not isinstance(player, Player):
                    raise TypeError(f"a private log line goes to a player, not {type_name(player)}")
                seat = player.index
            st.log.append((seat, text(st, env)))
        return log

    def _s_CallRule(self, node, scope):
        name = node.rule
        if name not in self.rules_ast:
            raise CompileError(f"unknown rule '{name}'", node.span)
        params = self.rules_ast[name].params
        if len(params) != len(node.args):
            raise CompileError(f"'{name}' takes {len(params)} arguments, got {len(node.args)}", node.span)
        args = [self.expr(a, scope) for a in node.args]
        program = self

        def call(st, env):
            scope_ = {p: a(st, env) for p, a in zip(params, args)}
            scopes = st.scopes
            if len(scopes) > 200:
                raise RecursionError()
            scopes.append(scope_)
            st.frames.append([program.rules[name][1], 0, CALL, None, 0])
        return call

    def _s_Return(self, node, scope):
        return lambda st, env: st.return_from_rule()

    def _s_EndGame(self, node, scope):
        return lambda st, env: st.end_game()

    def _s_Eliminate(self, node, scope):
        player = self.expr(node.player, scope)

        def eliminate(st, env):
            p = player(st, env)
            if not isinstance(p, Player):
                raise TypeError(f"only a player can be eliminated, not {type_name(p)}")
            st.eliminated[p.index] = True
        return eliminate

    def _s_Check(self, node, scope):
        condition = self.expr(node.condition, scope)
        text = node.text or "a check failed"

        def check(st, env):
            if not condition(st, env):
                raise RuntimeError(text)
        return check

    def _s_Pass(self, node, scope):
        return lambda st, env: None

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

        def for_each(st, env):
            items = list(as_list(st, iterable(st, env)))
            if items:
                env[var] = items[0]
                st.frames.append([body.id, 0, FOR_EACH, items, 1])
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
            n = count(st, env)
            if not isinstance(n, int):
                raise TypeError(f"repeat needs a whole number, got {type_name(n)}")
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


def local_names(statements: list[ast.Stmt]) -> set[str]:
    """Every name a block of statements binds: lets, loop variables, choices, draws, rolls."""
    names: set[str] = set()
    for statement in statements:
        if isinstance(statement, ast.Let):
            names.add(statement.name)
        elif isinstance(statement, (ast.Choose, ast.Draw, ast.Roll)):
            names.add(statement.var)
        elif isinstance(statement, ast.ForEach):
            names.add(statement.var)
            names |= local_names(statement.body)
        elif isinstance(statement, ast.If):
            for branch in statement.branches:
                names |= local_names(branch.body)
            names |= local_names(statement.otherwise)
        elif isinstance(statement, (ast.While, ast.Rounds, ast.Repeat, ast.Phase)):
            names |= local_names(statement.body)
    return names


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


