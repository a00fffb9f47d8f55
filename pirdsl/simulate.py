"""Play many bot-only games of one rules file and summarise the outcomes: wins, draws, losses, scores.

Used by `pirdsl simulate` and meant for benchmarks too. Game number `i` (from 0)
is played with seed `seed + i`, and each seat's bot is seeded from that game
seed and the seat, so the same arguments always give the same figures (all but
the timing ones).

Outcomes are counted per seat from `state.winners()`: a sole win when the seat
is the only winner, a shared win when it is one of several (the game is then a
draw, even when every seat shares it), a loss otherwise. The win rate is sole
wins over completed games, with a 95% Wilson score interval.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from interpreter import GameRuleError
from pirdsl.bots import BOT_KINDS, make_bot, seat_seed

DEFAULT_STEP_LIMIT = 100_000
AUTOMA = "automa"  # the seat_bots entry of a seat the rules play themselves
WILSON_Z = 1.959963984540054  # statistics.NormalDist().inv_cdf(0.975): a two-sided 95% interval


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
) -> bool:
    """Play `state` in place with one bot per seat; True when it ended, False at the step limit.

    Chance nodes are resolved with the state's own seeded `apply_chance()`.
    A `GameRuleError` from the rules is left to the caller.

    Args:
        state: the game to play on.
        bots: one bot per seat (`bots[seat].choose_action(state)`).
        step_limit: decisions and chance steps after which to give up.
        counts: when given, counts each decision and chance step as it is applied,
            so that it still holds how far the game got when the rules fail.
    """
    if counts is None:
        counts = StepCounts()
    for _ in range(step_limit):
        if state.is_terminal():
            return True
        if state.is_chance():
            state.apply_chance()
            counts.chance_steps += 1
            continue
        seat = state.current_player()
        state.apply_action(bots[seat].choose_action(state))
        counts.decisions += 1
    return state.is_terminal()


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
        if kind not in BOT_KINDS:
            raise ValueError(f"unknown bot '{kind}' (choose from {', '.join(BOT_KINDS)})")
    player_seats = [seat for seat in range(state.num_seats) if not state.is_automa(seat)]
    if len(requested) > len(player_seats):
        raise ValueError(f"{len(requested)} bots given for {len(player_seats)} player seats")
    kinds = [AUTOMA] * state.num_seats
    for position, seat in enumerate(player_seats):
        kinds[seat] = requested[position] if position < len(requested) else bot
    return kinds


def wilson_interval(successes: int, trials: int, z: float = WILSON_Z) -> list[float] | None:
    """The Wilson score interval [low, high] for a proportion (95% by default); None without trials."""
    if trials == 0:
        return None
    rate = successes / trials
    spread = z * z / trials
    centre = (rate + spread / 2) / (1 + spread)
    half_width = z / (1 + spread) * math.sqrt(rate * (1 - rate) / trials + spread / (4 * trials))
    return [max(0.0, centre - half_width), min(1.0, centre + half_width)]


def simulate(
    game: Any,
    players: int,
    games: int,
    seed: int = 0,
    variants: Sequence[str] = (),
    bot: str = "random",
    *,
    seat_bots: Sequence[str] | None = None,
    step_limit: int = DEFAULT_STEP_LIMIT,
    on_game_done: Callable[[int], None] | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play `games` bot games and return the figures as a JSON-ready dict.

    Args:
        game: a loaded game (`interpreter.load_game`).
        players: number of players (automa seats come on top, as the rules say).
        games: how many games to play.
        seed: seed of the first game; game i uses `seed + i`.
        variants: variant names to switch on.
        bot: "random" or "greedy", for every player seat not given in `seat_bots`.
        seat_bots: bots for the player seats in order (see `assign_seat_bots`).
        step_limit: decisions and chance steps after which a game counts as unfinished.
        on_game_done: called with the number of games played so far, after each game.
        on_record: called after each game with its record (see `game_record`).

    Returns:
        A dict with `games`, `completed`, `errors`, `unfinished`, `wins` (per seat;
        a shared win counts for each winner), `mean_score` (per seat, over completed
        games, None when none completed), `mean_rounds`, `games_per_second`,
        `seconds`, `seats` (names), `first_error` (message or None), the arguments
        `players`, `seed`, `variants`, `bot`; and the outcomes: per seat
        `sole_wins`, `shared_wins`, `losses`, `win_rate` (sole wins / completed),
        `win_rate_interval` ([low, high], 95% Wilson), `score_sd` (sample standard
        deviation), `mean_returns` (mean of `state.returns()`) and `seat_bots`; and
        the game counts `draws` (completed games won by more than one seat) and
        `no_winner` (completed games nobody won). Per-seat figures that need a
        completed game (two for `score_sd`) are None without one.

    Raises:
        ValueError: from `game.new_state` for a bad player count or variant, or
            from `assign_seat_bots` for bad bots.
    """
    started = time.perf_counter()
    seat_names: list[str] = []
    kinds: list[str] = []
    wins: list[int] = []
    sole_wins: list[int] = []
    shared_wins: list[int] = []
    returns_totals: list[float] = []
    seat_scores: list[list[float]] = []
    rounds_total = 0
    completed = errors = unfinished = draws = no_winner = 0
    first_error: str | None = None

    for game_number in range(games):
        game_seed = seed + game_number
        counts = StepCounts()
        state = None
        try:
            state = game.new_state(players=players, seed=game_seed, variants=list(variants))
            if len(state.seat_names) > len(seat_names):
                extra = len(state.seat_names) - len(seat_names)
                seat_names = list(state.seat_names)
                kinds = assign_seat_bots(state, bot, seat_bots)
                for per_seat in (wins, sole_wins, shared_wins, returns_totals):
                    per_seat += [0] * extra
                seat_scores += [[] for _ in range(extra)]
            # An automa seat is never asked; it gets a bot all the same, as it always has, so
            # that every seat's bot and seed stay what they were before seat_bots existed.
            bots = [
                make_bot(bot if kinds[seat] == AUTOMA else kinds[seat], seat_seed(game_seed, seat))
                for seat in range(state.num_seats)
            ]
            finished = play_to_end(state, bots, step_limit, counts)
            if finished:
                scores, winners, returns = state.scores(), state.winners(), state.returns()
        except GameRuleError as error:
            errors += 1
            if first_error is None:
                first_error = f"game {game_number + 1} (seed {game_seed}): {error}"
            record = game_record(game_number, game_seed, state, counts, error=str(error))
        else:
            if finished:
                completed += 1
                rounds_total += state.round
                for seat, score in enumerate(scores):
                    seat_scores[seat].append(score)
                for seat, share in enumerate(returns):
                    returns_totals[seat] += share
                for seat in winners:
                    wins[seat] += 1
                if len(winners) == 1:
                    sole_wins[winners[0]] += 1
                elif winners:
                    draws += 1
                    for seat in winners:
                        shared_wins[seat] += 1
                else:
                    no_winner += 1
                record = game_record(game_number, game_seed, state, counts, scores, winners, returns)
            else:
                unfinished += 1
                record = game_record(
                    game_number, game_seed, state, counts, scores_so_far(state), [], [0.0] * state.num_seats,
                    unfinished=True,
                )
        if on_record is not None:
            on_record(record)
        if on_game_done is not None:
            on_game_done(game_number + 1)

    seconds = time.perf_counter() - started

    def per_completed(total: float) -> float | None:
        return total / completed if completed else None

    return {
        "games": games,
        "completed": completed,
        "errors": errors,
        "unfinished": unfinished,
        "wins": wins,
        "mean_score": [per_completed(sum(scores)) for scores in seat_scores],
        "mean_rounds": per_completed(rounds_total),
        "games_per_second": games / seconds if seconds > 0 else None,
        "seconds": seconds,
        "seats": seat_names,
        "first_error": first_error,
        "players": players,
        "seed": seed,
        "variants": list(variants),
        "bot": bot,
        "seat_bots": kinds,
        "sole_wins": sole_wins,
        "shared_wins": shared_wins,
        "losses": [completed - sole - shared for sole, shared in zip(sole_wins, shared_wins)],
        "draws": draws,
        "no_winner": no_winner,
        "win_rate": [per_completed(sole) for sole in sole_wins],
        "win_rate_interval": [wilson_interval(sole, completed) for sole in sole_wins],
        "score_sd": [statistics.stdev(scores) if len(scores) >= 2 else None for scores in seat_scores],
        "mean_returns": [per_completed(total) for total in returns_totals],
    }


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
