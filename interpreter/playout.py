"""Playing a game on without stopping at its decisions: the playout build and what drives it.

The ordinary build of a game's module (interpreter/compiler.py) stops at every
decision and chance event, as a chain of suspended generators, so that a table,
a bot or a save can look at the state there and answer when it likes. A random
game in `simulate`, or a search bot's playout, needs none of that: the answer is
known as soon as the question is. The playout build is the same module with each
wait written as a call that gives the answer (`v_s = _choose_in_playout(st, ...)`), so
no rule is a generator and play runs as plain Python from one decision to the next.

`Playout` is what that call reaches (`take_decision` and `take_chance`, through the
runtime's `_choose_in_playout`, `_draw_in_playout`, ...). It plays the state exactly as
a loop over the state API would (`apply_chance` at chance, `apply_action(choose(state))` at a
decision, stopping after `steps` steps or when `before_step` says so): the same
outcomes from the same generators, the same history, the same decisions and chance
steps counted. So a game played out reaches the same state as the same game played
step by step (tests/test_playout_build.py plays every shipped game both ways). Where
nothing can stop the playout at a step (no `before_step`, or none to ask at this step, and
steps left), a decision goes straight to `choose` and a chance event straight to the state's
generator; otherwise the step is set pending, as in the ordinary build, and `Playout.step`
takes it.

What a playout keeps of the log is the caller's to say (`Playout(..., log=False)`):
without it, the playout build works out no log line (a line's values, its text, the
"Round N" line of each round) and adds none to the state's log; the rest of the state
(board, variables, history, scores, the generator) is the same either way. So a log
line whose values would fail (a list read past its end) fails only when the log is
kept. `simulate`'s random games and the search bots' playouts keep none: nobody
reads it.

A state played out to its end is an ordinary finished state. One stopped before its
end (steps spent, or `before_step`) can be read (scores, standing, variables, zones,
the pending decision's options) but not played on, saved, or asked for its options'
labels (they may name the waiting rule's locals): the calls that would go on from
there are gone. Such a state says so (`State.apply_action` and `to_json` raise
`IllegalAction`).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from interpreter.limits import CHECK_EVERY
from interpreter.values import Blind, GameRuleError, IllegalAction

CHOICE, CHANCE = 1, 2
# `random.Random._randbelow` in CPython, whose steps `take_decision` takes itself (`Playout.bits`).
_RANDBELOW = getattr(random.Random, "_randbelow_with_getrandbits", None)


class Stopped(BaseException):
    """The playout stops before the game's end. A BaseException, so that no handler of the rules' errors takes it."""


class CallerFailed(BaseException):
    """The caller's `before_step` or `choose` failed, not the rules: `State.play_out` raises its
    error as it is, not as a failure of the rule that was running. A BaseException, so that no
    handler of the rules' errors takes it (a rules error the hook met, such as a `progress`
    line that fails, stays the rules')."""

    def __init__(self, error: Exception):
        super().__init__(error)
        self.error = error


def _callers(call: Callable, *arguments) -> Any:
    """`call(*arguments)` for a hook of the caller: its failure is the caller's (`CallerFailed`)."""
    try:
        return call(*arguments)
    except GameRuleError:
        raise
    except Exception as error:
        raise CallerFailed(error) from None


