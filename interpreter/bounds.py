"""Upper bounds read from a rules file: how many pieces of each kind play can make, how many decisions a game asks.

Learning programs need these as fixed numbers before the first move: the fixed action
space (interpreter/actions.py) numbers every piece that can ever exist, and OpenSpiel wants
the longest game. Both are worked out here from the declarations alone, never from play:

- a statement runs at most (the runs of its block) times; a block of a rule runs at most as
  often as the rule is called (from `setup`, `play` and `final scoring`, through the rules and
  the powers that hook onto them); `for each x in LIST` runs its block at most the most
  elements LIST can hold; `repeat N times` N times; `rounds until round_number >= N` N rounds
  (`== N` too, for the only `rounds` of a file, written in `play`; the test may be a define's); a `while` that counts a
  number down to 0, or takes the chosen element out of a list until it is empty, as many
  turns as the number or the list starts with; other `while`s and `rounds`, and a rule that
  calls itself, have no bound;
- the most elements a list can hold: a written list its items, `keys(table)` its rows,
  `cells(board)` its cells, `players` the player count, a zone (or `all_pieces`) every piece
  there can be, a comprehension the product of its sources, a define its body (its
  parameters the arguments of the call), a rule's parameter the most of any call's
  argument, a `chooses ... up to` its options, a local or variable the most of every value
  it is given (a value built from itself, like `fleet = fleet + [x]`, has no bound);
- a number is fixed when it is written, is a define of one, is a variable that starts at
  one and that no statement changes, or is looked up in a table of such numbers (its largest).

An upper bound is never too small (a wrong number is worse than none): where one cannot be
derived, the result is infinite and `why` says which line stops it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from dsl import ast

INFINITE = math.inf


def _times(a: float, b: float) -> float:
    """a * b, where nothing times an unbounded number of times is still nothing."""
    if a == 0 or b == 0:
        return 0
    return a * b


@dataclass
class Summary:
    """The most a block can do each time it runs: pieces made per kind, decisions asked."""

    creates: dict[str, float] = field(default_factory=dict)
    decisions: float = 0
    why: dict[str, str] = field(default_factory=dict)  # kind or "decisions" -> why it has no bound

    def add(self, other: "Summary", factor: float = 1, reason: str = "") -> None:
        """Add `factor` runs of `other` (`reason`: why `factor` is infinite, when it is)."""
        for kind, count in other.creates.items():
            total = self.creates.get(kind, 0) + _times(count, factor)
            self.creates[kind] = total
            if total == INFINITE and kind not in self.why:
                self.why[kind] = other.why.get(kind) if count == INFINITE else reason
        decisions = self.decisions + _times(other.decisions, factor)
        if decisions == INFINITE and "decisions" not in self.why:
            self.why["decisions"] = other.why.get("decisions") if other.decisions == INFINITE else reason
        self.decisions = decisions

    def either(self, other: "Summary") -> None:
        """Keep the larger of this and `other` (one of two branches runs)."""
        for kind, count in other.creates.items():
            if count > self.creates.get(kind, 0):
                self.creates[kind] = count
                if count == INFINITE:
                    self.why[kind] = other.why.get(kind, "")
        if other.decisions > self.decisions:
            self.decisions = other.decisions
            if other.decisions == INFINITE:
                self.why["decisions"] = other.why.get("decisions", "")


def _line(node: ast.Node) -> str:
    span = node.span
    return f"{span.file}:{span.line}" if span is not None else "the rules file"


class Bounds:
    """The bounds of one rules file at one player count (see the module's docstring).

    Args:
        game_file: the checked syntax tree (`game.file`).
        players: the player count (automa seats included: `players` holds them all).
        pieces: the most pieces there can ever be, when known: a zone, and every list of
            the pieces in zones, holds at most that many.
        params: the game parameters' values (`Game.param_values`).
    """

    def __init__(self, game_file: ast.GameFile, players: int, pieces: float = INFINITE, params: dict | None = None):
        self.players = players
        # Each parameter's value at this table; a parameter not given is bounded by the top of its range.
        self.param_values = dict(params or {})
        for declaration in game_file.declarations:
            if isinstance(declaration, ast.ParamDecl):
                self.param_values.setdefault(declaration.name, declaration.high)
        self.pieces = pieces
        self.zones: set[str] = set()
        self.rules: dict[str, ast.RuleDecl] = {}
        self.defines: dict[str, ast.DefineDecl] = {}
        self.tables: dict[str, ast.TableDecl] = {}
        self.variables: dict[str, ast.VarDecl] = {}
        self.powers: dict[str, list[ast.PowerDecl]] = {}
        self.roots: list[tuple[str, ast.Decl]] = []
        self.cells: dict[str, int] = {}
        for declaration in game_file.declarations:
            if isinstance(declaration, ast.RuleDecl):
                self.rules[declaration.name] = declaration
            elif isinstance(declaration, ast.DefineDecl):
                self.defines[declaration.name] = declaration
            elif isinstance(declaration, ast.TableDecl):
                self.tables[declaration.name] = declaration
            elif isinstance(declaration, ast.VarDecl):
                self.variables[declaration.name] = declaration
            elif isinstance(declaration, ast.PowerDecl) and declaration.body:
                self.powers.setdefault(declaration.target, []).append(declaration)
            elif isinstance(declaration, ast.BoardDecl):
                self.cells[declaration.name] = declaration.rows * declaration.columns
            elif isinstance(declaration, ast.ZoneDecl):
                self.zones.add(declaration.name)
            elif isinstance(declaration, ast.SetupDecl):
                self.roots.append(("setup", declaration))
            elif isinstance(declaration, (ast.PlayDecl, ast.FinalScoringDecl)):
                self.roots.append(("play", declaration))
        # Every value any statement gives a name, for the most elements a name can hold: names
        # (locals, shared variables) and attributes (`p.fleet`) apart. A name also bound where
        # its value cannot be followed (a parameter, a loop's element, a choice, a draw) and a
        # piece's field have no bound.
        self.given: dict[str, list[ast.Expr]] = {}
        self.given_attribute: dict[str, list[ast.Expr]] = {}
        self.changed: set[str] = set()
        self.unbounded: set[str] = set()
        self.loose: set[str] = set()  # names bound by a loop, a choice or chance
        self.loop_sources: dict[str, list[ast.Expr]] = {}  # a `for each` name -> the lists it goes over
        self.params: set[str] = set()  # names that are some rule's, define's or power's parameter
        self.other_bound: set[str] = set()  # names also bound by a choice, chance, a comprehension or a score
        self.fields: set[str] = set()
        for node in ast.walk(game_file):
            if isinstance(node, ast.ExampleDecl):
                continue
            if isinstance(node, (ast.Assign, ast.AddTo)):
                value = node.value if isinstance(node, ast.Assign) else ast.NoneLiteral(span=node.span)
                if isinstance(node.target, ast.Name):
                    self.changed.add(node.target.id)
                    self.given.setdefault(node.target.id, []).append(value)
                elif isinstance(node.target, ast.Attribute):
                    self.changed.add(node.target.name)
                    self.given_attribute.setdefault(node.target.name, []).append(value)
            elif isinstance(node, ast.Let):
                self.given.setdefault(node.name, []).append(node.value)
            elif isinstance(node, ast.ChooseSet):
                self.given.setdefault(node.var, []).append(node.options)
            elif isinstance(node, ast.ForEach):
                # A loop's element holds at most what the most of the list's elements holds.
                self.loop_sources.setdefault(node.var, []).append(node.iterable)
                self.loose.add(node.var)
            elif isinstance(node, (ast.Choose, ast.Draw, ast.Roll, ast.WeightedDraw)):
                self.unbounded.add(node.var)
                self.loose.add(node.var)
                self.other_bound.add(node.var)
            elif isinstance(node, ast.ComprehensionFor):
                self.other_bound.add(node.var)
            elif isinstance(node, (ast.RuleDecl, ast.DefineDecl, ast.PowerDecl)):
                self.unbounded.update(node.params)
                self.params.update(node.params)
            elif isinstance(node, (ast.ScoreDecl, ast.TiebreakDecl, ast.ProgressDecl, ast.PayoffDecl)):
                self.unbounded.add(node.param)
                self.other_bound.add(node.param)
            elif isinstance(node, ast.PieceDecl):
                self.fields.update(node.fields)
        # Where each rule is called, with what, and from which rule or power (None: a section).
        self.call_sites: dict[str, list[tuple[list[ast.Expr], ast.Node | None]]] = {}
        for declaration in game_file.declarations:
            if isinstance(declaration, (ast.RuleDecl, ast.PowerDecl, ast.SetupDecl, ast.PlayDecl,
                                        ast.FinalScoringDecl)):
                caller = declaration if isinstance(declaration, (ast.RuleDecl, ast.PowerDecl)) else None
                for node in ast.walk(declaration.body):
                    if isinstance(node, ast.CallRule):
                        self.call_sites.setdefault(node.rule, []).append((node.args, caller))
        self._summaries: dict[str, Summary] = {}
        self._open: set[str] = set()
        self.rounds_sections = sum(1 for node in ast.walk(game_file) if isinstance(node, ast.Rounds))
        self._within: list[ast.Node] = []  # the rule or power whose block is being read

    # ------------------------------------------------------------ numbers and lengths

    def number(self, expr: ast.Expr, seen: frozenset = frozenset()) -> float | None:
        """The largest value a number can have, when the file fixes it (else None)."""
        if isinstance(expr, ast.IntLiteral):
            return expr.value
        if isinstance(expr, ast.Name):
            name = expr.id
            if name in seen:
                return None
            if name == "player_count":
                return self.players
            if name in self.param_values:
                return self.param_values[name]
            define = self.defines.get(name)
            if define is not None and not define.params:
                return self.number(define.body, seen | {name})
            variable = self.variables.get(name)
            if variable is not None and not variable.per_player and not variable.per_piece \
                    and name not in self.changed:
                return self.number(variable.init, seen | {name})
            return None
        if isinstance(expr, ast.IfExpr):
            a, b = self.number(expr.then, seen), self.number(expr.otherwise, seen)
            return None if a is None or b is None else max(a, b)
        if isinstance(expr, ast.Index) and isinstance(expr.target, ast.Name) and expr.target.id in self.tables:
            # A table of numbers: its largest value, whatever the key.
            values = [self.number(row.value, seen) for row in self.tables[expr.target.id].rows]
            return None if not values or None in values else max(values)
        if isinstance(expr, ast.Binary) and expr.op in ("+", "*"):
            a, b = self.number(expr.left, seen), self.number(expr.right, seen)
            if a is None or b is None or a < 0 or b < 0:
                return None
            return a + b if expr.op == "+" else a * b
        return None

    def length(self, expr: ast.Expr, seen: frozenset = frozenset(), given: dict | None = None) -> float:
        """The most elements a list can hold (infinite when the file does not bound it).

        `given` maps a define's parameters to the arguments of the call being followed.
        """
        if isinstance(expr, ast.Name) and given and expr.id in given:
            return self.length(given[expr.id], seen)
        if isinstance(expr, ast.ListLiteral):
            return len(expr.items)
        if isinstance(expr, ast.Comprehension):
            total: float = 1
            for clause in expr.clauses:
                total = _times(total, self.length(clause.iterable, seen, given))
            return total
        if isinstance(expr, ast.Binary) and expr.op == "+":
            return self.length(expr.left, seen, given) + self.length(expr.right, seen, given)
        if isinstance(expr, ast.IfExpr):
            return max(self.length(expr.then, seen, given), self.length(expr.otherwise, seen, given))
        if isinstance(expr, ast.Call):
            args = expr.args
            if expr.function == "keys" and args and isinstance(args[0], ast.Name) and args[0].id in self.tables:
                return len(self.tables[args[0].id].rows)
            if expr.function == "cells" and args and isinstance(args[0], ast.Name) and args[0].id in self.cells:
                return self.cells[args[0].id]
            if expr.function in ("distinct", "shuffled", "sorted", "reversed") and args:
                return self.length(args[0], seen, given)
            if expr.function in _ONE_ZONE:
                return self.pieces  # one zone or cell (or none), which holds at most every piece
            if expr.function == "all_pieces":
                return self.pieces
            if expr.function == "take" and len(args) == 2:
                most = self.number(args[1], seen)
                return min(self.length(args[0], seen, given), most if most is not None else INFINITE)
            if expr.function == "range" and args:
                high = self.number(args[-1], seen) if len(args) <= 2 else None
                return high if high is not None else INFINITE
            define = self.defines.get(expr.function)
            if define is not None and expr.function not in seen:
                arguments = {}
                for param, argument in zip(define.params, args):
                    arguments[param] = _Given(argument, given)
                return self.length(define.body, seen | {expr.function}, arguments)
            return INFINITE
        if isinstance(expr, _Given):
            return self.length(expr.expression, seen, expr.given)
        if isinstance(expr, (ast.Name, ast.Attribute)):
            name = expr.id if isinstance(expr, ast.Name) else expr.name
            if name in self.zones:
                return self.pieces  # a zone holds at most every piece there is
            if isinstance(expr, ast.Name):
                if name == "players":
                    return self.players
                define = self.defines.get(name)
                if define is not None and not define.params:
                    return INFINITE if name in seen else self.length(define.body, seen | {name})
            # A local or a variable: the most of every value it is given.
            if isinstance(expr, ast.Name):
                within = self._within[-1] if self._within else None
                is_parameter = within is not None and name in getattr(within, "params", ())
                if is_parameter and name not in self.loose and name not in self.given:
                    return self.parameter_length(within, name, seen)
                if name in self.loop_sources and name not in seen and name not in self.given and \
                        name not in self.other_bound and name not in self.variables:
                    # Bound by `for each` (and perhaps a parameter of this rule; another rule's or
                    # define's parameter is not this name here): the most of every list's elements.
                    most = max(self.element_length(source, seen | {name}) for source in self.loop_sources[name])
                    if is_parameter:
                        most = max(most, self.parameter_length(within, name, seen))
                    return most
                if name in self.unbounded or name in self.loop_sources:
                    return INFINITE
                # A filter of itself (`waiting = [w for w in waiting where ...]`) holds no more than before.
                values = [value for value in self.given.get(name, []) if not _filters(value, name)]
            else:
                if name in self.fields:
                    return INFINITE
                values = self.given_attribute.get(name, [])
            variable = self.variables.get(name)
            if variable is not None:
                values = values + [variable.init]
            elif isinstance(expr, ast.Attribute):
                return INFINITE
            if not values or name in seen:
                return INFINITE
            return max(self.length(value, seen | {name}) for value in values)
        if isinstance(expr, ast.NoneLiteral):
            return 0
        return INFINITE

    def element_length(self, expr: ast.Expr, seen: frozenset = frozenset(), given: dict | None = None) -> float:
        """The most elements any one element of a list holds (a list of cells: every piece; else infinite)."""
        if isinstance(expr, _Given):
            return self.element_length(expr.expression, seen, expr.given)
        if isinstance(expr, ast.Name) and given and expr.id in given:
            return self.element_length(given[expr.id], seen)
        if isinstance(expr, ast.ListLiteral):
            return max((self.length(item, seen, given) for item in expr.items), default=0)
        if isinstance(expr, ast.Comprehension):
            return self.length(expr.element, seen, given)
        if isinstance(expr, ast.Binary) and expr.op == "+":
            return max(self.element_length(expr.left, seen, given), self.element_length(expr.right, seen, given))
        if isinstance(expr, ast.IfExpr):
            return max(self.element_length(expr.then, seen, given), self.element_length(expr.otherwise, seen, given))
        if isinstance(expr, ast.Call):
            args = expr.args
            if expr.function == "cells" and args and isinstance(args[0], ast.Name) and args[0].id in self.cells:
                return self.pieces
            if expr.function in ("distinct", "shuffled", "sorted", "reversed", "take") and args:
                return self.element_length(args[0], seen, given)
            define = self.defines.get(expr.function)
            if define is not None and expr.function not in seen:
                arguments = {param: _Given(argument, given) for param, argument in zip(define.params, args)}
                return self.element_length(define.body, seen | {expr.function}, arguments)
            return INFINITE
        if isinstance(expr, ast.Name):
            define = self.defines.get(expr.id)
            if define is not None and not define.params and expr.id not in seen:
                return self.element_length(define.body, seen | {expr.id})
        return INFINITE

    def parameter_length(self, within: ast.Node, name: str, seen: frozenset) -> float:
        """The most elements a rule's (or its power's) parameter holds: the most of any call's argument."""
        key = (id(within), name)
        target = within.name if isinstance(within, ast.RuleDecl) else within.target
        sites = self.call_sites.get(target, [])
        if key in seen or not sites or target not in self.rules:
            return INFINITE
        position = within.params.index(name)
        most: float = 0
        for args, caller in sites:
            if position >= len(args):
                return INFINITE
            self._within.append(caller)
            try:
                most = max(most, self.length(args[position], seen | {key}))
            finally:
                self._within.pop()
        return most

    # ------------------------------------------------------------ what blocks do

    def summary(self) -> Summary:
        """What a whole game does at most: setup, play and final scoring."""
        total = Summary()
        for _, section in self.roots:
            total.add(self.section(section))
        return total

    def play_summary(self) -> Summary:
        """What play and final scoring do at most (setup left out: the action space follows it)."""
        total = Summary()
        for root, section in self.roots:
            if root == "play":
                total.add(self.section(section))
        return total

    def setup_summary(self) -> Summary:
        """What setup does at most (for pieces whose number the players' setup choices decide)."""
        total = Summary()
        for root, section in self.roots:
            if root == "setup":
                total.add(self.section(section))
        return total

    def section(self, section: ast.Decl) -> Summary:
        """What a `setup`, `play` or `final scoring` section does at most."""
        self._within.append(section)
        try:
            return self.block(section.body)
        finally:
            self._within.pop()

    def rule(self, name: str) -> Summary:
        """What one call of a rule does at most, the powers on it included."""
        done = self._summaries.get(name)
        if done is not None:
            return done
        declaration = self.rules.get(name)
        if declaration is None:
            return Summary()
        if name in self._open:
            # A rule that calls itself: everything it (and what it calls) does has no bound.
            endless = Summary(decisions=INFINITE)
            reason = f"{_line(declaration)}: the rule '{name}' can call itself"
            endless.why["decisions"] = reason
            for node in ast.walk(declaration.body):
                if isinstance(node, ast.Create):
                    endless.creates[node.piece] = INFINITE
                    endless.why[node.piece] = reason
            return endless
        self._open.add(name)
        self._within.append(declaration)
        result = self.block(declaration.body)
        self._within.pop()
        for power in self.powers.get(name, []):
            self._within.append(power)
            result.add(self.block(power.body))
            self._within.pop()
        self._open.discard(name)
        self._summaries[name] = result
        return result

    def block(self, statements: list[ast.Stmt]) -> Summary:
        """What a block does at most each time it runs."""
        total = Summary()
        for statement in statements:
            total.add(self.statement(statement))
        return total

    def statement(self, node: ast.Stmt) -> Summary:
        """What one statement does at most each time it runs."""
        if isinstance(node, ast.Create):
            count = self.number(node.count)
            result = Summary(creates={node.piece: INFINITE if count is None else count})
            if count is None:
                result.why[node.piece] = f"{_line(node)}: the number of pieces this 'create' makes is not fixed"
            return result
        if isinstance(node, ast.Choose):
            return Summary(decisions=1)
        if isinstance(node, ast.ChooseSet):
            # One question per option taken, and the last one to stop.
            options = self.length(node.options)
            result = Summary(decisions=options + 1)
            if options == INFINITE:
                result.why["decisions"] = f"{_line(node)}: the list of options has no bound the file fixes"
            return result
        if isinstance(node, ast.CallRule):
            return self.rule(node.rule)
        if isinstance(node, ast.If):
            result = Summary()
            for branch in node.branches:
                result.either(self.block(branch.body))
            result.either(self.block(node.otherwise))
            return result
        if isinstance(node, ast.Phase):
            return self.block(node.body)
        if isinstance(node, ast.ForEach):
            result = Summary()
            result.add(self.block(node.body), self.length(node.iterable),
                       f"{_line(node)}: 'for each {node.var}' goes over a list with no bound the file fixes")
            return result
        if isinstance(node, ast.Repeat):
            count = self.number(node.count)
            result = Summary()
            result.add(self.block(node.body), INFINITE if count is None else count,
                       f"{_line(node)}: the number of repeats is not fixed")
            return result
        if isinstance(node, ast.While):
            result = Summary()
            turns = self.countdown(node)
            result.add(self.block(node.body), INFINITE if turns is None else turns,
                       f"{_line(node)}: a 'while' has no bound (one that counts a number down to 0 has)")
            return result
        if isinstance(node, ast.Rounds):
            rounds = self.round_bound(node.until)
            result = Summary()
            result.add(self.block(node.body), INFINITE if rounds is None else rounds,
                       f"{_line(node)}: these rounds end on a condition, not after a fixed number")
            return result
        if isinstance(node, ast.Actions):
            # Each action taken is one question, and one more to stop; each group's limit bounds its actions.
            result = Summary(decisions=1)
            for group in node.groups:
                limit = self.number(group.count) if group.limit == "budget" and group.count is not None else 1
                most = Summary()
                for option in group.options:
                    most.either(self.block(option.body))
                one = Summary(decisions=1)
                one.add(most)
                result.add(one, INFINITE if limit is None else limit,
                           f"{_line(group)}: the number of these actions is not fixed")
            return result
        return Summary()

    def countdown(self, node: ast.While) -> float | None:
        """The most turns of a loop that counts down, or None when the loop is not of that shape.

        Two shapes: `while NAME > 0 ...:` whose every turn lowers NAME by 1 or more or sets it
        to 0 (the bound is the largest value NAME starts at, outside the loop, that the file
        fixes); and `while count(NAME) > 0 ...:` whose every turn chooses one element of
        NAME and then takes it out (`NAME = [w for w in NAME where w != chosen]`), whose
        bound is the most elements NAME starts with.
        """
        for name in _counted_down(node.condition):
            inside = [n for n in ast.walk(node.body) if isinstance(n, (ast.Assign, ast.AddTo, ast.Let))
                      and _target_name(n.target if not isinstance(n, ast.Let) else ast.Name(span=n.span, id=n.name)) == name]
            if not all(_lowers(n) for n in inside) or not _always_lowers(node.body, name):
                continue
            # Where the counter starts: what the enclosing rule gives it outside the loop.
            within = self._within[-1] if self._within else None
            if within is None or name in getattr(within, "params", []):
                continue
            starts = [n.value for n in ast.walk(within.body)
                      if isinstance(n, (ast.Let, ast.Assign)) and not any(n is m for m in inside)
                      and _target_name(n.target if isinstance(n, ast.Assign) else ast.Name(span=n.span, id=n.name)) == name]
            numbers = [self.number(value) for value in starts]
            if starts and None not in numbers:
                return max(max(numbers), 0)
        for name in _emptied(node):
            within = self._within[-1] if self._within else None
            if within is None or name in getattr(within, "params", []):
                continue
            starts = [n.value for n in ast.walk(within.body) if isinstance(n, ast.Let) and n.name == name]
            if starts:
                return max(self.length(value) for value in starts)
        return None

    def round_bound(self, until: ast.Expr | None) -> float | None:
        """The most rounds `rounds until CONDITION` plays, when the condition caps the round number."""
        if until is None:
            return None
        if isinstance(until, ast.Name) and until.id in self.defines:
            return self.round_bound(self.defines[until.id].body)  # `rounds until last_turn`, a define of the test
        if isinstance(until, ast.BoolOp):
            left, right = self.round_bound(until.left), self.round_bound(until.right)
            if until.op == "or":
                found = [b for b in (left, right) if b is not None]
                return min(found) if found else None
            return None if left is None or right is None else max(left, right)
        if isinstance(until, ast.Compare) and isinstance(until.left, ast.Name) and until.left.id == "round_number":
            limit = self.number(until.right)
            if limit is None:
                return None
            # Each round adds 1 to round_number before it is played, and the condition is
            # asked after it; `==` holds at its number only if no earlier rounds went past it.
            if until.op == ">=":
                return max(limit, 1)
            if until.op == ">":
                return max(limit + 1, 1)
            in_play = bool(self._within) and isinstance(self._within[-1], ast.PlayDecl)
            if until.op == "==" and self.rounds_sections == 1 and in_play:
                return max(limit, 1)
        return None


