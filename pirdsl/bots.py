"""Computer players built only on the engine's public API (docs/engine-api.md).

A bot answers one question, `choose_action(state) -> int`: the `Action.index`
to play for the seat to move. Every bot owns a seeded `random.Random`, so a
game played by bots is repeatable from its seeds.

Both bots here are baselines for simulation and for filling seats in terminal
play, not opponents worth studying. `GreedyBot` looks one decision ahead on a
clone of the full state, so it does peek at hidden information (other hands,
the deck order as far as the rules expose it through other seats' random
replies); it never peeks at future chance outcomes, which it samples itself
instead of calling `state.apply_chance()`.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, Protocol, Sequence

BOT_KINDS = ("random", "greedy")


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
        """A uniformly random legal action's index."""
        return self.random.choice(state.legal_actions()).index


class GreedyBot:
    """Takes the action whose short random playout leaves it furthest ahead.

    For each legal action: clone the state, apply the action, then let chance
    and the other seats play at random until this seat must decide again, the
    game ends, or `playout_steps` steps have passed. The value of the result is
    this seat's score minus the best score among the other seats. Ties are
    broken at random.

    Args:
        seed: seed of the bot's own random generator.
        playout_steps: the longest playout after each candidate action.
    """

    kind = "greedy"

    def __init__(self, seed: int | str = 0, playout_steps: int = 50) -> None:
        self.random = random.Random(seed)
        self.playout_steps = playout_steps

    def choose_action(self, state: Any) -> int:
        """The index of the legal action with the best playout value."""
        seat = state.current_player()
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0].index
        best_value = None
        best_actions = []
        for action in actions:
            trial = state.clone()
            trial.apply_action(action.index)
            self._play_out(trial, seat)
            value = lead_over_others(trial.scores(), seat)
            if best_value is None or value > best_value:
                best_value, best_actions = value, [action]
            elif value == best_value:
                best_actions.append(action)
        return self.random.choice(best_actions).index

    def _play_out(self, state: Any, seat: int) -> None:
        """Advance `state` at random until `seat` must decide again (or the limit)."""
        for _ in range(self.playout_steps):
            if state.is_terminal():
                return
            if state.is_chance():
                state.apply_action(sample_chance_outcome(state, self.random))
                continue
            if state.current_player() == seat:
                return
            state.apply_action(self.random.choice(state.legal_actions()).index)


def lead_over_others(scores: Sequence[float], seat: int) -> float:
    """`seat`'s score minus the best score of any other seat (its own score if alone)."""
    others = [score for other, score in enumerate(scores) if other != seat]
    return scores[seat] - (max(others) if others else 0)


def sample_chance_outcome(state: Any, generator: random.Random) -> int:
    """Draw a chance outcome's index by its probability, with the caller's generator.

    Using our own generator (not `state.apply_chance()`) keeps a lookahead on a
    clone from seeing the dice the real game is about to roll.
    """
    outcomes = state.chance_outcomes()
    weights = [max(float(probability), 0.0) for _, probability in outcomes]
    if sum(weights) <= 0:
        return generator.choice(outcomes)[0].index
    return generator.choices([action for action, _ in outcomes], weights=weights)[0].index


def make_bot(kind: str, seed: int | str) -> RandomBot | GreedyBot:
    """A bot of the named kind ("random" or "greedy"); ValueError for another name."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(seed)
    raise ValueError(f"unknown bot '{kind}' (choose from {', '.join(BOT_KINDS)})")


def seat_seed(game_seed: int, seat: int) -> int:
    """A bot seed derived from the game's seed and the seat, stable across runs and platforms."""
    digest = hashlib.sha256(f"pirdsl-bot:{game_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
