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
    where: str = ""  # the rule or block it sits in


@dataclass
class Inventory:
    items: list[Item] = field(default_factory=list)


def off_variant(condition: Any, variants: set[str]) -> str | None:
    """The variant that is off and makes a branch's condition false (`if variant x`, `if variant x and ...`)."""
    if isinstance(condition, ast.VariantRef):
        return None if condition.name in variants else condition.name
    if isinstance(condition, ast.BoolOp) and condition.op == "and":
        return off_variant(condition.left, variants) or off_variant(condition.right, variants)
    return None


def calls_in(statements: list, variants: set[str]) -> tuple[set[str], set[str]]:
    """The rules a body calls: (where it may run, where only a variant that is off would run it)."""
    live: set[str] = set()
    off: set[str] = set()

    def visit(body: list, switched_off: bool) -> None:
        for node in body:
            if isinstance(node, ast.CallRule):
                (off if switched_off else live).add(node.rule)
            elif isinstance(node, ast.If):
                for branch in node.branches:
                    visit(branch.body, switched_off or off_variant(branch.condition, variants) is not None)
                visit(node.otherwise, switched_off)
            elif isinstance(node, ast.Actions):
                for group in node.groups:
                    for option in group.options:
                        visit(option.body, switched_off)
            elif isinstance(getattr(node, "body", None), list):
                visit(node.body, switched_off)

    visit(statements, False)
    return live, off - live


def rule_notes(decls: list, variants: set[str]) -> dict[str, str]:
    """Why a rule cannot fire in these games, for the rules play never calls (none for the others)."""
    rules = {decl.name: decl for decl in decls if isinstance(decl, ast.RuleDecl)}
    roots = [decl for decl in decls if isinstance(decl, (ast.SetupDecl, ast.PlayDecl, ast.FinalScoringDecl,
                                                          ast.PowerDecl)) and isinstance(decl.body, list)]
    live: set[str] = set()
    behind_variant: set[str] = set()
    queue = [root.body for root in roots]
    while queue:
        called, off = calls_in(queue.pop(), variants)
        behind_variant |= off
        for name in called - live:
            live.add(name)
            if name in rules:
                queue.append(rules[name].body)
    in_examples: set[str] = set()
    for decl in decls:
        if isinstance(decl, ast.ExampleDecl):
            in_examples |= calls_in(list(decl.given) + list(decl.when), variants)[0]
        elif isinstance(decl, ast.ExampleSetupDecl):
            in_examples |= calls_in(decl.body, variants)[0]
    notes = {}
    for name in rules:
        if name in live:
            continue
        if name in behind_variant:
            notes[name] = "called only under a variant that is off"
        elif name in in_examples:
            notes[name] = "called only from worked examples"
        else:
            notes[name] = "never called by play"
    return notes


def inventory(game: Any, variants: Any = ()) -> Inventory:
    """The items of a loaded game's file (as written), each with its witness in the compiled game.

    An item that cannot fire in these games is kept with a `note` saying why, and is
    never called dead: a branch of a variant that is off, a rule only the worked examples
    call (or only such a branch), and everything inside them.
    """
    switched_on = set(variants)
    index = {span_key(span): number for number, span in enumerate(game.spans)}
    found = Inventory()
    lines = game.source.splitlines() if isinstance(game.source, str) else []
    decls = game.file.declarations
    notes = rule_notes(decls, switched_on)
    played = read_by_play(decls)

    def witness(statements: list) -> int | None:
        return index.get(span_key(statements[0].span)) if statements else None

    def line_text(span: Any) -> str:
        if span.file == game.path and 0 < span.line <= len(lines):
            return lines[span.line - 1].strip()
        return ""

    def add(item: Item, note: str | None) -> None:
        if note is not None and item.note is None:
            item.note = note
        found.items.append(item)

    def body(statements: list, where: str, note: str | None) -> None:
        for node in statements:
            if isinstance(node, ast.If):
                for number, branch in enumerate(node.branches):
                    variant = off_variant(branch.condition, switched_on)
                    inner = note or (f"variant {variant} is off" if variant else None)
                    add(Item("if" if number == 0 else "elif", line_text(branch.span) or "if",
                             branch.span.file, branch.span.line, witness(branch.body), where=where), inner)
                    body(branch.body, where, inner)
                if node.otherwise:
                    first = node.otherwise[0].span
                    add(Item("else", "else", first.file, first.line, witness(node.otherwise), where=where), note)
                    body(node.otherwise, where, note)
            elif isinstance(node, ast.Actions):
                for group in node.groups:
                    for option in group.options:
                        text = "".join(part for part in option.text.parts if isinstance(part, str))
                        add(Item("action", text, option.span.file, option.span.line, witness(option.body),
                                 where=where), note)
                        body(option.body, where, note)
            elif isinstance(node, ast.EndGame):
                add(Item("end game", "end game", node.span.file, node.span.line,
                         index.get(span_key(node.span)), where=where), note)
            elif isinstance(getattr(node, "body", None), list):
                body(node.body, where, note)

    for decl in decls:
        if isinstance(decl, ast.RuleDecl):
            note = notes.get(decl.name)
            add(Item("rule", decl.name, decl.span.file, decl.span.line, witness(decl.body)), note)
            body(decl.body, f"rule {decl.name}", note)
        elif isinstance(decl, ast.PowerDecl):
            if decl.body:
                add(Item("power", decl.name, decl.span.file, decl.span.line, witness(decl.body)), None)
                body(decl.body, f"power {decl.name}", None)
            else:
                add(Item("power", decl.name, decl.span.file, decl.span.line, note=UNTRACED), None)
        elif isinstance(decl, (ast.SetupDecl, ast.PlayDecl, ast.FinalScoringDecl)):
            where = {ast.SetupDecl: "setup", ast.PlayDecl: "play", ast.FinalScoringDecl: "final scoring"}[type(decl)]
            body(decl.body, where, None)
        elif isinstance(decl, ast.TableDecl) and decl.piece is None:
            keys = list(game.tables.get(decl.name, {}))
            if len(keys) == len(decl.rows):
                for row, key in zip(decl.rows, keys):
                    add(Item("table row", f"{decl.name}[{key}]", row.span.file, row.span.line,
                             table=decl.name, key=key, where=f"table {decl.name}"),
                        None if decl.name in played else SHOWN_ONLY)
    return found