def _counted_down(condition: ast.Expr) -> list[str]:
    """The names NAME of the `NAME > 0` (or `NAME >= 1`) that a loop's condition needs."""
    if isinstance(condition, ast.BoolOp) and condition.op == "and":
        return _counted_down(condition.left) + _counted_down(condition.right)
    if isinstance(condition, ast.Compare) and isinstance(condition.left, ast.Name) and \
            isinstance(condition.right, ast.IntLiteral) and \
            (condition.op, condition.right.value) in ((">", 0), (">=", 1)):
        return [condition.left.id]
    return []


# Built-ins that give one zone or cell (or none).
_ONE_ZONE = {"where", "at", "step", "inward"}


def _filters(value: ast.Expr, name: str) -> bool:
    """Whether `value` is `[w for w in NAME where ...]`: NAME's own elements, some left out."""
    if not isinstance(value, ast.Comprehension) or len(value.clauses) != 1:
        return False
    clause = value.clauses[0]
    return isinstance(clause.iterable, ast.Name) and clause.iterable.id == name and \
        isinstance(value.element, ast.Name) and value.element.id == clause.var


def _emptied(loop: ast.While) -> list[str]:
    """The NAME of `while count(NAME) > 0` when each turn chooses an element of NAME and takes it out."""
    found = []
    parts = [loop.condition]
    while parts:
        part = parts.pop()
        if isinstance(part, ast.BoolOp) and part.op == "and":
            parts += [part.left, part.right]
        elif isinstance(part, ast.Compare) and part.op == ">" and isinstance(part.right, ast.IntLiteral) and \
                part.right.value == 0 and isinstance(part.left, ast.Call) and part.left.function == "count" and \
                len(part.left.args) == 1 and isinstance(part.left.args[0], ast.Name):
            found.append(part.left.args[0].id)
    names = []
    for name in found:
        chosen = [s.var for s in loop.body if isinstance(s, ast.Choose) and not s.optional
                  and isinstance(s.options, ast.Name) and s.options.id == name]
        changes = [n for n in ast.walk(loop.body) if isinstance(n, (ast.Assign, ast.AddTo))
                   and _target_name(n.target) == name]
        if len(chosen) == 1 and len(changes) == 1 and changes[0] in loop.body and _takes_out(changes[0], name, chosen[0]):
            names.append(name)
    return names


