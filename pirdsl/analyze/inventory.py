"""Everything in a rules file that can fire, with its line: the list coverage is checked against.

Rules, powers with a body, each branch of an `if` (`if`, `elif`, `else`), each action of a
turn of actions, each `end game`, each table row. A statement of the file is *reached*
when the tracer (`watch.py`) saw its code run; an item fires when its *witness* is
reached: the first statement of its body (a rule's, a power's, a branch's, an action's),
or the statement itself (`end game`). Table rows are counted apart, by the keys looked
up. Worked examples are left out: they are the file's tests, not its play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dsl import ast
from pirdsl.analyze.watch import span_key

# What a value power changes is an expression, not a statement: no line of it runs on its own.
UNTRACED = "a value power: an expression, not traced"
SHOWN_ONLY = "read only by what is shown on request (a piece's label or mark, an option's label, a prompt)"
# Parts of the tree worked out only to show something to people, never by play itself.
DISPLAY_FIELDS = {ast.PieceDecl: ("label", "mark"), ast.Choose: ("label", "prompt", "skip_text"),
                  ast.ChooseSet: ("label", "prompt"), ast.Actions: ("prompt", "stop_text")}


def names_in(node: Any, skip_display: bool = False) -> set[str]:
    """Every name an expression (or any part of the tree) reads, and every define it calls.

    With `skip_display`, what is only shown to people (`DISPLAY_FIELDS`) is left out.
    """
    found: set[str] = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, ast.Name):
            found.add(item.id)
        elif isinstance(item, ast.Call):
            found.add(item.function)
        if isinstance(item, ast.Node):
            skipped = DISPLAY_FIELDS.get(type(item), ()) if skip_display else ()
            stack.extend(getattr(item, name) for name in type(item).model_fields
                         if name != "span" and name not in skipped)
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def read_by_play(decls: list) -> set[str]:
    """The names play itself reads (through the defines it calls), leaving out what is only shown."""
    defines = {decl.name: decl.body for decl in decls if isinstance(decl, ast.DefineDecl)}
    roots = [decl for decl in decls if not isinstance(decl, (ast.DefineDecl, ast.ExampleDecl, ast.ExampleSetupDecl,
                                                            ast.PieceDecl, ast.TableDecl))]
    waiting = names_in(roots, skip_display=True)
    read: set[str] = set()
    while waiting:
        name = waiting.pop()
        if name in read:
            continue
        read.add(name)
        if name in defines:
            waiting |= names_in(defines[name], skip_display=True) - read
    return read


def source_line(game: Any, file: str, line: int) -> str:
    """The text of a line of the rules, stripped; "" when it is not known. A game whose file
    extends another keeps each file's text by its path."""
    source = game.source
    text = source.get(file) if isinstance(source, dict) else source if file == game.path else None
    if not isinstance(text, str):
        return ""
    lines = text.splitlines()
    return without_comment(lines[line - 1]).strip() if 0 < line <= len(lines) else ""


def without_comment(text: str) -> str:
    """A line of the rules without its trailing `# comment` (a `#` inside a "text" is kept)."""
    inside = False
    escaped = False
    for position, char in enumerate(text):
        if escaped:
            escaped = False
        elif char == "\\" and inside:
            escaped = True
        elif char == '"':
            inside = not inside
        elif char == "#" and not inside:
            return text[:position]
    return text


@dataclass
class Item:
    """One thing of the rules file that may fire."""

    kind: str  # "rule", "power", "if", "elif", "else", "action", "end game", "table row"
    name: str  # the rule's or power's name, the branch's condition line, the action's text, the row's key
    file: str
    line: int
    witness: int | None = None  # the span index (in `game.spans`) whose statement firing means the item fired
    table: str | None = None
    key: Any = None
    note: str | None = None  # why it is not counted, when it is not
    unreachable: str | None = None  # why it cannot fire at this number of players (not counted either)
    # Why, if it never fires, it is not called dead: the variants may be what keeps it from firing.
    doubt: str | None = None
    where: str = ""  # the rule or block it sits in
    # A branch taken only for some options of a choice just made (`if how == "dig":` after
    # `p chooses how from ["dig", "dive", "burn"]`, or its `else`): that choice's file and
    # line, and the options that lead here. If the bots never chose them, the branch is not dead.
    follows: tuple[str, int, tuple[str, ...]] | None = None