class Playout:
    """Takes the decisions and chance outcomes of one state played on without stopping.

    Args:
        choose: for a decision, `choose(seat, count)` gives the index of the action to take,
            0 to count - 1, for the seat to move; `RandomBot.choose_among` will do for a seat's
            random bot. It is given all it may use: the state is in the middle of its rules
            then (with `before_step`, the decision is set pending first, as `before_step` may
            read it; without, it is asked at once: see `take_decision`).
        steps: decisions and chance steps to take at most.
        before_step: when given, called with the state before each step; a true answer
            stops the playout there (the step is not taken).
        log: whether the rules' log lines are worked out and added to the state's log
            (False: the log stays as it was when the playout began).
        each_round: `before_step` is asked only before a step in another round than the
            one it was last asked in (at first: the round the playout began in), for a
            `before_step` that looks only at where a round ends. The steps between go as
            without one (the same state at every step, without a call more per step).
        uniform: for seats that choose uniformly at random, per seat (by index) the draw of
            a whole number from 0 to count - 1, `Random._randbelow` or `randrange`, which
            `choose` would make: a decision of more than one action calls it straight, one
            of a single action takes it without a draw, and neither calls `choose` (one
            Python call less per decision). `choose` must then answer as `uniform` draws.
            Where every seat's draw is a `random.Random`'s own `_randbelow` (CPython's
            `_randbelow_with_getrandbits`), its steps are taken here from the generator's
            `getrandbits` (`bits`): the same bits drawn, one Python call less again.
    """

    __slots__ = ("choose", "steps_left", "before_step", "decisions", "chance_steps", "taken", "stopped", "steps",
                 "log", "each_round", "asked_round", "uniform", "bits")

    def __init__(self, choose: Callable[[int, int], int], steps: int,
                 before_step: Callable[[Any], Any] | None = None, log: bool = True, each_round: bool = False,
                 uniform: Sequence[Callable[[int], int]] | None = None):
        self.choose = choose
        self.uniform = uniform
        self.bits = None  # per seat, the `getrandbits` that `uniform`'s draw would call
        if uniform is not None and _RANDBELOW is not None and all(
                getattr(draw, "__func__", None) is _RANDBELOW for draw in uniform):
            self.bits = [draw.__self__.getrandbits for draw in uniform]
        self.each_round = each_round
        self.asked_round = None  # each_round: the round `before_step` was last asked in (`State.play_out` sets it)
        self.log = log
        self.steps = steps
        self.steps_left = steps
        self.before_step = before_step
        self.decisions = 0  # decisions taken from which the rules went on without failing
        self.chance_steps = 0  # the same for chance steps
        self.taken = 0  # the kind of the step taken last (CHOICE, CHANCE, or 0)
        self.stopped = False  # stopped before the end: by `steps` or `before_step`

    def go_on(self, st, steps: int, before_step: Callable[[Any], Any] | None = None, each_round: bool = False) -> None:
        """Called by `before_step`: from the step it was asked before, play as a new `Playout`
        begun there with these arguments would (the same `choose`, `uniform` and log).

        At most `steps` steps, counting the one waiting; `before_step` is not asked before
        that one (with `each_round`, not before a step of its round, as when a playout
        begins). For a caller that sees where the playout has got to before it knows how the
        rest is played: a search bot steers the first steps down its tree, then hands
        the game over to random play to its horizon.
        """
        self.steps_left = steps
        self.before_step = before_step
        self.each_round = each_round
        self.asked_round = st.round

    def uncount_failed(self) -> None:
        """The rules failed going on from the last step: it does not count (as `play_to_end` counts)."""
        if self.taken == CHOICE:
            self.decisions -= 1
        elif self.taken == CHANCE:
            self.chance_steps -= 1
        self.taken = 0

    def step(self, st) -> Any:
        """The pending decision or chance outcome, taken: the value the rules go on with.

        What `State.apply_action` does up to where it would go on with the rules, written
        out here, as every step of every playout comes here.

        Raises:
            Stopped: when the steps are spent or `before_step` asks to stop.
        """
        while True:
            if self.steps_left <= 0:
                raise Stopped()
            if self.before_step is not None and (not self.each_round or st.round != self.asked_round):
                self.asked_round = st.round
                if _callers(self.before_step, st):
                    raise Stopped()
            self.steps_left -= 1
            pending = st.pending
            if pending[0] == "choice":
                values = pending[3]
                count = len(values) + st.program.skips[pending[1]]
                index = _callers(self.choose, pending[2], count)
                if index.__class__ is not int or not 0 <= index < count:
                    self.taken = 0  # the step before went on well: it counts
                    raise _no_such_action(index, count)
                value = values[index] if index < len(values) else None
                self.decisions += 1
                self.taken = CHOICE
            else:
                weights = pending[3]
                pick = st._random_below(sum(weights))  # as `State.apply_chance` draws
                for index, weight in enumerate(weights):
                    if pick < weight:
                        break
                    pick -= weight
                value = pending[2][index]
                self.chance_steps += 1
                self.taken = CHANCE
            st.history.append(index)
            st.pending = None
            if value.__class__ is Blind:
                value = _face_down_taken(st, pending[1], value)
                if value is WAITING:
                    continue
            st.budget = CHECK_EVERY
            st.answer = value
            return value


