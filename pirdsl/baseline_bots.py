"""The baseline computer players, random and greedy, and the measures of a position every bot shares.

They are built only on the engine's public API (docs/engine-api.md) and serve
simulation and filling seats in terminal play: random, and greedy, which takes
the move that leaves it best placed one step on (looking a little further, to
the end of the round, when no score moves at once). Neither looks at anything
its seat may not see; `GreedyBot`'s docstring says exactly what it uses. The
search bots of pirdsl/mcts.py build on `standing` and `take_forced` here, and
take the greedy bot's choice as their prior; pirdsl/bots.py makes any bot from
its spec.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from interpreter import GameRuleError

GREEDY_SAMPLES = 4  # fair deals per greedy decision, at most
GREEDY_WORK = 16  # look-aheads per greedy decision that the deals are cut down to (at least one per action)
GREEDY_SHORTLIST = 4  # tied actions that get the look further (a sample of them when more tie)
HORIZON = 40  # steps (decisions and chance) of one look further, at most (it stops at the end of the round)
FURTHER_STEPS = 240  # steps of all the looks further of one decision, at most
END_WEIGHT = 1e6  # a game won or lost counts above any lead on score
TIE = 1e-9  # values this close are equal (means of the same figures added in another order)


class RandomBot:
    """Picks uniformly among the legal actions.

    Args:
        seed: seed of the bot's own random generator.
    """

    kind = "random"
    # Its choice needs nothing but the state at the decision: games it plays alone may be played
    # out without stopping (pirdsl/playing.py, interpreter/playout.py).
    plays_out = True

    def __init__(self, seed: int | str = 0) -> None:
        self.random = random.Random(seed)

    def reseed(self, seed: int | str) -> None:
        """Seed the bot's generator anew, as a new bot made with `seed` has it."""
        self.random.seed(seed)

    def choose_action(self, state: Any) -> int:
        """A uniformly random legal action's index.

        Action indexes run from 0 to num_actions() - 1, so this draws exactly what
        `random.choice(state.legal_actions())` would, without building the actions.
        """
        return self.choose_among(state.num_actions())

    def choose_among(self, count: int) -> int:
        """`choose_action` for a decision among `count` actions (what a playout asks, interpreter/playout.py)."""
        if count == 1:
            return 0  # no choice to make: keep the generator untouched, as if it was never asked
        return self.random.randrange(count)

    def playout_chooser(self):
        """`choose_among` for a playout, in fewer calls: the same draw from the same generator.

        For a whole number above 0, `Random.randrange(count)` is `Random._randbelow(count)`,
        the same bits taken (tests/test_playout_build.py compares the records both ways); the
        one-action case is left to the caller (see `choose_among`). `_randbelow` is CPython's
        own name: where a Python has none, `randrange` itself is used.
        """
        return getattr(self.random, "_randbelow", self.random.randrange)


