"""Play one game by bots, from its seed, to its end or its step limit, and write down how it went.

pirdsl/simulate.py plays many such games, in this process or spread over worker
processes; pirdsl/cluster.py plays them on a Ray cluster. Both play each game
here, with the same seeds, so every figure is the same wherever it was played.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from interpreter import GameRuleError
from interpreter.playout import Playout
from pirdsl.balance import AUTOMA, sole_leader
from pirdsl.bots import make_bot, parse_bot_spec, seat_seed

DEFAULT_STEP_LIMIT = 100_000
# AUTOMA ("automa", from pirdsl/balance.py) is the seat_bots entry of a seat the rules play themselves.


@dataclass
class StepCounts:
    """What `play_to_end` applied so far: the seats' decisions and the chance steps, counted apart."""

    decisions: int = 0
    chance_steps: int = 0


def play_to_end(
    state: Any,
    bots: Sequence[Any],
    step_limit: int = DEFAULT_STEP_LIMIT,
    counts: StepCounts | None = None,
    on_round: Callable[[Any], None] | None = None,
    keep_log: bool = False,
) -> bool:
    """Play `state` in place with one bot per seat; True when it ended, False at the step limit.

    Chance nodes are resolved with the state's own seeded `apply_chance()`.
    A `GameRuleError` from the rules is left to the caller. When every seat's bot plays
    out (the random bot), the game goes on in the playout build, which adds no lines to
    the state's log (interpreter/playout.py); everything else is as step by step.

    Args:
        state: the game to play on.
        bots: one bot per seat (`bots[seat].choose_action(state)`).
        step_limit: decisions and chance steps after which to give up.
        counts: when given, counts each decision and chance step as it is applied,
            so that it still holds how far the game got when the rules fail.
        on_round: when given, called with the state whenever a new round has begun
            (and once at the end), before anything else happens in it.
        keep_log: in the playout build, work out the rules' log lines as ordinary play does
            (a line whose values fail then fails the game, as in play)
    """
    if counts is None:
        counts = StepCounts()
    if hasattr(state, "play_out") and all(getattr(bot, "plays_out", False) for bot in bots):
        return _played_out(state, bots, step_limit, counts, on_round, keep_log)
    is_terminal, is_chance, current_player = state.is_terminal, state.is_chance, state.current_player
    apply_action, apply_chance = state.apply_action, state.apply_chance
    choosers = [bot.choose_action for bot in bots]
    last_round = state.round
    for _ in range(step_limit):
        if on_round is not None and state.round != last_round:
            last_round = state.round
            on_round(state)
        if is_terminal():
            return True
        if is_chance():
            apply_chance()
            counts.chance_steps += 1
            continue
        apply_action(choosers[current_player()](state))
        counts.decisions += 1
    return is_terminal()


def _played_out(state: Any, bots: Sequence[Any], step_limit: int, counts: StepCounts,
                on_round: Callable[[Any], None] | None, keep_log: bool = False) -> bool:
    """`play_to_end` with the game's playout build (interpreter/playout.py): the same game, the same counts.

    For bots whose choice needs nothing but the number of actions (`plays_out`, with
    `choose_among(count)`: the random bot), so the rules need not stop for them.
    """
    draws = None
    if all(hasattr(bot, "playout_chooser") for bot in bots):  # random bots: a draw below count, at once
        draws = [bot.playout_chooser() for bot in bots]

        def choose(seat: int, count: int) -> int:
            return draws[seat](count) if count > 1 else 0  # one action: the generator is not asked
    else:
        choosers = [bot.choose_among for bot in bots]

        def choose(seat: int, count: int) -> int:
            return choosers[seat](count)

    last_round = state.round

    def before_step(now: Any) -> None:
        nonlocal last_round
        if now.round != last_round:
            last_round = now.round
            on_round(now)

    # Nobody reads the log of a game played to its end here: its lines are not worked out
    # unless the caller asks (simulate does for some games, so that a failing line still shows).
    playout = Playout(choose, step_limit, before_step if on_round is not None else None, log=keep_log,
                      each_round=True, uniform=draws)
    try:
        finished = state.play_out(playout)
    finally:
        counts.decisions += playout.decisions
        counts.chance_steps += playout.chance_steps
    if finished and on_round is not None and playout.steps_left > 0 and state.round != last_round:
        on_round(state)  # as `play_to_end` looks once more at the end, when it had a step left
    return finished


