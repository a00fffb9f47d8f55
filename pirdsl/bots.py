"""Computer players built only on the engine's public API (docs/engine-api.md).

A bot answers one question, `choose_action(state) -> int`: the `Action.index`
to play for the seat to move. Every bot owns a seeded `random.Random`, so a
game played by bots is repeatable from its seeds.

The two bots here are baselines for simulation and for filling seats in
terminal play, not opponents worth studying. Neither looks at anything its seat
may not see; `GreedyBot`'s docstring says exactly what it uses. The search bots
`mcts` and `ismcts` live in pirdsl/mcts.py; `make_bot` makes any of them from
its spec ("greedy", "mcts:2000", "ismcts:0.5s").
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, Protocol, Sequence

BOT_KINDS = ("random", "greedy", "mcts", "ismcts")
SEARCH_KINDS = ("mcts", "ismcts")  # the kinds that take a budget: mcts:2000, ismcts:0.5s


class Bot(Protocol):
    """Anything that can choose an action for the seat to move."""

    def choose_action(self, state: Any) -> int:
        """The `Action.index` to apply for `state.current_player()`."""


class RandomBot:
    """Picks uniformly among the legal actions.

    Args:
        seed: seed of the bot's own random generator.
    """

    kind = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.random = random.Random(seed)

    def choose_action(self, state: Any) -> int:
        """A uniformly random legal action's index.

        Action indexes run from 0 to num_actions() - 1, so this draws exactly what
        `random.choice(state.legal_actions())` would, without building the actions.
        """
        count = state.num_actions()
        if count == 1:
            return 0  # no choice to make: keep the generator untouched, as if it was never asked
        return self.random.randrange(count)


class GreedyBot:
    """Takes the action that most improves its lead right away, using only what its seat knows.

    For each legal action it clones the state, applies the action, and lets the
    engine carry the rules forward up to the next point where anyone must
    decide, chance must act, or the game ends. The value of the action is its
    seat's lead there: its score minus the best score among the other seats.
    Ties (and all-equal values) are broken with the bot's own generator.

    What it uses: the legal actions of its own seat; the scores, which every
    seat sees on the table (`observation(seat)["seats"][i]["score"]`); and the
    consequences of its own move that follow without any further decision or
    chance, which a player at the table could work out from the rules.

    What it never uses: other seats' hidden zones and secret variables, the
    contents or order of hidden piles, other seats' future decisions (it plays
    none for them), and chance outcomes (it stops at the first chance node: a
    draw's outcomes are the hidden pile's contents, so even sampling them with
    its own generator would tell it what the pile holds).

    One gap remains, and it is closed by a check rather than by trust: the
    rules carried forward run on the full state, so a move that completes a
    hidden simultaneous choice (the last card laid face down) could score the
    cards the others laid before anyone sees them. So whenever something left
    a zone hidden from this seat during the lookahead (its count went down in
    `observation(seat)`), the result is treated as unknown: the action is
    valued as if it changed nothing. A fair lookahead beyond that deals the
    hidden information afresh from the seat's point of view (a determinisation,
    `State.resample_hidden`), which is what the search bots of pirdsl/mcts.py do;
    this bot stays as it is, a fixed baseline.

    Args:
        seed: seed of the bot's own random generator.
    """

    kind = "greedy"

    def __init__(self, seed: int | str = 0) -> None:
        self.random = random.Random(seed)

    def choose_action(self, state: Any) -> int:
        """The index of the legal action with the best immediate lead (ties at random)."""
        seat = state.current_player()
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0].index
        lead_now = lead_over_others(state.scores(), seat)
        hidden_now: dict[tuple[Any, str], int] | None = None
        best_value = None
        best_actions = []
        for action in actions:
            trial = state.clone()
            trial.apply_action(action.index)
            take_forced(trial)
            value = lead_over_others(trial.scores(), seat)
            if value != lead_now:
                if hidden_now is None:
                    hidden_now = hidden_counts(state.observation(seat))
                if revealed_something(hidden_now, hidden_counts(trial.observation(seat))):
                    value = lead_now
            if best_value is None or value > best_value:
                best_value, best_actions = value, [action]
            elif value == best_value:
                best_actions.append(action)
        return self.random.choice(best_actions).index


def take_forced(state: Any) -> None:
    """Take every decision that has only one option, as the table does, up to a real choice.

    Such a decision is no choice at all (the engine offers it so that counts such as
    perft see it), so the lookahead goes through it as if the rules had taken it.
    """
    while not state.is_terminal() and not state.is_chance() and state.num_actions() == 1:
        state.apply_action(0)


def hidden_counts(observation: dict[str, Any]) -> dict[tuple[Any, str], int]:
    """How many things each zone hidden from the observing seat holds, keyed by (seat or "shared", zone)."""
    counts = {}
    for index, seat in enumerate(observation.get("seats") or []):
        for name, zone in (seat.get("zones") or {}).items():
            if isinstance(zone, dict) and zone.get("items") is None:
                counts[(index, name)] = zone.get("count", 0)
    for name, zone in ((observation.get("globals") or {}).get("zones") or {}).items():
        if isinstance(zone, dict) and zone.get("items") is None:
            counts[("shared", name)] = zone.get("count", 0)
    return counts


def revealed_something(before: dict[tuple[Any, str], int], after: dict[tuple[Any, str], int]) -> bool:
    """True when some hidden zone holds fewer things than before: something left it, maybe face up."""
    return any(after.get(zone, 0) < count for zone, count in before.items())


def lead_over_others(scores: Sequence[float], seat: int) -> float:
    """`seat`'s score minus the best score of any other seat (its own score if alone)."""
    others = [score for other, score in enumerate(scores) if other != seat]
    return scores[seat] - (max(others) if others else 0)


def make_bot(kind: str, seed: int | str) -> Any:
    """A bot from its spec: "random", "greedy", "mcts", "ismcts", or a search bot with a budget
    ("mcts:2000" iterations, "ismcts:0.5s" seconds per decision; pirdsl/mcts.py).

    Raises:
        ValueError: for another name or a bad budget, with a one-line reason.
    """
    name, budget = parse_bot_spec(kind)
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    from pirdsl.mcts import SearchBot

    return SearchBot(seed, budget, redeal=name == "ismcts")


def parse_bot_spec(spec: str) -> tuple[str, Any]:
    """(kind, budget) for a bot spec; the budget is None for random and greedy.

    Raises:
        ValueError: for an unknown kind, a budget on a bot that takes none, or a bad budget.
    """
    if not isinstance(spec, str):
        raise ValueError(f"a bot is named by text, not {spec!r}")
    name, colon, budget_text = spec.partition(":")
    if name not in BOT_KINDS:
        raise ValueError(
            f"unknown bot '{spec}' (choose from {', '.join(BOT_KINDS)}; "
            "mcts and ismcts take a budget, as in mcts:2000 or ismcts:0.5s)")
    if name not in SEARCH_KINDS:
        if colon:
            raise ValueError(f"the {name} bot takes no budget: write '{name}', not '{spec}'")
        return name, None
    from pirdsl.mcts import Budget, parse_budget

    return name, parse_budget(name, budget_text) if colon else Budget()


def check_bot_spec(spec: str) -> str:
    """The spec itself when it names a bot (see `parse_bot_spec`); ValueError otherwise."""
    parse_bot_spec(spec)
    return spec


def seat_seed(game_seed: int, seat: int) -> int:
    """A bot seed derived from the game's seed and the seat, stable across runs and platforms."""
    digest = hashlib.sha256(f"pirdsl-bot:{game_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
