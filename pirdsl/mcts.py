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

Options are told apart by their keys (`State.action_keys`: their labels without
the rules file's own label texts), which mean the same thing in every deal ("a
face-down card from the deck", "3"). Decisions with one option are taken at once
and are not nodes. On a state of the engine each iteration (down the tree, the new
node, the playout) is one run of the game's playout build, steered down the tree
before each step (`_PlayedIteration`); the same iteration as one taken step by step
through the state's API, which is how it goes on any other state.

`mcts` finishes each path with random play to the game's end and scores it by
`returns()` (plain UCT). `ismcts` gets more from each iteration, with no
knowledge of any game (`informed`):

- A playout stops at a horizon, not at the game's end: at the end of a round
  where the scores tell the seats apart (when they are all level it plays on
  to the next round's end), at the end of the game, or after `PLAYOUT_LIMIT`
  steps. Random play to the end of a long game says little about the move at
  the root and costs many steps; a round is where most games settle what the
  moves in it did. A game that keeps no score before its end is so played to
  the end.
- A decision whose playouts keep the seats level to the limit learns little
  from their length: when more than half of its first `LEVEL_CHECK` playouts
  (far from the end) ran all `PLAYOUT_LIMIT` steps without a round's end
  telling the seats apart, its remaining playouts stop after `HORIZON_LIMIT`
  steps. On Mysterious Islands, whose `progress` line is 0 for every seat
  until someone carries gold, three playouts in four from its opening went 200
  steps (13 rounds) still level, worth nothing to the search, and none of 300
  told the seats apart before step 74 (benchmarks/README.md, issue 32). In
  the other shipped games a playout finds its round in 11 to 52 steps on
  average and seldom meets the limit, so they are searched as before.
- Near the end, the end is the horizon: before it searches, the bot plays one
  random game on from the decision (on a deal of its own, with a generator of
  its own). When that game ends within `NEAR_END` steps, the end is near
  enough, and this decision's playouts run to the game's end (or the limit),
  so they see what happens only there: scoring at the end, the last round's
  race. Far from the end, the search is as it was, iteration for iteration.
  (Measured, docs/strength.md: with 100 steps ismcts:50 beats greedy on Glory
  Islands, whose final scoring a round's horizon never sees, and still on
  Decks of Glory; with 200, the whole of a Decks of Glory game counted as near
  and it lost its edge there.)
- A seat's value is its lead: its score minus the best other seat's (at the
  game's end plus its lead in `returns()`, so a win counts beyond the points).
  Where the rules file has a `progress` line (the game's own measure of how a
  seat stands before its score shows it), that stands in for the score
  everywhere here, as in the greedy bot (`pirdsl.baseline_bots.standing`).
  A new leaf's value blends its lead at once (read at the next real decision,
  exact for this deal) with its lead at the horizon (noisy), half and half
  ("implicit minimax backups", Lanctot, Winands, Pepels and Sturtevant 2014).
- At each node UCB1 sees the children's mean values brought into [0, 1] by
  the lowest and highest of them, so no game needs a scale of its own.
- At the root, the greedy bot's choice (pirdsl/baseline_bots.py, its own generator and
  its own fair deals) gets a bonus that fades as 1 / (1 + visits) (progressive
  bias, Chaslot et al. 2008): with few iterations the search starts from a
  sound move and leaves it only for one its statistics show better.

Budgets: a number of iterations (`mcts:2000`, reproducible: the same seed
gives the same choices) or seconds of thinking (`ismcts:0.5s`, which depends
on the machine's speed). Bots are seeded like the others (`seat_seed`).
A budget of iterations stops early once no other option could catch up with
the most visited one in the iterations left (each iteration adds one visit to
one root option): the choice is the one the whole budget would make, at about
half the cost where one option is clearly best (Glory Islands: 45% of the
iterations saved). The bot's generator is then further on by fewer draws, so
its later choices are those of the same search with another seed.

A seat that decides again straight after its own decision (Glory Islands: a
sailing card, then how to sail, then where to land) goes on with the tree:
the last search spent most of its iterations below the option it chose, on
the very decision now waiting, so those visits count toward this decision's
budget (`last_carried`) and the search adds the rest. Straight after means:
only the seat's own forced steps between (no chance, no other seat's step,
whether or not it had a choice, since that may be the other seat's secret),
and no piece come into the seat's sight or known to have gone anywhere new
(`SeatMemory`): then every deal the last search made is a fair deal now. It
is checked by replaying the seat's own steps on the copy of the table it
searched from. Measured on 2-player Glory Islands games against a random
seat (seeds 0 and 1): 562 iterations a decision without it, 340 with it, with
about 250 visits carried. `reseed` drops the tree, so a bot reseeded before
every decision (the web tables) chooses as a bot made afresh from the saved
game would.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from interpreter import GameRuleError
from pirdsl.baseline_bots import GreedyBot, random_playout, standing, take_forced

DEFAULT_ITERATIONS = 1000
PLAYOUT_LIMIT = 200  # steps (decisions and chance) of a random playout before it is scored as it stands
LEVEL_CHECK = 20  # ismcts: playouts of a decision that tell whether its playouts run to the limit level (docstring)
HORIZON_LIMIT = 50  # ismcts: the shorter limit of the rest of such a decision's playouts
NEAR_END = 100  # ismcts: the end is near when one random game from the decision ends within this many steps
LEAF_WEIGHT = 0.5  # ismcts: a new leaf's value is this share its lead at once, the rest its lead at the horizon
PRIOR_WEIGHT = 1.0  # ismcts: UCB1's bonus for the greedy bot's choice at the root, shrinking as 1 / (1 + visits)
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


def _settled(root: Node, labels: list[str], left: int) -> bool:
    """Whether the most visited of `labels` stays so through `left` more iterations, whatever they visit.

    Strictly ahead of every other option by more than `left`: not even a tie is possible.
    """
    children = root.children
    first = second = 0
    for label in labels:
        child = children.get(label)
        visits = child.visits if child is not None else 0
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first > second + left


class SearchBot:
    """UCT over fair deals of the hidden information: `mcts` (one deal) or `ismcts` (a deal per iteration).

    Args:
        seed: seed of the bot's own random generator.
        budget: iterations or seconds per decision.
        redeal: True for ismcts (a new deal every iteration), False for mcts.
        playout_limit: steps of a random playout before it is scored as it stands.
        informed: playouts to a horizon valued by leads, and the greedy bot's choice as a prior
            (the module docstring; True for ismcts); else plain UCT with random playouts to the end.
        near_end: informed: the end is near when a random game from the decision ends within
            this many steps; then the decision's playouts run to the end.
        settle: an iteration budget stops as soon as no other option can catch up with the
            most visited one (the same choice; False spends every iteration, for tests).
        reuse: a decision the seat meets straight after its own last one, with only forced
            steps between (no chance, nobody else's choice, nothing new seen), goes on with
            the tree the last search grew below its choice (the module docstring).
    """

    def __init__(self, seed: int | str = 0, budget: Budget | None = None, redeal: bool = False,
                 playout_limit: int = PLAYOUT_LIMIT, informed: bool | None = None,
                 near_end: int = NEAR_END, settle: bool = True, reuse: bool = True) -> None:
        self.random = random.Random(seed)
        self.budget = budget or Budget()
        self.redeal = redeal
        self.playout_limit = playout_limit
        self.informed = redeal if informed is None else informed
        self.prior = None  # informed: the label of the greedy bot's choice at this decision
        self.greedy = None
        if self.informed:
            self.greedy = GreedyBot(f"{seed}:prior")  # its own generator: the search's stays as it was
        self.probe = random.Random(f"{seed}:probe")  # informed: the random game that says if the end is near
        self.near_end_steps = near_end
        self.settle = settle  # an iteration budget stops once its choice is settled (the module docstring)
        self.near_end = False  # informed: this decision's playouts run to the game's end (module docstring)
        self.far_playouts = 0  # informed: this decision's playouts to a horizon so far
        self.limit_playouts = 0  # of those, the ones that ran to the limit without finding a horizon
        self.horizon_limit = HORIZON_LIMIT
        self.kind = "ismcts" if redeal else "mcts"
        self.memories: dict[int, Any] = {}
        self.reuse = reuse  # a decision that follows the last one with nothing new goes on with its tree
        self.kept: dict[int, tuple] = {}  # reuse: per seat, what the last search left (`_kept_root`)
        self.last_iterations = 0  # how many iterations the last decision had (for reports and tests)
        self.last_carried = 0  # of the last decision's budget, the visits its tree brought from the one before
        self.failed_iterations = 0  # iterations whose deal the rules failed on, over the bot's life
        self.played = True  # iterations as one run of the playout build where the state has one (`_iterate`)

    def reseed(self, seed: int | str) -> None:
        """Seed the bot's generators anew, as a new bot made with `seed` has them (what it remembers of
        the game stays: that follows from the game's history alone)."""
        self.random.seed(seed)
        self.probe.seed(f"{seed}:probe")
        self.kept.clear()  # a bot made afresh has no tree: it must choose as this one will
        if self.greedy is not None:
            self.greedy.reseed(f"{seed}:prior")

    def choose_action(self, state: Any) -> int:
        """The index of the option the search visited most (ties: the first such in the state's order)."""
        count = state.num_actions()
        if count == 1:
            return 0
        seat = state.current_player()
        known = self._memory(seat).update(state)
        root = self._kept_root(state, seat, known) or Node()
        self.far_playouts = self.limit_playouts = 0
        if self.informed:
            self.prior = state.action_keys()[self.greedy.choose_action(state)]
            self.near_end = self._end_is_near(state, seat, known)
        deal = None  # mcts: the one deal it searches
        start = state.clone()  # at rest: its copies take the rules' place as it is, without reading it again
        groups = None  # ismcts: the places each deal mixes, the same for every copy of `start`
        if self.redeal and hasattr(start, "hidden_groups"):
            groups = start.hidden_groups(seat, known)
        deadline = None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        limit = self.budget.iterations
        labels = state.action_keys()
        distinct = list(dict.fromkeys(labels))  # the root's options, each key once
        children = root.children
        carried = sum(children[label].visits for label in distinct if label in children)
        if limit is not None:
            carried = min(carried, limit)
        self.last_carried = carried
        done = carried  # a kept tree's visits count toward the budget
        while True:
            if limit is not None and (done >= limit or self.settle and done * 2 > limit
                                      and _settled(root, distinct, limit - done)):
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            if self.redeal:
                table = start.clone()
                if groups is None:
                    table.resample_hidden(seat, self.random, known)
                else:
                    table.resample_hidden(seat, self.random, known, groups=groups)
            else:
                if deal is None:
                    deal = start.clone()
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
        self.last_iterations = done - carried
        best_index, best_visits = None, -1
        for index, label in enumerate(labels):
            child = root.children.get(label)
            if child is not None and child.visits > best_visits:
                best_index, best_visits = index, child.visits
        if best_index is None:
            self.kept.pop(seat, None)
            return self.random.randrange(count)
        if self.reuse:
            memory = self._memory(seat)
            self.kept[seat] = (start, best_index, root.children[labels[best_index]], memory.in_sight, dict(known))
        return best_index

    def _kept_root(self, state: Any, seat: int, known: Any) -> Node | None:
        """The node the last search of `seat` grew below its choice, when this decision comes straight after it.

        Straight after: from the state the last search started at, the seat's choice and
        then only its own forced steps (decisions with one option) lead to this state, with no
        chance and no other seat's step between (whether a rival's step offered a choice
        may be the rival's secret, so none counts), no piece come into the seat's sight and none it could not see
        known to be anywhere new (`SeatMemory`). Then
        every deal the last search made is still a fair deal now, and the visits below
        its choice were spent on this very decision. The steps are replayed on the kept
        copy of the table the seat stood at, not read from anyone's hidden moves.
        """
        kept = self.kept.pop(seat, None)
        if kept is None:
            return None
        start, chosen, node, sight, knew = kept
        # Nothing new seen: no piece came into sight, and none out of sight was seen to go anywhere.
        if not self._memory(seat).in_sight <= sight:
            return None
        if any(known.get(piece) != zone for piece, zone in knew.items() if piece not in sight) \
                or len(known) != len(knew):
            return None
        target = len(state.history)
        replay = start.clone()
        try:
            replay.apply_action(chosen)
            while len(replay.history) < target:
                # Only the seat's own forced steps: whether another seat had a choice may be its secret.
                if replay.is_terminal() or replay.is_chance() or replay.current_player() != seat \
                        or replay.num_actions() != 1:
                    return None
                replay.apply_action(0)
        except GameRuleError:
            return None
        if replay.history != state.history or replay.is_chance() or replay.current_player() != seat:
            return None
        return node

    def _memory(self, seat: int) -> Any:
        from interpreter.knowledge import SeatMemory

        memory = self.memories.get(seat)
        if memory is None:
            memory = self.memories[seat] = SeatMemory(seat)
        return memory

    def _end_is_near(self, state: Any, seat: int, known: Any) -> bool:
        """Whether one random game from here, on a fair deal, ends within `near_end` steps."""
        table = state.clone()
        try:
            table.resample_hidden(seat, self.probe, known)
            return random_playout(table, self.probe, self.near_end_steps)
        except GameRuleError:  # a deal the rules cannot go on from: no sign either way
            return False

    def _iterate(self, state: Any, root: Node) -> None:
        """One iteration on a dealt table: down the tree, one new node, a playout, and back up.

        On a state of the engine the iteration is one run of the game's playout build
        (`_PlayedIteration`); else it goes step by step through the state's API. Both grow
        the same tree from the same deal, draw for draw (tests/test_search_bots.py).
        """
        if self.played and hasattr(state, "play_out"):
            values, path = _PlayedIteration(self, root).run(state)
        else:
            values, path = self._iterate_stepwise(state, root)
        for child, mover in path:
            child.visits += 1
            child.reward += values[mover]

    def _select(self, keys: list, node: Node, root: Node) -> tuple[int, Node, bool]:
        """At a decision in the tree: the option to take, its node, and whether it is the new one.

        An option never tried here (or tried only in a failed iteration) is taken first,
        drawn among such; else the best by UCB1 over the children's mean values, each
        child's exploration counting how often it was available.
        """
        children = node.children
        untried = []
        best_index, best_child, best_value = -1, None, -math.inf
        tried = []
        for index, key in enumerate(keys):
            child = children.get(key)
            if child is None or child.visits == 0:  # never tried, or only in a failed iteration
                untried.append(index)
                continue
            child.available += 1
            tried.append((index, key, child))
        if untried:
            index = untried[self.random.randrange(len(untried))] if len(untried) > 1 else untried[0]
            child = children.get(keys[index])
            if child is None:
                child = children[keys[index]] = Node()
            child.available += 1
            return index, child, True
        means = [child.reward / child.visits for _, _, child in tried]
        low = spread = 0.0
        if self.informed:  # values are leads: brought into [0, 1] by the range of the means here
            low = min(means)
            spread = max(means) - low
        prior = self.prior if node is root else None
        for (index, key, child), mean in zip(tried, means):
            if spread > 0:
                mean = (mean - low) / spread
            value = mean + EXPLORATION * math.sqrt(math.log(child.available) / child.visits)
            if key == prior:
                value += PRIOR_WEIGHT / (1 + child.visits)
            if value > best_value:
                best_index, best_child, best_value = index, child, value
        return best_index, best_child, False

    def _horizon_limit(self) -> int:
        """Steps of this decision's next playout to a horizon (`LEVEL_CHECK`, module docstring)."""
        if self.far_playouts >= LEVEL_CHECK and 2 * self.limit_playouts > LEVEL_CHECK:
            return min(self.playout_limit, self.horizon_limit)  # this decision's playouts run to the limit level
        return self.playout_limit

    def _count_far_playout(self, found: bool, ended: bool) -> None:
        """One more of this decision's playouts to a horizon: of its first `LEVEL_CHECK`, counted, and
        counted again when it ran all its steps without finding a horizon or the end."""
        if self.far_playouts < LEVEL_CHECK:
            self.far_playouts += 1
            if not found and not ended:
                self.limit_playouts += 1

    def _iterate_stepwise(self, state: Any, root: Node) -> tuple[list[float], list[tuple[Node, int]]]:
        """`_iterate` a step at a time through the state's API: each seat's value, and the path down the tree."""
        node = root
        path: list[tuple[Node, int]] = []
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance()
                continue
            if state.num_actions() == 1:
                state.apply_action(0)
                continue
            mover = state.current_player()
            index, child, new = self._select(state.action_keys(), node, root)
            state.apply_action(index)
            path.append((child, mover))
            if new:
                break
            node = child
        return self._playout(state), path

    def _playout(self, state: Any) -> list[float]:
        """Each seat's value of a new leaf: its lead there blended with its lead at the playout's horizon.

        The leaf's own lead is read at the next real decision (single options and chance
        taken, as the greedy bot's one step); it is exact for this deal, where the
        playout's is noisy, so the two are blended (`LEAF_WEIGHT`; "implicit minimax
        backups", Lanctot et al. 2014). Plain UCT (`informed` False): random play to
        the end, rewards in [0, 1].
        """
        if not self.informed:
            return self._play_to_end(state)
        take_forced(state, chance=True)
        if state.is_terminal():
            return self._play_on(state)
        near = leads(standing(state))
        far = self._play_on(state)
        return [LEAF_WEIGHT * a + (1 - LEAF_WEIGHT) * b for a, b in zip(near, far)]

    def _play_on(self, state: Any) -> list[float]:
        """Random moves (and chance by its odds) to the horizon (module docstring); each seat's lead there."""
        round_now = state.round
        found = None  # the leads at the end of a round where the scores tell the seats apart

        def at_horizon(now: Any) -> bool:
            nonlocal round_now, found
            if now.round != round_now:
                round_now = now.round
                found = _told_apart(now)
            return found is not None

        if self.near_end:  # no round is a horizon: the playout is not asked before every step
            random_playout(state, self.random, self.playout_limit)
        else:
            ended = random_playout(state, self.random, self._horizon_limit(), at_horizon, each_round=True)
            self._count_far_playout(found is not None, ended)
        return _horizon_values(state, found)

    def _play_to_end(self, state: Any) -> list[float]:
        """Random moves (and chance by its odds) to the end or the step limit; each seat's reward."""
        random_playout(state, self.random, self.playout_limit)
        if state.is_terminal():
            return state.returns()
        return standing_rewards(state.scores())


class _PlayedIteration:
    """One iteration of a search bot as one run of the game's playout build (`SearchBot._iterate`).

    The playout build asks `before_step` before every step while the iteration is in
    the tree, and `choose` takes the option the tree chose there; once the new node is
    made (and, informed, the next real decision reached and its lead read), the rest of
    the run is the random playout `SearchBot._playout` would play from there
    (`Playout.go_on`), with the same generator and the same limit. So the steps, the
    draws and the values are those of the same iteration taken step by step through
    the state's API, without stopping at each step in the tree to go on again.
    """

    __slots__ = ("bot", "root", "node", "path", "phase", "picked", "near", "found", "below", "playout")

    DOWN, LEAF, OUT = 0, 1, 2  # in the tree; past the new node, up to a real decision (informed); random play

    def __init__(self, bot: SearchBot, root: Node) -> None:
        self.bot = bot
        self.root = self.node = root
        self.path: list[tuple[Node, int]] = []
        self.phase = self.DOWN
        self.picked = 0  # the index the tree took at the step waiting
        self.near = None  # informed: the leads at the new node's next real decision
        self.found = None  # informed: the leads at the end of a round where the scores tell the seats apart
        self.below = getattr(bot.random, "_randbelow", bot.random.randrange)  # as `random_playout` draws
        self.playout = None

    def run(self, state: Any) -> tuple[list[float], list[tuple[Node, int]]]:
        """Play the iteration on the dealt `state`: each seat's value, and the path down the tree."""
        from interpreter.playout import Playout

        bot = self.bot
        below = self.below
        self.playout = Playout(self.choose, 1 << 62, self.before_step, log=False,  # no log: nobody reads it
                               uniform=[below] * state.num_seats)
        ended = state.play_out(self.playout)
        if self.phase != self.OUT:  # the game ended in the tree or before the new node's next decision
            if not bot.informed:
                return state.returns(), self.path
            if not bot.near_end:
                bot._count_far_playout(False, True)
            return _end_values(state), self.path
        if not bot.informed:
            if state.is_terminal():
                return state.returns(), self.path
            return standing_rewards(state.scores()), self.path
        if not bot.near_end:
            bot._count_far_playout(self.found is not None, ended)
        far = _horizon_values(state, self.found)
        return [LEAF_WEIGHT * a + (1 - LEAF_WEIGHT) * b for a, b in zip(self.near, far)], self.path

    def choose(self, seat: int, count: int) -> int:
        """The playout's answer at a decision: the tree's choice, then uniformly at random."""
        if self.phase == self.OUT:
            return self.below(count) if count > 1 else 0
        return self.picked

    def before_step(self, state: Any) -> bool:
        """Asked before each step in the tree, then (to a horizon) before each new round's first: True stops."""
        if self.phase == self.OUT:  # a round has ended: the horizon when the scores tell the seats apart
            self.found = _told_apart(state)
            return self.found is not None
        bot = self.bot
        if self.phase == self.LEAF and not bot.informed:
            self._play_out_from(state)  # plain UCT: random play from the step after the new node
            return False
        if state.is_chance():
            return False  # drawn by its odds, with the deal's own generator
        if state.num_actions() == 1:
            self.picked = 0
            return False
        if self.phase == self.LEAF:  # the new node's next real decision: its lead here, then the playout
            self.near = leads(standing(state))
            self._play_out_from(state)
            return False
        mover = state.current_player()
        index, child, new = bot._select(state.action_keys(), self.node, self.root)
        self.picked = index
        self.path.append((child, mover))
        if new:
            self.phase = self.LEAF
        else:
            self.node = child
        return False

    def _play_out_from(self, state: Any) -> None:
        """Random play from the step waiting: to the end or the step limit (plain, or near the end), else to a horizon."""
        bot = self.bot
        self.phase = self.OUT
        if not bot.informed or bot.near_end:
            self.playout.go_on(state, bot.playout_limit)
        else:  # asked again before the first step of each round after this one
            self.playout.go_on(state, bot._horizon_limit(), self.before_step, each_round=True)


def _told_apart(state: Any) -> list[float] | None:
    """At a round's end: each seat's lead when the standings tell the seats apart (a horizon), else None."""
    scores = standing(state)
    if any(score != scores[0] for score in scores):
        return leads(scores)
    return None


def _horizon_values(state: Any, found: list[float] | None) -> list[float]:
    """Each seat's value where a playout to a horizon stopped: the leads `found` at a round's end,
    else at the game's end (`_end_values`), else (steps spent) the leads as the seats stand."""
    if found is not None:
        return found
    if state.is_terminal():
        return _end_values(state)
    return leads(standing(state))


def _end_values(state: Any) -> list[float]:
    """Each seat's value at the game's end: its lead, and its lead in `returns()` (a win counts beyond the points)."""
    return [lead + win for lead, win in zip(leads(standing(state)), leads(state.returns()))]


def leads(scores: list[Any]) -> list[float]:
    """Each seat's score minus the best score among the other seats (0 for a seat alone)."""
    if len(scores) < 2:
        return [0.0] * len(scores)
    ordered = sorted(scores, reverse=True)
    best, second = ordered[0], ordered[1]
    return [float(score - (second if score == best else best)) for score in scores]


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