@dataclass
class Inventory:
    items: list[Item] = field(default_factory=list)


def define_bodies(decls: list) -> dict[str, ast.DefineDecl]:
    return {decl.name: decl for decl in decls if isinstance(decl, ast.DefineDecl)}


class Unreachable(str):
    """A reason an item cannot fire that the number of players gives (or a parameter, or the automata
    it leaves out), where a plain `str` reason is the variants': such items are listed apart."""


class Conditions:
    """What the table's fixed settings make of a condition, followed through the defines it calls.

    The fixed settings are the variants in play and, when given, the number of players, the
    parameters' values and so which automata play (an automaton's `when` line reads only
    those). `truth` gives `(True or False, what decides it)` when they alone settle the
    condition, whatever else holds, and `(None, ())` when they do not; what decides it is a
    tuple of `("variant", name)`, `("players",)`, `("param", name)` and `("automa",)` facts.
    `variants_read` gives every variant the condition reads, through defines too.
    """

    def __init__(self, decls: list, variants: set[str], players: int | None = None,
                 params: dict[str, int] | None = None) -> None:
        self.defines = define_bodies(decls)
        self.variants = variants
        self.players = players
        self.params = dict(params or {}) if players is not None else {}
        self.automata_play: bool | None = None  # whether any automaton plays: None when not settled
        self.automaton_plays: dict[str, tuple] = {}  # each automaton's name: (whether it plays, what settles it)
        automata = [decl for decl in decls if isinstance(decl, ast.AutomaDecl)]
        self.automaton_names = {decl.name: decl.display for decl in automata}
        if players is not None:
            settled = [self.truth(decl.condition) for decl in automata]
            self.automaton_plays = {decl.name: found for decl, found in zip(automata, settled)}
            if all(value is not None for value, _ in settled):
                self.automata_play = any(value for value, _ in settled)
        # `x.index` is a seat's number only when no piece field, piece variable or board layer is called
        # `index` too (a per-player variable cannot be): then it is below the number of seats.
        own = {name for decl in decls if isinstance(decl, ast.PieceDecl) for name in decl.fields}
        own |= {decl.name for decl in decls if isinstance(decl, ast.VarDecl) and decl.per_piece}
        own |= {layer.name for decl in decls if isinstance(decl, ast.BoardDecl) for layer in decl.layers}
        self.index_is_seat = "index" not in own

    def define_of(self, node: Any, bound: frozenset) -> ast.DefineDecl | None:
        if isinstance(node, ast.Call) and node.function not in bound:
            return self.defines.get(node.function)
        if isinstance(node, ast.Name) and node.id not in bound:
            define = self.defines.get(node.id)
            return define if define is not None and not define.params else None
        return None

    def truth(self, node: Any, bound: frozenset = frozenset(), seen: frozenset = frozenset()) -> tuple:
        value, facts = self.value(node, bound, seen)
        return (value, facts) if value.__class__ is bool else (None, ())

    def value(self, node: Any, bound: frozenset = frozenset(), seen: frozenset = frozenset()) -> tuple:
        """(a truth value or whole number, the facts that settle it), or (None, ()) when the settings do not."""
        if isinstance(node, ast.BoolLiteral):
            return node.value, ()
        if isinstance(node, ast.VariantRef):
            return node.name in self.variants, (("variant", node.name),)
        if isinstance(node, ast.Not):
            value, facts = self.truth(node.operand, bound, seen)
            return (None, ()) if value is None else (not value, facts)
        if isinstance(node, ast.BoolOp) and node.op in ("and", "or"):
            settles = node.op == "or"  # the value of one side that settles the whole
            left = self.truth(node.left, bound, seen)
            if left[0] is settles:
                return left
            right = self.truth(node.right, bound, seen)
            if right[0] is settles:
                return right
            if left[0] is not None and right[0] is not None:
                return left[0], left[1] + right[1]
            return None, ()
        if isinstance(node, ast.IfExpr):
            condition = self.truth(node.condition, bound, seen)
            if condition[0] is not None:
                value, facts = self.value(node.then if condition[0] else node.otherwise, bound, seen)
                return (None, ()) if value is None else (value, facts + condition[1])
            then, otherwise = self.value(node.then, bound, seen), self.value(node.otherwise, bound, seen)
            if then[0] is not None and then[0] == otherwise[0] and then[0].__class__ is otherwise[0].__class__:
                return then[0], then[1] + otherwise[1]
            return None, ()
        if self.players is not None:
            found = self.number_or_comparison(node, bound, seen)
            if found is not None:
                return found
        define = self.define_of(node, bound)
        if define is not None and define.name not in seen:
            return self.value(define.body, frozenset(define.params), seen | {define.name})
        return None, ()

    def number_or_comparison(self, node: Any, bound: frozenset, seen: frozenset) -> tuple | None:
        """The player count, a parameter, a whole number, sums and comparisons of them, `automa(x)`
        where no automaton plays, and an automaton's name compared with `none`; None for anything else."""
        if isinstance(node, ast.IntLiteral):
            return node.value, ()
        if isinstance(node, ast.Name) and node.id not in bound:
            if node.id == "player_count":
                return self.players, (("players",),)
            if node.id in self.params and node.id not in self.defines:
                return self.params[node.id], (("param", node.id),)
            return None
        if isinstance(node, ast.Call) and node.function == "automa" and node.function not in self.defines:
            return (False, (("automa",),)) if self.automata_play is False else (None, ())
        if isinstance(node, ast.Negate):
            value, facts = self.value(node.operand, bound, seen)
            return (-value, facts) if _whole(value) else (None, ())
        if isinstance(node, ast.Compare) and node.op in ("==", "!=") and self.automaton_plays:
            # `rival != none`: whether the automaton named plays at this count (its `when` line)
            for named, other in ((node.left, node.right), (node.right, node.left)):
                if (isinstance(named, ast.Name) and named.id not in bound and isinstance(other, ast.NoneLiteral)
                        and named.id in self.automaton_plays):
                    plays, facts = self.automaton_plays[named.id]
                    return (None, ()) if plays is None else (plays == (node.op == "!="), facts)
        if isinstance(node, (ast.Binary, ast.Compare)):
            left, left_facts = self.value(node.left, bound, seen)
            right, right_facts = self.value(node.right, bound, seen)
            if not (_whole(left) and _whole(right)):
                return None, ()
            result = _arithmetic(node.op, left, right) if isinstance(node, ast.Binary) else _compare(node.op, left, right)
            return (None, ()) if result is None else (result, left_facts + right_facts)
        return None

    def seats(self) -> tuple[int, list[str]]:
        """At most how many seats play at this count (people, then automata): the count, and the
        automata that may play (each whose `when` line the settings do not rule out)."""
        playing = [self.automaton_names[name] for name, (plays, _) in self.automaton_plays.items()
                   if plays is not False]
        return self.players + len(playing), playing

    def key_values(self, node: Any, bound: frozenset = frozenset(), seen: frozenset = frozenset()) -> tuple | None:
        """Every whole number a table's key can be at these settings, and the facts that bound them:
        `(frozenset of numbers, facts)`; None when the analysis cannot bound them (or without a count).

        A value the settings settle is one number; a seat's index (`x.index`) is any number below the
        number of seats (fact `("seats",)`); `a if c else b` is either side (the one `c` settles, when
        it does); a sum, difference, product or remainder of bounded keys is bounded; defines are
        followed. Anything else (a roll, a count of pieces, a variable) is not bounded.
        """
        if self.players is None:
            return None
        value, facts = self.value(node, bound, seen)
        if value is not None:
            return (frozenset({value}), facts) if _whole(value) else None
        if isinstance(node, ast.Attribute) and node.name == "index" and self.index_is_seat:
            return frozenset(range(self.seats()[0])), (("seats",),)
        if isinstance(node, ast.IfExpr):
            condition, because = self.truth(node.condition, bound, seen)
            if condition is not None:
                found = self.key_values(node.then if condition else node.otherwise, bound, seen)
                return None if found is None else (found[0], found[1] + because)
            then = self.key_values(node.then, bound, seen)
            otherwise = self.key_values(node.otherwise, bound, seen)
            if then is None or otherwise is None:
                return None
            return then[0] | otherwise[0], then[1] + otherwise[1]
        if isinstance(node, ast.Binary):
            left = self.key_values(node.left, bound, seen)
            right = self.key_values(node.right, bound, seen)
            if left is None or right is None or len(left[0]) * len(right[0]) > MAX_KEY_PAIRS:
                return None
            values = {_arithmetic(node.op, a, b) for a in left[0] for b in right[0]}
            return None if None in values else (frozenset(values), left[1] + right[1])
        define = self.define_of(node, bound)
        if define is not None and define.name not in seen:
            return self.key_values(define.body, frozenset(define.params), seen | {define.name})
        return None

    def variants_read(self, node: Any) -> set[str]:
        found: set[str] = set()
        seen: set[str] = set()
        stack: list = [(node, frozenset())]
        while stack:
            item, bound = stack.pop()
            if isinstance(item, ast.VariantRef):
                found.add(item.name)
            define = self.define_of(item, bound)
            if define is not None and define.name not in seen:
                seen.add(define.name)
                stack.append((define.body, frozenset(define.params)))
            if isinstance(item, ast.Node):
                stack.extend((getattr(item, name), bound) for name in type(item).model_fields if name != "span")
            elif isinstance(item, (list, tuple)):
                stack.extend((part, bound) for part in item)
        return found

    def settings_text(self, facts: tuple) -> str:
        """What settled a condition, in words: "2 players", "2 players, variant storm off"."""
        parts = []
        for fact in dict.fromkeys(facts):
            if fact[0] == "players":
                parts.append(f"{self.players} players")
            elif fact[0] == "param":
                parts.append(f"{fact[1]} = {self.params[fact[1]]}")
            elif fact[0] == "automa":
                parts.append("no automaton playing")
            elif fact[0] == "seats":
                seats, playing = self.seats()
                parts.append(f"a seat's index: {seats} seats" + (f", {self.players} players and "
                             f"{' and '.join(playing)}" if playing else ""))
            else:
                parts.append(f"variant {fact[1]} {'on' if fact[1] in self.variants else 'off'}")
        return ", ".join(dict.fromkeys(parts))

    @staticmethod
    def by_variants_alone(facts: tuple) -> bool:
        return all(fact[0] == "variant" for fact in facts)

    def never(self, condition: Any) -> str | None:
        """Why a branch with this condition cannot fire in these games, when its variants alone say so; or None."""
        value, facts = self.truth(condition)
        if value is False and facts and self.by_variants_alone(facts):
            variant = facts[0][1]
            return (f"only with variant {variant} (off in these games)" if variant not in self.variants
                    else f"only without variant {variant} (on in these games)")
        return None

    def unreachable(self, condition: Any) -> Unreachable | None:
        """Why a branch with this condition cannot fire at this number of players (with these parameters),
        when the player count, the parameters or the automata settle it false; or None."""
        value, facts = self.truth(condition)
        if value is False and facts and not self.by_variants_alone(facts):
            return Unreachable(f"not reachable at {self.players} players: its condition is false with "
                               f"{self.settings_text(facts)}")
        return None

    def always(self, condition: Any) -> tuple | None:
        """The facts that make this condition hold in every game, or None."""
        value, facts = self.truth(condition)
        return facts if value is True and facts else None

    def unsure(self, condition: Any) -> str | None:
        """Why a branch that never fired is not called dead: its condition reads a variant
        in a way the analysis cannot settle (None when the variants settle it or it reads none)."""
        if self.truth(condition)[0] is not None:
            return None
        read = sorted(self.variants_read(condition))
        if not read:
            return None
        states = ", ".join(f"{name} ({'on' if name in self.variants else 'off'})" for name in read)
        return f"its condition reads variant {states} in a way the analysis cannot settle"


