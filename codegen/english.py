"""English for every node kind of the syntax tree: one method per kind, named after it.

`English(game_file, source)` turns expressions into phrases ("the number of
*p*'s hand"), statements into numbered steps, and declarations into the
sentences of a rule summary. It reads only the AST and the source text (for the
author's own wording, see `author_wording`), never the runtime.

Inline markup in the returned text is a small Markdown subset that both output
formats understand: `*local*` for a name the rules introduce, `**bold**`, and
`\\*` for a literal asterisk. `codegen.markup.to_html` turns it into HTML.

The author's wording: a comment that starts with `#: ` on the lines directly
above a statement or a declaration is that node's English, and replaces what
would be generated (for a block statement, the whole block). Above a `define`,
the wording names the define wherever it is used; `{param}` in it is filled in
with the argument's phrase.
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass, field
from typing import Callable, Optional

from dsl import ast

WORDING_PREFIX = "#: "


@dataclass
class Step:
    """One line of a numbered procedure, with the steps of its block."""

    text: str
    children: list["Step"] = field(default_factory=list)
    kind: str = ""  # the node kind that produced it, e.g. "Phase"


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


def escape_literal(text: str) -> str:
    """Author text shown as it is: keep its asterisks and backslashes from being read as markup."""
    return text.replace("\\", "\\\\").replace("*", "\\*")


def ordinal(number: int) -> str:
    names = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
    return names.get(number, f"{number}th")


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
    "flatten": "{0}, joined into one list",
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
    "cells": "every cell of {0}",
    "ray": "the cells from {0} towards {1}",
    "inward": "the direction from {0} into the board",
    "perimeter": "the edge of {0}, clockwise from {1}",
    "neighbours": "the cells next to {0}",
    "distance": "the distance from {0} to {1}",
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
}
# Expressions that need brackets when they are part of a larger phrase.
COMPOUND = (ast.Binary, ast.BoolOp, ast.IfExpr, ast.Compare, ast.Membership)


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
        self.tables = {d.name for d in decls if isinstance(d, ast.TableDecl)}
        self.kinds = {d.name: d for d in decls if isinstance(d, ast.KindDecl)}
        self.automata = {d.name: d.display for d in decls if isinstance(d, ast.AutomaDecl)}
        self.zones = {d.name: d for d in decls if isinstance(d, ast.ZoneDecl)}
        # Rule labels ("R3") that a call shows; the summary fills this in.
        self.rule_labels: dict[str, str] = {}
        # The players a worked example names (shown as names, not as locals).
        self.named_players: set[str] = set()

    # ------------------------------------------------------------ dispatch

    def render(self, node: ast.Node):
        """The English of any node, by its kind's method."""
        return getattr(self, method_name(type(node)))(node)

    def phrase(self, node: ast.Expr) -> str:
        """An expression as a phrase."""
        return self.render(node)

    def operand(self, node: ast.Expr) -> str:
        """A phrase, in brackets when it is compound, for use inside a larger phrase."""
        text = self.phrase(node)
        return f"({text})" if isinstance(node, COMPOUND) else text

    def steps(self, statements: list[ast.Stmt]) -> list[Step]:
        """A block as steps: the author's wording where there is one, else each statement's own."""
        result: list[Step] = []
        for statement in statements:
            wording = self.author_wording(statement)
            if wording:
                result.append(Step(wording, [], type(statement).__name__))
                continue
            rendered = self.render(statement)
            result.extend(rendered if isinstance(rendered, list) else [rendered])
        return result

    # ------------------------------------------------------------ the author's wording

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
        return " ".join(reversed(found)).strip() or None

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
                if comment.lower().startswith("assumed:"):
                    return None
                return comment or None
        return None

    # ------------------------------------------------------------ expressions

    def int_literal(self, node: ast.IntLiteral) -> str:
        return str(node.value)

    def string_literal(self, node: ast.StringLiteral) -> str:
        return "“" + self.text_inside(node) + "”"

    def text_inside(self, node: ast.Expr) -> str:
        """A text as it reads between quotes: its words, and ⟨...⟩ for each part filled in.

        Any other expression (a define, `A if C else B`) is one part filled in.
        """
        if not isinstance(node, ast.StringLiteral):
            return f"⟨{self.phrase(node)}⟩"
        parts = []
        for part in node.parts:
            parts.append(escape_literal(part) if isinstance(part, str) else f"⟨{self.phrase(part)}⟩")
        return "".join(parts)

    def bool_literal(self, node: ast.BoolLiteral) -> str:
        return "true" if node.value else "false"

    def none_literal(self, node: ast.NoneLiteral) -> str:
        return "none"

    def name(self, node: ast.Name) -> str:
        identifier = node.id
        if identifier in self.defines and not self.defines[identifier].params:
            wording = self.author_wording(self.defines[identifier])
            return wording if wording else words(identifier)
        if identifier in self.named_players:
            return words(identifier).title()
        if identifier in VALUE_PHRASES:
            return VALUE_PHRASES[identifier]
        if identifier in self.automata:
            return self.automata[identifier]
        if identifier in self.kinds:
            return f"the {words(identifier)}s"
        if identifier in self.zones:
            return f"the {words(identifier)}"
        if self.is_declared(identifier):
            return words(identifier)
        return f"*{identifier}*"

    def is_declared(self, identifier: str) -> bool:
        """True for a name a declaration gives (not a local): vars, tables, members, boards..."""
        for decl in self.file.declarations:
            if getattr(decl, "name", None) == identifier and not isinstance(decl, ast.GameHeader):
                return True
            if isinstance(decl, ast.KindDecl) and identifier in decl.members:
                return True
            if isinstance(decl, ast.BoardDecl) and any(
                identifier in legend.entries.values() for legend in decl.legends
            ):
                return True
            if isinstance(decl, ast.DieDecl) and identifier in decl.faces:
                return True
        return False

    def variant_ref(self, node: ast.VariantRef) -> str:
        return f"the {words(node.name)} variant is in play"

    def list_literal(self, node: ast.ListLiteral) -> str:
        if not node.items:
            return "an empty list"
        return "[" + ", ".join(self.phrase(item) for item in node.items) + "]"

    def comprehension(self, node: ast.Comprehension) -> str:
        clauses = ", ".join(self.render(clause) for clause in node.clauses)
        only = node.clauses[0] if len(node.clauses) == 1 else None
        if only is not None and isinstance(node.element, ast.Name) and node.element.id == only.var:
            text = clauses
        else:
            text = f"{self.operand(node.element)} for {clauses}"
        if node.order_by is not None:
            direction = "highest" if node.descending else "lowest"
            text += f", {direction} {self.phrase(node.order_by)} first"
        return text

    def comprehension_for(self, node: ast.ComprehensionFor) -> str:
        text = f"each *{node.var}* in {self.operand(node.iterable)}"
        if node.where is not None:
            text += f" where {self.phrase(node.where)}"
        return text

    def attribute(self, node: ast.Attribute) -> str:
        return f"{self.operand(node.target)}'s {words(node.name)}"

    def index(self, node: ast.Index) -> str:
        target = self.operand(node.target)
        if isinstance(node.target, ast.Name) and node.target.id in self.tables:
            return f"{target} for {self.operand(node.index)}"
        if isinstance(node.index, ast.IntLiteral) and node.index.value >= 0:
            return f"the {ordinal(node.index.value + 1)} of {target}"
        return f"item {self.operand(node.index)} of {target}"

    def call(self, node: ast.Call) -> str:
        arguments = [self.operand(argument) for argument in node.args]
        if node.function == "at" and all(isinstance(a, ast.IntLiteral) for a in node.args[1:]):
            row, column = (a.value + 1 for a in node.args[1:])  # type: ignore[union-attr]
            return f"row {row}, column {column} of {arguments[0]}"
        if node.function in FUNCTION_PHRASES:
            return FUNCTION_PHRASES[node.function].format(*arguments)
        define = self.defines.get(node.function)
        if define is not None:
            wording = self.author_wording(define)
            if wording:
                return fill_in(wording, dict(zip(define.params, arguments)))
        return applied(node.function, arguments)

    def binary(self, node: ast.Binary) -> str:
        return f"{self.operand(node.left)} {ARITHMETIC.get(node.op, node.op)} {self.operand(node.right)}"

    def compare(self, node: ast.Compare) -> str:
        if isinstance(node.right, ast.NoneLiteral) and node.op in ("==", "!="):
            left = self.operand(node.left)
            return f"there is no {left}" if node.op == "==" else f"there is {left}"
        return f"{self.operand(node.left)} {COMPARISONS.get(node.op, node.op)} {self.operand(node.right)}"

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
        if isinstance(operand, ast.Call) and operand.function.startswith(("is_", "has_", "can_")):
            head, _, rest = operand.function.partition("_")
            verb = {"is": "is not", "has": "has no", "can": "cannot"}[head]
            return f"{', '.join(self.operand(a) for a in operand.args)} {verb} {words(rest)}"
        return f"not {self.operand(operand)}"

    def negate(self, node: ast.Negate) -> str:
        return f"−{self.operand(node.operand)}"

    def if_expr(self, node: ast.IfExpr) -> str:
        return f"{self.operand(node.then)} if {self.phrase(node.condition)}, otherwise {self.operand(node.otherwise)}"

    # ------------------------------------------------------------ statements

    def let(self, node: ast.Let) -> Step:
        return Step(f"Let *{node.name}* be {self.phrase(node.value)}.", kind="Let")

    def assign(self, node: ast.Assign) -> Step:
        return Step(capitalize(f"set {self.phrase(node.target)} to {self.phrase(node.value)}."), kind="Assign")

    def add_to(self, node: ast.AddTo) -> Step:
        if node.sign >= 0:
            return Step(f"Add {self.phrase(node.value)} to {self.phrase(node.target)}.", kind="AddTo")
        return Step(f"Subtract {self.phrase(node.value)} from {self.phrase(node.target)}.", kind="AddTo")

    def move(self, node: ast.Move) -> Step:
        where = " (at the bottom)" if node.place == "bottom" else ""
        return Step(f"Move {self.phrase(node.what)} to {self.phrase(node.to)}{where}.", kind="Move")

    def create(self, node: ast.Create) -> Step:
        arguments = f" ({', '.join(self.phrase(a) for a in node.args)})" if node.args else ""
        return Step(
            f"Put {self.operand(node.count)} × {words(node.piece)}{arguments} in {self.phrase(node.zone)}.",
            kind="Create",
        )

    def choose(self, node: ast.Choose) -> Step:
        text = f"{self.phrase(node.player)} chooses *{node.var}* from {self.phrase(node.options)}"
        if node.prompt is not None:
            text += f": {self.phrase(node.prompt)}"
        if node.optional and node.skip_text is not None:
            text += f" (optional: “{self.text_inside(node.skip_text)}”)"
        elif node.optional:
            text += " (optional)"
        return Step(capitalize(text) + ".", kind="Choose")

    def draw(self, node: ast.Draw) -> Step:
        return Step(f"Draw *{node.var}* at random from {self.phrase(node.source)}.", kind="Draw")

    def roll(self, node: ast.Roll) -> Step:
        return Step(f"Roll the {words(node.die)} die; call the result *{node.var}*.", kind="Roll")

    def log(self, node: ast.Log) -> Step:
        text = self.phrase(node.text)
        end = "" if text[-2:-1] in ".!?" else "."
        if node.to is None:
            return Step(f"Announce {text}{end}", kind="Log")
        return Step(f"Tell {self.phrase(node.to)} privately {text}{end}", kind="Log")

    def call_rule(self, node: ast.CallRule) -> Step:
        arguments = ", ".join(self.phrase(a) for a in node.args)
        text = f"**{self.rule_title(node.rule)}**"
        if arguments:
            text += f" ({arguments})"
        label = self.rule_labels.get(node.rule)
        if label:
            text += f" → {label}"
        return Step(text + ".", kind="CallRule")

    def rule_title(self, name: str) -> str:
        """A rule's description text, else the author's wording above it, else its name as words."""
        rule = self.rules.get(name)
        if rule is not None and rule.text:
            return rule.text
        wording = self.author_wording(rule) if rule is not None else None
        return wording or capitalize(words(name))

    def return_(self, node: ast.Return) -> Step:
        return Step("Stop: this rule is done.", kind="Return")

    def end_game(self, node: ast.EndGame) -> Step:
        return Step("The game ends at once; go to final scoring.", kind="EndGame")

    def eliminate(self, node: ast.Eliminate) -> Step:
        return Step(capitalize(f"{self.phrase(node.player)} is out of the game."), kind="Eliminate")

    def shuffle(self, node: ast.Shuffle) -> Step:
        return Step(capitalize(f"shuffle {self.phrase(node.zone)} face down."), kind="Shuffle")

    def check(self, node: ast.Check) -> Step:
        reason = f" ({self.text_inside(node.text)})" if node.text is not None else ""
        return Step(f"Make sure that {self.phrase(node.condition)}{reason}.", kind="Check")

    def pass_(self, node: ast.Pass) -> Step:
        return Step("Do nothing.", kind="Pass")

    def if_branch(self, node: ast.IfBranch, first: bool = True) -> Step:
        lead = "If" if first else "Otherwise, if"
        return self.conditional(f"{lead} {self.phrase(node.condition)}", self.steps(node.body), "IfBranch")

    def conditional(self, lead: str, body: list[Step], kind: str) -> Step:
        """`If X: do Y.` on one line when the block is one short step, else a step with a block."""
        if len(body) == 1 and not body[0].children and len(body[0].text) < 90:
            inner = body[0].text
            inner = inner[0].lower() + inner[1:] if inner[:1].isupper() and not inner.startswith("**") else inner
            return Step(f"{lead}: {inner}", kind=kind)
        return Step(f"{lead}:", body, kind)

    def if_(self, node: ast.If) -> list[Step]:
        result = [self.if_branch(branch, index == 0) for index, branch in enumerate(node.branches)]
        if node.otherwise:
            result.append(self.conditional("Otherwise", self.steps(node.otherwise), "If"))
        return result

    def for_each(self, node: ast.ForEach) -> Step:
        together = ", all at the same time" if node.simultaneously else ""
        source = self.phrase(node.iterable)
        if isinstance(node.iterable, ast.Name) and node.iterable.id == "players":
            source = "the players, in order"
        return Step(f"For each *{node.var}* in {source}{together}:", self.steps(node.body), "ForEach")

    def while_(self, node: ast.While) -> Step:
        return Step(f"While {self.phrase(node.condition)}:", self.steps(node.body), "While")

    def rounds(self, node: ast.Rounds) -> Step:
        if node.until is None:
            text = "Play rounds:"
        else:
            text = f"Play rounds until, at the end of a round, {self.phrase(node.until)}:"
        return Step(text, self.steps(node.body), "Rounds")

    def repeat(self, node: ast.Repeat) -> Step:
        if isinstance(node.count, ast.IntLiteral) and node.count.value == 1:
            return Step("Once:", self.steps(node.body), "Repeat")
        return Step(f"Repeat {self.operand(node.count)} times:", self.steps(node.body), "Repeat")

    def phase(self, node: ast.Phase) -> Step:
        return Step(f"**{escape_literal(node.title)}**", self.steps(node.body), "Phase")

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
        text = capitalize(words(node.name))
        if node.fields:
            text += f" ({', '.join(words(f) for f in node.fields)})"
        if node.label is not None:
            text += f": {self.phrase(node.label)}"
        return text

    def var_decl(self, node: ast.VarDecl) -> str:
        piece = getattr(node, "per_piece", None)
        scope = f"each {words(piece)}'s" if piece else ("each player's" if node.per_player else "the")
        secret = (" (its owner's secret)" if node.per_player else " (secret)") if node.secret else ""
        if node.internal:
            secret = " (bookkeeping for the rules, shown to no one)"
        return f"{capitalize(scope)} {words(node.name)} starts at {self.phrase(node.init)}{secret}."

    def zone_decl(self, node: ast.ZoneDecl) -> str:
        scope = "one per player" if node.per_player else "one for the table"
        return f"{capitalize(words(node.name))}: {scope}; {VISIBILITY.get(node.visibility, node.visibility)}."

    def layer(self, node: ast.Layer) -> str:
        tokens = sorted({token for row in node.rows for token in row if token != "."})
        return f"Layer {words(node.name)}: {len(node.rows)} rows of {', '.join(tokens)}."

    def legend(self, node: ast.Legend) -> str:
        entries = ", ".join(
            f"{token} = {words(str(value)) if value is not None else 'nothing'}" for token, value in node.entries.items()
        )
        return f"{capitalize(words(node.layer))}: {entries}."

    def board_decl(self, node: ast.BoardDecl) -> str:
        layers = ", ".join(words(layer.name) for layer in node.layers)
        shape = {"hex": "a board of hexes", "grid": "a grid"}.get(getattr(node, "shape", "grid"), "a board")
        return f"{capitalize(words(node.name))}: {shape}, {node.rows} by {node.columns} (layers: {layers})."

    def die_decl(self, node: ast.DieDecl) -> str:
        faces = ", ".join(words(str(face)) if face is not None else "blank" for face in node.faces)
        return f"{capitalize(words(node.name))} die: {len(node.faces)} faces ({faces})."

    def table_row(self, node: ast.TableRow) -> tuple[str, str]:
        value = node.value
        if isinstance(value, ast.ListLiteral):
            return self.phrase(node.key), " / ".join(self.phrase(item) for item in value.items)
        return self.phrase(node.key), self.phrase(value)

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
        wording = self.author_wording(node)
        if wording:
            return wording
        subject = applied(node.name, [f"*{p}*" for p in node.params]).removeprefix("the ")
        return f"{capitalize(subject)}: {self.phrase(node.body)}."

    def rule_decl(self, node: ast.RuleDecl) -> list[Step]:
        return self.steps(node.body)

    def setup_decl(self, node: ast.SetupDecl) -> list[Step]:
        return self.steps(node.body)

    def play_decl(self, node: ast.PlayDecl) -> list[Step]:
        return self.steps(node.body)

    def score_decl(self, node: ast.ScoreDecl) -> str:
        return self.author_wording(node) or f"The score of a player *{node.param}* is {self.phrase(node.body)}."

    def tiebreak_decl(self, node: ast.TiebreakDecl) -> str:
        return self.author_wording(node) or (
            f"A tie on score goes to the player *{node.param}* with the higher {self.phrase(node.body)}."
        )

    def final_scoring_decl(self, node: ast.FinalScoringDecl) -> list[Step]:
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


PREPOSITIONS = {"of", "from", "to", "in", "on", "at", "for", "by", "with", "into"}


def applied(function: str, arguments: list[str]) -> str:
    """A define or rule name applied to argument phrases, read as English where the name allows.

    `is_storm(s)` -> "*s* is storm", `line_from(s)` -> "the line from *s*",
    `by_value(xs)` -> "*xs*, by value", `ship_space(p)` -> "the ship space of *p*".
    """
    if not arguments:
        return words(function)
    joined = ", ".join(arguments)
    head, _, rest = function.partition("_")
    if head in ("is", "has", "can") and rest:
        return f"{joined} {head} {words(rest)}"
    if head == "by" and rest:
        return f"{joined}, by {words(rest)}"
    if function.rsplit("_", 1)[-1] in PREPOSITIONS:
        return f"the {words(function)} {joined}"
    return f"the {words(function)} of {joined}"


def fill_in(wording: str, values: dict[str, str]) -> str:
    """Replace `{name}` in the author's wording with the phrase for that parameter."""
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), m.group(0)), wording)


def method_for(kind: type) -> Callable:
    """The English method that renders a node kind (raises AttributeError when there is none)."""
    return getattr(English, method_name(kind))