def assign_seat_bots(state: Any, bot: str, seat_bots: Sequence[str] | None = None) -> list[str]:
    """Which bot plays each seat: "random", "greedy", or "automa" for a seat the rules play.

    Args:
        state: a state of the game, for its seats.
        bot: the bot for every player seat not given in `seat_bots`.
        seat_bots: bots for the player (non-automa) seats in order; may be shorter.

    Raises:
        ValueError: for an unknown bot kind, or more bots than player seats.
    """
    requested = list(seat_bots or [])
    for kind in [bot, *requested]:
        parse_bot_spec(kind)
    player_seats = [seat for seat in range(state.num_seats) if not state.is_automa(seat)]
    if len(requested) > len(player_seats):
        raise ValueError(f"{len(requested)} bots given for {len(player_seats)} player seats")
    kinds = [AUTOMA] * state.num_seats
    for position, seat in enumerate(player_seats):
        kinds[seat] = requested[position] if position < len(requested) else bot
    return kinds


@dataclass(frozen=True)
class PlaySettings:
    """How every game of a run is played: plain data, the same in every worker process.

    Args:
        players: number of players (automa seats come on top, as the rules say).
        variants: variant names to switch on.
        bot: "random" or "greedy", for every player seat not given in `seat_bots`.
        seat_bots: bots for the player seats in order (see `assign_seat_bots`).
        step_limit: decisions and chance steps after which a game counts as unfinished.
        rotate: game i moves the player seats' bots i places on (see `rotated_bots`), so
            that every bot plays every seat equally often and seat order and bot separate.
        leaders: note the sole leader on score after each round (`GameResult.leaders`), which
            only the balance figures use; without it a game's `leaders` is None.
        params: the game's parameters as (name, value) pairs (a worker loads the rules with
            the defaults, and sets these).
    """

    players: int
    variants: tuple[str, ...] = ()
    bot: str = "random"
    seat_bots: tuple[str, ...] | None = None
    step_limit: int = DEFAULT_STEP_LIMIT
    rotate: bool = False
    leaders: bool = True
    params: tuple[tuple[str, int], ...] = ()


@dataclass
class GameResult:
    """What one game leaves behind: its record (see `game_record`), and its seats' names and bots.

    Plain data, so that a worker process can send it back. The seats are empty for a
    game whose rules failed before it could start.
    """

    record: dict[str, Any]
    seat_names: list[str]
    seat_bots: list[str]
    # [round, leader] after each round that ended: the sole leader on score then (None: a tie)
    leaders: list[list[Any]] | None = None


# How often a game of `play_game` keeps its log in the playout build (game 0, then every this many).
LOG_KEPT_EVERY = 8


def play_game(game: Any, settings: PlaySettings, game_number: int, game_seed: int,
              watcher: Any = None) -> GameResult:
    """Play game number `game_number` (from 0) with seed `game_seed`; a rules failure is recorded, not raised.

    A `watcher` (pirdsl/analyze/) sees the game as it is played: `watcher.start(state, bots, kinds)`
    is given the state just made, its bots and each seat's bot spec, and returns the bots to play
    with; `watcher.stop(state)` is called once the game is over, however it ended.

    Raises:
        ValueError: from `game.new_state` for a bad player count or variant, or
            from `assign_seat_bots` for bad bots.
    """
    if settings.params:
        game = game.with_params(dict(settings.params))
    counts = StepCounts()
    state = None
    seat_names: list[str] = []
    kinds: list[str] = []
    leaders: list[list[Any]] = []
    try:
        state = game.new_state(players=settings.players, seed=game_seed, variants=list(settings.variants))
        seat_names = list(state.seat_names)
        automa = tuple(map(state.is_automa, range(state.num_seats)))
        kinds = list(_seat_bots(settings.bot, settings.seat_bots, automa))
        if settings.rotate:
            kinds = rotated_bots(kinds, game_number)
        # An automa seat is never asked; it gets a bot all the same, as it always has, so
        # that every seat's bot and seed stay what they were before seat_bots existed.
        bots = [
            make_bot(settings.bot if kinds[seat] == AUTOMA else kinds[seat], seat_seed(game_seed, seat))
            for seat in range(state.num_seats)
        ]
        on_round = (lambda now: note_leader(now, leaders)) if settings.leaders else None
        # One game in LOG_KEPT_EVERY works out its log lines as play does, so that a line
        # whose values fail still fails a run of simulate (the others skip that work).
        keep_log = game_number % LOG_KEPT_EVERY == 0
        if watcher is None:
            finished = play_to_end(state, bots, settings.step_limit, counts, on_round=on_round, keep_log=keep_log)
        else:
            try:
                finished = play_to_end(state, watcher.start(state, bots, kinds), settings.step_limit, counts,
                                       on_round=on_round, keep_log=keep_log)
            finally:
                watcher.stop(state)
        if finished:
            scores, winners, returns = state.outcome()
    except GameRuleError as error:
        record = game_record(game_number, game_seed, state, counts, error=str(error))
    else:
        if finished:
            record = game_record(game_number, game_seed, state, counts, scores, winners, returns)
        else:
            record = game_record(
                game_number, game_seed, state, counts, scores_so_far(state), [], [0.0] * state.num_seats,
                unfinished=True,
            )
    if settings.rotate:
        record["bots"] = list(kinds)
    return GameResult(record, seat_names, kinds, leaders if settings.leaders else None)


