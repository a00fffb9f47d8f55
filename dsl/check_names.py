"""The checker's name resolution: names, attributes, indexes and calls in expressions, with suggestions."""

from __future__ import annotations

import contextlib

from dsl import ast
from dsl.builtins import BUILTIN_ATTRIBUTES, FUNCTIONS, VALUES
from dsl.check_base import (
    SYMBOL_KINDS, FAMILIAR_FUNCTIONS, FAMILIAR_NAMES, Symbol, NOT_LISTS, suggest, article, plural, handler,
)
from dsl.diagnostics import Span


class NameChecks:
    """Resolves every name an expression reads and reports unknown or misused ones (a mixin of `Checker`)."""

    # ------------------------------------------------------------ expressions

    def expr(self, node: ast.Expr) -> None:
        method = handler(type(self), "expr_", type(node))
        if method is not None:
            method(self, node)
        else:
            self.children(node)

    def expr_Name(self, node: ast.Name) -> None:
        self.name(node)

    def name(self, node: ast.Name) -> None:
        """Resolve a bare name the way the compiler will."""
        name = node.id
        scope = self.lookup_local(name)
        if scope is not None:
            body = scope.body
            if body is not None and name not in body.bound and name not in body.warned:
                body.warned.add(name)
                self.warning(node.span, f"'{name}' is read here before anything in {body.title} gives it a value",
                             "give it a value (let, for each, chooses, draw, roll) above this line")
            return
        symbol = self.globals.get(name)
        if symbol is not None:
            self.use(symbol)
            if symbol.readable_by_name:
                self.check_reading(node, symbol)
                return
            self.misused_name(node, symbol)
            return
        if name in VALUES:
            if self.reading == "automa condition" and name == "round_number":
                self.error(node.span, "an automa's condition is decided before the game starts: it cannot read 'round_number'",
                           "use player_count, variants and fixed values")
            return
        if name in self.pieces:
            self.use(self.pieces[name])
            self.error(node.span, f"'{name}' is a piece, not a value: pieces are named only in 'create'",
                       f"to test a piece's kind, compare piece_type(x) with \"{name}\"")
            return
        if name in FUNCTIONS:
            self.error(node.span, f"'{name}' is a built-in function: call it, e.g. {name}(...)")
            return
        hint = f"in the rules language, write {FAMILIAR_NAMES[name]}" if name in FAMILIAR_NAMES \
            else suggest(name, self.visible_names()) \
            or (f"nothing here is called '{name}': declare it ('var', 'zone', 'kind', 'define' ...), "
                f"name it in this rule with 'let {name} = ...', or check its spelling")
        self.error(node.span, f"unknown name '{name}'", hint)

    def visible_names(self) -> list[str]:
        """Every name a bare reference could mean here (for 'did you mean')."""
        names = [n for scope in self.scopes for n in scope.names]
        names += [n for n, s in self.globals.items() if s.readable_by_name]
        return names + list(VALUES)

    def misused_name(self, node: ast.Name, symbol: Symbol) -> None:
        """A declared name used where its kind of thing cannot be used by name alone."""
        name = node.id
        if symbol.per_player and symbol.kind == "variable" and symbol.owner:
            self.error(node.span, f"'{name}' belongs to each {symbol.owner}: write x.{name} for a {symbol.owner} x")
        elif symbol.per_player:
            self.error(node.span, f"'{name}' belongs to each player: write p.{name}")
        elif symbol.kind == "define":
            params = ", ".join(symbol.node.params)
            self.error(node.span, f"define '{name}' needs arguments: {name}({params})")
        elif symbol.kind == "rule":
            self.error(node.span, f"'{name}' is a rule: rules are carried out as statements, not used as values",
                       f"write {name}(...) on a line of its own")
        elif symbol.kind == "variant":
            self.error(node.span, f"'{name}' is a variant: test it with 'variant {name}'")
        elif symbol.kind == "die":
            self.error(node.span, f"'{name}' is a die: roll it with 'roll x on {name}'")
        else:
            self.error(node.span, f"the {symbol.title} '{name}' cannot be used here")

    def check_reading(self, node: ast.Name, symbol: Symbol) -> None:
        """Automa conditions and starting values run before the game is set up: limit what they read."""
        if self.reading == "automa condition" and symbol.kind not in SYMBOL_KINDS + ("kind", "automa", "parameter"):
            self.error(node.span, f"an automa's condition is decided before the game starts: "
                       f"it cannot read the {symbol.title} '{node.id}'",
                       "use player_count, variants and fixed values")
        elif self.reading == "starting value" and symbol.kind == "variable":
            if self.var_order.get(node.id, 0) >= self.var_order.get(self.current_var, 0):
                self.error(node.span, f"the starting value of '{self.current_var}' reads '{node.id}', "
                           "which has no value yet: variables start in the order they are declared",
                           f"declare '{node.id}' above '{self.current_var}'" if node.id != self.current_var else None)

    def expr_Binary(self, node: ast.Binary) -> None:
        self.expr(node.left)
        self.expr(node.right)
        self.check_arithmetic(node)
        if node.op in ("/", "%") and isinstance(node.right, ast.IntLiteral) and node.right.value == 0:
            # A warning: it fails only if this line runs (tests use it to make a rule fail on purpose).
            self.warning(node.right.span, f"'{node.op} 0' divides by zero: this fails whenever it is worked out")

    def expr_Negate(self, node: ast.Negate) -> None:
        self.expr(node.operand)
        kind = self.evident(node.operand)
        if kind is not None and kind.kind in ("text", "list", "none", "zone", "table", "board"):
            self.type_slip(node.operand, f"a minus sign needs a number, not {kind.words()}")

    def expr_Compare(self, node: ast.Compare) -> None:
        self.expr(node.left)
        self.expr(node.right)
        self.check_ordering(node)

    def expr_Membership(self, node: ast.Membership) -> None:
        self.expr(node.element)
        self.expr(node.collection)
        kind = self.evident(node.collection)
        if kind is not None and kind.kind in NOT_LISTS - {"table"}:
            self.type_slip(node.collection, f"'in' looks inside a list, a zone or a table, not {kind.words()}")

    def expr_VariantRef(self, node: ast.VariantRef) -> None:
        self.check_variant_name(node.name, self.word_span(node.span, node.name, "variant"), count_as_use=True)

    def check_variant_name(self, name: str, span: Span, count_as_use: bool) -> None:
        symbol = self.globals.get(name)
        if symbol is not None and symbol.kind == "variant":
            if count_as_use:
                self.use(symbol)
            return
        variants = [n for n, s in self.globals.items() if s.kind == "variant"]
        if symbol is not None:
            self.error(span, f"'{name}' is {article(symbol.title)}, not a variant", suggest(name, variants))
        else:
            self.error(span, f"unknown variant '{name}'",
                       suggest(name, variants) or f"declare it with 'variant {name} \"what it changes\"'")

    def expr_Comprehension(self, node: ast.Comprehension) -> None:
        # Each clause sees the names of the clauses before it; the key and the element see them all.
        with contextlib.ExitStack() as clauses:
            for clause in node.clauses:
                self.expr(clause.iterable)
                self.expect_list(clause.iterable, f"'for {clause.var} in' needs a list or a zone")
                self.check_hiding(clause.var, self.word_span(clause.span, clause.var, "for"), "variable")
                clauses.enter_context(self.scope(frozenset({clause.var})))
                if clause.where is not None:
                    self.expr(clause.where)
            for part in (node.order_by, node.element):
                if part is not None:
                    self.expr(part)

    def expr_Attribute(self, node: ast.Attribute) -> None:
        self.attribute(node)

    def attribute(self, node: ast.Attribute, check_target: bool = True) -> None:
        """`x.name` must name something some value has: player variable or zone, field, layer, built-in."""
        if check_target:
            self.expr(node.target)
        name = node.name
        fields = self.catalogue_fields(node.target)
        if fields is not None:
            if name not in fields:
                self.error(self.attribute_span(node), f"a row of table '{node.target.target.id}' has no field '{name}'",
                           suggest(name, fields) or f"its fields are {', '.join(fields)}")
            return
        symbol = self.globals.get(name)
        if symbol is not None and symbol.per_player:
            self.use(symbol)
            return
        if name in self.piece_fields or name in self.layer_names or name in BUILTIN_ATTRIBUTES:
            return
        where = self.attribute_span(node)
        if symbol is not None and symbol.kind in ("variable", "zone"):
            self.use(symbol)
            self.error(where, f"the {symbol.kind} '{name}' is shared by everyone, not kept per player: write {name}")
            return
        candidates = [n for n, s in self.globals.items() if s.per_player]
        candidates += list(self.piece_fields | self.layer_names | BUILTIN_ATTRIBUTES)
        hint = suggest(name, candidates) or (f"declare it as 'var {name} per player = ...', 'zone {name} per player' "
                                             f"or a piece's field, 'piece NAME({name})', or check its spelling")
        self.error(where, f"nothing has an attribute '{name}': it is not a per-player variable or zone, "
                   "a piece field, a board layer or a built-in attribute", hint)

    def catalogue_fields(self, node: ast.Expr) -> list[str] | None:
        """The fields of the piece a catalogue row describes, for `TABLE[KEY]`; else None."""
        if not (isinstance(node, ast.Index) and isinstance(node.target, ast.Name)) or self.lookup_local(node.target.id):
            return None
        symbol = self.globals.get(node.target.id)
        if symbol is None or symbol.kind != "table" or not symbol.node.piece:
            return None
        piece = self.pieces.get(symbol.node.piece)
        return piece.node.fields if piece is not None else None

    def expr_Index(self, node: ast.Index) -> None:
        self.expr(node.target)
        self.expr(node.index)
        kind = self.evident(node.target)
        if kind is not None and kind.kind in NOT_LISTS - {"table"}:
            self.type_slip(node.target, f"only a list, a zone or a table can be looked into with [...], not {kind.words()}")
        # A table looked up with a fixed key must have a row for it.
        target = node.target
        if not isinstance(target, ast.Name) or self.lookup_local(target.id) is not None:
            return
        symbol = self.globals.get(target.id)
        keys = self.table_keys.get(target.id)
        if symbol is None or symbol.kind != "table" or keys is None:
            return
        fixed, key = self.fixed_value(node.index)
        if fixed and not isinstance(key, list) and key not in keys:
            self.error(node.index.span, f"table '{target.id}' has no row for {self.show(key)}",
                       "its keys are " + ", ".join(self.show(k) for k in keys))

    def expr_Call(self, node: ast.Call) -> None:
        for argument in node.args:
            self.expr(argument)
        name = node.function

        def where() -> Span:  # the function's name, worked out only for a message
            return self.word_span(node.span, name)

        symbol = self.globals.get(name)
        if symbol is not None and symbol.kind == "define":
            self.use(symbol)
            params = symbol.node.params
            if self.reading == "automa condition":
                self.error(where(), f"an automa's condition is decided before the game starts: it cannot use the define '{name}'",
                           "use player_count, variants and fixed values")
            if not params:
                self.error(where(), f"define '{name}' has no parameters: write it without brackets, as '{name}'")
            elif len(node.args) != len(params):
                self.error(where(), f"define '{name}' takes {plural(len(params), 'argument')} ({', '.join(params)}), "
                           f"but {len(node.args)} {'is' if len(node.args) == 1 else 'are'} given")
            return
        if name in FUNCTIONS:
            low, high, _ = FUNCTIONS[name]
            if not low <= len(node.args) <= high:
                wanted = str(low) if low == high else f"{low} to {high}"
                self.error(where(), f"'{name}' takes {wanted} argument{'s' if high != 1 else ''}, "
                           f"but {len(node.args)} {'is' if len(node.args) == 1 else 'are'} given",
                           f"{name}: {FUNCTIONS[name][2]}")
            else:
                self.check_call_arguments(node)
            return
        if symbol is not None and symbol.kind == "rule":
            self.use(symbol)
            self.error(where(), f"'{name}' is a rule: rules are carried out as statements, not used in expressions",
                       f"write {name}(...) on a line of its own")
            return
        if symbol is not None:
            self.use(symbol)
            hint = f"look up a row with {name}[key]" if symbol.kind == "table" else None
            self.error(where(), f"'{name}' is {article(symbol.title)}, not a function", hint)
            return
        if self.lookup_local(name) is not None:
            self.error(where(), f"'{name}' is a local value, not a function")
            return
        functions = list(FUNCTIONS) + [n for n, s in self.globals.items() if s.kind == "define"]
        # A word from another language is meant as that word, not as a slip for a near name.
        if name in FAMILIAR_FUNCTIONS:
            hint = f"in the rules language, write {FAMILIAR_FUNCTIONS[name]}"
        else:
            hint = suggest(name, functions) or (f"declare it with 'define {name}(...) = ...', or check its spelling; "
                                                "the built-in functions are in docs/language.md, 6")
        self.error(where(), f"unknown function '{name}'", hint)