def _no_such_action(index: Any, count: int) -> IllegalAction:
    return IllegalAction(f"there is no action {index!r}: choose from 0 to {count - 1}")


def take_decision(st, site: int, seat: int, values: list, optional: bool) -> Any:
    """A decision of the playout build (`_choose_in_playout`): the value the rules go on with.

    Where nothing asks the playout to stop here (no `before_step` to ask, steps left), the
    playout's `choose` is asked at once, without the decision set pending first, and what
    `Playout.step` would leave is left: the index in the history, the decision counted,
    the rules' loop budget renewed, the value as the state's answer. Else the decision is
    set pending, as the ordinary build sets it, and `Playout.step` takes it.
    """
    playout = st.playout
    if playout.steps_left > 0 and (playout.before_step is None
                                   or playout.each_round and st.round == playout.asked_round):
        playout.steps_left -= 1
        count = len(values) + optional
        bits = playout.bits  # set only with `uniform`: a draw below count, sure to be an action
        if bits is not None:
            if count < 2:
                index = 0
            else:  # `Random._randbelow_with_getrandbits(count)`, written out
                getrandbits = bits[seat]
                width = count.bit_length()
                index = getrandbits(width)
                while index >= count:
                    index = getrandbits(width)
        elif playout.uniform is not None:
            index = 0 if count < 2 else _callers(playout.uniform[seat], count)
        else:
            index = _callers(playout.choose, seat, count)
            if index.__class__ is not int or not 0 <= index < count:
                st.pending = ["choice", site, seat, values]  # where `Playout.step` stops with the same error
                playout.taken = 0  # the step before went on well: it counts
                raise _no_such_action(index, count)
        st.history.append(index)
        playout.decisions += 1
        playout.taken = CHOICE
        value = values[index] if index < len(values) else None
        if value.__class__ is Blind:
            value = _face_down_taken(st, site, value)
            if value is WAITING:  # chance picks among the pile's kinds: a step of its own
                return playout.step(st)
        st.budget = CHECK_EVERY
        st.answer = value
        return value
    st.pending = ["choice", site, seat, values]
    return playout.step(st)


def take_chance(st, site: int, outcomes: list, weights: list) -> Any:
    """A chance event of the playout build with more than one outcome (draws, rolls): the outcome taken.

    As `take_decision`: drawn at once, as `State.apply_chance` draws, where nothing asks
    the playout to stop here; else set pending and taken by `Playout.step`.
    """
    playout = st.playout
    if playout.steps_left > 0 and (playout.before_step is None
                                   or playout.each_round and st.round == playout.asked_round):
        playout.steps_left -= 1
        pick = st._random_below(sum(weights))
        for index, weight in enumerate(weights):
            if pick < weight:
                break
            pick -= weight
        st.history.append(index)
        playout.chance_steps += 1
        playout.taken = CHANCE
        value = outcomes[index]
        st.budget = CHECK_EVERY
        st.answer = value
        return value
    st.pending = ["chance", site, outcomes, weights]
    return playout.step(st)


WAITING = object()  # `_face_down_taken`: chance now picks the piece of a face-down pile


def _face_down_taken(st, site: int, pile: Blind) -> Any:
    """A face-down pile was chosen at choice `site`: its piece when they all look alike, else WAITING with chance pending."""
    groups: dict = {}
    for piece_id in pile.pieces:
        piece = st.pieces[piece_id]
        groups.setdefault(st.piece_key(piece), []).append(piece)
    if len(groups) > 1:
        st.pending = ["chance", st.program.choices[site].blind_chance,
                      [g[0] for g in groups.values()], [len(g) for g in groups.values()]]
        return WAITING
    return next(iter(groups.values()))[0]
