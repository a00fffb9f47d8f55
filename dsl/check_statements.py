"""The checker's statements: what each statement binds, assigns, moves and calls, and lines never reached."""

from __future__ import annotations

from dsl import ast
from dsl.ast import child_fields, local_names
from dsl.builtins import BUILTIN_ATTRIBUTES, FUNCTIONS, VALUES
from dsl.check_base import Body, NUMBER, suggest, article, plural, handler
from dsl.diagnostics import Span


class StatementChecks:
    """Checks statements and the names they bind (a mixin of `Checker`)."""

    # ------------------------------------------------------------ statements

    def statements_in(self, statements: list[ast.Stmt], body: Body, names: frozenset | None = None) -> None:
        """Check a section's or rule's statements with its locals in scope."""
        saved = self.body
        self.body = body
        names = frozenset(body.params) | local_names(statements) if names is None else names
        with self.scope(names, body):
            self.block(statements)
        self.body = saved

    def block(self, statements: list[ast.Stmt]) -> None:
        """Check a list of statements; anything after `return` or `end game` is never reached."""
        stopped_by = None
        reported = False
        for statement in statements:
            if stopped_by is not None and not reported:
                self.warning(self.first_line(statement.span),
                             f"this line is never carried out: it comes after '{stopped_by}'",
                             "remove it, or put the line before it inside an 'if'")
                reported = True
            self.stmt(statement)
            if stopped_by is None and isinstance(statement, ast.Return):
                stopped_by = "return"
            elif stopped_by is None and isinstance(statement, ast.EndGame):
                stopped_by = "end game"

    def stmt(self, node: ast.Stmt) -> None:
        method = handler(type(self), "stmt_", type(node))
        if method is not None:
            method(self, node)
        else:
            self.children(node)

    def children(self, node: ast.Node) -> None:
        """Check every expression and statement directly inside a node (the fallback visitor)."""
        for name in child_fields(type(node)):
            value = getattr(node, name)
            if isinstance(value, list):
                statements = [v for v in value if isinstance(v, ast.Stmt)]
                if statements:
                    self.block(statements)
                for item in value:
                    if isinstance(item, ast.Expr):
                        self.expr(item)
                    elif isinstance(item, ast.IfBranch):
                        self.children(item)
            elif isinstance(value, ast.Expr):
                self.expr(value)
            elif isinstance(value, ast.IfBranch):
                self.children(value)
            elif isinstance(value, ast.Stmt):
                self.block([value])

    def bind(self, name: str, span: Span, what: str) -> None:
        """A statement gives the local `name` a value: check it, and remember it is bound."""
        self.check_hiding(name, span, what)
        body = self.body
        if body is not None:
            if name in body.params and what == "local" and body.section == "rule":
                self.error(span, f"'{name}' is already a parameter of {body.title}",
                           f"to change it, write '{name} = ...' without 'let'")
            elif name in body.params and what != "local" and body.section == "rule":
                self.error(span, f"the {what} '{name}' hides the parameter '{name}' of {body.title}",
                           f"give the {what} a name of its own")
            body.bound.add(name)

    def stmt_Let(self, node: ast.Let) -> None:
        self.expr(node.value)
        self.bind(node.name, self.word_span(node.span, node.name, "let"), "local")

    def stmt_Assign(self, node: ast.Assign) -> None:
        self.expr(node.value)
        self.target(node.target, "=")

    def stmt_AddTo(self, node: ast.AddTo) -> None:
        self.expr(node.value)
        kind = self.evident(node.value)
        if kind is not None and kind != NUMBER:
            operator = "+=" if node.sign > 0 else "-="
            self.type_slip(node.value, f"'{operator}' adds or takes away a number, not {kind.words()}",
                           "to add to a list, write xs = xs + [x]" if kind.kind == "list" else None)
        self.target(node.target, "+=" if node.sign > 0 else "-=")

    def target(self, target: ast.Expr, operator: str) -> None:
        """Only locals, shared variables and `p.player_variable` can be changed."""
        if isinstance(target, ast.Name):
            name = target.id
            scope = self.lookup_local(name)
            if scope is not None:
                if operator == "=" and scope.body is not None:
                    scope.body.bound.add(name)
                else:
                    self.name(target)
                return
            symbol = self.globals.get(name)
            if symbol is not None:
                self.use(symbol)
                if symbol.kind == "variable" and not symbol.per_player:
                    return
                if symbol.kind == "variable" and symbol.owner:
                    self.error(target.span, f"'{name}' belongs to each {symbol.owner}: write x.{name} {operator} ... "
                               f"for a {symbol.owner} x")
                elif symbol.kind == "variable":
                    self.error(target.span, f"'{name}' belongs to each player: write p.{name} {operator} ...")
                elif symbol.kind == "zone":
                    self.error(target.span, f"cannot change the zone '{name}' with '{operator}'",
                               "move pieces in and out of it with 'move'")
                else:
                    self.error(target.span, f"cannot change the {symbol.title} '{name}': only variables and local values can change",
                               "declare a variable with 'var NAME = ...', or a local with 'let NAME = ...'")
                return
            if name in VALUES:
                self.error(target.span, f"cannot change '{name}': the game keeps it")
                return
            candidates = [n for n, s in self.globals.items() if s.kind == "variable" and not s.per_player]
            candidates += [n for scope in self.scopes for n in scope.names]
            self.error(target.span, f"unknown variable '{name}'",
                       suggest(name, candidates) or f"declare it with 'var {name} = ...' or 'let {name} = ...'")
            return
        if isinstance(target, ast.Attribute):
            self.expr(target.target)
            name = target.name
            where = self.attribute_span(target)
            symbol = self.globals.get(name)
            if symbol is not None and symbol.per_player and symbol.kind == "variable":
                self.use(symbol)
                return
            if symbol is not None and symbol.per_player and symbol.kind == "zone":
                self.use(symbol)
                self.error(where, f"cannot change the zone '.{name}' with '{operator}'",
                           "move pieces in and out of it with 'move'")
            elif name in self.piece_fields:
                self.error(where, f"cannot change the field '.{name}': a piece's fields are fixed when it is created",
                           "keep what changes in a per-player variable or a zone")
            elif name in self.layer_names:
                self.error(where, f"cannot change the layer '.{name}': a board's layers are fixed")
            elif name in BUILTIN_ATTRIBUTES:
                self.error(where, f"cannot change '.{name}': the game keeps it")
            else:
                self.attribute(target, check_target=False)
            return
        self.expr(target)
        self.error(target.span, f"cannot change this with '{operator}': only variables, players' variables and local values can change")

    def stmt_Move(self, node: ast.Move) -> None:
        self.expr(node.what)
        self.expr(node.to)
        self.expect_place(node.to, "pieces can only move to a zone or a cell")

    def stmt_Create(self, node: ast.Create) -> None:
        self.expr(node.count)
        for argument in node.args:
            self.expr(argument)
        self.expr(node.zone)
        self.expect_place(node.zone, "pieces are created in a zone or a cell")
        where = self.word_span(node.span, node.piece)
        piece = self.pieces.get(node.piece)
        if piece is None:
            self.error(where, f"unknown piece '{node.piece}'",
                       suggest(node.piece, self.pieces) or f"declare it with 'piece {node.piece}'")
        else:
            self.use(piece)
            fields = piece.node.fields
            by_key = [d for d in self.declarations if isinstance(d, ast.TableDecl) and d.piece == node.piece]
            if by_key and len(node.args) == 1:
                if by_key[0].name in self.globals:
                    self.use(self.globals[by_key[0].name])
                return  # a catalogue gives the other fields from the key's row
            if len(node.args) != len(fields):
                wanted = f"({', '.join(fields)})" if fields else "no fields"
                self.error(where, f"piece '{node.piece}' has {plural(len(fields), 'field')} {wanted}, "
                           f"but {plural(len(node.args), 'value')} {'is' if len(node.args) == 1 else 'are'} given")

    def stmt_Choose(self, node: ast.Choose) -> None:
        self.expr(node.player)
        self.expect_player(node.player, "only a player can choose")
        self.expr(node.options)
        if node.prompt is not None:
            self.expr(node.prompt)
        if node.skip_text is not None:
            self.expr(node.skip_text)
        self.bind(node.var, self.word_span(node.span, node.var, "chooses"), "choice")
        if node.label is not None:
            self.expr(node.label)
            self._warn_label_of_face_down_options(node)

    def stmt_ChooseSet(self, node: ast.ChooseSet) -> None:
        self.expr(node.player)
        self.expect_player(node.player, "only a player can choose")
        self.expr(node.options)
        self.expr(node.budget)
        if node.prompt is not None:
            self.expr(node.prompt)
        # In the cost and the label, NAME stands for one option.
        with self.scope(frozenset([node.var])):
            self.expr(node.cost)
            if node.label is not None:
                self.expr(node.label)
        self.bind(node.var, self.word_span(node.span, node.var, "chooses"), "choice")

    def _warn_label_of_face_down_options(self, node: ast.Choose) -> None:
        """A label on options taken from a hidden zone would read pieces nobody may see."""
        options = node.options
        name = options.id if isinstance(options, ast.Name) else \
            options.name if isinstance(options, ast.Attribute) else None
        symbol = self.globals.get(name) if name is not None else None
        visibility = getattr(symbol.node, "visibility", None) if symbol is not None else None
        if symbol is None or symbol.kind != "zone" or visibility not in ("hidden", "internal"):
            return
        self.warning(options.span,
                     f"the pieces of the {visibility} zone '{name}' are offered face down, so this label is never shown",
                     "remove 'labelled ...'; the player sees one option, 'a face-down ... from "
                     f"{name.replace('_', ' ')}', and chance decides which piece it gets")

    def stmt_Draw(self, node: ast.Draw) -> None:
        self.expr(node.source)
        self.expect_list(node.source, "'draw' takes from a list or a zone")
        self.bind(node.var, self.word_span(node.span, node.var, "draw"), "draw")

    def stmt_WeightedDraw(self, node: ast.WeightedDraw) -> None:
        self.expr(node.source)
        self.expect_list(node.source, "'draw' takes from a list or a zone")
        self.expr(node.weights)
        self.expect_list(node.weights, "'weighted' needs a list of whole numbers, one for each element")
        if isinstance(node.source, ast.ListLiteral) and isinstance(node.weights, ast.ListLiteral) \
                and len(node.source.items) != len(node.weights.items):
            self.error(self.first_line(node.weights.span),
                       f"'weighted' gives {plural(len(node.weights.items), 'weight')} for "
                       f"{plural(len(node.source.items), 'element')}", "give one weight for each element, in order")
        for weight in node.weights.items if isinstance(node.weights, ast.ListLiteral) else []:
            kind = self.evident(weight)
            if kind is not None and kind != NUMBER:
                self.type_slip(weight, f"a weight is a whole number, not {kind.words()}")
        self.bind(node.var, self.word_span(node.span, node.var, "draw"), "draw")

    def stmt_Actions(self, node: ast.Actions) -> None:
        self.expr(node.player)
        self.expect_player(node.player, "only a player can take actions")
        if node.prompt is not None:
            self.expr(node.prompt)
        self.expr(node.stop_text)
        seen: dict[str, ast.ActionOption] = {}
        for group in node.groups:
            if group.count is not None:
                self.expr(group.count)
                kind = self.evident(group.count)
                if kind is not None and kind != NUMBER:
                    self.type_slip(group.count, f"'up to ... times' needs a whole number, not {kind.words()}")
            for option in group.options:
                words = "".join(part if isinstance(part, str) else "{}" for part in option.text.parts)
                if words in seen:
                    self.error(self.first_line(option.span),
                               f"two actions of this turn read '{words}': the player could not tell them apart",
                               "give each action its own words")
                seen[words] = option
                self.expr(option.text)
                if option.condition is not None:
                    self.expr(option.condition)
                self.block(option.body)

    def stmt_Roll(self, node: ast.Roll) -> None:
        where = self.word_span(node.span, node.die, " on ")
        symbol = self.globals.get(node.die)
        if symbol is not None and symbol.kind == "die":
            self.use(symbol)
        elif symbol is not None:
            self.error(where, f"'{node.die}' is {article(symbol.title)}, not a die")
        else:
            dice = [n for n, s in self.globals.items() if s.kind == "die"]
            self.error(where, f"unknown die '{node.die}'",
                       suggest(node.die, dice) or f"declare it with 'die {node.die}: 1, 2, 3, 4, 5, 6'")
        self.bind(node.var, self.word_span(node.span, node.var, "roll"), "roll")

    def stmt_Log(self, node: ast.Log) -> None:
        if node.to is not None:
            self.expr(node.to)
            self.expect_player(node.to, "a private log line goes to a player")
        self.expr(node.text)

    def stmt_Eliminate(self, node: ast.Eliminate) -> None:
        self.expr(node.player)
        self.expect_player(node.player, "only a player can be eliminated")

    def stmt_Shuffle(self, node: ast.Shuffle) -> None:
        self.expr(node.zone)

    def stmt_CallRule(self, node: ast.CallRule) -> None:
        for argument in node.args:
            self.expr(argument)

        def where() -> Span:  # the rule's name, worked out only for a message
            return self.word_span(node.span, node.rule)

        symbol = self.globals.get(node.rule)
        if symbol is not None and symbol.kind == "rule":
            self.use(symbol)
            params = symbol.node.params
            if len(node.args) != len(params):
                self.error(where(), f"rule '{node.rule}' takes {plural(len(params), 'argument')}"
                           f"{' (' + ', '.join(params) + ')' if params else ''}, but {len(node.args)} {'is' if len(node.args) == 1 else 'are'} given")
            return
        if (symbol is not None and symbol.kind == "define") or node.rule in FUNCTIONS:
            if symbol is not None:
                self.use(symbol)
            self.error(where(), f"'{node.rule}' is a function, not a rule: it gives a value and does nothing",
                       f"use its value, e.g. let x = {node.rule}(...)")
            return
        rules = [n for n, s in self.globals.items() if s.kind == "rule"]
        if symbol is not None:
            self.use(symbol)
            self.error(where(), f"'{node.rule}' is {article(symbol.title)}, not a rule", suggest(node.rule, rules))
            return
        self.error(where(), f"unknown rule '{node.rule}'",
                   suggest(node.rule, rules) or f"declare it with 'rule {node.rule}(...):'")

    def stmt_Return(self, node: ast.Return) -> None:
        if self.body is None or self.body.section != "rule":
            where = self.body.title if self.body else "here"
            self.error(self.first_line(node.span), f"'return' leaves a rule, but this is {where}, not a rule",
                       "to stop play altogether, write 'end game'")

    def stmt_EndGame(self, node: ast.EndGame) -> None:
        if self.body is not None and self.body.section == "final scoring":
            self.error(self.first_line(node.span), "'end game' in final scoring would start final scoring again",
                       "final scoring already happens once play has ended")

    def stmt_If(self, node: ast.If) -> None:
        for branch in node.branches:
            self.expr(branch.condition)
            self.block(branch.body)
        self.block(node.otherwise)

    def stmt_Repeat(self, node: ast.Repeat) -> None:
        self.expr(node.count)
        kind = self.evident(node.count)
        if kind is not None and kind != NUMBER:
            self.type_slip(node.count, f"'repeat' needs a whole number of times, not {kind.words()}")
        self.block(node.body)

    def stmt_ForEach(self, node: ast.ForEach) -> None:
        self.expr(node.iterable)
        self.expect_list(node.iterable, "'for each' needs a list or a zone")
        self.bind(node.var, self.word_span(node.span, node.var, "each"), "loop variable")
        self.block(node.body)
