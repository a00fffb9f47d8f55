"""Which kinds of piece each zone can hold, and field reads some of those kinds cannot answer.

A rules file may put pieces of several kinds in one zone (cards and tokens in one pile)
and then read a field only some of them have (`x.value`). That runs until the day a piece of
the other kind is there, and then stops the game. `field_warnings` finds such reads before
play, from the declarations alone:

- what a zone can hold: the kinds created in it, and the kinds of whatever the rules move
  into it, worked out again until nothing changes;
- what an expression can be: a zone's (or a per-player zone's) pieces, a comprehension of
  them (a `where piece_type(x) == "card"` keeps only cards, `!= "card"` leaves them out),
  `first`, `top`, `take`, `all_pieces` and the other list built-ins of them, a define of
  them, and the locals of a rule given such values by `let`, `=`, `for each`, `chooses` or
  `draw`; inside `if piece_type(x) == "card":` (and after `piece_type(x) == "card" and`) x is
  a card.

The analysis only ever says less than it knows: a value it cannot follow (a rule's
parameter, a piece on a board's cell, a move into a zone it cannot name) is "any kind" and
is never warned about, and a zone that receives such a value is never warned about either.
So a warning always names a kind that the rules really can put in the zone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from dsl import ast
from dsl.builtins import BUILTIN_ATTRIBUTES

Kinds = Optional[frozenset]  # None: not followed (anything); else the piece kinds a value can be or hold

# Built-ins whose result holds (some of) the pieces of their first argument.
_SAME_PIECES = {"first", "top", "take", "distinct", "all_pieces"}


@dataclass
class FieldWarning:
    node: ast.Attribute  # the read
    message: str
    hint: str


def _union(a: Kinds, b: Kinds) -> Kinds:
    return None if a is None or b is None else a | b


def _kind_name(node: ast.Expr) -> Optional[str]:
    if isinstance(node, ast.StringLiteral) and all(isinstance(part, str) for part in node.parts):
        return "".join(node.parts)
    return None


def type_test(condition: ast.Expr) -> Optional[tuple[str, frozenset, bool]]:
    """(variable, piece kinds, whether it is one of them) for a test of `piece_type(x)`:
    `== "k"`, `!= "k"`, `in ["k", "m"]`, `not in [...]`, or positive tests of one x joined by `or`."""
    def of(node) -> Optional[str]:
        if isinstance(node, ast.Call) and node.function == "piece_type" and len(node.args) == 1 \
                and isinstance(node.args[0], ast.Name):
            return node.args[0].id
        return None

    if isinstance(condition, ast.Compare) and condition.op in ("==", "!=") and of(condition.left) \
            and _kind_name(condition.right) is not None:
        return of(condition.left), frozenset({_kind_name(condition.right)}), condition.op == "=="
    if isinstance(condition, ast.Membership) and of(condition.element) \
            and isinstance(condition.collection, ast.ListLiteral) and condition.collection.items \
            and all(_kind_name(item) is not None for item in condition.collection.items):
        return of(condition.element), frozenset(map(_kind_name, condition.collection.items)), not condition.negated
    if isinstance(condition, ast.BoolOp) and condition.op == "or":
        left, right = type_test(condition.left), type_test(condition.right)
        if left and right and left[0] == right[0] and left[2] and right[2]:
            return left[0], left[1] | right[1], True
    return None


def conjuncts(condition: Optional[ast.Expr]) -> list[ast.Expr]:
    if condition is None:
        return []
    if isinstance(condition, ast.BoolOp) and condition.op == "and":
        return conjuncts(condition.left) + conjuncts(condition.right)
    return [condition]


class PieceKinds:
    """The kinds of piece each zone can hold, for one rules file."""

    def __init__(self, game_file: ast.GameFile) -> None:
        decls = game_file.declarations
        self.pieces = {d.name: d for d in decls if isinstance(d, ast.PieceDecl)}
        self.zones = {d.name for d in decls if isinstance(d, ast.ZoneDecl)}
        self.defines = {d.name: d for d in decls if isinstance(d, ast.DefineDecl)}
        self.player_names = {d.name for d in decls if isinstance(d, ast.VarDecl) and d.per_player}
        layer_names = {layer.name for d in decls if isinstance(d, ast.BoardDecl) for layer in d.layers}
        # What a piece of each kind can be asked: its fields and its variables.
        self.answers: dict[str, set[str]] = {name: set(d.fields) for name, d in self.pieces.items()}
        for d in decls:
            if isinstance(d, ast.VarDecl) and d.per_piece:
                for kind in [d.per_piece, *d.also_per]:
                    self.answers.setdefault(kind, set()).add(d.name)
        asked = set().union(*self.answers.values()) if self.answers else set()
        # Names that are only ever a piece's: not also a player's, a zone's or a cell's (`hold.name`).
        self.piece_names = asked - self.player_names - self.zones - layer_names - BUILTIN_ATTRIBUTES
        # Each block with the rule whose parameters it sees (a power sees its target's), and their names.
        self.bodies: list[tuple[Optional[str], list[str], list[ast.Stmt]]] = []
        rules = {d.name: d for d in decls if isinstance(d, ast.RuleDecl)}
        for d in decls:
            if isinstance(d, ast.RuleDecl):
                self.bodies.append((d.name, d.params, d.body))
            elif isinstance(d, ast.PowerDecl):
                target = rules.get(d.target)
                same = target is not None and len(target.params) == len(d.params)
                self.bodies.append((d.target if same else None, d.params, d.body))
            elif isinstance(d, (ast.SetupDecl, ast.ExampleSetupDecl, ast.PlayDecl, ast.FinalScoringDecl)):
                self.bodies.append((None, [], d.body))
            elif isinstance(d, ast.ExampleDecl):
                self.bodies.append((None, [], d.given + d.when))
        self.holds: dict[str, Kinds] = {zone: frozenset() for zone in self.zones}
        self.lines = [d for d in decls if isinstance(d, (ast.ScoreDecl, ast.TiebreakDecl, ast.ProgressDecl, ast.PayoffDecl,
                                                         ast.PowerDecl))]
        # What each rule's parameters can be: everything any call gives them.
        self.params: dict[str, list[Kinds]] = {name: [frozenset()] * len(d.params) for name, d in rules.items()}
        self._busy: set[str] = set()
        self._defines: dict[str, tuple[Kinds, set]] = {}  # a define's kinds and zones, for one pass
        self._flat: dict[int, list[ast.Stmt]] = {}  # each block's statements that give locals values
        self._trace: Optional[set] = None  # when a set: the zones `kinds` reads go in it
        self.arrivals: dict[tuple[str, str], ast.Span] = {}  # (zone, kind): the first line that puts one there
        for _ in range(len(self.zones) + len(rules) + 2):
            before = (dict(self.holds), {name: list(kinds) for name, kinds in self.params.items()})
            self._defines.clear()  # worked out again from what the zones hold now
            for rule, params, body in self.bodies:
                env = self._locals(body, self._start(rule, params))
                self._learn(body, env)
            if (self.holds, self.params) == before:
                break
        self._defines.clear()

    # ------------------------------------------------------------ what values are

    def zone_name(self, node: ast.Expr, env: dict) -> Optional[str]:
        if isinstance(node, ast.Name) and node.id in self.zones and node.id not in env:
            return node.id
        if isinstance(node, ast.Attribute) and node.name in self.zones:
            return node.name
        return None

    def kinds(self, node: ast.Expr, env: dict) -> Kinds:
        """The kinds of piece a value can be, or hold (a zone, a list); None when not followed."""
        zone = self.zone_name(node, env)
        if zone is not None:
            if self._trace is not None:
                self._trace.add(zone)
            return self.holds.get(zone)
        if isinstance(node, ast.Name):
            if node.id in env:
                if self._trace is not None:
                    self._trace |= env.get(("via", node.id), set())
                return env[node.id]
            if node.id in self.defines and not self.defines[node.id].params:
                return self._define(node.id)
            return None
        if isinstance(node, ast.Comprehension):
            if len(node.clauses) != 1 or not isinstance(node.element, ast.Name) \
                    or node.element.id != node.clauses[0].var:
                return None
            clause = node.clauses[0]
            return self.narrowed(self.kinds(clause.iterable, env), clause.var, conjuncts(clause.where))
        if isinstance(node, ast.Call):
            if node.function in _SAME_PIECES and node.args:
                return self.kinds(node.args[0], env)
            if node.function in self.defines:
                return self._define(node.function)  # its parameters not followed: what its body says alone
            return None
        if isinstance(node, ast.Binary) and node.op == "+":
            return _union(self.kinds(node.left, env), self.kinds(node.right, env))
        if isinstance(node, ast.IfExpr):
            return _union(self.kinds(node.then, env), self.kinds(node.otherwise, env))
        if isinstance(node, ast.Index):
            return self.kinds(node.target, env)
        if isinstance(node, ast.ListLiteral) and node.items:
            if any(self.zone_name(item, env) is not None for item in node.items):
                return None  # a list of zones: its elements are zones, not pieces
            result: Kinds = frozenset()
            for item in node.items:
                result = _union(result, self.kinds(item, env))
            return result
        return None

    def traced(self, node: ast.Expr, env: dict) -> tuple[Kinds, set]:
        """`kinds`, and the zones whose pieces the value can be."""
        outer, self._trace = self._trace, set()
        try:
            return self.kinds(node, env), self._trace
        finally:
            zones, self._trace = self._trace, outer
            if outer is not None:
                outer |= zones

    def _define(self, name: str) -> Kinds:
        """What a define's value can be, its parameters not followed (remembered for a pass)."""
        if name in self._defines:
            kinds, zones = self._defines[name]
        elif name in self._busy:
            return None
        else:
            self._busy.add(name)
            try:
                kinds, zones = self._defines[name] = self.traced(self.defines[name].body, {})
            finally:
                self._busy.discard(name)
        if self._trace is not None:
            self._trace |= zones
        return kinds

    @staticmethod
    def narrowed(kinds: Kinds, var: str, conditions: list[ast.Expr]) -> Kinds:
        """`kinds`, knowing that every condition (of `x == ...` tests) holds for `var`."""
        for condition in conditions:
            test = type_test(condition)
            if test is None or test[0] != var:
                continue
            kinds = PieceKinds.narrowed_by(kinds, test[1], test[2])
        return kinds

    @staticmethod
    def narrowed_by(kinds: Kinds, named: frozenset, is_it: bool) -> Kinds:
        """`kinds` once a value is known to be (or not to be) one of `named`."""
        if is_it:
            return named if kinds is None else kinds & named
        return None if kinds is None else kinds - named

    # ------------------------------------------------------------ what the statements do

    def _start(self, rule: Optional[str], params: list[str]) -> dict:
        """The parameters of a block: what the calls of its rule give them (not followed for others)."""
        kinds = self.params.get(rule) if rule is not None else None
        return dict(zip(params, kinds)) if kinds is not None else {name: None for name in params}

    def _locals(self, body: list[ast.Stmt], start: dict) -> dict:
        """What each local of a block can be: every value any statement gives it (a few passes)."""
        env: dict = dict(start)
        key = id(body)
        if key not in self._flat:
            self._flat[key] = [node for node in ast.walk_statements(body)
                               if isinstance(node, (ast.Let, ast.Assign, ast.ForEach, ast.Choose, ast.ChooseSet,
                                                    ast.Draw, ast.WeightedDraw))]
        for _ in range(4):
            before = dict(env)
            for node in self._flat[key]:
                given = None
                name = None
                if isinstance(node, ast.Let):
                    name, given = node.name, node.value
                elif isinstance(node, ast.Assign) and isinstance(node.target, ast.Name):
                    name, given = node.target.id, node.value
                elif isinstance(node, ast.ForEach):
                    name, given = node.var, node.iterable
                elif isinstance(node, (ast.Choose, ast.ChooseSet)):
                    name, given = node.var, node.options
                elif isinstance(node, (ast.Draw, ast.WeightedDraw)):
                    name, given = node.var, node.source
                if name is not None:
                    kinds, zones = self.traced(given, env)
                    env[name] = kinds if name not in env else _union(env[name], kinds)
                    env[("via", name)] = env.get(("via", name), set()) | zones
            if env == before:
                break
        return env

    def walk(self, body: list[ast.Stmt], env: dict, visit) -> None:
        """`visit(statement, env)` for every statement but `if`s, in and under `body`, with what each
        `if` branch tells: `piece_type(x) == "card"` (x is a card there; not one in the branches after)."""
        for node in body:
            if isinstance(node, ast.If):
                rest = dict(env)
                for branch in node.branches:
                    visit(branch.condition, rest)
                    self.walk(branch.body, self._after(rest, conjuncts(branch.condition)), visit)
                    test = type_test(branch.condition)
                    if test is not None:  # the next branches run only when this one's test failed
                        rest[test[0]] = self.narrowed_by(rest.get(test[0]), test[1], not test[2])
                self.walk(node.otherwise, rest, visit)
                continue
            visit(node, env)
            for inner in _blocks(node):
                self.walk(inner, env, visit)

    def _learn(self, body: list[ast.Stmt], env: dict) -> None:
        self.walk(body, env, self._learn_one)

    def _learn_one(self, node, env: dict) -> None:
        if isinstance(node, ast.Create):
            zone = self.zone_name(node.zone, env)
            if zone is not None:
                self._arrive(zone, frozenset({node.piece}), node.span)
        elif isinstance(node, ast.Move):
            zone = self.zone_name(node.to, env)
            if zone is not None:
                self._arrive(zone, self.kinds(node.what, env), node.span)
        elif isinstance(node, ast.CallRule) and node.rule in self.params:
            known = self.params[node.rule]
            if len(known) == len(node.args):
                self.params[node.rule] = [_union(k, self.kinds(arg, env)) for k, arg in zip(known, node.args)]

    def _arrive(self, zone: str, kinds: Kinds, span: ast.Span) -> None:
        held = self.holds[zone]
        if held is not None and kinds is not None:
            for kind in kinds - held:
                self.arrivals.setdefault((zone, kind), span)
        self.holds[zone] = _union(held, kinds)

    # ------------------------------------------------------------ the reads

    def warnings(self) -> list[FieldWarning]:
        found: list[FieldWarning] = []
        seen: set = set()

        def read(node: ast.Attribute, env: dict) -> None:
            if node.name not in self.piece_names:
                return
            kinds, zones = self.traced(node.target, env)
            if not kinds:
                return
            lacking = sorted(k for k in kinds if node.name not in self.answers.get(k, set()))
            if not lacking or (node.span, node.name) in seen:
                return
            seen.add((node.span, node.name))
            having = sorted(k for k in kinds if node.name in self.answers.get(k, set()))
            what = _words(lacking)
            arrivals = sorted((self.arrivals[(zone, kind)].line, zone, kind) for zone in zones for kind in lacking
                              if (zone, kind) in self.arrivals)
            source = (f" ({_article(arrivals[0][2])} {arrivals[0][2].replace('_', ' ')} can be put in "
                      f"'{arrivals[0][1]}' on line {arrivals[0][0]})") if arrivals else ""
            if isinstance(node.target, ast.Name):
                subject = f"'{node.target.id}'"
                keep = (f"test piece_type({node.target.id}) == \"{having[0]}\" first"
                        if len(having) == 1 else f"test piece_type({node.target.id}) first")
            else:
                subject = "this value"
                keep = "keep only the kinds that have it (where piece_type(x) == ...)"
            found.append(FieldWarning(
                node, f"{subject} may be {_article(lacking[0])} {what}, which has no '{node.name}'{source}: "
                f"reading it then stops the game",
                f"{keep}, or keep {_plural(lacking)} out of '{arrivals[0][1]}'" if having and arrivals else
                f"{keep}, or keep {_plural(lacking)} out of where it comes from" if having else
                f"no kind of piece it can be has '{node.name}'"))

        def expression(node, env: dict) -> None:
            if isinstance(node, ast.Attribute):
                read(node, env)
            if isinstance(node, ast.Comprehension):
                inner = dict(env)
                for clause in node.clauses:
                    expression(clause.iterable, inner)
                    inner[clause.var], inner[("via", clause.var)] = self.traced(clause.iterable, inner)
                    conditions = conjuncts(clause.where)
                    for index, condition in enumerate(conditions):
                        expression(condition, {**inner, clause.var: self.narrowed(
                            inner[clause.var], clause.var, conditions[:index])})
                    inner[clause.var] = self.narrowed(inner[clause.var], clause.var, conditions)
                expression(node.element, inner)
                if node.order_by is not None:
                    expression(node.order_by, inner)
                return
            if isinstance(node, ast.BoolOp) and node.op == "and":
                expression(node.left, env)
                expression(node.right, self._after(env, conjuncts(node.left)))
                return
            if isinstance(node, ast.IfExpr):
                expression(node.condition, env)
                expression(node.then, self._after(env, conjuncts(node.condition)))
                expression(node.otherwise, env)
                return
            for child in _children(node):
                expression(child, env)

        def statement(node, env: dict) -> None:
            if isinstance(node, ast.Expr):  # an `if` branch's condition
                expression(node, env)
                return
            for child in _children(node):
                if isinstance(child, ast.Expr):  # the blocks inside are walked apart, with their own tests
                    expression(child, env)
            if isinstance(node, ast.Actions):
                for group in node.groups:
                    for part in [group.count] + [option.condition for option in group.options]:
                        if part is not None:
                            expression(part, env)

        for rule, params, body in self.bodies:
            self.walk(body, self._locals(body, self._start(rule, params)), statement)
        for decl in self.defines.values():
            expression(decl.body, {p: None for p in decl.params})
        for decl in self.lines:  # score, tiebreak and progress lines, and a power's condition or value
            for part in (getattr(decl, "body", None), getattr(decl, "condition", None), getattr(decl, "value", None)):
                if isinstance(part, ast.Expr):
                    expression(part, {})
        return found

    def _after(self, env: dict, conditions: list[ast.Expr]) -> dict:
        """The locals once `conditions` are known to hold."""
        narrowed = dict(env)
        for condition in conditions:
            test = type_test(condition)
            if test is not None:
                narrowed[test[0]] = self.narrowed(narrowed.get(test[0]), test[0], [condition])
        return narrowed


