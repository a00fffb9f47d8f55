"""The checker's kind checks: what a value is evident to be, and the obvious type slips that follow."""

from __future__ import annotations

from dsl import ast
from dsl.check_base import (
    SYMBOL_KINDS, Symbol, Evident, NUMBER, TEXT, TRUTH, EVIDENT_RESULTS, LIST_FUNCTIONS, NUMBER_FUNCTIONS, NOT_LISTS,
    node_is,
)


class KindChecks:
    """Works out what expressions are evident to be and reports the slips (a mixin of `Checker`)."""

    # ------------------------------------------------------------ obvious type slips

    def evident(self, node: ast.Expr, hidden: frozenset = frozenset()) -> Evident | None:
        """What an expression's value is sure to be, or None when that is not evident.

        Args:
            node: the expression.
            hidden: names bound around it whose values are not known (comprehension
                variables, a define's parameters).
        """
        if isinstance(node, ast.IntLiteral):
            return NUMBER
        if isinstance(node, ast.StringLiteral):
            return TEXT
        if isinstance(node, (ast.BoolLiteral, ast.Compare, ast.Membership, ast.Not, ast.VariantRef)):
            return TRUTH
        if isinstance(node, ast.NoneLiteral):
            return Evident("none")
        if isinstance(node, ast.ListLiteral):
            return Evident("list", self.common([self.evident(i, hidden) for i in node.items]))
        if isinstance(node, ast.Comprehension):
            names = hidden | {clause.var for clause in node.clauses}
            return Evident("list", self.evident(node.element, names))
        if isinstance(node, ast.Negate):
            return NUMBER if self.evident(node.operand, hidden) == NUMBER else None
        if isinstance(node, ast.Binary):
            left, right = self.evident(node.left, hidden), self.evident(node.right, hidden)
            if left == right == NUMBER:
                return NUMBER
            if node.op == "+" and left == right == TEXT:
                return TEXT
            if node.op == "+" and left is not None and right is not None and left.kind == right.kind == "list":
                return Evident("list", left.item if left.item == right.item else None)
            return None
        if isinstance(node, (ast.BoolOp, ast.IfExpr)):
            # `a or b` gives a or b itself, so it is sure only when both sides are the same.
            sides = (node.left, node.right) if isinstance(node, ast.BoolOp) else (node.then, node.otherwise)
            return self.common([self.evident(side, hidden) for side in sides])
        if isinstance(node, ast.Name):
            return self.evident_name(node.id, hidden)
        if isinstance(node, ast.Call):
            return self.evident_call(node, hidden)
        return None

    @staticmethod
    def common(kinds: list) -> Evident | None:
        """The one thing every value of a list is sure to be, or None."""
        if not kinds or any(kind is None or kind != kinds[0] for kind in kinds):
            return None
        return kinds[0]

    def evident_name(self, name: str, hidden: frozenset) -> Evident | None:
        if name in hidden or self.lookup_local(name) is not None:
            return None
        symbol = self.globals.get(name)
        if symbol is None:
            return {"players": Evident("list"), "player_count": NUMBER, "round_number": NUMBER}.get(name)
        if symbol.per_player:
            return None
        if symbol.kind in SYMBOL_KINDS:
            return TEXT  # a kind member, legend value or die face is its name
        if symbol.kind == "kind":
            return Evident("list", TEXT)
        if symbol.kind in ("zone", "table", "board"):
            return Evident(symbol.kind)
        if symbol.kind == "parameter":
            return NUMBER
        if symbol.kind == "define" and not symbol.node.params:
            return self.evident_define(symbol)
        return None

    def evident_call(self, node: ast.Call, hidden: frozenset) -> Evident | None:
        name = node.function
        symbol = self.globals.get(name)
        if symbol is not None and symbol.kind == "define":
            if len(node.args) != len(symbol.node.params):
                return None
            return self.evident_define(symbol)
        if symbol is not None:
            return None
        if name in EVIDENT_RESULTS:
            return EVIDENT_RESULTS[name]
        if name in ("take", "distinct", "flatten") and node.args:
            argument = self.evident(node.args[0], hidden)
            if argument is None or argument.kind != "list":
                return Evident("list")
            if name == "flatten":
                inner = argument.item
                return Evident("list", inner.item if inner is not None and inner.kind == "list" else None)
            return argument
        return None

    def evident_define(self, symbol: Symbol) -> Evident | None:
        """What a define's body is sure to give, whatever its arguments: worked out once per define."""
        if symbol.name not in self.define_kinds:
            self.define_kinds[symbol.name] = None  # a define that uses itself is not evident while it is looked into
            saved, self.scopes = self.scopes, []
            try:
                self.define_kinds[symbol.name] = self.evident(symbol.node.body, frozenset(symbol.node.params))
            finally:
                self.scopes = saved
        return self.define_kinds[symbol.name]

    def type_slip(self, node: ast.Expr, message: str, hint: str | None = None) -> None:
        """Report a value that is sure to be the wrong kind of value where it is used."""
        self.error(self.first_line(node.span), message, hint)

    def expect_list(self, node: ast.Expr, message: str) -> None:
        """A value that is gone through (a loop, a list function) must be a list or a zone."""
        kind = self.evident(node)
        if kind is not None and kind.kind in NOT_LISTS:
            self.type_slip(node, f"{message}, not {kind.words()}", "only a list or a zone has elements to go through")

    def check_arithmetic(self, node: ast.Binary) -> None:
        left, right = self.evident(node.left), self.evident(node.right)
        if node.op != "+":
            for side, kind in ((node.left, left), (node.right, right)):
                if kind is not None and kind.kind in ("text", "list", "none", "zone", "table", "board"):
                    self.type_slip(side, f"'{node.op}' works on numbers, not on {kind.words()}")
                    return
            return
        if "none" in (getattr(left, "kind", None), getattr(right, "kind", None)):
            side = node.left if left is not None and left.kind == "none" else node.right
            self.type_slip(side, "'+' cannot add none to anything",
                           "none means no value: test for it with '== none' before adding")
            return
        if left is None or right is None or "truth" in (left.kind, right.kind):
            return
        joinable = {"list", "zone"}
        if left.kind == right.kind and left.kind in ("number", "text") or {left.kind, right.kind} <= joinable:
            return
        hint = None
        if left.kind in joinable or right.kind in joinable:
            hint = "to add one element to a list, put it in a list of its own: xs + [x]"
        self.type_slip(node, f"'+' cannot add {right.words()} to {left.words()}",
                       hint or "'+' adds two numbers, joins two texts, or joins two lists (or zones)")

    def check_call_arguments(self, node: ast.Call) -> None:
        """Built-in functions given a value they can never work on."""
        name = node.function
        if not node.args:
            return
        first = node.args[0]
        if name in LIST_FUNCTIONS:
            for argument in (node.args if name == "share_places" else [first]):
                self.expect_list(argument, f"'{name}' needs a list or a zone")
        if name in NUMBER_FUNCTIONS:
            for argument in node.args:
                kind = self.evident(argument)
                bad = ("text", "list", "none", "zone", "table", "board") + (("truth",) if name == "range" else ())
                if kind is not None and kind.kind in bad:
                    self.type_slip(argument, f"'{name}' needs a number, not {kind.words()}")
        if name not in ("sum", "flatten"):
            return
        # What the elements of the list are sure to be: each item of a written list, or a
        # comprehension's element (a sum of lists that happens to be empty is still a slip).
        if isinstance(first, ast.ListLiteral):
            elements = [(item, self.evident(item), "not {}") for item in first.items]
        elif isinstance(first, ast.Comprehension):
            names = frozenset(clause.var for clause in first.clauses)
            elements = [(first.element, self.evident(first.element, names), "but each element of this list is {}")]
        else:
            whole = self.evident(first)
            item = whole.item if whole is not None and whole.kind == "list" else None
            elements = [(first, item, "but this is a list of {}")] if item is not None else []
        wrong_kinds = ("list", "text", "none") if name == "sum" else tuple(NOT_LISTS)
        for where, kind, wording in elements:
            if kind is None or kind.kind not in wrong_kinds:
                continue
            described = wording.format(kind.plural() if wording.endswith("list of {}") else kind.words())
            if name == "sum":
                self.type_slip(where, f"'sum' adds up numbers, {described}",
                               "to join lists into one list, write flatten(...)" if kind.kind == "list" else None)
            else:
                self.type_slip(where, f"'flatten' joins lists, {described}",
                               "flatten needs a list of lists, such as [[1, 2], [3]]")
            return

    def check_ordering(self, node: ast.Compare) -> None:
        if node.op in ("==", "!="):
            return
        left, right = self.evident(node.left), self.evident(node.right)
        kinds = {getattr(left, "kind", None), getattr(right, "kind", None)}
        if "none" in kinds:
            self.type_slip(node, f"'{node.op}' cannot compare none with anything: none is not more or less than a value",
                           "to test for no value, write '== none' or '!= none'")
        elif left is not None and right is not None and left.kind != right.kind and kinds <= {"number", "text", "list"}:
            self.type_slip(node, f"'{node.op}' cannot compare {left.words()} with {right.words()}",
                           "order comparisons need two numbers, two texts or two lists")


    def literal_kind(self, node: ast.Expr) -> str | None:
        """What a plainly wrong value is ("a number", "the zone 'bag'"), or None when it may be right."""
        if isinstance(node, (ast.IntLiteral, ast.Binary, ast.Negate)):
            return "a number"
        if isinstance(node, ast.StringLiteral):
            return "a text"
        if isinstance(node, (ast.BoolLiteral, ast.Compare, ast.BoolOp, ast.Not, ast.Membership, ast.VariantRef)):
            return "true or false"
        if isinstance(node, ast.NoneLiteral):
            return "none"
        if isinstance(node, (ast.ListLiteral, ast.Comprehension)):
            return "a list"
        if isinstance(node, ast.Name) and self.lookup_local(node.id) is None:
            symbol = self.globals.get(node.id)
            if symbol is not None and symbol.kind in ("zone", "kind", "table", "board") + SYMBOL_KINDS:
                return f"the {symbol.title} '{node.id}'"
            if symbol is not None and symbol.kind == "parameter":
                return "a number"
            if symbol is None and node.id == "players":
                return "the list of every seat"
            if symbol is None and node.id in ("player_count", "round_number"):
                return "a number"
        return None

    def expect_player(self, node: ast.Expr, message: str) -> None:
        kind = self.literal_kind(node)
        if kind is not None:
            hint = "for each seat, write: for each p in players:" if node_is(node, "players") else None
            self.error(node.span, f"{message}, not {kind}", hint)

    def expect_place(self, node: ast.Expr, message: str) -> None:
        kind = self.literal_kind(node)
        if kind is not None and not kind.startswith("the zone"):
            self.error(node.span, f"{message}, not {kind}")