MAX_KEY_PAIRS = 4096  # a sum or product of two bounded keys with more pairs than this is not worked out


def table_lookups(declaration_lists: list, tables: set[str]) -> dict[str, list | None]:
    """Every key expression each table is looked up with (`NAME[KEY]`), with the define parameters
    bound where it is written: `{table: [(key, bound), ...]}`, or None for a table whose name is used
    any other way (passed on, `keys(NAME)`, ...), whose lookups the analysis does not follow.
    Worked examples are left out: no bot game runs them."""
    found: dict[str, list | None] = {name: [] for name in tables}
    skipped = (ast.ExampleDecl, ast.ExampleSetupDecl, ast.TableDecl)
    for decls in declaration_lists:
        stack: list = [(decl, frozenset(decl.params) if isinstance(decl, ast.DefineDecl) else frozenset())
                       for decl in decls if not isinstance(decl, skipped)]
        while stack:
            item, bound = stack.pop()
            if isinstance(item, ast.Index) and isinstance(item.target, ast.Name) and item.target.id in found:
                sites = found[item.target.id]
                if sites is not None:
                    sites.append((item.index, bound))
                stack.append((item.index, bound))
                continue
            if isinstance(item, ast.Name) and item.id in found:
                found[item.id] = None
            if isinstance(item, ast.Node):
                stack.extend((getattr(item, name), bound) for name in type(item).model_fields if name != "span")
            elif isinstance(item, (list, tuple)):
                stack.extend((part, bound) for part in item)
    return found