class GreedyBot:
    """Takes the action that most improves its lead right away, looking one step ahead fairly.

    For each legal action it plays the action on a fair deal of the table (below)
    and lets the game go on to the next point where anyone must decide, taking
    decisions with a single option and chance by its odds on the way; the value of
    the action is its seat's lead there: its score minus the best score among the
    other seats, or its `progress` where the rules file has that line (`standing`;
    a game that ends there counts as won, lost or drawn first, then by lead). When no action moves the scores at once, which in many games is most
    turns, the tie is broken by a short look further: from the same point the game
    is played on at random to the end of the round (at most `HORIZON` steps, and
    `FURTHER_STEPS` for all the actions together), and the lead there is
    averaged. Remaining ties are broken with the bot's own generator. So it is
    still a one-step player: it plans nothing beyond its own move, and the look
    further only asks where its move tends to leave it (in games where what a
    choice does lands only once every seat has chosen).

    Fairness: every look ahead starts from a deal of the hidden information
    made afresh from the seat's point of view (`State.resample_hidden` with the
    seat's `SeatMemory`, as the search bots of pirdsl/mcts.py do), with its own
    chance generator; it never looks ahead on the real table, so what it does
    not see (other seats' hands, the order of a deck, the real dice to come)
    cannot steer it. The same deals and the same random continuations serve
    every action (common random numbers), so actions are compared on equal
    terms. An engine without that fair deal (`resample_hidden`) gets the plain
    lookahead: forced decisions only, stopping at the first chance event.

    Work per decision is bounded: `samples` deals when there are few actions,
    fewer when there are many (about `work` look-aheads in all, at least one per
    action), and the look further only for the best `shortlist` actions.

    Args:
        seed: seed of the bot's own random generator.
        samples: deals per decision (at most).
        work: look-aheads per decision the samples are cut down to fit.
        shortlist: how many of the best actions get the look further.
    """

    kind = "greedy"

    def __init__(self, seed: int | str = 0, samples: int = GREEDY_SAMPLES, work: int = GREEDY_WORK,
                 shortlist: int = GREEDY_SHORTLIST) -> None:
        self.random = random.Random(seed)
        self.samples = samples
        self.work = work
        self.shortlist = shortlist
        self.memories: dict[int, Any] = {}

    def reseed(self, seed: int | str) -> None:
        """Seed the bot's generator anew, as a new bot made with `seed` has it (what it remembers of
        the game stays: that follows from the game's history alone)."""
        self.random.seed(seed)

    def choose_action(self, state: Any) -> int:
        """The index of the action with the best lead after it (ties: the look further, then at random)."""
        if not hasattr(state, "resample_hidden"):
            return self._plain_choice(state)
        count = state.num_actions()
        if count == 1:
            return 0
        seat = state.current_player()
        known = self._memory(seat).update(state)
        samples = max(1, min(self.samples, self.work // count))
        deals = []
        for _ in range(samples):
            deal = state.clone()
            deal.resample_hidden(seat, self.random, known)
            deals.append((deal, self.random.getrandbits(64)))
        # One step: each action on each deal, to the next decision (chance by its odds).
        reached: list[list[tuple[int, Any]]] = [[] for _ in range(count)]  # (deal, state reached)
        for number, (deal, chance_seed) in enumerate(deals):
            for index in range(count):
                trial = deal.clone()
                trial.rng = chance_seed
                try:
                    trial.apply_action(index)
                    take_forced(trial, chance=True)
                except GameRuleError:
                    continue  # a deal the rules cannot go on from teaches nothing
                reached[index].append((number, trial))
        values = [mean_value([trial for _, trial in trials], seat) for trials in reached]
        candidates = best_of(values)
        if not candidates:
            return self.random.randrange(count)
        if len(candidates) == 1:
            return candidates[0]
        # A tie: look further, to the end of the round, on the same deals and the same random moves.
        if len(candidates) > self.shortlist:
            candidates = sorted(self.random.sample(candidates, self.shortlist))
        playout_seeds = [self.random.getrandbits(64) for _ in deals]
        steps = max(1, min(HORIZON, FURTHER_STEPS // (len(candidates) * len(deals))))
        further: list[float | None] = [None] * count
        for index in candidates:
            further[index] = self._look_further(reached[index], playout_seeds, seat, steps)
        return self.random.choice(best_of(further))

    def _look_further(self, trials: list[tuple[int, Any]], seeds: list[int], seat: int, steps: int) -> float | None:
        """The mean value after random play from each trial to the end of its round (at most `steps` steps).

        Trials made on the same deal continue with the same seed, so every action meets the same luck.
        """
        total, counted = 0.0, 0
        for number, trial in trials:
            seed = seeds[number]
            state = trial.clone()
            state.rng = seed
            round_now = state.round
            try:
                random_playout(state, random.Random(seed), steps, lambda now: now.round != round_now)
            except GameRuleError:
                continue
            total += position_value(state, seat)
            counted += 1
        return total / counted if counted else None

    def _plain_choice(self, state: Any) -> int:
        """For an engine without a fair deal: forced decisions only, no chance, hidden results unknown."""
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

    def _memory(self, seat: int) -> Any:
        from interpreter.knowledge import SeatMemory

        memory = self.memories.get(seat)
        if memory is None:
            memory = self.memories[seat] = SeatMemory(seat)
        return memory


def random_playout(state: Any, rng: random.Random, steps: int, stop: Any = None, each_round: bool = False) -> bool:
    """Random play on `state`: at most `steps` steps, chance by its odds, each decision drawn with `rng`.

    Stops early at the end of the game, or before a step where `stop(state)` answers true;
    True when the game ended. With `each_round`, `stop` looks only at where a round ends
    (it answers false within the round it was last asked in, or the playout began in), and
    the playout build asks it only before the first step of each round. With the engine's playout build (`State.play_out`,
    interpreter/playout.py) the rules never stop for the random choices; the game is the
    same as step by step (but for the log, to which it adds no lines), but a state stopped
    before its end can only be read, not played on.
    """
    below = getattr(rng, "_randbelow", rng.randrange)  # randrange's own draw, one call fewer (`RandomBot.playout_chooser`)

    def choose(seat: int, count: int) -> int:
        return below(count) if count > 1 else 0

    if hasattr(state, "play_out"):
        from interpreter.playout import Playout

        return state.play_out(Playout(choose, steps, stop, log=False, each_round=each_round,  # no log: nobody reads it
                                      uniform=[below] * state.num_seats))
    for _ in range(steps):
        if state.is_terminal():
            return True
        if stop is not None and stop(state):
            return False
        if state.is_chance():
            state.apply_chance()
        else:
            state.apply_action(choose(state.current_player(), state.num_actions()))
    return state.is_terminal()


def mean_value(trials: list[Any], seat: int) -> float | None:
    """The mean `position_value` over the trials; None when there are none."""
    if not trials:
        return None
    return sum(position_value(trial, seat) for trial in trials) / len(trials)


def standing(state: Any) -> list:
    """Each seat's standing as a bot judges it: the game's `progress` line where it has one, else its scores.

    A rules file may say how well a player is doing before the end in a way its score
    does not (`progress p: ...`, docs/language.md): goods on their way to where they
    count, when only goods delivered score. It may read what a seat cannot see, so bots read it only on
    their own fair deals of the table, never on the real one.
    """
    progress = getattr(state, "progress", None)
    return progress() if progress is not None else state.scores()


def position_value(state: Any, seat: int) -> float:
    """How well `seat` stands: its lead in `standing`, and above any lead, a game won (+) or lost (-) there."""
    lead = lead_over_others(standing(state), seat)
    if not state.is_terminal():
        return lead
    return END_WEIGHT * lead_over_others(state.returns(), seat) + lead


def best_of(values: list[float | None]) -> list[int]:
    """The indexes of the greatest values (None counts as no value)."""
    known = [value for value in values if value is not None]
    if not known:
        return []
    best = max(known)
    return [index for index, value in enumerate(values) if value is not None and value >= best - TIE]


def take_forced(state: Any, chance: bool = False) -> None:
    """Take every decision that has only one option, as the table does, up to a real choice.

    Such a decision is no choice at all (the engine offers it so that counts such as
    perft see it), so the lookahead goes through it as if the rules had taken it.
    With `chance`, chance events are resolved too (by the state's own generator:
    only ever on a fair deal, never on the real table).
    """
    while not state.is_terminal():
        if state.is_chance():
            if not chance:
                return
            state.apply_chance()
        elif state.num_actions() == 1:
            state.apply_action(0)
        else:
            return


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