def rotated_bots(kinds: Sequence[str], game_number: int) -> list[str]:
    """The player seats' bots moved `game_number` places on (seat i gets the bot of seat i - n); automa stay."""
    player_seats = [seat for seat, kind in enumerate(kinds) if kind != AUTOMA]
    if not player_seats:
        return list(kinds)
    shift = game_number % len(player_seats)
    bots = [kinds[seat] for seat in player_seats]
    moved = list(kinds)
    for position, seat in enumerate(player_seats):
        moved[seat] = bots[(position - shift) % len(bots)]
    return moved


def note_leader(state: Any, leaders: list[list[Any]]) -> None:
    """A new round began: add [the round that ended, its sole leader on score] (None for a tie or no scores)."""
    if state.round - 1 < 1:
        return  # the end of setup (round 0): nobody has played yet
    try:
        leader = sole_leader(state.scores())
    except GameRuleError:
        leader = None
    leaders.append([state.round - 1, leader])


@functools.lru_cache(maxsize=64)
def _seat_bots(bot: str, seat_bots: tuple[str, ...] | None, automa: tuple[bool, ...]) -> list[str]:
    """`assign_seat_bots` for every game of a run: the seats are the same from one game to the next.

    Keyed by the settings it reads, not by the settings themselves: a dataclass's hash is worked out
    in Python at every game."""

    class Seats:  # what assign_seat_bots asks of a state
        num_seats = len(automa)
        is_automa = automa.__getitem__

    return assign_seat_bots(Seats, bot, seat_bots)


def scores_so_far(state: Any) -> list[float] | None:
    """The scores of a game stopped before its end, or None when the rules cannot work them out."""
    try:
        return state.scores()
    except GameRuleError:
        return None


def game_record(
    game_number: int,
    game_seed: int,
    state: Any,
    counts: StepCounts,
    scores: Sequence[float] | None = None,
    winners: Sequence[int] | None = None,
    returns: Sequence[float] | None = None,
    *,
    error: str | None = None,
    unfinished: bool = False,
) -> dict[str, Any]:
    """One game's line for `pirdsl simulate --records`.

    Keys: `game` (1 for the first), `seed`, `scores`, `winners` (seat indexes),
    `returns`, `rounds`, `length` (decisions the seats' bots took) and
    `chance_steps` (chance outcomes applied); `unfinished: true` for a game
    stopped at the step limit (scores as they stood, or None when the rules
    could not work them out; no winners; returns all 0);
    `error` (the message) for a game whose rules failed, with `scores`,
    `winners` and `returns` None and the rest as far as the game got.
    """
    record: dict[str, Any] = {
        "game": game_number + 1,
        "seed": game_seed,
        "scores": None if scores is None else list(scores),
        "winners": None if winners is None else list(winners),
        "returns": None if returns is None else list(returns),
        "rounds": None if state is None else state.round,
        "length": counts.decisions,
        "chance_steps": counts.chance_steps,
    }
    if unfinished:
        record["unfinished"] = True
    if error is not None:
        record["error"] = error
    return record