def unreachable_rows(game: Any, decls: list, conditions: Conditions, played: set[str]) -> dict[tuple, str]:
    """The rows of the counted tables that no lookup can reach at these settings, by `(table, key)`,
    with why (an `Unreachable`; a plain note when the variants alone bound the keys).

    A row is out of reach when every key its table is looked up with is bounded
    (`Conditions.key_values`), some by the settings (a seat's index, the player count, a
    parameter, a variant), and the row's key is not among them. When only the count bounds the
    keys and no count of the game's range reaches the row either (with these parameters and
    variants), it is left counted, so called dead: no table reaches it, a mistake of the rules.
    """
    if conditions.players is None:
        return {}
    counted = {decl.name for decl in decls if isinstance(decl, ast.TableDecl) and decl.piece is None
               and decl.name in played}
    lists = [decls]
    lowered = getattr(game, "lowered", None)
    if lowered is not None and lowered.declarations is not decls:
        lists.append(lowered.declarations)
    sites = table_lookups(lists, counted)
    header = next((decl for decl in decls if isinstance(decl, ast.GameHeader)), None)
    others = [Conditions(decls, conditions.variants, count, conditions.params)
              for count in range(header.min_players, header.max_players + 1)] if header is not None else []

    def reach(table: str, settings: Conditions) -> tuple | None:
        keys: set = set()
        facts: tuple = ()
        for key, bound in sites[table]:
            found = settings.key_values(key, bound)
            if found is None:
                return None
            keys |= found[0]
            facts += found[1]
        return keys, facts

    out: dict[tuple, Unreachable] = {}
    for table in sorted(name for name in counted if sites[name]):
        here = reach(table, conditions)
        if here is None or not here[1]:
            continue  # not bounded, or bounded by the file alone: counted as usual
        keys, facts = here
        by_count_only = all(fact[0] in ("players", "seats", "automa") for fact in facts)
        anywhere: set = set()
        for other in others:
            found = reach(table, other)
            anywhere |= found[0] if found is not None else set(game.tables.get(table, {}))
        looked_up = f"{table} is looked up only with {_keys_text(keys)} here (from {conditions.settings_text(facts)})"
        for key in game.tables.get(table, {}):
            if key in keys or (by_count_only and key not in anywhere):
                continue
            # Bounded by the variants alone, a row is out of reach as a branch a variant rules out is: a note.
            out[(table, key)] = (looked_up if conditions.by_variants_alone(facts) else
                                 Unreachable(f"not reachable at {conditions.players} players: {looked_up}"))
    return out


