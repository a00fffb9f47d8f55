"""Play many bot-only games of one rules file and summarise who wins and by how much.

Used by `pirdsl simulate` and meant for benchmarks too. Game number `i` (from 0)
is played with seed `seed + i`, and each seat's bot is seeded from that game
seed and the seat, so the same arguments always give the same figures (all but
the timing ones).
"""

from __future__ import annotations

import time
from typing import Any, Callable, Sequence

from interpreter import GameRuleError
from pirdsl.bots import make_bot, seat_seed

DEFAULT_STEP_LIMIT = 100_000


def play_to_end(state: Any, bots: Sequence[Any], step_limit: int = DEFAULT_STEP_LIMIT) -> bool:
    """Play `state` in place with one bot per seat; True when it ended, False at the step limit.

    Chance nodes are resolved with the state's own seeded `apply_chance()`.
    A `GameRuleError` from the rules is left to the caller.
    """
    for _ in range(step_limit):
        if state.is_terminal():
            return True
        if state.is_chance():
            state.apply_chance()
            continue
        seat = state.current_player()
        state.apply_action(bots[seat].choose_action(state))
    return state.is_terminal()


def simulate(
    game: Any,
    players: int,
    games: int,
    seed: int = 0,
    variants: Sequence[str] = (),
    bot: str = "random",
    *,
    step_limit: int = DEFAULT_STEP_LIMIT,
    on_game_done: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play `games` games with `bot` in every seat and return the figures as a JSON-ready dict.

    Args:
        game: a loaded game (`interpreter.load_game`).
        players: number of players (automa seats come on top, as the rules say).
        games: how many games to play.
        seed: seed of the first game; game i uses `seed + i`.
        variants: variant names to switch on.
        bot: "random" or "greedy".
        step_limit: decisions and chance steps after which a game counts as unfinished.
        on_game_done: called with the number of games played so far, after each game.

    Returns:
        A dict with `games`, `completed`, `errors`, `unfinished`, `wins` (per seat;
        a shared win counts for each winner), `mean_score` (per seat, over completed
        games, None when none completed), `mean_rounds`, `games_per_second`,
        `seconds`, `seats` (names), `first_error` (message or None), and the
        arguments `players`, `seed`, `variants`, `bot`.

    Raises:
        ValueError: from `game.new_state` for a bad player count or variant.
    """
    started = time.perf_counter()
    seat_names: list[str] = []
    wins: list[int] = []
    score_totals: list[float] = []
    rounds_total = 0
    completed = errors = unfinished = 0
    first_error: str | None = None

    for game_number in range(games):
        game_seed = seed + game_number
        try:
            state = game.new_state(players=players, seed=game_seed, variants=list(variants))
            if len(state.seat_names) > len(seat_names):
                extra = len(state.seat_names) - len(seat_names)
                seat_names = list(state.seat_names)
                wins += [0] * extra
                score_totals += [0] * extra
            bots = [make_bot(bot, seat_seed(game_seed, seat)) for seat in range(state.num_seats)]
            finished = play_to_end(state, bots, step_limit)
        except GameRuleError as error:
            errors += 1
            if first_error is None:
                first_error = f"game {game_number + 1} (seed {game_seed}): {error}"
        else:
            if finished:
                completed += 1
                rounds_total += state.round
                for seat, score in enumerate(state.scores()):
                    score_totals[seat] += score
                for seat in state.winners():
                    wins[seat] += 1
            else:
                unfinished += 1
        if on_game_done is not None:
            on_game_done(game_number + 1)

    seconds = time.perf_counter() - started
    return {
        "games": games,
        "completed": completed,
        "errors": errors,
        "unfinished": unfinished,
        "wins": wins,
        "mean_score": [total / completed if completed else None for total in score_totals],
        "mean_rounds": rounds_total / completed if completed else None,
        "games_per_second": games / seconds if seconds > 0 else None,
        "seconds": seconds,
        "seats": seat_names,
        "first_error": first_error,
        "players": players,
        "seed": seed,
        "variants": list(variants),
        "bot": bot,
    }
