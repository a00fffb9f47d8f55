"""Count the move sequences of a game tree, as chess engines' "perft" does.

Perft is a regression check for move generation: the number of distinct
sequences of length 1, 2, ..., D from the start must not change unless the
rules did. Chance nodes are expanded over every outcome with a positive
probability, and each outcome counts as one step of depth, like a decision.
A sequence that reaches the end of the game before depth D counts at its own
length only.
"""

from __future__ import annotations

from typing import Any


def children_of(state: Any) -> list[int]:
    """The action indexes that lead on from `state`: decisions or chance outcomes."""
    if state.is_terminal():
        return []
    if state.is_chance():
        return [action.index for action, probability in state.chance_outcomes() if probability > 0]
    return [action.index for action in state.legal_actions()]


def perft(state: Any, depth: int) -> list[int]:
    """How many sequences of each length 1..depth start at `state` (which is not changed).

    Args:
        state: the position to count from.
        depth: the longest sequence length to count.

    Returns:
        A list whose item `d - 1` is the number of sequences of length `d`.
    """
    counts = [0] * depth

    def visit(node: Any, level: int) -> None:
        children = children_of(node)
        counts[level] += len(children)
        if level + 1 == depth:
            return  # the last level is counted without applying its moves
        for index in children:
            child = node.clone()
            child.apply_action(index)
            visit(child, level + 1)

    if depth > 0:
        visit(state, 0)
    return counts