def _keys_text(keys: set) -> str:
    """`key 10`, `keys 0 to 2`, `keys 1, 4`."""
    ordered = sorted(keys)
    if len(ordered) == 1:
        return f"key {ordered[0]}"
    if len(ordered) >= 3 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"keys {ordered[0]} to {ordered[-1]}"
    shown = ", ".join(str(key) for key in ordered[:8])
    return f"keys {shown}" + (f" and {len(ordered) - 8} more" if len(ordered) > 8 else "") if ordered else "no key"


def _whole(value: Any) -> bool:
    return value.__class__ is int


def _arithmetic(op: str, left: int, right: int) -> int | None:
    """`left op right` for whole numbers as the rules work them out; None where that is not a whole number."""
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    if op == "%" and right > 0:
        return left % right
    return None  # `/` is exact (a fraction): not followed


def _compare(op: str, left: int, right: int) -> bool | None:
    return {"==": left == right, "!=": left != right, "<": left < right, "<=": left <= right,
            ">": left > right, ">=": left >= right}.get(op)


def branch_states(node: ast.If, conditions: Conditions) -> tuple[list[tuple[str | None, str | None]], str | None]:
    """For each branch of an `if`: (why it cannot fire, why a miss is not called dead); then the same
    `why it cannot fire` for the `else`. A branch after one the settings make always hold cannot fire.
    A reason the player count gives is an `Unreachable`."""
    states = []
    blocked: str | None = None
    for branch in node.branches:
        if blocked is not None:
            states.append((blocked, None))
            continue
        states.append((conditions.never(branch.condition) or conditions.unreachable(branch.condition),
                       conditions.unsure(branch.condition)))
        facts = conditions.always(branch.condition)
        if facts is not None:
            line = branch.span.line
            if conditions.by_variants_alone(facts):
                variant = facts[0][1]
                blocked = (f"never reached: the condition of line {line} always holds "
                           f"with variant {variant} {'on' if variant in conditions.variants else 'off'}")
            else:
                blocked = Unreachable(f"not reachable at {conditions.players} players: the condition of line "
                                      f"{line} always holds with {conditions.settings_text(facts)}")
    return states, blocked


