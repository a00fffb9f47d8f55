"""English for every node kind of the syntax tree: one method per node kind, named after it.

`English(game_file, source)` turns expressions into phrases ("the number of your
coins"), statements into numbered steps, and declarations into the sentences of
a rule summary. It reads only the AST and the source text (for the author's own
wording, see `author_wording`), never the runtime.

The English is written for players, not programmers:

- The player a rule or a loop is about is "you" ("You gain 1 point", "your hand");
  another player in the same rule is "that player", "the winner" or "the other
  player". `codegen.roles` works out which names are players, pieces or cells.
- A piece or a cell is named by what it is ("the card", "the space"); when two of
  a kind are about, the second is "the other card" (a third, "the third card"),
  never the rules' own letter ("card X"); a name of several letters chosen to be
  read ("the winner", "the waiting cards") is read as it is.
- A rule call's arguments are said as words: "by the second player", "for the
  first player", "the defender as the winner".
- Bookkeeping is left out: log lines (what the game announces as it runs),
  changes to variables marked `internal` that have no wording of their own, and
  blocks left with nothing to say.
- Filled-in parts of texts are written as phrases, never as placeholders.

Inline markup in the returned text is a small Markdown subset that both output
formats understand: `*name*` for a name the rules give a value, `**bold**`, and
`\\*` for a literal asterisk. `codegen.markup.to_html` turns it into HTML.

The author's wording: a comment that starts with `#: ` on the lines directly
above a statement or a declaration is that node's English, and replaces what
would be generated (for a block statement, the whole block; a wording that ends
with `:` words only the line that opens the block, and the block follows). Above
a `define`, the wording names the define wherever it is used, and above a `rule`
it says what carrying the rule out does; `{param}` in it is filled in with the
argument's phrase. Above a `var`, it names the variable wherever it is used.
"""

from __future__ import annotations

import keyword
import re
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Callable, Iterator, Optional

from codegen.roles import CELL, Role, Roles
from dsl import ast
from dsl.diagnostics import Span

WORDING_PREFIX = "#: "
# A wording of just this leaves the statement out of the summary and the card.
LEAVE_OUT = "-"


@dataclass
class Step:
    """One line of a numbered procedure, with the steps of its block."""

    text: str
    children: list["Step"] = field(default_factory=list)
    kind: str = ""  # the node kind that produced it, e.g. "Phase"
    worded: bool = False  # the author's own words: never re-cased
    block: list["Step"] = field(default_factory=list)  # the block a one-line `If X: do Y.` stands for
    origin: Optional[Span] = None  # where in the rules file the statement that produced it is (for the wording lint)


@dataclass
class Decision:
    """A decision a player makes, as the reference card lists it."""

    prompt: str
    chooser: str  # "you" for the player the rule is about
    options: str
    optional: str  # the text for declining; "" when the choice must be made
    place: str  # the title of the rule (or section) it comes up in
    label: str  # the rule's label in the summary ("R3"), or ""
    conditions: list[str]
    then: list[Step] = field(default_factory=list)
    settled: bool = False  # `then` is the author's wording of the statement around it
    origin: Optional[Span] = None  # the `chooses` statement it comes from


@dataclass(frozen=True)
class Scope:
    """What the names of a block stand for while it is put into words."""

    roles: dict = field(default_factory=dict)  # local -> Role
    everyone: dict = field(default_factory=dict)  # every local of the rule or section -> Role
    you: Optional[str] = None  # the local read as "you"
    those: frozenset = frozenset()  # player locals read as "that player"
    declined: dict = field(default_factory=dict)  # local of an optional choice -> (who chose, a yes/no question)
    fleeting: frozenset = frozenset()  # the names a comprehension binds for its own phrase
    meanings: dict = field(default_factory=dict)  # local -> the phrase it is read as ("your card's value")


def mark_origin(step: Step, span: Span) -> None:
    """Say where a step (and each step of its block not yet placed) was written."""
    if step.origin is None:
        step.origin = span
    for inner in step.children + step.block:
        mark_origin(inner, span)


def plain_key(phrase: str) -> str:
    """A name without its capitals and apostrophes, to match `kings crown` with "King's Crown"."""
    return re.sub(r"['’]", "", phrase).lower()


def same(left: ast.Node, right: ast.Node) -> bool:
    """Two expressions written alike (wherever they are written)."""
    return strip_spans(left) == strip_spans(right)


def strip_spans(node: object) -> object:
    """A node as plain data, without the spans that say where it was written."""
    if isinstance(node, list):
        return [strip_spans(item) for item in node]
    if isinstance(node, ast.Node):
        return (type(node).__name__, {name: strip_spans(getattr(node, name))
                                      for name in type(node).model_fields if name != "span"})
    return node


def method_name(kind: type) -> str:
    """The English method for a node kind: `ForEach` -> `for_each`, `If` -> `if_` (a keyword)."""
    name = re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower()
    return name + "_" if keyword.iskeyword(name) else name


def words(name: str) -> str:
    """A declared name as words: `draw_pile` -> `draw pile`."""
    return name.replace("_", " ")


def capitalize(text: str) -> str:
    """Upper-case the first letter, unless the text starts with a markup sign or a local."""
    if not text or not text[0].isalpha():
        return text
    return text[0].upper() + text[1:]


def lower_first(text: str) -> str:
    """Lower-case a sentence's first letter when it starts an ordinary word ("You" stays "you")."""
    if text[:1].isupper() and (text[1:2].islower() or text[1:2] in (" ", "")) and not text.startswith("I "):
        return text[0].lower() + text[1:]
    return text


def escape_literal(text: str) -> str:
    """Author text shown as it is: keep its asterisks and backslashes from being read as markup."""
    return text.replace("\\", "\\\\").replace("*", "\\*")


def ordinal(number: int) -> str:
    names = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}
    return names.get(number, f"{number}th")


def plural(noun: str) -> str:
    """`card` -> `cards`, `box` -> `boxes`: enough for the names of pieces."""
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def asks_for(condition: str, options: str) -> bool:
    """Whether a condition only says there are options to choose from ("there are targets" before
    choosing from the targets): a decision with none is never asked, so the card need not say it."""
    def bare(text: str) -> str:
        return re.sub(r"^(there (are|is) |the |an? )", "", text.strip()).removesuffix(" is not empty")
    return bool(options) and bare(condition) == bare(re.sub(r"^the ", "", options))


