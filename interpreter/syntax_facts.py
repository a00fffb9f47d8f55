"""What the compiler reads off the syntax tree before it writes code: sizes, loops, calls, names and waits."""

from __future__ import annotations

from dsl import ast
from dsl.ast import local_names
from interpreter.builtins import IMPLEMENTATIONS

# Built-ins that do a small, fixed amount of work; the others go through lists, zones or boards.
_QUICK_BUILTINS = {"abs", "at", "automa", "ceil", "count", "direction_to", "distance", "eliminated", "empty",
                   "first", "floor", "piece_type", "step", "top", "where"}


def loops_over_a_list(node) -> bool:
    """Whether an expression goes through a list itself: a comprehension, or a built-in such as `take`."""
    if isinstance(node, list):
        return any(loops_over_a_list(item) for item in node)
    if isinstance(node, ast.Comprehension):
        return True
    if isinstance(node, ast.Call) and node.function in IMPLEMENTATIONS and node.function not in _QUICK_BUILTINS:
        return True
    if isinstance(node, ast.Node):
        return any(loops_over_a_list(getattr(node, field)) for field in type(node).model_fields if field != "span")
    return False


def node_count(node) -> int:
    """How many nodes an expression has."""
    if isinstance(node, list):
        return sum(node_count(item) for item in node)
    if isinstance(node, ast.Node):
        return 1 + sum(node_count(getattr(node, field)) for field in type(node).model_fields if field != "span")
    return 0


def recursive_defines(defines: dict) -> set[str]:
    """The defines that call themselves, directly or through others."""
    calls = {name: names_used(decl.body) & set(defines) for name, decl in defines.items()}
    recursive = set()
    for start in defines:
        seen, todo = set(), list(calls[start])
        while todo:
            name = todo.pop()
            if name == start:
                recursive.add(start)
                break
            if name not in seen:
                seen.add(name)
                todo += calls[name]
    return recursive


def costly_defines(defines: dict) -> set[str]:
    """The defines that go through a list (`loops_over_a_list`), themselves or in a define they call."""
    calls = {name: names_used(decl.body) & set(defines) for name, decl in defines.items()}
    costly = {name for name, decl in defines.items() if loops_over_a_list(decl.body)}
    grown = True
    while grown:
        more = {name for name in defines if name not in costly and calls[name] & costly}
        costly |= more
        grown = bool(more)
    return costly


def names_used(node) -> set[str]:
    """Every name and called function in an expression."""
    if isinstance(node, list):
        return set().union(*[names_used(item) for item in node]) if node else set()
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, ast.Call):
        return {node.function} | names_used(node.args)
    if isinstance(node, ast.Node):
        return set().union(*[names_used(getattr(node, field)) for field in type(node).model_fields
                             if field != "span"] or [set()])
    return set()


def calls_always_made(node) -> list:
    """The calls inside an expression that working it out always makes, outermost first.

    Not those behind `and`, `or`, a branch of `if ... else` or inside a comprehension's
    element: whether they are made depends on other values.
    """
    found = []
    if isinstance(node, ast.Call):
        found.append(node)
        for argument in node.args:
            found += calls_always_made(argument)
    elif isinstance(node, (ast.Binary, ast.Compare)):
        found += calls_always_made(node.left) + calls_always_made(node.right)
    elif isinstance(node, ast.Membership):
        found += calls_always_made(node.element) + calls_always_made(node.collection)
    elif isinstance(node, ast.BoolOp):
        found += calls_always_made(node.left)
    elif isinstance(node, (ast.Not, ast.Negate)):
        found += calls_always_made(node.operand)
    elif isinstance(node, ast.Attribute):
        found += calls_always_made(node.target)
    elif isinstance(node, ast.Index):
        found += calls_always_made(node.target) + calls_always_made(node.index)
    elif isinstance(node, ast.IfExpr):
        found += calls_always_made(node.condition)
    elif isinstance(node, ast.ListLiteral):
        for item in node.items:
            found += calls_always_made(item)
    return found


def assigned_names(statements: list) -> set[str]:
    """Every local a block gives a value to: what it binds, and the locals it assigns."""
    names = set(local_names(statements))
    for statement in statements:
        if isinstance(statement, (ast.Assign, ast.AddTo)) and isinstance(statement.target, ast.Name):
            names.add(statement.target.id)
        elif isinstance(statement, ast.If):
            for branch in statement.branches:
                names |= assigned_names(branch.body)
            names |= assigned_names(statement.otherwise)
        elif isinstance(statement, (ast.ForEach, ast.While, ast.Rounds, ast.Repeat, ast.Phase)):
            names |= assigned_names(statement.body)
    return names


def waits(statements: list, suspending: set[str]) -> bool:
    """Whether statements may stop for a decision or chance (calling any of `suspending` counts)."""
    for statement in statements:
        if isinstance(statement, (ast.Choose, ast.Draw, ast.Roll, ast.WeightedDraw)):
            return True
        if isinstance(statement, ast.CallRule) and statement.rule in suspending:
            return True
        if isinstance(statement, ast.If):
            if any(waits(b.body, suspending) for b in statement.branches) or waits(statement.otherwise, suspending):
                return True
        elif isinstance(statement, (ast.ForEach, ast.While, ast.Rounds, ast.Repeat, ast.Phase)):
            if waits(statement.body, suspending):
                return True
    return False