def calls_in(statements: list, conditions: Conditions) -> tuple[set[str], dict[str, str], set[str]]:
    """The rules a body calls: (where it may surely run; where only a branch that cannot fire in these
    games would run it, with that branch's reason; where only a branch the variants leave unsettled would run it)."""
    live: set[str] = set()
    off: dict[str, str] = {}
    maybe: set[str] = set()

    def visit(body: list, blocked: str | None, unsure: bool) -> None:
        for node in body:
            if isinstance(node, ast.CallRule):
                if blocked is not None:
                    off.setdefault(node.rule, blocked)
                else:
                    (maybe if unsure else live).add(node.rule)
            elif isinstance(node, ast.If):
                states, otherwise = branch_states(node, conditions)
                for branch, (never, doubt) in zip(node.branches, states):
                    visit(branch.body, blocked or never, unsure or doubt is not None)
                visit(node.otherwise, blocked or otherwise, unsure)
            elif isinstance(node, ast.Actions):
                for group in node.groups:
                    for option in group.options:
                        visit(option.body, blocked, unsure)
            elif isinstance(getattr(node, "body", None), list):
                visit(node.body, blocked, unsure)

    visit(statements, None, False)
    return live, {name: why for name, why in off.items() if name not in live}, maybe - live


def rule_notes(decls: list, conditions: Conditions) -> tuple[dict[str, str], dict[str, str]]:
    """Why a rule cannot fire in these games, for the rules play never calls (an `Unreachable` when only
    branches the player count rules out call it); and why a rule that never fired is not called dead,
    for the rules only a branch the variants leave unsettled calls."""
    rules = {decl.name: decl for decl in decls if isinstance(decl, ast.RuleDecl)}
    roots = [decl for decl in decls if isinstance(decl, (ast.SetupDecl, ast.PlayDecl, ast.FinalScoringDecl,
                                                          ast.PowerDecl)) and isinstance(decl.body, list)]
    live: set[str] = set()
    maybe: set[str] = set()  # reached only through a branch whose variant reading is unsettled
    behind: dict[str, str] = {}  # called only under branches that cannot fire: the first such branch's reason
    queue = [(root.body, False) for root in roots]
    while queue:
        statements, unsure = queue.pop()
        called, off, doubtful = calls_in(statements, conditions)
        for name, why in off.items():
            behind.setdefault(name, why)
        if unsure:
            doubtful, called = doubtful | called, set()
        for name in called - live:
            live.add(name)
            maybe.discard(name)
            if name in rules:
                queue.append((rules[name].body, False))
        for name in doubtful - live - maybe:
            maybe.add(name)
            if name in rules:
                queue.append((rules[name].body, True))
    in_examples: set[str] = set()
    for decl in decls:
        if isinstance(decl, ast.ExampleDecl):
            in_examples |= calls_in(list(decl.given) + list(decl.when), conditions)[0]
        elif isinstance(decl, ast.ExampleSetupDecl):
            in_examples |= calls_in(decl.body, conditions)[0]
    notes = {}
    doubts = {}
    for name in rules:
        if name in live:
            continue
        if name in maybe:
            doubts[name] = "called only under a branch whose condition reads a variant in a way the analysis cannot settle"
        elif name in behind:
            if isinstance(behind[name], Unreachable):
                notes[name] = Unreachable(f"not reachable at {conditions.players} players: called only under "
                                          "branches that cannot fire at this number of players")
            else:
                notes[name] = "called only under a variant that is off"
        elif name in in_examples:
            notes[name] = "called only from worked examples"
        else:
            notes[name] = "never called by play"
    return notes, doubts