def article(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def possessive(phrase: str) -> str:
    """`you` -> `your`, `the ship` -> `the ship's`, `the players` -> `the players'`."""
    if phrase.lower() == "you":
        return phrase[0] + "our"
    if phrase.lower() == "it":
        return phrase[0] + "ts"
    chosen = re.fullmatch(r"the (.+) you chose", phrase)
    if chosen:
        return f"the chosen {chosen.group(1)}'s"  # not "the ship you chose's"
    if phrase.endswith("s") and not phrase.endswith("'s"):
        return phrase + "'"
    return phrase + "'s"


def joined(items: list[str], conjunction: str = "and") -> str:
    """`a, b and c`."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


# "you" takes the plural form of the verb.
YOU_VERBS = re.compile(r"(^|[.:;,] |[(“]|\b(?:if|and|or|that|when|while|unless|until|then|otherwise) )"
                       r"([Yy]ou) (is|has|was|does|gains|loses|chooses|takes|draws|rolls|moves|puts|places|"
                       r"sails|pays|gets|scores|wins|holds|owns|keeps|attacks|decides)\b", re.IGNORECASE)
YOU_FORMS = {"is": "are", "has": "have", "was": "were", "does": "do", "chooses": "choose"}


QUESTIONS = re.compile(r"\b(does) you\b")
QUESTION_FORMS = {"does": "do"}


def agree(text: str) -> str:
    """Make verbs agree with "you": `you is` -> `you are`, `you gains` -> `you gain`, `does you` -> `do you`."""
    text = YOU_VERBS.sub(lambda m: f"{m.group(1)}{m.group(2)} {YOU_FORMS.get(m.group(3), m.group(3)[:-1])}", text)
    # A wording filled in with "you" ("the chips {p} has put in the pot"): "you has" is never English.
    text = re.sub(r"\b([Yy]ou) (is|has|was) ", lambda m: f"{m.group(1)} {YOU_FORMS[m.group(2)]} ", text)
    return QUESTIONS.sub(lambda m: f"{QUESTION_FORMS[m.group(1)]} you", text)


def verb(subject: str, third_person: str) -> str:
    """The verb form for a subject: `verb("you", "gains")` -> `gain`."""
    return agree(f"{subject} {third_person}").split(" ", len(subject.split(" ")))[-1]


COMPARISONS = {
    "==": "is", "!=": "is not", "<": "is less than", "<=": "is at most",
    ">": "is more than", ">=": "is at least",
}
OPPOSITES = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
ARITHMETIC = {"+": "+", "-": "−", "*": "×", "/": "÷", "%": "mod"}

# Built-in functions: a phrase with {0}, {1}, ... for the arguments' phrases.
FUNCTION_PHRASES: dict[str, str] = {
    "count": "the number of {0}",
    "sum": "the total of {0}",
    "max": "the largest of {0}",
    "min": "the smallest of {0}",
    "any": "any of {0}",
    "all": "all of {0}",
    "first": "the first of {0}",
    "top": "the top of {0}",
    "take": "the first {1} of {0}",
    "distinct": "the different {0}",
    "flatten": "all of {0}",
    "indices": "the positions in {0}",
    "range": "{0} to {1}",
    "index_of": "the position of {1} in {0}",
    "ceil": "{0}, rounded up",
    "floor": "{0}, rounded down",
    "abs": "the size of {0}",
    "empty": "{0} is empty",
    "where": "where {0} is",
    "all_pieces": "the pieces on {0}",
    "piece_type": "the type of {0}",
    "at": "the cell at row {1}, column {2} of {0}",
    "cells": "the cells of {0}",
    "ray": "the cells from {0} towards {1}",
    "inward": "the direction from {0} into the board",
    "perimeter": "the edge of {0}, clockwise from {1}",
    "neighbours": "the cells next to {0}",
    "distance": "the distance from {0} to {1}",
    "step": "the cell next to {0} towards {1}",
    "rotated": "{0} turned clockwise by {1}",
    "direction_to": "the direction from {0} to {1}",
    "share_places": "{1} shared out by place among {0}",
    "eliminated": "{0} is out of the game",
    "automa": "{0} is an automa",
}
NEGATED_PHRASES: dict[str, str] = {
    "empty": "{0} is not empty",
    "eliminated": "{0} is still in the game",
    "automa": "{0} is not an automa",
}
VALUE_PHRASES = {
    "players": "the players",
    "player_count": "the number of players",
    "round_number": "the round number",
}
VISIBILITY = {
    "public": "everyone sees what it holds",
    "owner": "only its owner sees what it holds; the others see how many",
    "hidden": "nobody sees what it holds; everyone sees how many",
    "internal": "bookkeeping for the rules, shown to no one",
}
# Expressions that need brackets when they are part of a larger phrase.
COMPOUND = (ast.Binary, ast.BoolOp, ast.IfExpr, ast.Compare, ast.Membership)
# Expressions that are true or false, for defines used as conditions.
CONDITIONS = (ast.Compare, ast.BoolOp, ast.Not, ast.Membership, ast.BoolLiteral, ast.VariantRef)
PREDICATES = {"empty", "eliminated", "automa", "any", "all"}


class English:
    """Renders the English of each node kind of one rules file.

    Args:
        game_file: the parsed rules file.
        source: its text (for the author's `#: ` wording); read from `game_file.path` when omitted.
    """

    def __init__(self, game_file: ast.GameFile, source: Optional[str] = None) -> None:
        if source is None:
            with open(game_file.path, encoding="utf-8") as handle:
                source = handle.read()
        self.file = game_file
        self.lines = source.splitlines()
        decls = game_file.declarations
        self.defines = {d.name: d for d in decls if isinstance(d, ast.DefineDecl)}
        self.rules = {d.name: d for d in decls if isinstance(d, ast.RuleDecl)}
        self.tables = {d.name: d for d in decls if isinstance(d, ast.TableDecl)}
        self.kinds = {d.name: d for d in decls if isinstance(d, ast.KindDecl)}
        self.automata = {d.name: d.display for d in decls if isinstance(d, ast.AutomaDecl)}
        self.zones = {d.name: d for d in decls if isinstance(d, ast.ZoneDecl)}
        self.vars = {d.name: d for d in decls if isinstance(d, ast.VarDecl)}
        self.pieces = {d.name: d for d in decls if isinstance(d, ast.PieceDecl)}
        self.boards = {d.name: d for d in decls if isinstance(d, ast.BoardDecl)}
        self.members = {m for d in decls if isinstance(d, ast.KindDecl) for m in d.members}
        self.legend_values = {
            value: layer_legend.layer
            for d in self.boards.values() for layer_legend in d.legends
            for value in layer_legend.entries.values() if isinstance(value, str)
        }
        self.roles = Roles(game_file)
        shapes = {d.shape for d in self.boards.values()}
        self.cell_noun = {"hex": "hex", "grid": "space"}.get(shapes.pop(), "cell") if len(shapes) == 1 else "cell"
        self.scope = Scope()
        # Rule labels ("R3") that a call shows; the summary fills this in.
        self.rule_labels: dict[str, str] = {}
        # Where the steps being rendered come from, for the decisions found in them.
        self.place: tuple[str, str] = ("", "")
        self.conditions: list[str] = []
        self.decisions: list[Decision] = []
        # How many levels of rule calls show the rule's own steps under the call (the card's turn sequence).
        self.expand_calls = 0
        # While set: the rules already opened up, each shown once ("as above" after that).
        self.opened: Optional[set[str]] = None
        # True: only calls inside `rounds` are opened up (what is done once before the first round
        # is setup, which the card leaves to the summary); `rounds_entered` counts the levels inside.
        self.open_only_in_rounds = False
        self.rounds_entered = 0
        # Rules that say nothing a player needs (they only log): calls to them are left out.
        self.silent_rules: set[str] = set()
        self.collect_decisions = False
        self._nested_decision = 0  # > 0 inside what an earlier decision leads to
        self._inside_wording: list[str] = []  # the wordings of the statements being rendered inside
        self._written: Optional[dict[str, str]] = None  # lower case -> the capitals the author writes it with
        self._written_names: dict[str, str] = {}  # a name's plain key -> the proper name the author writes

    # ------------------------------------------------------------ dispatch

    def render(self, node: ast.Node):
        """The English of any node, by its kind's method."""
        return getattr(self, method_name(type(node)))(node)

    def phrase(self, node: ast.Expr) -> str:
        """An expression as a phrase."""
        return agree(self.render(node))

    def operand(self, node: ast.Expr) -> str:
        """A phrase, in brackets when it is compound, for use inside a larger phrase."""
        text = self.phrase(node)
        return f"({text})" if isinstance(node, COMPOUND) else text

    @contextmanager
    def within(self, scope: Scope) -> Iterator[None]:
        """Render with another scope, then go back to the one before."""
        saved, self.scope = self.scope, scope
        try:
            yield
        finally:
            self.scope = saved

    def with_local(self, name: str, role: Optional[Role], scope: Optional[Scope] = None) -> Scope:
        """A scope that also knows one more local (or forgets it, with no role)."""
        scope = scope or self.scope
        roles = dict(scope.roles)
        if role is None:
            roles.pop(name, None)
        else:
            roles[name] = role
        those = scope.those - {name}
        you = None if scope.you == name else scope.you
        declined = {k: v for k, v in scope.declined.items() if k != name}
        meanings = {k: v for k, v in scope.meanings.items() if k != name}
        return Scope(roles=roles, everyone=scope.everyone, you=you, those=those, declined=declined,
                     fleeting=scope.fleeting - {name}, meanings=meanings)

    def steps(self, statements: list[ast.Stmt]) -> list[Step]:
        """A block as steps: the author's wording where there is one, else each statement's own.

        The block's locals are known from the statement that binds them onwards. When
        decisions are being collected, the steps after a decision in its block are
        what it leads to, and decisions inside them belong to it.
        """
        result: list[Step] = []
        saved = self.scope
        current: Optional[Decision] = None
        try:
            for position, statement in enumerate(statements):
                if isinstance(statement, ast.Let) and not self.author_wording(statement) \
                        and not self.is_read(statement.name, statements[position + 1:]):
                    self.scope = self.bound(statement)
                    continue  # a name only worded statements use: nobody reads it
                if isinstance(statement, ast.Let):
                    meaning = self.let_meaning(statement, statements[position + 1:])
                    if meaning is not None:
                        scope = self.bound(statement)
                        self.scope = replace(scope, meanings={**scope.meanings, statement.name: meaning})
                        if not self.author_wording(statement):
                            continue  # its value is said wherever it is used
                        rendered_let = self.render_worded_let(statement)
                        if rendered_let is not None:
                            result.append(rendered_let)
                        continue
                is_choice = isinstance(statement, ast.Choose)
                wording = self.author_wording(statement)
                # A wording above an `if` whose other branches the author worded too words its first branch.
                first_branch = bool(wording) and wording != LEAVE_OUT and self.words_first_branch(statement, wording)
                # Inside a statement the author worded whole, only choices the author worded too are listed.
                hidden = bool(wording) and not wording.endswith(":") and not is_choice and not first_branch
                nested = (current is not None and not is_choice) or hidden
                if is_choice and self.collect_decisions and not self._nested_decision \
                        and (not self._inside_wording or wording):
                    current = self.decision(statement)
                    if self._inside_wording:  # what follows is what the author said of the whole
                        current.then = [Step(self._inside_wording[-1], worded=True)]
                        current.settled = True
                    self.decisions.append(current)
                following = current is not None and not is_choice
                self._nested_decision += following
                if hidden:
                    self._inside_wording.append(wording)  # type: ignore[arg-type]
                try:
                    rendered = self.render(statement)
                finally:
                    self._nested_decision -= following
                    if hidden:
                        self._inside_wording.pop()
                if wording == LEAVE_OUT:
                    rendered = None
                elif first_branch:
                    ending = "" if wording.endswith((".", "!", "?")) else "."
                    rest = rendered[1:] if isinstance(rendered, list) else []
                    rendered = [Step(wording + ending, [], "IfBranch", worded=True)] + rest
                elif wording and wording.endswith(":") and self.has_block(statement) and rendered:
                    rendered = self.head_worded(rendered, wording)
                elif wording:
                    ending = "" if wording.endswith((".", "!", "?", ":")) else "."
                    label = self.rule_labels.get(statement.rule) if isinstance(statement, ast.CallRule) else None
                    if label and not re.search(rf"\b{label}\b", wording):
                        # A worded call still says where its rule is set out.
                        wording, ending = wording.rstrip("."), f" (see {label})."
                    rendered = Step(wording + ending, [], type(statement).__name__, worded=True)
                new_steps = [] if rendered is None else rendered if isinstance(rendered, list) else [rendered]
                for new_step in new_steps:
                    mark_origin(new_step, statement.span)
                if nested and current is not None and not current.settled:
                    current.then.extend(new_steps)
                result.extend(new_steps)
                self.scope = self.bound(statement)
        finally:
            self.scope = saved
        return result

    def words_first_branch(self, statement: ast.Stmt, wording: str) -> bool:
        """True when a wording above an `if` words only its first branch: the author worded a
        statement in one of its other branches too, which a wording of the whole would hide."""
        if not isinstance(statement, ast.If) or wording.endswith(":"):
            return False
        if statement.otherwise and self.else_wording(statement):
            return True
        if any(self.author_wording(branch) not in (None, LEAVE_OUT) for branch in statement.branches[1:]):
            return True  # an `elif` the author worded: a wording of the whole would hide it
        others = [branch.body for branch in statement.branches[1:]] + [statement.otherwise]
        # A worded choice inside a worded whole is listed as a decision of it (see `steps`).
        return any(self.author_wording(inner) not in (None, LEAVE_OUT) and not isinstance(inner, (ast.Choose, ast.ChooseSet))
                   for block in others for inner in walk_statements(block))

    def let_meaning(self, node: ast.Let, following: list[ast.Stmt]) -> Optional[str]:
        """What a `let` name is read as from then on, or None when it must be named.

        The author's wording `The NAME is ...` (or `... are`, `... means`) names it by
        its own words; else, when nothing changes it later, it reads as its value's
        phrase ("your card's value"), and the `let` line itself says nothing more.
        """
        wording = self.author_wording(node)
        if wording and wording != LEAVE_OUT:
            named = re.match(r"((?:[Tt]he |[Yy]our )?[\w'’ ]+?) (?:is|are|means) ", wording)
            if named and len(named.group(1).split()) <= 4:
                return lower_first(named.group(1)) if named.group(1).lower().startswith(("the ", "your ")) \
                    else named.group(1).lower()
            return None
        if rebinds(node.name, following):
            return None
        meaning = self.phrase(node.value)
        if isinstance(node.value, ast.Comprehension) and not meaning.startswith(("the ", "your ", "every ")):
            return None  # "x for each y in z" is no name
        return meaning

    def render_worded_let(self, node: ast.Let) -> Optional[Step]:
        """A `let` the author worded: the wording as its step (nothing for `#: -`)."""
        wording = self.author_wording(node)
        if not wording or wording == LEAVE_OUT:
            return None
        ending = "" if wording.endswith((".", "!", "?", ":")) else "."
        return Step(wording + ending, [], "Let", worded=True, origin=node.span)

    def is_read(self, name: str, statements: list[ast.Stmt]) -> bool:
        """True when a statement that is not worded by the author uses the name."""
        for statement in statements:
            wording = self.author_wording(statement)
            if wording and not wording.endswith(":"):
                continue
            if isinstance(statement, ast.Log) or (isinstance(statement, (ast.Assign, ast.AddTo))
                                                  and self.is_bookkeeping(statement.target)):
                continue
            if wording:  # worded opening line: only its block is read
                inner = [block for _, block in self.blocks(statement)]
                if any(self.is_read(name, block) for block in inner):
                    return True
                continue
            for node in walk_without_worded(self, statement):
                if isinstance(node, ast.Name) and node.id == name:
                    return True
        return False

    @staticmethod
    def blocks(statement: ast.Stmt) -> list[tuple[str, list[ast.Stmt]]]:
        if isinstance(statement, ast.If):
            return [("branch", b.body) for b in statement.branches] + [("else", statement.otherwise)]
        body = getattr(statement, "body", None)
        return [("body", body)] if isinstance(body, list) else []

    def decision(self, node: ast.Choose) -> Decision:
        """A decision for the reference card: the prompt (or the author's wording), who makes it, when."""
        chooser = self.phrase(node.player)
        options = self.phrase(node.options)
        prompt = self.text_inside(node.prompt).strip() if node.prompt is not None else ""
        skip = ""
        if node.optional:
            skip = (self.text_inside(node.skip_text).strip() if node.skip_text is not None else "") or "skip"
        prompt = capitalize(agree(prompt))
        return Decision(prompt=self.author_wording(node) or prompt or capitalize(f"choose from {options}"),
                        chooser=chooser, options=options, optional=skip, place=self.place[0], label=self.place[1],
                        conditions=[c for c in self.conditions if not asks_for(c, options)], origin=node.span)

    @staticmethod
    def has_block(statement: ast.Stmt) -> bool:
        return isinstance(statement, (ast.If, ast.ForEach, ast.While, ast.Rounds, ast.Repeat, ast.Phase))

    @staticmethod
    def head_worded(rendered, wording: str):
        """A block statement whose opening line the author worded: the wording, then its block."""
        first = rendered[0] if isinstance(rendered, list) else rendered
        children = first.children or first.block
        if not children:
            return Step(wording.rstrip(":") + ".", [], first.kind, worded=True)
        worded = Step(wording, children, first.kind, worded=True)
        return [worded] + rendered[1:] if isinstance(rendered, list) else worded

    def bound(self, statement: ast.Stmt) -> Scope:
        """The scope after a statement: with the local it binds, if any."""
        scope = self.scope
        if isinstance(statement, ast.Let):
            return self.with_local(statement.name, self.roles.role(statement.value, scope.roles))
        if isinstance(statement, ast.Choose):
            role = self.roles.element_role(statement.options, scope.roles)
            new = self.with_local(statement.var, role)
            meaning = self.chosen(statement, role)
            if meaning and meaning in new.meanings.values():
                meaning = meaning.replace("the ", "the second ", 1) if meaning.startswith("the ") else None
            if meaning and meaning not in new.meanings.values():
                new = replace(new, meanings={**new.meanings, statement.var: meaning})
            if statement.optional:
                declined = dict(new.declined)
                declined[statement.var] = (self.phrase(statement.player), self.yes_or_no(statement))
                new = replace(new, declined=declined)
            return new
        if isinstance(statement, (ast.Draw, ast.WeightedDraw)):
            return self.with_local(statement.var, self.roles.element_role(statement.source, scope.roles))
        if isinstance(statement, ast.ChooseSet):
            new = self.with_local(statement.var, None)
            chosen = agree(f"the ones {self.phrase(statement.player)} chose")
            return replace(new, meanings={**new.meanings, statement.var: chosen})
        if isinstance(statement, ast.Roll):
            new = self.with_local(statement.var, None)
            return replace(new, meanings={**new.meanings, statement.var: f"the {self.roll_name(statement.die)}"})
        return scope

    def chosen(self, node: ast.Choose, role: Optional[Role]) -> Optional[str]:
        """What a choice is read as afterwards: "the space you chose", "your choice"."""
        chooser = self.phrase(node.player)
        if role is not None and not role.many and role.kind in ("piece", "cell", "member", "card"):
            if chooser != "you":
                return f"the {self.noun(role)} chosen by {chooser}"  # not "the ship ship X's owner chose"
            return agree(f"the {self.noun(role)} {chooser} chose")
        if role is None or role.kind == "value":
            return f"{possessive(chooser)} choice"
        return None

    @staticmethod
    def roll_name(die: str) -> str:
        """`combat_die` -> "combat roll", `d6` -> "roll"."""
        name = words(die)
        if re.fullmatch(r"d\d+", name):
            return "roll"
        return (name[:-len(" die")] if name.endswith(" die") else name) + " roll"

    # ------------------------------------------------------------ the author's wording

    def as_written(self, text: str) -> str:
        """A text with each word the author writes with capitals of its own ("HMS", "McCoy") written so."""
        self.read_written()
        return re.sub(r"\b[A-Za-z]+\b", lambda match: self._written.get(match.group(0).lower(), match.group(0))
                      if match.group(0)[:1].isupper() else match.group(0), text)

    def name_as_written(self, phrase: str) -> str:
        """A declared name as the author writes it in the file's texts: `kings_crown` -> "King's Crown"."""
        self.read_written()
        return self._written_names.get(plain_key(phrase), phrase)

    def read_written(self) -> None:
        """Gather, once, the capitals and the proper names the file's texts (strings, `#: ` lines) write."""
        if self._written is not None:
            return
        self._written, self._written_names = {}, {}
        for line in self.lines:
            stripped = line.strip()
            texts = [stripped[2:]] if stripped.startswith("#:") else [] if stripped.startswith("#") \
                else re.findall(r'"((?:[^"\\]|\\.)*)"', line)
            for said in texts:
                for word in re.findall(r"\b(?:[A-Z]{2,}|[A-Z][a-z]+[A-Z]\w*)\b", said):
                    self._written.setdefault(word.lower(), word)
                for name in re.findall(r"(?<![\w'’])[A-Z][\w'’]*(?: (?:of |the |of the )?[A-Z][\w'’]*)+", said):
                    self._written_names.setdefault(plain_key(name), name)
                # One word is a name when it is written with a capital inside a sentence ("a Knight's move") or
                # heads a text as its subject ("Knight: may jump ...").
                for name in re.findall(r"(?<=[a-z,] )[A-Z][a-z]+(?=['’]s\b|[ ,.;:)]|$)|^[A-Z][a-z]+(?=:)", said):
                    self._written_names.setdefault(plain_key(name), name)

    def author_wording(self, node: ast.Node) -> Optional[str]:
        """The `#: ` comment lines directly above a node, joined, or None."""
        line = node.span.line - 2  # 0-based index of the line above
        found: list[str] = []
        while 0 <= line < len(self.lines):
            text = self.lines[line].strip()
            if text.startswith(WORDING_PREFIX) or text == WORDING_PREFIX.strip():
                found.append(text[len(WORDING_PREFIX):].strip())
                line -= 1
                continue
            break
        if not found:
            return None
        return self.rule_references(" ".join(reversed(found)).strip()) or None

    def rule_references(self, text: str) -> str:
        """An author's text with each `{RULE}` (a rule's name in braces) as the rule's label: "R12".

        A label written out by hand goes stale when a rule is added before it; the rule's
        name stays right. Where the labels are not given yet (the card), the rule's title.
        """
        def reference(match: re.Match) -> str:
            rule = self.rules.get(match.group(1))
            if rule is None:
                return match.group(0)
            title = escape_literal(rule.text) if rule.text else capitalize(words(rule.name))
            return self.rule_labels.get(rule.name) or f"“{title}”"

        return re.sub(r"\{(\w+)\}", reference, text) if "{" in text else text

    def trailing_comment(self, node: ast.Node) -> Optional[str]:
        """The comment at the end of a node's first line (`zone hand per player  # cards in hand`)."""
        index = node.span.line - 1
        if not 0 <= index < len(self.lines):
            return None
        text = self.lines[index]
        in_string = False
        escaped = False
        for position, char in enumerate(text):
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = not in_string
            elif char == "#" and not in_string:
                comment = text[position + 1:].strip()
                if comment.startswith(":"):
                    comment = comment[1:].strip()
                if comment.lower().startswith(("assumed:", "reading:")):
                    return None
                return comment or None
        return None

    def general_wording(self, node: ast.Node, placeholder: Callable[[str], str]) -> Optional[str]:
        """An author's wording with each `{NAME}` filled in by `placeholder(NAME)`: for lists, not for calls."""
        wording = self.author_wording(node)
        return fill_in(wording, {}, placeholder) if wording else None

    # ------------------------------------------------------------ names

    def local(self, name: str) -> str:
        """A local as the rules' reader knows it: "you", "that player", "the ship", or its name."""
        scope = self.scope
        if name == scope.you:
            return "you"
        if name in scope.those:
            return "that player"
        if name in scope.meanings:
            return scope.meanings[name]
        role = scope.roles.get(name)
        if role is None or role.many or role.kind in ("zone", "value", "position"):
            return self.value_name(name, role)
        if len(name) > 1 and role.kind == "player":
            return f"the {words(name)}"  # a name of several letters was chosen to be read: "the winner"
        noun = self.noun(role)
        # A name reads as what it is ("the ship"), unless another name of the same kind is about.
        known = scope.roles if name in scope.fleeting else {**scope.everyone, **scope.roles}
        alike = [other for other, other_role in known.items()
                 if other_role == role and other != name
                 and other != scope.you and other not in scope.those and other not in scope.meanings
                 and (name in scope.fleeting or other not in scope.fleeting)]
        if not alike:
            # In a rule about "you", another player is "the other player", never "the player" (which reads as you).
            return "the other player" if role.kind == "player" and scope.you is not None else f"the {noun}"
        if len(name) == 1 or re.fullmatch(r"[a-z]+_[a-z]", name) or role.kind == "piece" and not name.endswith(
                ("ing", "ed", "er", "or")) and not words(name).endswith(noun):
            # A letter (`x`, `card_t`) or a word that is no description (`token`, `again`) is the rules' own
            # name, never a player's: the first of its kind is "the card", the next "the other card".
            order = list(known)
            group = sorted([name, *alike], key=lambda other: order.index(other) if other in order else len(order))
            place = group.index(name)
            if place == 0:
                return f"the {noun}"
            return f"the other {noun}" if len(group) == 2 else f"the {ordinal(place + 1)} {noun}"
        return f"the {words(name)}" if words(name).endswith(noun) or role.kind != "piece" \
            else f"the {words(name)} {noun}"

    def value_name(self, name: str, role: Optional[Role]) -> str:
        """A local that is a number, a text or a list, when nothing names it better.

        A name of three letters or more was chosen to be read ("the rivals", "the
        stack"); a shorter one is "that value" (or "those" for a list).
        """
        if len(name) >= 3 and not name[-1].isdigit():
            if role is not None and role.many and role.kind in ("piece", "cell") and name.endswith(("ing", "ed")):
                return f"the {words(name)} {plural(self.noun(Role(role.kind, role.of)))}"  # "the waiting ships"
            return f"the {words(name)}"
        if role is not None and (role.many or role.kind == "zone"):
            return f"those {plural(self.noun(Role(role.kind, role.of)))}" if role.kind in ("piece", "cell", "member", "player") \
                else "that list"
        if role is not None and role.kind == "position":
            return "that position"
        return "that value"

    def noun(self, role: Role) -> str:
        """What one value of a role is called: "ship", "space", "suit", "player"."""
        if role.kind == "piece":
            return words(role.of) if role.of else "piece"
        if role.kind == "cell":
            return self.cell_noun
        if role.kind in ("member", "card"):
            return words(role.of) if role.of else role.kind
        return role.kind

    def variable(self, name: str) -> str:
        """A variable's own words: the author's wording above it, else its name.

        An `internal` variable is never named to players: without a wording it is
        read as its trailing comment, or as "the rules' own count" (or mark, record).
        """
        decl = self.vars.get(name)
        wording = self.author_wording(decl) if decl is not None else None
        if wording:
            return wording
        if decl is not None and decl.internal:
            comment = self.trailing_comment(decl)
            if comment:
                return escape_literal(comment)
            kind = {ast.IntLiteral: "count", ast.BoolLiteral: "mark"}.get(type(decl.init), "record")
            return f"own {kind} of the rules" if decl.per_player or decl.per_piece else f"the rules' own {kind}"
        return words(name)

    def truth(self, node: ast.Expr) -> Optional[str]:
        """A variable that is true or false, as the clause it stands for: "you have come home".

        The author's wording (`#: {p} has come home`) says it; without one, a wording or
        a comment that has a verb is the clause as it stands, and else the name is
        what its owner is ("you are ready"; "the game is finishing" for one of the table).
        """
        if isinstance(node, ast.Name) and node.id in self.vars and node.id not in self.scope.roles:
            name, owner = node.id, None
        elif isinstance(node, ast.Attribute) and node.name in self.vars:
            name, owner = node.name, node.target
        else:
            return None
        decl = self.vars[name]
        if not isinstance(decl.init, ast.BoolLiteral):
            return None
        owner_text = self.operand(owner) if owner is not None else None
        wording = self.author_wording(decl)
        if wording and "{" in wording:
            return fill_in(wording, {}, lambda _: owner_text or "the game")
        comment = self.trailing_comment(decl) if decl.internal and not wording else None
        for said in (wording, comment and escape_literal(comment.split(":")[0].strip())):
            if said and AUXILIARY.search(said):
                return said
        thing = wording or words(name)
        if owner_text is None:
            return f"the game is {thing}"
        return agree(f"{owner_text} is {thing}")

    def is_condition(self, node: ast.Expr) -> bool:
        """True for an expression that reads as a condition (a define used as `if battle_over:`)."""
        if isinstance(node, CONDITIONS):
            return True
        if isinstance(node, ast.Call):
            if node.function in PREDICATES or node.function.startswith(("is_", "has_", "can_")):
                return True
            define = self.defines.get(node.function)
            return define is not None and self.is_condition(define.body)
        if isinstance(node, ast.Name) and node.id in self.defines:
            return self.is_condition(self.defines[node.id].body)
        if isinstance(node, ast.IfExpr):  # `x in y if x != none else false`
            return all(isinstance(branch, ast.BoolLiteral) or self.is_condition(branch)
                       for branch in (node.then, node.otherwise))
        if isinstance(node, (ast.Name, ast.Attribute)):
            name = node.id if isinstance(node, ast.Name) else node.name
            return name in self.vars and isinstance(self.vars[name].init, ast.BoolLiteral)
        return False

    # ------------------------------------------------------------ expressions

    def int_literal(self, node: ast.IntLiteral) -> str:
        return str(node.value)

    def string_literal(self, node: ast.StringLiteral) -> str:
        return "“" + self.text_inside(node) + "”"

    def text_inside(self, node: ast.Expr) -> str:
        """A text as it reads between quotes: its words, with each part filled in written as a phrase.

        A part that only adds an ending (`{"" if n == 1 else "s"}`) keeps the plural
        ending; a part that only adds words when a condition holds is left out.
        """
        if not isinstance(node, ast.StringLiteral):
            return self.phrase(node)
        parts = []
        for part in node.parts:
            if isinstance(part, str):
                parts.append(escape_literal(part))
            else:
                filled = self.filled_in(part)
                if parts and re.search(r"[?.!:]$", parts[-1]) and filled[:1].isalpha():
                    filled = f" ({filled})"  # a part that runs on from a sentence, said as an aside
                parts.append(filled)
        return re.sub(r"\s{2,}", " ", "".join(parts))

    def filled_in(self, part: ast.Expr) -> str:
        """One `{...}` part of a text, as words."""
        if isinstance(part, ast.IfExpr) and all(isinstance(branch, ast.StringLiteral) and
                                                all(isinstance(p, str) for p in branch.parts)
                                                for branch in (part.then, part.otherwise)):
            then = "".join(part.then.parts)  # type: ignore[union-attr]
            otherwise = "".join(part.otherwise.parts)  # type: ignore[union-attr]
            if {then, otherwise} <= {"", "s", "es"}:
                return then or otherwise
            if not then or not otherwise:
                return ""
            return f"{escape_literal(then)} or {escape_literal(otherwise)}"
        if isinstance(part, ast.Attribute) and part.name == "name":
            return self.phrase(part.target)
        return self.phrase(part)

    def bool_literal(self, node: ast.BoolLiteral) -> str:
        return "yes" if node.value else "no"

    def none_literal(self, node: ast.NoneLiteral) -> str:
        return "nothing"

    def name(self, node: ast.Name) -> str:
        identifier = node.id
        if identifier in self.scope.roles or identifier == self.scope.you or identifier in self.scope.those:
            return self.local(identifier)
        if identifier in self.defines and not self.defines[identifier].params:
            wording = self.author_wording(self.defines[identifier])
            if wording:
                return wording
            if self.is_condition(self.defines[identifier].body):
                return words(identifier)
            return f"the {words(identifier)}"
        if identifier in VALUE_PHRASES:
            return VALUE_PHRASES[identifier]
        if identifier in self.automata:
            return self.automata[identifier]
        if identifier in self.kinds:
            return f"the {plural(words(identifier))}"
        if identifier in self.zones:
            return self.author_wording(self.zones[identifier]) or f"the {words(identifier)}"
        if identifier in self.vars:
            decl = self.vars[identifier]
            clause = self.truth(node)
            if clause is not None:
                return clause
            named = self.variable(identifier)
            return named if named != words(identifier) or decl.internal else f"the {named}"
        if identifier in self.boards:
            board = words(identifier)
            return f"the {board}" if board.endswith("board") else f"the {board} board"
        if identifier in self.members:
            return self.name_as_written(words(identifier))  # "King's Crown", as the file writes it
        if identifier in self.tables or identifier in self.legend_values or self.is_declared(identifier):
            return words(identifier)
        return self.local(identifier)

    def is_declared(self, identifier: str) -> bool:
        """True for a name a declaration gives (not a local): vars, tables, members, boards..."""
        for decl in self.file.declarations:
            if getattr(decl, "name", None) == identifier and not isinstance(decl, ast.GameHeader):
                return True
            if isinstance(decl, ast.DieDecl) and identifier in decl.faces:
                return True
        return False

    def variant_ref(self, node: ast.VariantRef) -> str:
        return f"the {words(node.name)} variant is in play"

    def list_literal(self, node: ast.ListLiteral) -> str:
        if not node.items:
            return "nothing"
        return joined([f"({self.phrase(item)})" if isinstance(item, ast.ListLiteral) and len(item.items) > 1
                       and len(node.items) > 1 else self.operand(item) for item in node.items])

    def comprehension(self, node: ast.Comprehension) -> str:
        scope = self.scope
        parts = []
        alone = len(node.clauses) == 1 and isinstance(node.element, ast.Name) \
            and node.element.id == node.clauses[0].var
        for clause in node.clauses:
            with self.within(scope):
                parts.append(self.comprehension_for(clause, alone))
                role = self.clause_role(clause)[0]
            scope = self.with_local(clause.var, role or Role("value"), scope)
            scope = replace(scope, fleeting=scope.fleeting | {clause.var})
        with self.within(scope):
            element = self.operand(node.element)
            only = node.clauses[0] if len(node.clauses) == 1 else None
            if only is not None and isinstance(node.element, ast.Name) and node.element.id == only.var:
                text = parts[0]
            else:
                text = f"{element} for {', '.join(parts)}"
            if node.order_by is not None:
                direction = "highest" if node.descending else "lowest"
                text += f", {direction} {self.phrase(node.order_by)} first"
        return text

    def comprehension_for(self, node: ast.ComprehensionFor, alone: bool = False) -> str:
        """`each space of the board where ...`; alone (the list of the elements themselves): `the spaces of ...`."""
        role, where = self.clause_role(node)
        source = self.operand(node.iterable)
        if alone and node.where is None and not source.startswith("("):
            return source  # the list as it is: "the coins in the bag", not "the coins in coins in the bag"
        inner = self.with_local(node.var, role or Role("value"))
        inner = replace(inner, fleeting=inner.fleeting | {node.var})
        with self.within(inner):
            subject = self.local(node.var)
        if subject == "that value":  # a name nothing names better: "each one of X where it is empty"
            inner = replace(inner, meanings={**inner.meanings, node.var: "it"})
            subject = "one"
        preposition = "of" if source.startswith(("the ", "every ")) else "in"
        many = f"{plural(subject[4:])}"
        if subject.startswith("the ") and alone and (source == f"the {many}" or source.startswith(f"the {many} ")
                                                     or source.endswith(f" {many}")):
            text = source  # "the island spaces", not "the spaces of the island spaces"
        elif subject.startswith("the ") and alone:
            text = f"the {plural(subject[4:])} {preposition} {source}"
        elif subject.startswith("the "):
            text = f"each {subject[4:]} {preposition} {source}"
        elif subject == "one" and alone:
            text = f"the ones {preposition} {source}"
        elif alone and not subject.startswith("*"):
            text = f"each {subject} {preposition} {source}"
        elif alone:
            text = f"those {preposition} {source}"
        else:
            text = f"each {subject} in {source}"
        if where is not None:
            with self.within(inner):
                condition = self.phrase(where)
            if subject == "one":
                condition = re.sub(r"\bit's\b", "its", condition)
                if condition.startswith(("it is ", "it has ")) and " and " not in condition and " or " not in condition:
                    verb, rest = condition[3:].split(" ", 1)
                    plural_verb = {"is": "are", "has": "have"}[verb] if alone else verb
                    return f"{text} that {plural_verb} {rest}"
            # "where the space is empty" said of the spaces themselves: "that are empty".
            verbs = {" is ": " that are " if text.startswith("the ") else " that is ",
                     " has ": " that have " if text.startswith("the ") else " that has "}
            said = next((verbs[verb] + condition[len(subject) + len(verb):] for verb in verbs
                         if subject.startswith("the ") and condition.startswith(subject + verb)
                         and " and " not in condition and " or " not in condition
                         and not condition[len(subject) + len(verb):].startswith(("a ", "an "))), None)
            text += said or f" where {condition}"
        return text

    def clause_role(self, node: ast.ComprehensionFor) -> tuple[Optional[Role], Optional[ast.Expr]]:
        """What a comprehension's variable is, and what is left of its `where` to say.

        A `where` that opens with `piece_type(x) == "card"` names the elements (the cards of
        the zone) and is not said again; otherwise they are what the list or zone holds.
        """
        piece, rest = self.roles.piece_type_test(node)
        if piece is not None:
            return Role("piece", piece), rest
        return self.roles.element_role(node.iterable, self.scope.roles), node.where

    def attribute(self, node: ast.Attribute) -> str:
        target = node.target
        if node.name == "name" and self.roles.role(target, self.scope.roles) in (Role("player"),):
            return self.phrase(target)
        clause = self.truth(node)
        if clause is not None:
            return clause
        if node.name in self.vars:
            attribute = self.variable(node.name)
        elif node.name in self.zones:
            attribute = self.author_wording(self.zones[node.name]) or words(node.name)
        else:
            attribute = {"col": "column", "index": "seat number"}.get(node.name, words(node.name))
        if "{" in attribute:
            return fill_in(attribute, {}, lambda _: self.operand(target))
        return f"{possessive(self.operand(target))} {attribute}"

    def index(self, node: ast.Index) -> str:
        target_node, index = node.target, node.index
        target = self.operand(target_node)
        if isinstance(target_node, ast.Name) and target_node.id in self.tables and self.tables[target_node.id].piece:
            return self.operand(index)  # a catalogue's row is the card its key names: "the ship's points"
        if isinstance(target_node, ast.Name) and target_node.id in self.tables:
            header = self.tables[target_node.id].header
            if header is not None and len(header.values) == 1:
                return f"the {lower_first(header.values[0])} for {self.operand(index)}"
            # A table named for what it is looked up by says its own preposition: "actions for the ...".
            joining = "" if re.search(r"\b(?:for|of|by|per|at|on|in)$", target) else " for"
            return f"{target}{joining} {self.operand(index)}"
        if isinstance(target_node, ast.Name) and target_node.id == "players" and isinstance(index, ast.IntLiteral):
            return f"the {ordinal(index.value + 1)} player"
        if isinstance(index, ast.IntLiteral) and index.value >= 0:
            role = self.roles.role(target_node, self.scope.roles)
            if role is not None and role.many and role.kind in ("player", "piece", "cell"):
                return f"the {ordinal(index.value + 1)} {self.noun(role)} in {target}"  # "the second player in ..."
            return f"the {ordinal(index.value + 1)} of {target}"
        if isinstance(index, ast.Binary) and index.op == "-" and isinstance(index.right, ast.IntLiteral) \
                and index.right.value == 1 and isinstance(index.left, ast.Call) and index.left.function == "count" \
                and index.left.args and same(index.left.args[0], target_node):
            return f"the last of {target}"
        if isinstance(index, ast.Name) and index.id in self.scope.roles and self.scope.roles[index.id].kind == "position":
            return f"the matching one of {target}"
        if isinstance(index, ast.Binary) and index.op == "-" and isinstance(index.right, ast.IntLiteral) \
                and index.right.value == 1:
            return f"item {self.operand(index.left)} of {target}"  # positions count from 0: item n is at n - 1
        return f"item {self.operand(index)} of {target}, counting from 0"

    def call(self, node: ast.Call) -> str:
        function = node.function
        total = self.total_of_field(node)
        if total:
            return total
        if function == "at" and all(isinstance(a, ast.IntLiteral) for a in node.args[1:]):
            row, column = (a.value + 1 for a in node.args[1:])  # type: ignore[union-attr]
            return f"row {row}, column {column} of {self.phrase(node.args[0])}"
        if function in ("first", "top") and node.args and self.is_zone(node.args[0]):
            return f"{'one' if function == 'first' else 'the top one'} of {self.phrase(node.args[0])}"
        if function in ("min", "max") and node.args and isinstance(node.args[0], ast.ListLiteral) \
                and len(node.args[0].items) == 2:
            size = "smaller" if function == "min" else "larger"
            return f"the {size} of {self.phrase(node.args[0])}"
        arguments = [self.operand(argument) for argument in node.args]
        if function == "distinct" and (arguments[0].startswith("the ") or isinstance(node.args[0], ast.Comprehension)):
            return f"{arguments[0]}, each once"
        if function == "keys" and node.args and isinstance(node.args[0], ast.Name) \
                and node.args[0].id in self.roles.catalogues:
            return f"the {words(node.args[0].id)}"  # its cards, by their keys
        if function == "take" and len(arguments) == 2 and not isinstance(node.args[1], ast.IntLiteral):
            return f"as many of {arguments[0]} as {arguments[1]}"  # not "the first the cost of ..."
        if function in FUNCTION_PHRASES:
            if function == "cells":
                return f"every {self.cell_noun} of {arguments[0]}"
            return FUNCTION_PHRASES[function].format(*arguments)
        define = self.defines.get(function)
        if define is not None:
            wording = self.author_wording(define)
            if wording:
                return fill_in(wording, dict(zip(define.params, arguments)))
            condition = self.condition_call(function, arguments)
            if condition:
                return condition
        return applied(function, arguments)

    def total_of_field(self, node: ast.Call) -> Optional[str]:
        """`sum([c.gold for c in L])` as "the total gold of L", not "the total of the coin's gold for each coin of L"."""
        if node.function != "sum" or len(node.args) != 1 or not isinstance(node.args[0], ast.Comprehension):
            return None
        listed = node.args[0]
        element = listed.element
        if len(listed.clauses) != 1 or listed.order_by is not None or not isinstance(element, ast.Attribute) \
                or not isinstance(element.target, ast.Name) or element.target.id != listed.clauses[0].var \
                or element.name in self.vars:
            return None
        source = self.comprehension_for(listed.clauses[0], alone=True)
        return f"the total {words(element.name)} of {source}"

    def condition_call(self, function: str, arguments: list[str]) -> Optional[str]:
        """A define that is a condition, said of its arguments: "ship T may board", "the ship is derelict"."""
        define = self.defines.get(function)
        if define is None or not self.is_condition(define.body) or function.startswith(("is_", "has_", "can_")):
            return None
        if len(arguments) == 1 and function.startswith(("may_", "must_")):
            return f"{arguments[0]} {words(function)}"
        if len(arguments) == 1:
            return agree(f"{arguments[0]} is {words(function)}")
        if len(arguments) == 2:
            return f"{arguments[0]} {words(function)} {arguments[1]}"
        return None

    def is_zone(self, node: ast.Expr) -> bool:
        role = self.roles.role(node, self.scope.roles)
        return role is not None and (role.kind == "zone" or role == CELL)

    def binary(self, node: ast.Binary) -> str:
        if node.op == "+" and (self.is_list(node.left) or self.is_list(node.right)):
            return f"{self.operand(node.left)} and {self.operand(node.right)}"
        return f"{self.operand(node.left)} {ARITHMETIC.get(node.op, node.op)} {self.operand(node.right)}"

    def is_list(self, node: ast.Expr) -> bool:
        if isinstance(node, (ast.ListLiteral, ast.Comprehension)):
            return True
        role = self.roles.role(node, self.scope.roles)
        return role is not None and (role.many or role.kind == "zone")

    def compare(self, node: ast.Compare) -> str:
        left, right, op = node.left, node.right, node.op
        if isinstance(right, ast.NoneLiteral) and op in ("==", "!="):
            return self.is_none(left, op == "==")
        if isinstance(right, ast.IntLiteral) and isinstance(left, ast.Call) and left.function == "count" \
                and left.args:
            counted = self.counted(left.args[0], op, right.value)
            if counted:
                return counted
        if op in ("==", "!=") and isinstance(left, ast.Call) and left.function == "piece_type" and left.args \
                and isinstance(right, ast.StringLiteral) and "".join(map(str, right.parts)) in self.pieces:
            negation = " not" if op == "!=" else ""
            return f"{self.operand(left.args[0])} is{negation} {article(words(''.join(map(str, right.parts))))}"
        if op in ("==", "!=") and isinstance(left, ast.Attribute) and isinstance(right, ast.Name) \
                and self.legend_values.get(right.id) == left.name:
            negation = " not" if op == "!=" else ""
            return f"{self.operand(left.target)} is{negation} {article(words(right.id))}"
        return f"{self.operand(left)} {COMPARISONS.get(op, op)} {self.operand(right)}"

    def is_none(self, node: ast.Expr, is_none: bool) -> str:
        """`x == none` and `x != none`, as a reader says them."""
        if isinstance(node, ast.Name) and node.id in self.scope.declined:
            chooser, question = self.scope.declined[node.id]
            if question:
                says = "say" if chooser == "you" else "says"
                return f"{chooser} {says} no" if is_none else f"{chooser} {says} yes"
            return f"{chooser} declined" if is_none else f"{chooser} did not decline"
        text = self.operand(node)
        if text.startswith("your ") and "'" not in text:
            thing = text[len("your "):]
            return f"you have no {thing}" if is_none else f"you have {article(thing)}"
        owned = re.fullmatch(r"(.+?)'s? ([^*']+)", text)
        if owned and not owned.group(1).startswith("("):
            owner = owned.group(1) + ("s" if text.startswith(owned.group(1) + "s'") else "")
            thing = owned.group(2)
            return agree(f"{owner} has no {thing}" if is_none else f"{owner} has {article(thing)}")
        thing = text[len("the "):] if text.startswith("the ") else text
        return f"there is no {thing}" if is_none else f"there is {article(thing) if thing[:1].isalpha() else thing}"

    def counted(self, node: ast.Expr, op: str, number: int) -> Optional[str]:
        """`count(X) > 0` as "X is not empty", `count(X) == 0` as "X is empty" (None for other counts)."""
        text = self.operand(node)
        some = (op == ">" and number == 0) or (op == ">=" and number == 1) or (op == "!=" and number == 0)
        none = (op == "==" and number == 0) or (op == "<" and number == 1) or (op == "<=" and number == 0)
        if not (some or none):
            return None
        if text.startswith("your ") and "'" not in text and text.endswith("s") and not text.endswith("ss"):
            thing = text[len("your "):]
            return f"you have {thing}" if some else f"you have no {thing}"
        if text.startswith("the ") and not self.is_zone(node) \
                and any(word.endswith("s") and not word.endswith("ss") for word in text.split("(")[0].split()[1:]):
            return f"there are {text[4:]}" if some else f"there are no {text[4:]}"
        being = "are" if text.endswith("s") and not text.endswith("ss") else "is"
        return f"{text} {being} not empty" if some else f"{text} {being} empty"

    def membership(self, node: ast.Membership) -> str:
        relation = "is not in" if node.negated else "is in"
        return f"{self.operand(node.element)} {relation} {self.operand(node.collection)}"

    def bool_op(self, node: ast.BoolOp) -> str:
        def side(child: ast.Expr) -> str:
            if isinstance(child, ast.BoolOp) and child.op != node.op:
                return f"({self.phrase(child)})"
            if isinstance(child, (ast.Binary, ast.IfExpr)):
                return self.operand(child)
            return self.phrase(child)

        return f"{side(node.left)} {node.op} {side(node.right)}"

    def not_(self, node: ast.Not) -> str:
        operand = node.operand
        if isinstance(operand, ast.Not):
            return self.phrase(operand.operand)
        clause = self.truth(operand)
        if clause is not None:
            return negative(clause)
        if isinstance(operand, ast.BoolOp):
            flipped_op = "or" if operand.op == "and" else "and"
            negated = [ast.Not(span=side.span, operand=side) for side in (operand.left, operand.right)]
            return self.phrase(ast.BoolOp(span=operand.span, op=flipped_op, left=negated[0], right=negated[1]))
        if isinstance(operand, ast.Compare) and operand.op in OPPOSITES:
            return self.phrase(operand.model_copy(update={"op": OPPOSITES[operand.op]}))
        if isinstance(operand, ast.Call) and operand.function in NEGATED_PHRASES:
            return NEGATED_PHRASES[operand.function].format(*(self.operand(a) for a in operand.args))
        if isinstance(operand, ast.Membership):
            return self.phrase(operand.model_copy(update={"negated": not operand.negated}))
        if isinstance(operand, ast.Call) and operand.function.startswith(("is_", "has_", "can_")) \
                and not (operand.function in self.defines and self.author_wording(self.defines[operand.function])):
            head, _, rest = operand.function.partition("_")
            verb_phrase = {"is": "is not", "has": "has no", "can": "cannot"}[head]
            return agree(f"{', '.join(self.operand(a) for a in operand.args)} {verb_phrase} {words(rest)}")
        if isinstance(operand, ast.Call) and operand.function in self.defines:
            define = self.defines[operand.function]
            if not self.author_wording(define) and len(operand.args) == 1 and self.is_condition(define.body) \
                    and not operand.function.startswith(("is_", "has_", "can_")):
                return agree(f"{self.operand(operand.args[0])} is not {words(operand.function)}")
            if self.author_wording(define) or self.is_condition(define.body):
                return f"it is not the case that {self.phrase(operand)}"
        if isinstance(operand, ast.Call) and operand.function.startswith(("is_", "has_", "can_")):
            head, _, rest = operand.function.partition("_")
            verb_phrase = {"is": "is not", "has": "has no", "can": "cannot"}[head]
            return f"{', '.join(self.operand(a) for a in operand.args)} {verb_phrase} {words(rest)}"
        if isinstance(operand, ast.Name) and operand.id in self.scope.roles:
            return f"{self.phrase(operand)} is no"
        if isinstance(operand, ast.Attribute) and operand.name in self.vars and "{" in self.variable(operand.name):
            return f"it is not the case that {self.phrase(operand)}"
        return f"not {self.operand(operand)}"

    def negate(self, node: ast.Negate) -> str:
        return f"−{self.operand(node.operand)}"

    def if_expr(self, node: ast.IfExpr) -> str:
        return f"{self.operand(node.then)} if {self.phrase(node.condition)}, otherwise {self.operand(node.otherwise)}"

    # ------------------------------------------------------------ statements

    def is_bookkeeping(self, target: ast.Expr) -> bool:
        """A change to an `internal` variable: nothing a player needs to read (its wording only names it)."""
        name = target.id if isinstance(target, ast.Name) else target.name if isinstance(target, ast.Attribute) else None
        if isinstance(target, ast.Name) and target.id in self.scope.roles:
            return False
        decl = self.vars.get(name or "")
        return decl is not None and decl.internal

    def owner_subject(self, target: ast.Expr) -> Optional[str]:
        """For `p.points`, the player who gains or loses ("you"), when the target is a player's number."""
        if isinstance(target, ast.Attribute) and target.name in self.vars and self.vars[target.name].per_player:
            return self.phrase(target.target)
        return None

    def let(self, node: ast.Let) -> Step:
        value = self.phrase(node.value)
        with self.within(self.bound(node)):
            name = self.local(node.name)
        role = self.roles.role(node.value, self.scope.roles)
        being = "are" if name.endswith("s") or (role is not None and role.many) else "is"
        return Step(capitalize(agree(f"{name} {being} {value}.")), kind="Let")

    def assign(self, node: ast.Assign) -> Optional[Step]:
        if self.is_bookkeeping(node.target):
            return None
        target, value = node.target, node.value
        if isinstance(value, ast.Binary) and value.op == "+" and same(value.left, target) and self.is_list(value.right):
            return Step(capitalize(f"add {self.phrase(value.right)} to {self.phrase(target)}."), kind="Assign")
        if isinstance(value, ast.Comprehension) and len(value.clauses) == 1 and same(value.clauses[0].iterable, target) \
                and isinstance(value.element, ast.Name) and value.element.id == value.clauses[0].var \
                and isinstance(value.clauses[0].where, ast.Compare) and value.clauses[0].where.op == "!=" \
                and isinstance(value.clauses[0].where.left, ast.Name) \
                and value.clauses[0].where.left.id == value.clauses[0].var and value.order_by is None:
            removed = self.phrase(value.clauses[0].where.right)
            return Step(capitalize(f"take {removed} out of {self.phrase(target)}."), kind="Assign")
        clause = self.truth(target)
        if clause is not None:
            if isinstance(value, ast.BoolLiteral):
                return Step(capitalize(now(clause) if value.value else negative(clause)) + ".", kind="Assign")
            condition = self.phrase(value)
            return Step(capitalize(f"{now(clause)} if {condition}, and {negative(clause)} otherwise") + ".", kind="Assign")
        target_text = self.phrase(target)
        # "the spots become ...": a name of several things takes the plural verb.
        many = re.fullmatch(r"the [\w ]*[a-z][^s'’]s", target_text) is not None
        if isinstance(value, ast.NoneLiteral):
            return Step(capitalize(agree(f"{target_text} {'are' if many else 'is'} now nothing.")), kind="Assign")
        return Step(capitalize(agree(f"{target_text} {'become' if many else 'becomes'} {self.phrase(value)}.")),
                    kind="Assign")

    def add_to(self, node: ast.AddTo) -> Optional[Step]:
        if self.is_bookkeeping(node.target):
            return None
        subject = self.owner_subject(node.target)
        wording = self.variable(node.target.name) if subject is not None else ""  # type: ignore[union-attr]
        if subject is not None and not wording.startswith(("the ", "a ", "an ", "your ", "{")) and "{" not in wording:
            # "You gain 1 point"; a variable the author words as a phrase of its own ("the chips {p} has put in
            # the pot") is added to instead, never "you gain 1 the chips ...".
            gains = verb(subject, "gains" if node.sign >= 0 else "loses")
            what = wording
            if isinstance(node.value, ast.IntLiteral):
                if node.value.value == 1 and re.search(r"[^s]s$", what) and "{" not in what:
                    what = what[:-1]  # 1 point
                text = f"{subject} {gains} {node.value.value} {what}"
            else:
                text = f"{subject} {gains} {what} equal to {self.phrase(node.value)}"
            return Step(capitalize(text) + ".", kind="AddTo")
        if node.sign >= 0:
            return Step(capitalize(f"add {self.phrase(node.value)} to {self.phrase(node.target)}."), kind="AddTo")
        return Step(capitalize(f"subtract {self.phrase(node.value)} from {self.phrase(node.target)}."), kind="AddTo")

    def move(self, node: ast.Move) -> Step:
        where = " (at the bottom)" if node.place == "bottom" else ""
        what = self.phrase(node.what)
        if self.is_zone(node.what) and not isinstance(node.what, ast.Call):
            on_cell = self.roles.role(node.what, self.scope.roles) == CELL
            what = f"everything {'on' if on_cell else 'in'} {what}"
        into = "onto" if self.roles.role(node.to, self.scope.roles) == CELL else "to"
        return Step(capitalize(f"move {what} {into} {self.phrase(node.to)}{where}."), kind="Move")

    def create(self, node: ast.Create) -> Step:
        piece = self.pieces.get(node.piece)
        fields = piece.fields if piece is not None else []
        noun = words(node.piece)
        count = node.count.value if isinstance(node.count, ast.IntLiteral) else None
        owner = ""
        details = []
        named_as = None  # "Put the card you chose in your hand", not "a card with name the card you chose"
        called = None  # "a crew named ...'
        for name, argument in zip(fields, node.args):
            value = self.phrase(argument)
            if name == "owner" and self.roles.role(argument, self.scope.roles) == Role("player"):
                owner = possessive(value)
            elif name == "name" and count == 1 and len(node.args) == 1 and \
                    re.fullmatch(rf"the {re.escape(noun)}(?: (?:you chose|chosen by .+))?", value):
                named_as = value
            elif name == "name":
                called = value
            elif isinstance(argument, ast.BoolLiteral):
                if argument.value:
                    details.append(f"marked {words(name)}")
            elif value == f"the {words(name)}":
                details.append(value)  # "a card with the suit and value 7", not "with suit the suit"
            elif value == "that value":
                whose = "of that value" if name == "value" else f"whose {words(name)} is that value"
                called = f"{called} {whose}" if called else whose  # said after the piece, not after "with"
            else:
                details.append(f"{words(name)} {value}")
        owned = f"of {owner} " if owner else ""
        if count == 1:
            amount = f"{owner} {noun}" if owner else article(noun)
        elif count is not None:
            amount = f"{count} {owned}{plural(noun)}"
        elif isinstance(node.count, ast.IfExpr):
            amount = (f"{self.operand(node.count.then)} {owned}{plural(noun)} if {self.phrase(node.count.condition)}, "
                      f"otherwise {self.operand(node.count.otherwise)}")
        else:
            amount = f"as many {owned}{plural(noun)} as {self.phrase(node.count)}"
        marked = [detail for detail in details if detail.startswith("marked ")]
        others = [detail for detail in details if not detail.startswith("marked ")]
        detail = (" " + joined(marked) if marked else "") \
            + ((f" {called}" if called.startswith(("of ", "whose ")) else f" named {called}") if called else "") \
            + (f" with {joined(others)}" if others else "")
        if named_as is not None:
            amount = named_as
        into = "on" if self.roles.role(node.zone, self.scope.roles) == CELL else "in"
        place = self.phrase(node.zone)
        for named in (f"the {plural(noun)} ", f"{plural(noun)} "):  # "10 chests in the supply", not "in chests in the supply"
            if count is not None and count > 1 and place.startswith(named) and place[len(named):].startswith(("in ", "on ")):
                into, place = place[len(named):].split(" ", 1)
        text = f"put {amount}{detail} {into} {place}"
        if isinstance(node.count, ast.IfExpr) and count is None:
            text = f"put {detail.strip() + ' ' if detail else ''}{plural(noun)} {into} {self.phrase(node.zone)}: {amount}"
        return Step(capitalize(text) + ".", kind="Create")

    def yes_or_no(self, node: ast.Choose) -> bool:
        """A question (its prompt ends in "?") with one option written out and a way out: answered yes or no."""
        return bool(node.optional and isinstance(node.options, ast.ListLiteral) and len(node.options.items) == 1
                    and node.prompt is not None and self.text_inside(node.prompt).strip().endswith("?"))

    def choose(self, node: ast.Choose) -> Step:
        chooser = self.phrase(node.player)
        options = self.phrase(node.options)
        prompt = self.text_inside(node.prompt).strip() if node.prompt is not None else ""
        prompt = capitalize(prompt)
        if self.yes_or_no(node):
            # One option and a way out: a question answered yes or no ("Scuttle the ship?").
            skip = self.text_inside(node.skip_text).strip() if node.skip_text is not None else ""
            no = f"no (“{skip.rstrip('.')}”)" if skip and skip.lower() != "no" else "no"
            if chooser == "you":
                return Step(capitalize(agree(f"{prompt} Yes or {no}.")), kind="Choose")
            return Step(capitalize(agree(f"{chooser} is asked “{prompt}”: yes or {no}.")), kind="Choose")
        if chooser == "you" and prompt.endswith("?"):
            text = f"{prompt} Choose from {options}"
        elif chooser == "you":
            text = f"{prompt.rstrip('.:')}: choose from {options}" if prompt else f"Choose from {options}"
        else:
            text = f"{chooser} chooses from {options}" + (f": “{prompt}”" if prompt else "")
        if node.optional:
            skip = (self.text_inside(node.skip_text).strip() if node.skip_text is not None else "") or "skip"
            text += f" (or decline: “{skip}”)"
        ending = "" if text.rstrip("”").endswith(("?", ".", "!")) else "."
        return Step(capitalize(agree(text)) + ending, kind="Choose")

    def choose_set(self, node: ast.ChooseSet) -> Step:
        chooser = self.phrase(node.player)
        options = self.phrase(node.options)
        budget = self.phrase(node.budget)
        # The cost is worded for one option at a time: "its card points".
        scope = self.with_local(node.var, Role("value"))
        scope.meanings[node.var] = "it"
        with self.within(scope):
            cost = re.sub(r"\bit's\b", "its", self.phrase(node.cost))
        prompt = self.text_inside(node.prompt).strip().rstrip(".:") if node.prompt is not None else ""
        verb = "choose" if chooser == "you" else "chooses"
        text = (f"{capitalize(prompt)}: {chooser} {verb}" if prompt else f"{chooser} {verb}")
        text += (f", one at a time, any of {options}, each at most once and each costing {cost}, "
                 f"while the total cost stays within {budget}.")
        return Step(capitalize(agree(text)), kind="ChooseSet")

    def draw(self, node: ast.Draw) -> Step:
        return Step(f"Draw one at random from {self.phrase(node.source)}.", kind="Draw")

    def roll(self, node: ast.Roll) -> Step:
        die = words(node.die)
        die = die if die.endswith("die") or re.fullmatch(r"d\d+", die) else f"{die} die"
        return Step(f"Roll the {die}.", kind="Roll")

    def weighted_draw(self, node: ast.WeightedDraw) -> Step:
        return Step(f"Draw one of {self.phrase(node.source)} at random, each as likely as its weight in "
                    f"{self.phrase(node.weights)}.", kind="Draw")

    def actions(self, node: ast.Actions) -> Step:
        """A turn of actions: the groups and their limits, in any order, until the player stops."""
        chooser = self.phrase(node.player)
        stop = self.text_inside(node.stop_text).strip() or "stop"
        groups = [self.action_group(group) for group in node.groups]
        if chooser == "you":
            lead = f"Take these actions one at a time, in any order, until you choose “{stop}” or none is left:"
        else:
            lead = f"{capitalize(chooser)} takes these actions one at a time, in any order, until choosing “{stop}” " \
                   "or none is left:"
        return Step(agree(lead), groups, "Actions")

    def action_group(self, node: ast.ActionGroup) -> Step:
        if node.limit == "budget":
            head = f"Up to {self.operand(node.count)} times in all, any of:"
        elif node.limit == "once":
            head = "Once in the turn:" if len(node.options) == 1 else "Once in the turn, one of:"
        else:
            head = "Once a round:" if len(node.options) == 1 else "Once a round, one of:"
        return Step(head, [self.action_option(option) for option in node.options], "ActionGroup")

    def action_option(self, node: ast.ActionOption) -> Step:
        name = escape_literal(self.text_inside(node.text).strip().rstrip(".:"))
        when = f", when {self.phrase(node.condition)}" if node.condition is not None else ""
        return Step(f"**{name}**{when}:", self.steps(node.body), "ActionOption")

    def log(self, node: ast.Log) -> None:
        return None  # what the game announces while it runs is not a rule

    def call_rule(self, node: ast.CallRule) -> Optional[Step]:
        if node.rule in self.silent_rules:
            return None
        rule = self.rules.get(node.rule)
        params = rule.params if rule is not None else []
        arguments = [self.phrase(a) for a in node.args]
        again = ["as above"] if self.expand_calls > 0 and self.opened is not None and node.rule in self.opened \
            and not (self.open_only_in_rounds and not self.rounds_entered) else []
        wording = self.author_wording(rule) if rule is not None else None
        if wording and "{" in wording:
            text = capitalize(fill_in(wording, dict(zip(params, arguments))).rstrip("."))
        else:
            shown = []
            callee = self.roles.rule_scope(node.rule)
            callee_you = next((param for param in params if callee.get(param) == Role("player")), None)
            for param, argument, node_argument in zip(params, arguments, node.args):
                if (argument == "you" and param == callee_you) or \
                        (isinstance(node_argument, ast.Name) and node_argument.id == param) or \
                        (rule is not None and self.only_logged(rule, param)):
                    continue
                role = callee.get(param)
                plain_name = len(param) == 1 or role is not None and words(param) == self.noun(role)
                if param == callee_you and plain_name:
                    shown.append(f"by {argument}")  # the player the rule is about carries it out
                elif role == Role("player") and plain_name:
                    shown.append(f"for {argument}")
                elif role is not None and plain_name and argument == f"the {self.noun(role)}":
                    continue  # "the card" for the card: nothing to tell
                elif role is not None and role.kind in ("player", "piece") and not role.many and len(param) > 1 \
                        and param not in ("other", "others"):
                    shown.append(f"{argument} as the {words(param)}")  # "the defender as the winner"
                elif self.is_condition(node_argument) and not isinstance(node_argument, ast.BoolLiteral):
                    shown.append(f"{words(param)} if {argument}")  # "face down if you are an automa"
                elif isinstance(node_argument, ast.BoolLiteral):
                    shown.append(words(param) if node_argument.value else f"not {words(param)}")
                elif len(param) > 1:
                    shown.append(f"{argument} as the {words(param)}")  # "3 as the reach", not "reach: 3"
                elif param in callee:
                    noun = self.noun(callee[param])
                    twins = [other for other in params if len(other) == 1 and other != param
                             and other in callee and self.noun(callee[other]) == noun]
                    shown.append(f"{argument} as the " + f"{noun} {param.upper() if twins else ''}".strip())
            label = self.rule_labels.get(node.rule)
            if label:
                shown.append(f"see {label}")
            shown = again + shown
            text = f"**{self.rule_title(node.rule)}**" + (f" ({'; '.join(shown)})" if shown else "")
            return Step(text + ("" if text.endswith(("?", "!", ".")) else "."), self.expanded(node.rule), "CallRule")
        label = self.rule_labels.get(node.rule)
        notes = again + ([f"see {label}"] if label else [])
        if notes:
            text += f" ({'; '.join(notes)})"
        return Step(text + ".", self.expanded(node.rule), "CallRule")

    def only_logged(self, rule: ast.RuleDecl, param: str) -> bool:
        """True when a rule's parameter is read only by log lines: it says nothing about the rule."""
        uses = [statement for statement in walk_statements(rule.body)
                if any(isinstance(node, ast.Name) and node.id == param for node in shallow_walk(statement))]
        return bool(uses) and all(isinstance(statement, ast.Log) for statement in uses) or not uses

    def expanded(self, name: str) -> list[Step]:
        """A called rule's own steps, when calls are being opened up (else none)."""
        rule = self.rules.get(name)
        if self.expand_calls <= 0 or rule is None or (self.open_only_in_rounds and not self.rounds_entered):
            return []
        if self.opened is not None:
            if name in self.opened:
                return []  # said once already: the call says "as above"
            self.opened.add(name)
        self.expand_calls -= 1
        try:
            return self.render(rule)
        finally:
            self.expand_calls += 1

    def rule_title(self, name: str) -> str:
        """A rule's description text, else the author's wording above it, else its name as words."""
        rule = self.rules.get(name)
        if rule is not None and rule.text:
            return escape_literal(rule.text)
        wording = self.author_wording(rule) if rule is not None else None
        if wording:
            return capitalize(fill_in(wording, {}, lambda param: words(param))).rstrip(".")
        return capitalize(words(name))

    def return_(self, node: ast.Return) -> Step:
        return Step("Stop here.", kind="Return")

    def end_game(self, node: ast.EndGame) -> Step:
        return Step("The game ends at once; go to final scoring.", kind="EndGame")

    def eliminate(self, node: ast.Eliminate) -> Step:
        return Step(capitalize(agree(f"{self.phrase(node.player)} is out of the game.")), kind="Eliminate")

    def shuffle(self, node: ast.Shuffle) -> Step:
        return Step(capitalize(f"shuffle {self.phrase(node.zone)} face down."), kind="Shuffle")

    def check(self, node: ast.Check) -> Step:
        reason = f" ({self.text_inside(node.text)})" if node.text is not None else ""
        return Step(f"Make sure that {self.phrase(node.condition)}{reason}.", kind="Check")

    def pass_(self, node: ast.Pass) -> Step:
        return Step("Nothing happens.", kind="Pass")

    def if_branch(self, node: ast.IfBranch, first: bool = True) -> Step:
        lead = "If" if first else "Otherwise, if"
        condition = self.phrase(node.condition)
        # The author's words for the `if` line, when they end in ":", say when a decision in it comes up.
        heading = self.author_wording(node) if first else None
        self.conditions.append(re.sub(r"^if ", "", lower_first(heading.rstrip(":"))) if heading and heading.endswith(":")
                               else condition)
        try:
            body = self.steps(node.body)
        finally:
            self.conditions.pop()
        wording = None if first else self.author_wording(node)
        if wording and wording.endswith(":") and body:
            return Step(wording, body, "IfBranch")  # the author's heading for the block under it
        if wording:
            return Step(wording, [], "IfBranch", worded=True)
        return self.conditional(f"{lead} {condition}", body, "IfBranch")

    def else_wording(self, node: ast.If) -> Optional[str]:
        """The author's wording above an `else:` line: it words the block under it."""
        line = node.otherwise[0].span.line - 2  # 0-based: the line above the block's first statement
        while line >= 0 and self.lines[line].strip() != "else:":
            line -= 1
        if line < 0:
            return None
        found = []
        line -= 1
        while line >= 0 and self.lines[line].strip().startswith(WORDING_PREFIX.strip()):
            found.append(self.lines[line].strip()[len(WORDING_PREFIX):].strip())
            line -= 1
        return self.rule_references(" ".join(reversed(found)).strip()) or None

    def conditional(self, lead: str, body: list[Step], kind: str) -> Step:
        """`If X: do Y.` on one line when the block is one short step, else a step with a block."""
        if not body:
            return Step(f"{lead}: nothing happens.", kind=kind)
        if len(body) == 1 and not body[0].children and len(body[0].text) < 90:
            inner = body[0].text if body[0].worded else lower_first(body[0].text)
            return Step(f"{lead}: {inner}", kind=kind, block=body)
        return Step(f"{lead}:", body, kind)

    def if_(self, node: ast.If) -> list[Step]:
        result = []
        earlier: list[str] = []
        empty = True
        for position, branch in enumerate(node.branches):
            step = self.if_branch(branch, position == 0)
            empty = empty and step.text.endswith(": nothing happens.")
            result.append(step)
            earlier.append(self.phrase(ast.Not(span=branch.condition.span, operand=branch.condition)))
        if node.otherwise:
            if self.else_wording(node):
                earlier = []  # the author worded the `else` block: its wording says when it applies
            self.conditions.extend(earlier)
            try:
                body = self.steps(node.otherwise)
            finally:
                del self.conditions[len(self.conditions) - len(earlier):]
            wording = self.else_wording(node)
            if wording and wording.endswith(":") and body:
                empty = False
                result.append(Step(wording, body, "If"))  # the author's heading for the block under it
            elif wording:
                empty = False
                result.append(Step(wording, [], "If", worded=True))
            elif body:
                empty = False
                result.append(self.conditional("Otherwise", body, "If"))
        if empty:
            return []
        # A last branch that does nothing says nothing.
        while result and result[-1].text.endswith(": nothing happens."):
            result.pop()
        return result

    def for_each(self, node: ast.ForEach) -> Optional[Step]:
        together = ", at the same time and in secret (no one sees another's choices until all have chosen)" \
            if node.simultaneously else ""
        source_node = node.iterable
        role = self.roles.element_role(source_node, self.scope.roles)
        source = self.phrase(source_node)
        scope = self.with_local(node.var, role)
        if isinstance(source_node, ast.Call) and source_node.function == "indices":
            scope = self.with_local(node.var, Role("position"))
            head = f"For each of {self.phrase(source_node.args[0])}, in order{together}:"
        elif role is not None and role.kind == "player":
            if self.scope.you is None:
                scope = replace(scope, you=node.var)
            else:
                scope = replace(scope, those=scope.those | {node.var})
            if isinstance(source_node, ast.Name) and source_node.id == "players":
                head = f"For each player, in seat order{together}:"
            elif source.startswith("the players") or source.startswith("every"):
                head = f"For each of {source}{together}:"
            elif source.startswith(("the ", "*")):
                head = f"For each player in {source}{together}:"
            else:
                head = f"For {source}{together}:"
        elif role is not None and role.kind in ("piece", "cell", "member"):
            noun = self.noun(role)
            with self.within(scope):
                named = self.local(node.var)
            if named == f"the {noun}":
                if source == f"the {plural(noun)}":
                    head = f"For each {noun}{together}:"
                elif source.startswith("every "):
                    head = f"For {source}{together}:"
                elif source.startswith(f"the {plural(noun)} ") and source[len(f"the {plural(noun)} "):].startswith(
                        ("in ", "on ", "of ", "that ")):
                    # "For each card in your hand that is face up", not "each card of the cards in your hand".
                    rest = source[len(f"the {plural(noun)} "):]
                    rest = re.sub(r"^(.*?)\bthat (are|have)\b", lambda m: m.group(1) + "that " + {"are": "is", "have": "has"}[m.group(2)], rest, count=1)
                    head = f"For each {noun} {rest}{together}:"
                else:
                    head = f"For each {noun} {'of' if source.startswith(('the ', 'every ')) else 'in'} {source}{together}:"
            else:
                head = f"For each {named.removeprefix('the ')} in {source}{together}:"
        else:
            with self.within(scope):
                named = self.local(node.var)
            if named.startswith("the "):
                head = f"For each {named[4:]} {'of' if source.startswith(('the ', 'every ')) else 'in'} {source}{together}:"
            else:
                head = f"For each of {source}{together}:"  # the block calls it "that value"
        with self.within(scope):
            body = self.steps(node.body)
        if not body:
            return None
        return Step(head, body, "ForEach")

    def while_(self, node: ast.While) -> Optional[Step]:
        condition = self.phrase(node.condition)
        wording = self.author_wording(node)
        # The author's words for the loop's opening line say when a decision in it comes up, too
        # (worded whole, the wording says it already: nothing more is said); a loop kept going by
        # a flag of the rule's own says nothing a decision's reader needs.
        flag = isinstance(node.condition, ast.Name) and not self.is_declared(node.condition.id)
        self.conditions.append(lower_first(wording.rstrip(":")) if wording and wording.endswith(":")
                               else "" if wording or flag else f"while {condition}")
        try:
            body = self.steps(node.body)
        finally:
            self.conditions.pop()
        return Step(f"As long as {condition}:", body, "While") if body else None

    def rounds(self, node: ast.Rounds) -> Step:
        if node.until is None:
            text = "Play rounds:"
        else:
            text = f"Play rounds until, at the end of a round, {self.phrase(node.until)}:"
        self.rounds_entered += 1
        try:
            return Step(text, self.steps(node.body), "Rounds")
        finally:
            self.rounds_entered -= 1

    def repeat(self, node: ast.Repeat) -> Optional[Step]:
        body = self.steps(node.body)
        if not body:
            return None
        if isinstance(node.count, ast.IntLiteral) and node.count.value == 1:
            return Step("Once:", body, "Repeat")
        return Step(f"Repeat {self.operand(node.count)} times:", body, "Repeat")

    def phase(self, node: ast.Phase) -> Step:
        self.conditions.append(f"in phase “{escape_literal(node.title)}”")
        try:
            return Step(f"**{escape_literal(node.title)}**", self.steps(node.body), "Phase")
        finally:
            self.conditions.pop()

    # ------------------------------------------------------------ declarations

    def game_header(self, node: ast.GameHeader) -> str:
        return f"{node.name}, for {self.player_range(node)}."

    @staticmethod
    def player_range(node: ast.GameHeader) -> str:
        if node.min_players == node.max_players:
            return f"{node.min_players} players"
        return f"{node.min_players} to {node.max_players} players"

    def kind_decl(self, node: ast.KindDecl) -> str:
        return f"{capitalize(words(node.name))}: {', '.join(words(m) for m in node.members)}."

    def piece_decl(self, node: ast.PieceDecl) -> str:
        """What a piece is: the author's wording, else what each one has."""
        wording = self.author_wording(node)
        if wording:
            return wording
        fields = [words(f) for f in node.fields if f != "owner"]
        owned = "owner" in node.fields
        if fields:
            text = f"Each has {joined([article(field_name) for field_name in fields])}"
            return text + (", and belongs to a player." if owned else ".")
        return "Each belongs to a player." if owned else ""

    def var_decl(self, node: ast.VarDecl) -> str:
        piece = getattr(node, "per_piece", None)
        if piece and getattr(node, "also_per", None):  # a variable of several piece kinds
            piece = joined([words(kind) for kind in [piece] + node.also_per], "or")
        owner = f"each {words(piece)}" if piece else "each player"
        wording = self.author_wording(node)
        name = capitalize(fill_in(wording, {}, lambda _: owner) if wording else words(node.name))
        scope = f", one per {words(piece)}" if piece else (", one per player" if node.per_player else "")
        secret = (" (its owner's secret)" if node.per_player else " (secret)") if node.secret else ""
        if node.internal:
            secret = " (bookkeeping for the rules, shown to no one)"
        start = self.starting_value(node.init)
        if piece:  # a piece's value starts as the piece is made; setup may then set it (a ship's facing)
            start = start.replace(" at the start", " at the start (setup may change it)")
        return f"{name}{scope}: {start}{secret}."

    def starting_value(self, init: ast.Expr) -> str:
        if isinstance(init, ast.NoneLiteral):
            return "none at the start"
        if isinstance(init, ast.ListLiteral) and not init.items:
            return "empty at the start"
        if isinstance(init, ast.BoolLiteral):
            return f"{'yes' if init.value else 'no'} at the start"
        return f"{self.phrase(init)} at the start"

    def zone_decl(self, node: ast.ZoneDecl) -> str:
        scope = "one per player" if node.per_player else "one for the table"
        return f"{capitalize(words(node.name))}: {scope}; {VISIBILITY.get(node.visibility, node.visibility)}."

    def layer(self, node: ast.Layer) -> str:
        tokens = sorted({token for row in node.rows for token in row if token != "."})
        return f"Layer {words(node.name)}: {len(node.rows)} rows of {', '.join(tokens)}."

    def legend(self, node: ast.Legend) -> str:
        entries = ", ".join(
            f"{token} {words(str(value)) if value is not None else 'nothing'}" for token, value in node.entries.items()
        )
        return f"{capitalize(words(node.layer))}: {entries}."

    def board_decl(self, node: ast.BoardDecl) -> str:
        shape = {"hex": "hexes", "grid": "squares"}.get(getattr(node, "shape", "grid"), "cells")
        captions = "".join(f"; each cell drawn with its {words(name)}" for name in getattr(node, "captions", [])[:1])
        return f"{capitalize(words(node.name))}: {node.rows} rows of {node.columns} {shape}{captions}."

    def die_decl(self, node: ast.DieDecl) -> str:
        faces = ", ".join(words(str(face)) if face is not None else "blank" for face in node.faces)
        name = words(node.name)
        name = name if name.endswith("die") or re.fullmatch(r"d\d+", name) else f"{name} die"
        return f"{capitalize(name)}: {len(node.faces)} faces ({faces})."

    def table_row(self, node: ast.TableRow) -> tuple[str, str]:
        value = node.value
        if isinstance(value, ast.ListLiteral):
            return self.cell(node.key), " / ".join(self.cell(item) for item in value.items)
        return self.cell(node.key), self.cell(value)

    def cell(self, node: ast.Expr) -> str:
        """A fixed value as a table cell, as short as a printed chart has it.

        Texts lose their quotes; a name that is only a key or a member is its words
        ("smiling jim", not "the smiling jim"), a one-letter one a capital ("S");
        a list of pairs reads "3/S, 4/L"; an empty list is a dash.
        """
        if isinstance(node, ast.StringLiteral):
            return self.text_inside(node)
        if isinstance(node, ast.NoneLiteral):
            return "–"
        if isinstance(node, ast.ListLiteral):
            if not node.items:
                return "–"
            return ", ".join("/".join(self.cell(inner) for inner in item.items)
                             if isinstance(item, ast.ListLiteral) and item.items else self.cell(item)
                             for item in node.items)
        if isinstance(node, ast.Name) and node.id not in self.vars and node.id not in self.defines \
                and node.id not in VALUE_PHRASES:
            return node.id.upper() if len(node.id) == 1 else words(node.id)
        return self.phrase(node)

    def table_header(self, node: ast.TableHeader) -> str:
        return f"{escape_literal(node.key)} → {' / '.join(escape_literal(value) for value in node.values)}"

    def table_decl(self, node: ast.TableDecl) -> str:
        rows = "; ".join(f"{key} → {value}" for key, value in (self.table_row(row) for row in node.rows))
        return f"{capitalize(words(node.name))}: {rows}."

    def automa_decl(self, node: ast.AutomaDecl) -> str:
        return f"{node.display} is played by the rules when {self.phrase(node.condition)}."

    def variant_decl(self, node: ast.VariantDecl) -> str:
        return f"{capitalize(words(node.name))}: {escape_literal(node.text)}"

    def define_decl(self, node: ast.DefineDecl) -> str:
        """A define as a term: the author's wording (its parameters as words), else its name and value."""
        wording = self.general_wording(node, lambda param: words(param))
        if wording:
            return capitalize(wording)
        scope = Scope(roles={param: Role("value") for param in node.params})
        with self.within(scope):
            subject = applied(node.name, [self.local(p) for p in node.params]).removeprefix("the ")
            return f"{capitalize(subject)}: {self.phrase(node.body)}."

    def section_scope(self, rule: Optional[str], body: list[ast.Stmt]) -> Scope:
        """The scope a rule or a section starts with: its parameters, and all its locals for naming."""
        return Scope(roles=self.roles.rule_scope(rule), everyone=self.roles.locals_of(rule, body))

    def rule_decl(self, node: ast.RuleDecl) -> list[Step]:
        scope = self.section_scope(node.name, node.body)
        players = [param for param in node.params if scope.roles.get(param) == Role("player")]
        if players:
            scope = replace(scope, you=players[0])
        with self.within(scope):
            steps = self.steps(node.body)
        if all(isinstance(statement, (ast.Pass, ast.Log)) for statement in node.body) \
                and not self.author_wording(node.body[0]):
            # A rule that does nothing is there for the powers that act before, after or instead of it.
            hooked = any(isinstance(d, ast.PowerDecl) and d.target == node.name for d in self.file.declarations)
            return [Step("Nothing happens here but what the powers below add." if hooked else "Nothing happens.",
                         kind="RuleDecl", origin=node.span)]
        return steps

    def power_decl(self, node: ast.PowerDecl) -> list[Step]:
        """A power as a step that names what it changes and when, with its own steps below.

        The author's `#:` wording above a power, when there is one, is said instead.
        """
        wording = self.author_wording(node)
        if wording and wording != LEAVE_OUT:
            return [Step(wording + ("" if wording.endswith((".", "!", "?")) else "."), kind="PowerDecl", worded=True)]
        target = self.rules.get(node.target) or self.defines.get(node.target)
        target_params = target.params if target is not None else []
        theirs_known = {param: self.roles.param_roles[(node.target, param)] for param in target_params
                        if (node.target, param) in self.roles.param_roles}
        roles = {mine: theirs_known[theirs] for mine, theirs in zip(node.params, target_params) if theirs in theirs_known}
        roles.update({param: self.roles.param_roles[(node.name, param)] for param in node.params
                      if param not in roles and (node.name, param) in self.roles.param_roles})
        unknown = [param for param in node.params if param not in roles]
        roles.update({param: Role("value") for param in unknown})
        players = [param for param in node.params if roles.get(param) == Role("player")]
        # Two or more parameters nothing names are told apart by their letters, not all "that value".
        meanings = {param: f"the {ordinal(place + 1)}" for place, param in enumerate(unknown)} \
            if len(unknown) > 1 else {}
        scope = Scope(roles=roles, everyone=dict(roles), you=players[0] if players else None, meanings=meanings)
        with self.within(scope):
            arguments = [self.local(p) for p in node.params]
            wording = self.author_wording(target) if isinstance(target, ast.DefineDecl) else None
            if wording:  # what it usually is, said in brackets, is what the power changes: left out here
                wording = re.sub(r" \([^()]*\)$", "", wording)
            changed = (self.rule_title(node.target) if node.target in self.rules
                       else fill_in(wording, dict(zip(target_params, arguments))) if wording
                       else self.condition_call(node.target, arguments) or applied(node.target, arguments))
            # The reference prints the power's title above this step, so the step starts at "While".
            when = f"While {self.phrase(node.condition)}" if node.condition is not None else "Always"
            if node.value is not None:
                value = self.phrase(node.value)
                if isinstance(node.value, ast.BoolLiteral) and isinstance(target, ast.DefineDecl) \
                        and self.is_condition(target.body):
                    # A condition a power settles: "... , ship X may not pin ship T", not "may pin is no".
                    return [Step(f"{when}, it is {'always' if node.value.value else 'never'} so that {changed}.",
                                 kind="PowerDecl")]
                if node.hook == "adding":
                    text = f"{when}, {changed} also includes {value}."
                else:
                    text = f"{when}, {changed} is {value} instead."
                return [Step(text, kind="PowerDecl")]
            lead = {"before": f"before “{changed}”", "after": f"after “{changed}”",
                    "instead": f"instead of “{changed}”"}[node.hook]
            steps = self.steps(node.body)
            if not steps:
                return [Step(f"{when}, {lead}, nothing happens.", kind="PowerDecl")]
            return [Step(f"{when}, {lead}:", steps, kind="PowerDecl")]

    def setup_decl(self, node: ast.SetupDecl) -> list[Step]:
        with self.within(self.section_scope(None, node.body)):
            return self.steps(node.body)

    def play_decl(self, node: ast.PlayDecl) -> list[Step]:
        with self.within(self.section_scope(None, node.body)):
            return self.steps(node.body)

    def score_decl(self, node: ast.ScoreDecl) -> str:
        with self.within(Scope(roles={node.param: Role("player")}, you=node.param)):
            return self.author_wording(node) or f"Your score is {self.phrase(node.body)}."

    def tiebreak_decl(self, node: ast.TiebreakDecl) -> str:
        with self.within(Scope(roles={node.param: Role("player")}, you=node.param)):
            measure = self.phrase(node.body).replace("your ", "").removeprefix("the ")
            return self.author_wording(node) or f"A tie on score goes to the player with the higher {measure}."

    def progress_decl(self, node: ast.ProgressDecl) -> str:
        with self.within(Scope(roles={node.param: Role("player")}, you=node.param)):
            return self.author_wording(node) or f"Computer players judge how well you are doing by {self.phrase(node.body)}."

    def final_scoring_decl(self, node: ast.FinalScoringDecl) -> list[Step]:
        with self.within(self.section_scope(None, node.body)):
            return self.steps(node.body)

    def example_setup_decl(self, node: ast.ExampleSetupDecl) -> list[Step]:
        """Not printed on the page (examples only); the steps, should a tool want them."""
        with self.within(self.section_scope(None, node.body)):
            return self.steps(node.body)

    def example_decl(self, node: ast.ExampleDecl) -> str:
        players = f"{node.players} players" if node.players else "the fewest players"
        if node.player_names:
            players += f" ({', '.join(words(n).title() for n in node.player_names)})"
        variants = f"; variants: {', '.join(words(v) for v in node.variants)}" if node.variants else ""
        return f"With {players}{variants}."

    def game_file(self, node: ast.GameFile) -> str:
        header = next((d for d in node.declarations if isinstance(d, ast.GameHeader)), None)
        return self.game_header(header) if header is not None else "A rules file."


AUXILIARY = re.compile(r"\b(is|are|was|were|has|have|had|can|could|does|do|did|will|must|may)\b")


def negative(clause: str) -> str:
    """`you have come home` -> `you have not come home`; `it can` -> `it cannot`."""
    found = AUXILIARY.search(clause)
    if found is None:
        return f"it is not the case that {clause}"
    joiner = "not" if found.group(1) != "can" else ""
    return clause[:found.end()] + (f" {joiner}" if joiner else "not") + clause[found.end():]


def now(clause: str) -> str:
    """`you have come home` -> `you have now come home` (a change the rules make)."""
    found = AUXILIARY.search(clause)
    if found is None:
        return f"now {clause}"
    return clause[:found.end()] + " now" + clause[found.end():]


def walk_statements(body: list[ast.Stmt]):
    """Every statement of a block, nested ones too."""
    for statement in body:
        yield statement
        if isinstance(statement, ast.If):
            for branch in statement.branches:
                yield from walk_statements(branch.body)
            yield from walk_statements(statement.otherwise)
        elif isinstance(getattr(statement, "body", None), list):
            yield from walk_statements(statement.body)


def rebinds(name: str, statements: list[ast.Stmt]) -> bool:
    """True when a statement in a block (or nested in it) gives a local a new value."""
    for statement in walk_statements(statements):
        if isinstance(statement, (ast.Assign, ast.AddTo)) and isinstance(statement.target, ast.Name) \
                and statement.target.id == name:
            return True
        if isinstance(statement, ast.Let) and statement.name == name:
            return True
        if getattr(statement, "var", None) == name and isinstance(statement, (ast.Choose, ast.Draw, ast.WeightedDraw,
                                                                           ast.Roll, ast.ForEach)):
            return True
    return False


def shallow_walk(node: object):
    """The expressions of one statement, not those of the statements in its block."""
    if isinstance(node, list):
        for item in node:
            yield from shallow_walk(item)
        return
    if not isinstance(node, ast.Node):
        return
    yield node
    for name in type(node).model_fields:
        if name in ("span", "body", "otherwise", "branches"):
            continue
        value = getattr(node, name)
        if isinstance(value, (ast.Node, list)):
            yield from shallow_walk(value)
    if isinstance(node, ast.If):
        for branch in node.branches:
            yield from shallow_walk(branch.condition)


def walk_without_worded(english: "English", node: object):
    """Every node inside a node, except inside statements the author worded whole."""

    def worded_whole(inner: ast.Node) -> bool:
        if not isinstance(inner, ast.Stmt):
            return False
        wording = english.author_wording(inner)
        return bool(wording) and not wording.endswith(":")

    return ast.walk(node, skip=worded_whole)


PREPOSITIONS = {"of", "from", "to", "in", "on", "at", "for", "by", "with", "into"}


def applied(function: str, arguments: list[str]) -> str:
    """A define or rule name applied to argument phrases, read as English where the name allows.

    `is_storm(s)` -> "the space is storm", `line_from(s)` -> "the line from the space",
    `by_value(xs)` -> "*xs*, by value", `ship_space(p)` -> "your ship space",
    `stock(p, k)` -> "your stock for gold".
    """
    if not arguments:
        return words(function)
    head, _, rest = function.partition("_")
    if head in ("is", "has", "can") and rest:
        return agree(f"{joined(arguments)} {head} {words(rest)}")
    if head == "by" and rest:
        return f"{joined(arguments)}, by {words(rest)}"
    last = function.rsplit("_", 1)[-1]
    first = arguments[0]
    if first.startswith("("):
        return f"the {words(function)} of {joined(arguments)}"
    if last == "of" and len(arguments) == 1:
        return f"{possessive(first)} {words(function.rsplit('_', 1)[0])}"
    if last in PREPOSITIONS:
        return f"the {words(function)} {joined(arguments)}"
    if len(arguments) == 1:
        return f"{possessive(first)} {words(function)}"
    return f"{possessive(first)} {words(function)} for {joined(arguments[1:])}"


def fill_in(wording: str, values: dict[str, str], missing: Optional[Callable[[str], str]] = None) -> str:
    """Replace `{name}` in the author's wording with the phrase for that parameter.

    `{name}'s` becomes a possessive ("your" for "you"); a name without a value is
    given to `missing`, or left as it is.
    """
    def value(name: str) -> Optional[str]:
        if name in values:
            return values[name]
        return missing(name) if missing is not None else None

    def possessed(match: re.Match) -> str:
        found = value(match.group(1))
        return match.group(0) if found is None else possessive(found)

    def plain(match: re.Match) -> str:
        found = value(match.group(1))
        if found is None:
            return match.group(0)
        # "a {role}" filled with a word that starts with a vowel: "an oarsman".
        return found if not match.group(0).startswith("a ") else ("an " if found[:1].lower() in "aeiou" else "a ") + found

    text = re.sub(r"\{(\w+)\}'s\b", possessed, wording)
    text = re.sub(r"(?:(?<![\w'])a )?\{(\w+)\}", plain, text)
    return agree(text)


def method_for(kind: type) -> Callable:
    """The English method that renders a node kind (raises AttributeError when there is none)."""
    return getattr(English, method_name(kind))
