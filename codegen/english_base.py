"""What every part of the English shares: steps, decisions, scopes, the wording marks, walks over statements."""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass, field
from typing import Optional

from codegen.english_words import lower_first
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


VALUE_PHRASES = {
    "players": "the players",
    "player_count": "the number of players",
    "round_number": "the round number",
}
# Expressions that need brackets when they are part of a larger phrase.
COMPOUND = (ast.Binary, ast.BoolOp, ast.IfExpr, ast.Compare, ast.Membership)
# Expressions that are true or false, for defines used as conditions.
CONDITIONS = (ast.Compare, ast.BoolOp, ast.Not, ast.Membership, ast.BoolLiteral, ast.VariantRef)
PREDICATES = {"empty", "eliminated", "automa", "any", "all"}


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


def flatten(step: Step) -> str:
    """A step and its block on one line: `If X: a; b.`"""
    if not step.children:
        return step.text
    inner = "; ".join((flatten(child) if child.worded else lower_first(flatten(child))).rstrip(".")
                      for child in step.children)
    return f"{step.text.rstrip(':')}: {inner}." if step.text.endswith(":") else f"{step.text} {inner}."