def written_options(options: Any) -> tuple[str, ...] | None:
    """A choice's options as the analysis names their kinds, when the file writes them out as texts or numbers."""
    if not isinstance(options, ast.ListLiteral) or not options.items:
        return None
    kinds = tuple(literal_kind(item) for item in options.items)
    return None if None in kinds else kinds


def literal_kind(item: Any) -> str | None:
    """A number or a text written out, as the analysis names an option that is it (`option_kind`); else None."""
    if isinstance(item, ast.IntLiteral):
        return str(item.value)
    if isinstance(item, ast.StringLiteral) and all(isinstance(part, str) for part in item.parts):
        return "".join(item.parts)
    return None


def branch_options(node: ast.If, chosen: dict) -> list:
    """For each branch of `node` and then its `else`: (file, line, options) of the choice it follows, or None.

    A branch follows a choice when its condition is `NAME == OPTION` (either way round) for
    a local a choice above gave from options written out; the `else` follows the options no
    branch names, when every branch is such a test of the same local.
    """
    leads: list = []
    names = set()
    for branch in node.branches:
        test = branch.condition
        lead = None
        if isinstance(test, ast.Compare) and test.op == "==":
            for local, other in ((test.left, test.right), (test.right, test.left)):
                if isinstance(local, ast.Name) and local.id in chosen:
                    kind = literal_kind(other)
                    file, line, options = chosen[local.id]
                    if kind is not None and kind in options:
                        lead = (file, line, (kind,))
                        names.add(local.id)
                        break
        leads.append(lead)
    rest = None
    if all(lead is not None for lead in leads) and len(names) == 1:
        file, line, options = chosen[names.pop()]
        named = {lead[2][0] for lead in leads}
        left = tuple(option for option in options if option not in named)
        rest = (file, line, left) if left else None
    return leads + [rest]


