"""What play reaches in a rules file: the blocks it runs, the rules they call and the defines they read.

Shared by the summary (`codegen.reference`), which sets out what play reaches, and
the completeness check (`codegen.completeness`), which makes sure it all reaches the
page. What is only shown (log lines, a choice's prompt, its labels and skip text) is
not played by, so what only it reads is not reached.
"""

from __future__ import annotations

from typing import Iterator, Optional

from dsl import ast
from dsl.ast import walk


def is_display(node: ast.Node) -> bool:
    """True for a log line: it is only shown."""
    return isinstance(node, ast.Log)


def played_parts(node: object) -> Iterator[ast.Node]:
    """The nodes of a statement or expression that play acts on: not its log lines, prompts or labels."""
    shown: set[int] = set()
    for inner in walk(node, skip=is_display):
        if isinstance(inner, (ast.Choose, ast.ChooseSet)):
            for name in ("prompt", "label", "skip_text"):
                part = getattr(inner, name, None)
                if part is not None:
                    shown.update(id(n) for n in walk(part))
        if id(inner) not in shown:
            yield inner


def defined_name(node: ast.Node) -> Optional[str]:
    """The name a node may read a define by: `x` of a Name, `f` of a call `f(...)`."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Call):
        return node.function
    return None


def played_roots(game_file: ast.GameFile) -> list[tuple[str, list]]:
    """The blocks play runs, each with its section: setup, play, final scoring, each power, and
    the score and tiebreak that decide who wins, and the payoff."""
    found: list[tuple[str, list]] = []
    for decl in game_file.declarations:
        if isinstance(decl, ast.SetupDecl):
            found.append(("setup", decl.body))
        elif isinstance(decl, ast.PlayDecl):
            found.append(("play", decl.body))
        elif isinstance(decl, ast.FinalScoringDecl):
            found.append(("final", decl.body))
        elif isinstance(decl, ast.PowerDecl):
            found.append((decl.name, list(decl.body) + [node for node in (decl.condition, decl.value) if node]))
        elif isinstance(decl, (ast.ScoreDecl, ast.TiebreakDecl, ast.PayoffDecl)):
            found.append(("score", [decl.body]))  # who wins, and what each is paid, is play too
    return found


def reached(game_file: ast.GameFile) -> tuple[list[str], list[str]]:
    """The rules and the defines that play reaches, each in the order first reached (breadth first)."""
    rules = {d.name: d for d in game_file.declarations if isinstance(d, ast.RuleDecl)}
    defines = {d.name: d for d in game_file.declarations if isinstance(d, ast.DefineDecl)}
    rule_order: list[str] = []
    define_order: list[str] = []
    queue: list[object] = [body for _, body in played_roots(game_file)]
    while queue:
        node = queue.pop(0)
        for inner in played_parts(node):
            if isinstance(inner, ast.CallRule) and inner.rule in rules and inner.rule not in rule_order:
                rule_order.append(inner.rule)
                queue.append(rules[inner.rule].body)
            name = defined_name(inner)
            if name in defines and name not in define_order:
                define_order.append(name)
                queue.append(defines[name].body)
    return rule_order, define_order


def is_constant(node: ast.Expr) -> bool:
    """True for a number, or a list of numbers, written out in the file."""
    if isinstance(node, ast.IntLiteral):
        return True
    if isinstance(node, ast.Negate):
        return isinstance(node.operand, ast.IntLiteral)
    if isinstance(node, ast.ListLiteral):
        return bool(node.items) and all(is_constant(item) and not isinstance(item, ast.ListLiteral)
                                        for item in node.items)
    return False