def _children(node) -> list:
    """The nodes directly inside a node (lists flattened), statements and expressions alike."""
    out = []
    for name in ast.child_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, ast.Node):
            out.append(value)
        elif isinstance(value, list):
            out.extend(item for item in value if isinstance(item, ast.Node))
    return out


def _blocks(node: ast.Stmt) -> list[list[ast.Stmt]]:
    """The blocks of statements inside a statement (an `if`'s are handled by the caller)."""
    if isinstance(node, (ast.ForEach, ast.While, ast.Rounds, ast.Repeat, ast.Phase)):
        return [node.body]
    if isinstance(node, ast.Actions):
        return [option.body for group in node.groups for option in group.options]
    return []


def _words(kinds: list[str]) -> str:
    names = [kind.replace("_", " ") for kind in kinds]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _plural(kinds: list[str]) -> str:
    names = [kind.replace("_", " ") + ("es" if kind.endswith(("s", "x", "ch", "sh")) else "s") for kind in kinds]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _article(kind: str) -> str:
    return "an" if kind[:1].lower() in "aeiou" else "a"


def field_warnings(game_file: ast.GameFile) -> list[FieldWarning]:
    """Reads of a piece's field (or variable) that some piece the value can be does not have."""
    return PieceKinds(game_file).warnings()
