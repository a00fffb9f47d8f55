"""Computer players from their specs ("random", "greedy", "mcts:2000", "ismcts:0.5s"), seeded per seat.

A bot answers one question, `choose_action(state) -> int`: the `Action.index`
to play for the seat to move. Every bot owns a seeded `random.Random`, so a
game played by bots is repeatable from its seeds.

The baseline bots, random and greedy, live in pirdsl/baseline_bots.py; the
search bots `mcts` and `ismcts` in pirdsl/mcts.py. `make_bot` makes any of them
from its spec.
"""

from __future__ import annotations

import hashlib
from typing import Any, Protocol

from pirdsl.baseline_bots import GreedyBot, RandomBot
from pirdsl.mcts import Budget, SearchBot, parse_budget

BOT_KINDS = ("random", "greedy", "mcts", "ismcts")
SEARCH_KINDS = ("mcts", "ismcts")  # the kinds that take a budget: mcts:2000, ismcts:0.5s


class Bot(Protocol):
    """Anything that can choose an action for the seat to move."""

    def choose_action(self, state: Any) -> int:
        """The `Action.index` to apply for `state.current_player()`."""



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
    return name, parse_budget(name, budget_text) if colon else Budget()


def check_bot_spec(spec: str) -> str:
    """The spec itself when it names a bot (see `parse_bot_spec`); ValueError otherwise."""
    parse_bot_spec(spec)
    return spec


def seat_seed(game_seed: int, seat: int) -> int:
    """A bot seed derived from the game's seed and the seat, stable across runs and platforms."""
    digest = hashlib.sha256(f"pirdsl-bot:{game_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def decision_seed(game_seed: int, seat: int, step: int) -> int:
    """A bot seed for one decision: from the game's seed, the seat and how many steps the game has had.

    A bot reseeded with it before each decision (`reseed`) chooses the same whether it has
    played the whole game or was made afresh from a saved game (a server restarted): its
    choices follow from the seed and the history alone, as the saved game does.
    """
    digest = hashlib.sha256(f"pirdsl-bot:{game_seed}:{seat}:{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big")