def inventory(game: Any, variants: Any = (), players: int | None = None) -> Inventory:
    """The items of a loaded game's file (as written), each with its witness in the compiled game.

    An item that cannot fire in these games is kept with a `note` saying why, and is
    never called dead: a branch only a variant that is off (or only leaving out one that is
    on) would run, followed through the defines its condition calls; an `else` after a
    branch the variants make always hold; a rule only the worked examples call (or only
    such a branch), and everything inside them. With `players`, an item that cannot fire
    at that number of players, as its condition reads only the player count, the game's
    parameters, the variants or whether an automaton plays (`automa(p)` where none does),
    is kept with `unreachable` saying why, apart from the notes and never called dead; so is a
    table row whose key no lookup of its table can be at these settings (`unreachable_rows`: a
    seat's index at most the number of seats, a key the count, a parameter or a variant fixes). An
    item under a condition that reads a variant in a way the analysis cannot settle is
    counted, with a `doubt` that keeps it from being called dead when it never fires.
    """
    switched_on = set(variants)
    index = {span_key(span): number for number, span in enumerate(game.spans)}
    found = Inventory()
    decls = game.file.declarations
    conditions = Conditions(decls, switched_on, players, getattr(game, "param_values", None))
    notes, doubts = rule_notes(decls, conditions)
    played = read_by_play(decls)
    out_of_reach = unreachable_rows(game, decls, conditions, played)

    def witness(statements: list) -> int | None:
        return index.get(span_key(statements[0].span)) if statements else None

    def line_text(span: Any) -> str:
        return source_line(game, span.file, span.line)

    def add(item: Item, note: str | None, doubt: str | None = None) -> None:
        if isinstance(note, Unreachable):
            item.unreachable = str(note)
        elif note is not None and item.note is None:
            item.note = note
        if doubt is not None and item.note is None and item.unreachable is None and item.doubt is None:
            item.doubt = doubt
        found.items.append(item)

    def body(statements: list, where: str, note: str | None, doubt: str | None,
             chosen: dict | None = None) -> None:
        chosen = dict(chosen or {})  # local -> (file, line, its options written out) of a choice made above
        for node in statements:
            if isinstance(node, ast.Choose) and not node.optional:
                options = written_options(node.options)
                if options is not None:
                    chosen[node.var] = (node.span.file, node.span.line, options)
                else:
                    chosen.pop(node.var, None)
            elif isinstance(node, ast.Let):
                chosen.pop(node.name, None)
            elif isinstance(node, ast.Assign) and isinstance(node.target, ast.Name):
                chosen.pop(node.target.id, None)
            if isinstance(node, ast.If):
                states, blocked = branch_states(node, conditions)
                leads = branch_options(node, chosen)
                for number, (branch, (never, unsure)) in enumerate(zip(node.branches, states)):
                    inner, inner_doubt = note or never, doubt or unsure
                    add(Item("if" if number == 0 else "elif", line_text(branch.span) or "if",
                             branch.span.file, branch.span.line, witness(branch.body), where=where,
                             follows=leads[number]), inner, inner_doubt)
                    body(branch.body, where, inner, inner_doubt, chosen)
                if node.otherwise:
                    first = node.otherwise[0].span
                    inner = note or blocked
                    add(Item("else", "else", first.file, first.line, witness(node.otherwise), where=where,
                             follows=leads[-1]), inner, doubt)
                    body(node.otherwise, where, inner, doubt, chosen)
            elif isinstance(node, ast.Actions):
                for group in node.groups:
                    for option in group.options:
                        text = "".join(part for part in option.text.parts if isinstance(part, str))
                        add(Item("action", text, option.span.file, option.span.line, witness(option.body),
                                 where=where), note, doubt)
                        body(option.body, where, note, doubt)
            elif isinstance(node, ast.EndGame):
                add(Item("end game", "end game", node.span.file, node.span.line,
                         index.get(span_key(node.span)), where=where), note, doubt)
            elif isinstance(getattr(node, "body", None), list):
                body(node.body, where, note, doubt, chosen)

    for decl in decls:
        if isinstance(decl, ast.RuleDecl):
            note, doubt = notes.get(decl.name), doubts.get(decl.name)
            add(Item("rule", decl.name, decl.span.file, decl.span.line, witness(decl.body)), note, doubt)
            body(decl.body, f"rule {decl.name}", note, doubt)
        elif isinstance(decl, ast.PowerDecl):
            if decl.body:
                add(Item("power", decl.name, decl.span.file, decl.span.line, witness(decl.body)), None)
                body(decl.body, f"power {decl.name}", None, None)
            else:
                add(Item("power", decl.name, decl.span.file, decl.span.line, note=UNTRACED), None)
        elif isinstance(decl, (ast.SetupDecl, ast.PlayDecl, ast.FinalScoringDecl)):
            where = {ast.SetupDecl: "setup", ast.PlayDecl: "play", ast.FinalScoringDecl: "final scoring"}[type(decl)]
            body(decl.body, where, None, None)
        elif isinstance(decl, ast.TableDecl) and decl.piece is None:
            keys = list(game.tables.get(decl.name, {}))
            if len(keys) == len(decl.rows):
                for row, key in zip(decl.rows, keys):
                    add(Item("table row", f"{decl.name}[{key}]", row.span.file, row.span.line,
                             table=decl.name, key=key, where=f"table {decl.name}"),
                        out_of_reach.get((decl.name, key)) if decl.name in played else SHOWN_ONLY)
    return found