def _takes_out(change: ast.Stmt, name: str, chosen: str) -> bool:
    """Whether `change` is `NAME = [w for w in NAME where w != chosen]`."""
    value = getattr(change, "value", None)
    if not isinstance(change, ast.Assign) or not isinstance(value, ast.Comprehension) or len(value.clauses) != 1:
        return False
    clause = value.clauses[0]
    where = clause.where
    if not (isinstance(clause.iterable, ast.Name) and clause.iterable.id == name and isinstance(value.element, ast.Name)
            and value.element.id == clause.var and isinstance(where, ast.Compare) and where.op == "!="):
        return False
    sides = {where.left.id if isinstance(where.left, ast.Name) else None,
             where.right.id if isinstance(where.right, ast.Name) else None}
    return sides == {clause.var, chosen}


def _lowers(node: ast.Stmt) -> bool:
    """Whether a change to the counter lowers it: `-= N` (N >= 1) or `= 0`."""
    if isinstance(node, ast.AddTo):
        return node.sign == -1 and isinstance(node.value, ast.IntLiteral) and node.value.value >= 1
    return isinstance(node, ast.Assign) and isinstance(node.value, ast.IntLiteral) and node.value.value == 0


def _always_lowers(block: list[ast.Stmt], name: str) -> bool:
    """Whether every way through a block lowers the counter `name` (a `-=` or `= 0` on it)."""
    for statement in block:
        if isinstance(statement, (ast.Assign, ast.AddTo)) and _target_name(statement.target) == name:
            return True
        if isinstance(statement, ast.If) and statement.otherwise and \
                all(_always_lowers(branch.body, name) for branch in statement.branches) and \
                _always_lowers(statement.otherwise, name):
            return True
        if isinstance(statement, (ast.Return, ast.EndGame)):
            return True
    return False


class _Given:
    """An argument of a define call, with the parameters of the call it was written in."""

    def __init__(self, expression: ast.Expr, given: dict | None):
        self.expression = expression
        self.given = given


def _target_name(target: ast.Expr) -> str | None:
    if isinstance(target, ast.Name):
        return target.id
    if isinstance(target, ast.Attribute):
        return target.name
    return None
