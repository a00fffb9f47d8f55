"""Search bots: `mcts` (UCT) and `ismcts` (information-set MCTS), fair in games with hidden information.

Both build a search tree over the decisions to come, choosing by UCB1 (UCT), and
finish each path with a random playout. They are built on the engine's public
API plus its fair deal of hidden information (`State.resample_hidden`, with the
seat's `SeatMemory`; docs/engine-api.md, "Searching fairly"): neither ever
searches the real state, so neither looks at anything its seat may not see.

- `mcts` deals the hidden information once per decision and searches that one
  deal (in a game with nothing hidden, such as the classic board games, that
  is plain UCT). Chance is sampled by its odds, with the deal's own generator,
  as the search goes down (open loop: the tree does not branch on chance).
- `ismcts` deals afresh for every iteration (single-observer ISMCTS, Cowling,
  Powley and Whitehouse 2012): the statistics are gathered over many possible
  tables, so it does not plan as if it knew the one table it dealt. A child's
  exploration counts how often it was available, since an option may exist in
  one deal and not in another (a card a rival may or may not hold).

Options are told apart by their labels, which mean the same thing in every
deal ("a face-down card from the deck", "Play 3 (rank 2)"). Decisions with one
option are taken at once and are not nodes.

Rewards are `state.returns()` at the end. A playout that reaches its step limit
first is scored as the table stands: each seat gets the share of the other
seats it leads on score (a tie counts half), so a lead is worth something even
when the game is far from over.

Budgets: a number of iterations (`mcts:2000`, reproducible: the same seed
gives the same choices) or seconds of thinking (`ismcts:0.5s`, which depends
on the machine's speed). Bots are seeded like the others (`seat_seed`).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from interpreter import GameRuleError

DEFAULT_ITERATIONS = 1000
PLAYOUT_LIMIT = 200  # steps (decisions and chance) of a random playout before it is scored as it stands
EXPLORATION = 0.7  # UCB1's constant for rewards in [0, 1]


@dataclass(frozen=True)
class Budget:
    """How long a search bot thinks per decision: `iterations`, or else `seconds`."""

    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None

    def text(self) -> str:
        """The budget as written after the colon of a bot spec ("2000", "0.5s")."""
        if self.seconds is not None:
            return f"{self.seconds:g}s"
        return str(self.iterations)


def parse_budget(kind: str, text: str) -> Budget:
    """"2000" (iterations) or "0.5s" (seconds) after `kind:`; ValueError with a one-line reason."""
    raw = text.strip().lower()
    try:
        if raw.endswith("s"):
            seconds = float(raw[:-1])
            if not (math.isfinite(seconds) and 0 < seconds <= 3600):
                raise ValueError
            return Budget(iterations=None, seconds=seconds)
        iterations = int(raw)
        if not 1 <= iterations <= 10_000_000:
            raise ValueError
        return Budget(iterations=iterations)
    except ValueError:
        raise ValueError(
            f"bad budget '{text}' for {kind}: give iterations (e.g. {kind}:2000) "
            f"or seconds per decision (e.g. {kind}:0.5s)"
        ) from None


class Node:
    """Statistics of one option in the tree, for the seat that took it, and the options after it."""

    __slots__ = ("visits", "reward", "available", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[str, Node] = {}


class SearchBot:
    """UCT over fair deals of the hidden information: `mcts` (one deal) or `ismcts` (a deal per iteration).

    Args:
        seed: seed of the bot's own random generator.
        budget: iterations or seconds per decision.
        redeal: True for ismcts (a new deal every iteration), False for mcts.
        playout_limit: steps of a random playout before it is scored as it stands.
    """

    def __init__(self, seed: int | str = 0, budget: Budget | None = None, redeal: bool = False,
                 playout_limit: int = PLAYOUT_LIMIT) -> None:
        self.random = random.Random(seed)
        self.budget = budget or Budget()
        self.redeal = redeal
        self.playout_limit = playout_limit
        self.kind = "ismcts" if redeal else "mcts"
        self.memories: dict[int, Any] = {}
        self.last_iterations = 0  # how many iterations the last decision had (for reports and tests)
        self.failed_iterations = 0  # iterations whose deal the rules failed on, over the bot's life

    def choose_action(self, state: Any) -> int:
        """The index of the option the search visited most (ties: the first such in the state's order)."""
        count = state.num_actions()
        if count == 1:
            return 0
        seat = state.current_player()
        known = self._memory(seat).update(state)
        root = Node()
        deal = None  # mcts: the one deal it searches
        deadline = None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        limit = self.budget.iterations
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            if self.redeal:
                table = state.clone()
                table.resample_hidden(seat, self.random, known)
            else:
                if deal is None:
                    deal = state.clone()
                    deal.resample_hidden(seat, self.random, known)
                table = deal.clone()
                table.rng = self.random.getrandbits(64)  # its own chance for every iteration
            try:
                self._iterate(table, root)
            except GameRuleError:
                # A deal the rules cannot go on from (one the seat's knowledge allows but the
                # rules could never reach): this iteration teaches nothing, so nothing is kept.
                self.failed_iterations += 1
            done += 1
        self.last_iterations = done
        labels = state.action_labels()
        best_index, best_visits = None, -1
        for index, label in enumerate(labels):
            child = root.children.get(label)
            if child is not None and child.visits > best_visits:
                best_index, best_visits = index, child.visits
        if best_index is None:
            return self.random.randrange(count)
        return best_index

    def _memory(self, seat: int) -> Any:
        from interpreter.knowledge import SeatMemory

        memory = self.memories.get(seat)
        if memory is None:
            memory = self.memories[seat] = SeatMemory(seat)
        return memory

    def _iterate(self, state: Any, root: Node) -> None:
        """One iteration on a dealt table: down the tree, one new node, a playout, and back up."""
        rng = self.random
        node = root
        path: list[tuple[Node, int]] = []
        while True:
            if state.is_terminal():
                break
            if state.is_chance():
                state.apply_chance()
                continue
            count = state.num_actions()
            if count == 1:
                state.apply_action(0)
                continue
            mover = state.current_player()
            labels = state.action_labels()
            children = node.children
            untried = []
            best_index, best_child, best_value = -1, None, -1.0
            for index, label in enumerate(labels):
                child = children.get(label)
                if child is None or child.visits == 0:  # never tried, or only in a failed iteration
                    untried.append(index)
                    continue
                child.available += 1
                if not untried:
                    value = child.reward / child.visits + EXPLORATION * math.sqrt(
                        math.log(child.available) / child.visits)
                    if value > best_value:
                        best_index, best_child, best_value = index, child, value
            if untried:
                index = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = children.get(labels[index])
                if child is None:
                    child = children[labels[index]] = Node()
                child.available += 1
                state.apply_action(index)
                path.append((child, mover))
                break
            state.apply_action(best_index)
            path.append((best_child, mover))
            node = best_child
        rewards = self._playout(state)
        for child, mover in path:
            child.visits += 1
            child.reward += rewards[mover]

    def _playout(self, state: Any) -> list[float]:
        """Random moves (and chance by its odds) to the end or the step limit; each seat's reward."""
        randrange = self.random.randrange
        for _ in range(self.playout_limit):
            if state.is_terminal():
                return state.returns()
            if state.is_chance():
                state.apply_chance()
                continue
            count = state.num_actions()
            state.apply_action(randrange(count) if count > 1 else 0)
        if state.is_terminal():
            return state.returns()
        return standing_rewards(state.scores())


def standing_rewards(scores: list[Any]) -> list[float]:
    """Each seat's share of the other seats it leads on score (a tie counts half); 0.5 each when alone."""
    seats = len(scores)
    if seats < 2:
        return [0.5] * seats
    rewards = []
    for seat, score in enumerate(scores):
        points = 0.0
        for other, other_score in enumerate(scores):
            if other != seat:
                points += 1.0 if score > other_score else 0.5 if score == other_score else 0.0
        rewards.append(points / (seats - 1))
    return rewards
