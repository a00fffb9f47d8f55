"""What play uses that the rule summary does not say: the completeness check of a summary.

A printed summary that leaves out a rule or a number that play uses is as wrong as a
wrong perft count (a player cannot play from it). `gaps(game_file, source)` builds the
summary a rules file prints and compares it with what setup, play and final scoring
reach, and returns each gap with the rules-file node it comes from:

- a rule that play calls but the summary never sets out;
- an author's wording (`#:`) that is never printed, because a wording above an
  enclosing statement already words that statement's whole block;
- a number that a statement reached in play uses but its section of the summary never
  says (a wording that leaves it out, or a phrase that names a constant without its
  value);
- a named term (a `define`) whose value play uses but the page never gives.

It reads only the syntax tree, the source text and the English of `codegen`, like the
rest of `codegen`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator, Optional

from codegen.english import English
from codegen.english_base import LEAVE_OUT, Step
from codegen.reach import is_constant, played_parts, played_roots, reached
from dsl import ast
from dsl.ast import walk
from dsl.diagnostics import Span


@dataclass(frozen=True)
class Gap:
    """One thing play uses that the summary does not say."""

    span: ast.Span
    message: str
    hint: str


NUMBER_WORDS = {
    2: ("two", "twice", "second", "2nd", "half", "pair", "both", "double"),
    3: ("three", "third", "3rd", "thrice"),
    4: ("four", "fourth", "4th"),
    5: ("five", "fifth", "5th"),
    6: ("six", "sixth", "6th"),
    7: ("seven", "seventh", "7th"),
    8: ("eight", "eighth", "8th"),
    9: ("nine", "ninth", "9th"),
    10: ("ten", "tenth", "10th"),
    11: ("eleven", "eleventh"),
    12: ("twelve", "twelfth", "dozen"),
}


def says_number(text: str, number: int) -> bool:
    """True when the text says the number, in digits (`1,000` too) or in words."""
    plain = text.replace(",", "")
    if re.search(rf"(?<![\d.]){abs(number)}(?!\d)", plain):
        return True
    return any(re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE) for word in NUMBER_WORDS.get(abs(number), ()))


def step_text(steps: Iterable[Step]) -> str:
    """Every line of some steps, their blocks included, as one text."""
    lines: list[str] = []

    def visit(step: Step) -> None:
        lines.append(step.text)
        for child in step.children:
            visit(child)

    for step in steps:
        visit(step)
    return "\n".join(lines)


def statements_of(body: list[ast.Stmt]) -> Iterator[ast.Stmt]:
    """Every statement of a block, those in its inner blocks too."""
    for node in walk(body):
        if isinstance(node, ast.Stmt):
            yield node


# Built-ins whose numbers are a board's geometry (cells, directions), said on the page as rows,
# columns and facings, never as the file's numbers (rows counted from 1 there, from 0 here).
GEOMETRY = {"at", "step", "rotated", "direction_to", "range"}


def counted_literals(node: object) -> Iterator[ast.IntLiteral]:
    """The numbers a statement or expression uses as quantities.

    Not list positions, not what is only shown (logs, prompts, labels), and not a board's
    geometry: the coordinates of a cell, a direction, the modulus of a turn.
    """
    geometry: set[int] = set()
    for inner in played_parts(node):
        if isinstance(inner, ast.Index):
            geometry.update(id(n) for n in walk(inner.index) if isinstance(n, ast.IntLiteral))
        elif isinstance(inner, ast.Call) and inner.function in GEOMETRY:
            geometry.update(id(n) for argument in inner.args for n in walk(argument) if isinstance(n, ast.IntLiteral))
        elif isinstance(inner, ast.Binary) and inner.op in ("%", "mod"):
            geometry.update(id(n) for n in walk(inner.right) if isinstance(n, ast.IntLiteral))
        if isinstance(inner, ast.IntLiteral) and id(inner) not in geometry and abs(inner.value) >= 2:
            yield inner


class Completeness:
    """The gaps between one rules file and its summary."""

    def __init__(self, game_file: ast.GameFile, source: str, reference=None) -> None:
        from codegen.reference import build_reference

        self.file = game_file
        self.english = English(game_file, source)
        self.reference = reference or build_reference(game_file, source, date="-")
        decls = game_file.declarations
        self.rules = {d.name: d for d in decls if isinstance(d, ast.RuleDecl)}
        self.defines = {d.name: d for d in decls if isinstance(d, ast.DefineDecl)}
        self.sections: dict[str, str] = {rule.name: step_text(rule.steps) for rule in self.reference.rules}
        self.page = self.whole_page()

    def whole_page(self) -> str:
        """Every sentence the summary prints, as one text (charts as their cells)."""
        ref = self.reference
        parts = [ref.overview, ref.goal, *ref.texts.values(), *ref.kinds, *ref.dice, *ref.tracked, *ref.automata,
                 *ref.score, *ref.end, step_text(ref.setup), step_text(ref.sequence), step_text(ref.final_scoring)]
        parts += [" | ".join(piece.row) for piece in ref.pieces]
        parts += list(self.sections.values())
        for table in ref.tables:
            parts.append(str(table.__dict__))
        for board in ref.boards:
            parts.append(str(board.__dict__))
        return "\n".join(part for part in parts if part)

    # ------------------------------------------------------------ the checks

    def gaps(self) -> list[Gap]:
        rules, defines = reached(self.file)
        found: list[Gap] = []
        found += self.missing_rules(rules)
        blocks = [(section, body) for section, body in played_roots(self.file)]
        blocks += [(name, self.rules[name].body) for name in rules]
        for section, body in blocks:
            found += self.lost_wordings(body)
            found += self.missing_numbers(section, body)
        found += self.unexplained_defines(defines)
        found += self.written_labels()
        found += self.unreferred_rules()
        unique: dict[tuple, Gap] = {}
        for gap in found:
            unique.setdefault((gap.span.line, gap.span.column, gap.message), gap)
        return sorted(unique.values(), key=lambda gap: (gap.span.line, gap.span.column))

    def unreferred_rules(self) -> list[Gap]:
        """A rule set out on the summary that no step, power or other rule refers to by its label:
        the reader cannot tell when it is carried out (a wording that words its call hides it)."""
        texts = [step_text(self.reference.setup), step_text(self.reference.sequence),
                 step_text(self.reference.final_scoring), *self.reference.end]
        texts += [step_text(rule.steps) for rule in self.reference.rules]
        found = []
        for rule in self.reference.rules:
            if not rule.label.startswith("R"):
                continue  # a power says when it applies itself
            if not any(re.search(rf"\b{rule.label}\b", text) for text in texts):
                found.append(Gap(
                    self.rules[rule.name].span,
                    f"the rule '{rule.name}' ({rule.label}) is set out, but nothing on the summary says when "
                    f"it is carried out",
                    f"a wording hides the call to it: write '{{{rule.name}}}' in that wording, and the summary "
                    f"puts the label {rule.label} there"))
        return found

    def written_labels(self) -> list[Gap]:
        """A rule's label written out by hand in a wording ("(R44)"): it goes stale when a rule is added."""
        found = []
        for number, line in enumerate(self.english.lines, 1):
            text = line.strip()
            if not text.startswith("#:"):
                continue
            for match in re.finditer(r"\b[RP]\d+\b", text):
                column = line.index(text) + match.start() + 1
                found.append(Gap(Span(file=self.file.path, line=number, column=column, end_line=number,
                                          end_column=column + len(match.group(0))),
                                 f"the label {match.group(0)} is written by hand: it goes wrong when a rule is added",
                                 "write the rule's name in braces, '{rule_name}', and the summary puts its label there"))
        return found

    def missing_rules(self, rules: list[str]) -> list[Gap]:
        from codegen.reference import silent_rules

        shown = {rule.name for rule in self.reference.rules}
        silent = silent_rules(self.english, rules)
        return [Gap(self.rules[name].span, f"the rule '{name}' is played but the summary never sets it out",
                    "give it a title and steps a player reads, or word its call with '#:'")
                for name in rules if name not in shown and name not in silent and self.says_something(name)]

    def says_something(self, name: str) -> bool:
        """False for a rule that only writes to the log or to bookkeeping (nothing to print)."""
        return any(not isinstance(statement, ast.Log) for statement in statements_of(self.rules[name].body))

    def wording(self, node: ast.Node) -> Optional[str]:
        return self.english.author_wording(node)

    def hidden_statements(self, body: list[ast.Stmt]) -> Iterator[tuple[ast.Stmt, ast.Stmt]]:
        """Each statement whose block an author's wording words whole, with each statement inside it."""
        for statement in statements_of(body):
            wording = self.wording(statement)
            if not wording or wording == LEAVE_OUT or wording.endswith(":"):
                continue
            if self.english.words_first_branch(statement, wording):
                for inner in statements_of(statement.branches[0].body):  # type: ignore[attr-defined]
                    yield statement, inner
                continue
            for inner in statements_of([statement]):
                if inner is not statement:
                    yield statement, inner

    def lost_wordings(self, body: list[ast.Stmt]) -> list[Gap]:
        found = []
        for outer, inner in self.hidden_statements(body):
            wording = self.wording(inner)
            if wording and wording != LEAVE_OUT and not isinstance(inner, (ast.Choose, ast.ChooseSet)):
                found.append(Gap(
                    inner.span,
                    f"this wording is never printed: the wording above line {outer.span.line} words that "
                    f"statement's whole block",
                    f"say all of it in the wording above line {outer.span.line}, or end that wording with ':' "
                    f"so that it words only its first line"))
        return found

    def missing_numbers(self, section: str, body: list[ast.Stmt]) -> list[Gap]:
        text = self.section_text(section)
        found = []
        for statement in statements_of(body):
            if isinstance(statement, ast.Log):
                continue
            for literal in counted_literals(own_parts(statement)):
                if not says_number(text, literal.value):
                    found.append(Gap(
                        literal.span,
                        f"the number {literal.value} is used in play but the summary's "
                        f"{self.section_name(section)} never says it",
                        "put the number in the '#:' wording of this statement or of the one that words it"))
        return found

    def section_text(self, section: str) -> str:
        ref = self.reference
        if section == "setup":
            return step_text(ref.setup) + "\n" + "\n".join(ref.tracked)
        if section == "play":
            return step_text(ref.sequence) + "\n" + "\n".join(ref.end)
        if section == "final":
            return step_text(ref.final_scoring)
        return self.sections.get(section, "") + "\n" + step_text(ref.sequence)

    def section_name(self, section: str) -> str:
        if section in ("setup", "play", "final"):
            return {"setup": "setup", "play": "sequence of play", "final": "final scoring"}[section]
        label = next((rule.label for rule in self.reference.rules if rule.name == section), "")
        return f"rule {label} ({section})" if label else f"rule '{section}'"

    def unexplained_defines(self, names: list[str]) -> list[Gap]:
        """A define play reads whose numbers the page never gives.

        Worded, its wording is all the page says of it, so it must say its numbers; a
        constant (a number or a list of numbers) is listed with the numbers the rules use;
        any other define is said through its phrase, and its numbers must be on the page.
        """
        found = []
        for name in names:
            define = self.defines[name]
            wording = self.wording(define)
            if wording == LEAVE_OUT:
                wording = None
            if not wording and is_constant(define.body):
                if not any(line.startswith(self.english.render(define).split(":")[0] + ":")
                           for line in self.reference.constants):
                    found.append(Gap(define.span, f"the value of '{name}' is used in play but the summary never gives it",
                                     "it is listed under the numbers the rules use unless a '#:' wording names it: "
                                     "put the value in that wording"))
                continue
            text = wording or self.page
            for literal in counted_literals(define.body):
                if not says_number(text, literal.value):
                    where = "its '#:' wording" if wording else "the summary"
                    found.append(Gap(
                        literal.span,
                        f"'{name}' uses the number {literal.value}, which {where} never says",
                        "say the number in the '#:' wording above the define"))
        return found


def own_parts(statement: ast.Stmt) -> list[object]:
    """The parts of a statement that are not its inner blocks (those are checked as statements)."""
    parts: list[object] = []
    for name in ast.child_fields(type(statement)):
        value = getattr(statement, name)
        if isinstance(value, list) and value and all(isinstance(item, ast.Stmt) for item in value):
            continue
        if name in ("body", "otherwise"):
            continue
        if isinstance(statement, (ast.Choose, ast.ChooseSet)) and name in ("prompt", "label", "skip_text"):
            continue  # only shown: the choice's own words are checked as text, not as rules
        if isinstance(value, list) and value and all(isinstance(item, ast.IfBranch) for item in value):
            parts += [branch.condition for branch in value]
            continue
        parts.append(value)
    return parts


def gaps(game_file: ast.GameFile, source: str, reference=None) -> list[Gap]:
    """Everything play uses that the summary of this rules file does not say."""
    return Completeness(game_file, source, reference).gaps()
