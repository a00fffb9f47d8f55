"""What a variant file changes in its base game, in words a table reads in a minute.

A variant file (dsl/extends.py) records each declaration it added, replaced or
removed (`GameFile.changes`). This module turns them into short lines for the
"What this variant changes" section of the summary and the card: a new number
says what it was, a changed table its changed rows, a rule its label and title
(the rule itself is set out in full under Rules), a removed rule that it no
longer happens. The examples a variant changes are not rules, and are left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from codegen.english import English
from codegen.english_base import flatten
from codegen.english_words import escape_literal, sentence, words
from dsl import ast


@dataclass
class VariantChange:
    how: str  # "New", "Changed" or "Gone"
    text: str  # for the summary, whose Rules section sets a new rule out
    full: str = ""  # for the card and the page of changes alone: a new rule's steps spelled out

    def __post_init__(self) -> None:
        self.full = self.full or self.text


@dataclass
class VariantBase:
    """Where a variant starts from: the base game's name and file, then the bases of that one."""

    name: str
    files: list[str]


HOW = {"added": "New", "replaced": "Changed", "removed": "Gone"}
# The blocks a variant may replace: how a line names each, and the heading it is under.
SECTIONS = {"setup": ("Setup", "Setup"), "play": ("The sequence of play", "Sequence of play"),
            "final scoring": ("Final scoring", "Scoring"), "score": ("How the score is counted", "Scoring"),
            "tiebreak": ("How ties are broken", "Scoring"), "payoff": ("What each player is paid", "Scoring"),
            "progress": ("How computer players judge progress", "Scoring")}


def variant_changes(english: English, game_file: ast.GameFile, labels: dict[str, str]) -> list[VariantChange]:
    """One line for each change a variant file makes to its base, in the variant file's order.

    Args:
        english: the English of the merged game.
        game_file: the merged file (its `changes`).
        labels: each rule's and power's label on the summary (R3, P1).
    """
    by_span = {decl.span: decl for decl in game_file.declarations}
    lines = []
    for change in game_file.changes:
        if change.kind in ("example", "game"):
            continue
        new = by_span.get(change.span) if change.how != "removed" else None
        text = _line(english, change, new, labels)
        if text:
            full = _spelled_rule(english, change, new, labels) if change.kind == "rule" and new is not None else ""
            lines.append(VariantChange(HOW[change.how], text, full))
    return lines


def spelled(steps: list) -> str:
    """Steps as sentences on one line: `After setup: Put a token in the bag. Roll the die.`"""
    out = []
    for step in steps:
        if step.children and step.text.endswith(":"):
            out.append(f"{step.text} " + " ".join(sentence(flatten(child)) for child in step.children))
        else:
            out.append(sentence(flatten(step)))
    return " ".join(out)


def _spelled_rule(english: English, change: ast.Change, new: ast.Decl, labels: dict[str, str]) -> str:
    """A new or replaced rule with its steps, for a page without the Rules section."""
    if change.how == "removed" or not isinstance(new, ast.RuleDecl):
        return ""
    label = labels.get(change.name, "")
    title = _title(english, new, change.name)
    lead = f"{label} “{title}”".strip() if label else f"“{title}”"
    return f"{lead}{' (changed)' if change.how == 'replaced' else ''}: {spelled(english.render(new))}"


def _title(english: English, decl: ast.Decl | None, name: str) -> str:
    text = getattr(decl, "text", None)
    return escape_literal(text) if text else words(name).capitalize()


def _line(english: English, change: ast.Change, new: ast.Decl | None, labels: dict[str, str]) -> str:
    kind, name, old = change.kind, change.name, change.old
    if kind == "var" and getattr(new if new is not None else old, "internal", False):
        return ""  # the rules' own bookkeeping: not on the page
    if kind in ("rule", "power"):
        title = _title(english, new if new is not None else old, name)
        label = labels.get(name, "")
        if change.how == "removed":
            return f"“{title}” no longer happens."
        if kind == "power" and new is not None:
            return f"{label} “{title}”: {spelled(english.render(new))}".replace("  ", " ").strip()
        if not label:  # a rule the summary does not set out (one examples use, or one worded where it is called)
            return "" if change.how == "added" else f"“{title}” works differently: {spelled(english.render(new))}"
        where = f"{label} “{title}”"
        return f"{where}: a new rule (see Rules)." if change.how == "added" else f"{where} works differently (see Rules)."
    if kind == "define":
        if change.how == "removed" or new is None:
            return ""
        if new.params or not _is_value(new.body) or (old is not None and not _is_value(old.body)):
            # A define is how the rules work something out: a new one says nothing on its own, a changed one
            # shows in the rules that read it.
            return "" if change.how == "added" else f"{words(name).capitalize()} is worked out differently."
        now = english.render(new).removesuffix(".")
        if change.how == "added":
            return f"{now}."
        before = english.render(old).removesuffix(".").split(": ", 1)[-1]
        return f"{now} (was {before})."
    if kind == "table" and change.how == "replaced" and new is not None:
        return _table_line(english, new, old)
    if kind in SECTIONS:
        section, heading = SECTIONS[kind]
        how = {"added": "is new", "replaced": "is different", "removed": "is left out"}[change.how]
        return f"{section} {how} (see {heading})."
    if change.how == "removed":
        return f"No {words(name)} ({words(kind) if kind != 'var' else 'value to keep track of'})."
    if new is None:
        return ""
    rendered = english.render(new)
    if isinstance(rendered, list):
        rendered = spelled(rendered)
    if not rendered or rendered.strip() in ("-", "-."):  # worded `#: -`: left off the page
        return ""
    lead = "" if change.how == "added" else "Now: "
    return sentence(f"{lead}{rendered}")


def _is_value(node: ast.Expr) -> bool:
    """A number, text, yes/no or a list of them: a define that is a value of the game, not a calculation."""
    if isinstance(node, ast.ListLiteral):
        return all(_is_value(item) for item in node.items)
    if isinstance(node, ast.Negate):
        return _is_value(node.operand)
    return isinstance(node, (ast.IntLiteral, ast.BoolLiteral, ast.StringLiteral))


def _table_line(english: English, new: ast.TableDecl, old: ast.TableDecl) -> str:
    """A changed table by its changed rows: `Gem points: 3 → 5 (was 6)`."""
    def rows(table: ast.TableDecl) -> dict[str, str]:
        return {english.cell(row.key): english.cell(row.value) for row in table.rows}

    now, was = rows(new), rows(old)
    parts = []
    for key, value in now.items():
        if key not in was:
            parts.append(f"{key} → {value} (new)")
        elif was[key] != value:
            parts.append(f"{key} → {value} (was {was[key]})")
    parts += [f"no row for {key}" for key in was if key not in now]
    return f"{words(new.name).capitalize()} table: {'; '.join(parts) or 'the same rows, reworded'}."


def variant_base(game_file: ast.GameFile) -> VariantBase | None:
    """The base a variant file starts from, or None for a plain rules file."""
    if not game_file.bases:
        return None
    header = next(d for d in game_file.declarations if isinstance(d, ast.GameHeader))
    renamed = next((c for c in game_file.changes if c.kind == "game"), None)
    return VariantBase(renamed.old.name if renamed is not None else header.name,
                       [Path(path).name for path in game_file.bases])
