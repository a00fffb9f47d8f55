"""A small game's whole tree as OpenSpiel's EFG text, so that OpenSpiel's C++ solvers can load it.

EFG is Gambit's extensive-form format, which `pyspiel.load_efg_game(text)` reads. The
tree is walked through the OpenSpiel adapter (pirdsl.adapters.openspiel), so the
exported game is the one a Python algorithm sees there: the same players, chance
outcomes with their exact probabilities, the same payoffs and the same information
sets, numbered per player in the order the walk meets them and named by the
adapter's information-state string. Walking stops with `TreeTooLarge` past a node
limit, before anything is written. docs/adapters.md shows it in use.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

# Nodes (chance, decision and end) a walk takes before it gives up: the adapter walks some
# thousands a second, so this is a few minutes at most, and Leduc poker (9,457) fits.
DEFAULT_MAX_NODES = 200_000


class TreeTooLarge(ValueError):
    """The game tree has more nodes than the limit: nothing was written."""


def _quoted(text: str) -> str:
    """A string as EFG writes it, in double quotes (a double quote inside becomes a single one)."""
    return '"' + " ".join(str(text).replace('"', "'").split()) + '"'


def _number(value: float) -> str:
    """A probability or a payoff, exactly: a fraction where the float is one with a small denominator."""
    fraction = Fraction(value).limit_denominator(1_000_000)
    if float(fraction) == value:
        return str(fraction.numerator) if fraction.denominator == 1 else f"{fraction.numerator}/{fraction.denominator}"
    return repr(float(value))


def efg_text(game: Any, max_nodes: int = DEFAULT_MAX_NODES, title: str | None = None) -> str:
    """The whole tree of an OpenSpiel `game` as EFG text; `TreeTooLarge` past `max_nodes` nodes."""
    players = game.num_players()
    infosets: list[dict[str, int]] = [{} for _ in range(players)]
    lines: list[str] = []
    chance_sets = outcomes = nodes = 0
    stack = [(game.new_initial_state(), 0)]
    while stack:
        state, depth = stack.pop()
        nodes += 1
        if nodes > max_nodes:
            raise TreeTooLarge(f"the game tree has more than {max_nodes:,} nodes: too large to write whole "
                               f"(--max-nodes sets the limit)")
        indent = "  " * depth
        if state.is_terminal():
            outcomes += 1
            payoffs = " ".join(_number(value) for value in state.returns())
            lines.append(f'{indent}t "" {outcomes} "" {{ {payoffs} }}')
            continue
        if state.is_chance_node():
            chance_sets += 1
            choices = state.chance_outcomes()
            labels = _distinct([state.action_to_string(pyspiel_chance(), action) for action, _ in choices])
            branches = " ".join(f"{_quoted(label)} {_number(probability)}"
                                for label, (_, probability) in zip(labels, choices))
            lines.append(f'{indent}c "" {chance_sets} "" {{ {branches} }} 0')
            actions = [action for action, _ in choices]
        else:
            player = state.current_player()
            name = state.information_state_string(player)
            number = infosets[player].setdefault(name, len(infosets[player]) + 1)
            actions = state.legal_actions()
            labels = _distinct([state.action_to_string(player, action) for action in actions])
            branches = " ".join(_quoted(label) for label in labels)
            lines.append(f'{indent}p "" {player + 1} {number} {_quoted(name)} {{ {branches} }} 0')
        for action in reversed(actions):
            stack.append((state.child(action), depth + 1))
    names = " ".join(_quoted(f"Player {player + 1}") for player in range(players))
    header = f"EFG 2 R {_quoted(title or str(game))} {{ {names} }}"
    comment = _quoted(f"{nodes:,} nodes; information sets per player: "
                      + ", ".join(f"{len(found):,}" for found in infosets))
    return "\n".join([header, comment, "", *lines, ""])


def pyspiel_chance() -> int:
    """OpenSpiel's player number for chance (-1), without importing pyspiel at module load."""
    import pyspiel
    return int(pyspiel.PlayerId.CHANCE)


def _distinct(labels: list[str]) -> list[str]:
    """Labels made different where two are the same (EFG tells a node's actions apart by name)."""
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        count = seen.get(label, 0)
        seen[label] = count + 1
        out.append(label if count == 0 else f"{label} ({count + 1})")
    return out
