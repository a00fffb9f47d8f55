"""Play many bot-only games of one rules file and summarise the outcomes: wins, draws, losses, scores.

Used by `pirdsl simulate` and meant for benchmarks too. Game number `i` (from 0)
is played with seed `seed + i`, and each seat's bot is seeded from that game
seed and the seat, so the same arguments always give the same figures (all but
the timing ones), whether the games are played in this process or spread over
several (`jobs`).

Outcomes are counted per seat from `state.winners()`: a sole win when the seat
is the only winner, a shared win when it is one of several (the game is then a
draw, even when every seat shares it), a loss otherwise. The win rate is sole
wins over completed games, with a 95% Wilson score interval.

The summary is built from running totals as the games finish, so a run of any
length holds no per-game data: counts, and per seat the exact sum and sum of
squares of the scores (integers stay integers, floats become fractions), from
which the mean and the sample standard deviation are worked out exactly, as
`statistics.stdev` does, and rounded once. The balance figures (pirdsl/balance.py:
quantiles, per-bot figures, margins, lengths, lead changes, the seat-order test)
are kept the same way, as counts of each value seen, and added to the result
when asked for (`balance`, and always with `rotate` or `ray_address`).

With `jobs` above 1 the games are split into chunks, shared between this
process and `jobs - 1` worker processes. Each worker loads the rules file
itself, once, by its path (and refuses a file whose hash differs from the one
loaded here), so nothing but seeds and settings goes to a worker and nothing
but plain per-game results (`GameResult`) comes back. The results are taken in
game order, so every figure, `first_error` and the order of the records
included, is the same as in one process.
"""

from __future__ import annotations

import collections
import concurrent.futures
import concurrent.futures.process
import contextlib
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from fractions import Fraction
from typing import Any, Callable, Iterator, Sequence

# The interval and exact numbers live with the balance figures; imported here, where they began.
from pirdsl.balance import AUTOMA, WILSON_Z, BalanceTotals, exact, sole_leader, wilson_interval  # noqa: F401
from pirdsl.playing import DEFAULT_STEP_LIMIT, GameResult, PlaySettings, assign_seat_bots, play_game


class RunningTotals:
    """The figures of a run so far, kept as totals: adding a game costs the same memory whatever came before.

    Scores are summed exactly (and their squares, for the spread), so the mean and
    standard deviation come out as `statistics.mean` and `statistics.stdev` of the
    whole list would give them, without keeping the list.
    """

    def __init__(self) -> None:
        self.seat_names: list[str] = []
        self.seat_bots: list[str] = []
        self.wins: list[int] = []
        self.sole_wins: list[int] = []
        self.shared_wins: list[int] = []
        self.returns_totals: list[float] = []
        # exact sums of the returns and of their squares (the payoff's spread): kept only with `payoff`
        self.returns_sums: list[Any] = []
        self.returns_square_sums: list[Any] = []
        self.payoff = False  # whether the game has a payoff line: then `summary` adds the mean payoff per seat
        self.score_sums: list[Any] = []  # int or Fraction, exact (a float only for inf or nan)
        self.score_square_sums: list[Any] = []
        self.rounds_total = 0
        self.completed = self.errors = self.unfinished = self.draws = self.no_winner = 0
        self.first_error: str | None = None

    def add(self, result: GameResult) -> None:
        """Count one game; games must be added in game order for `first_error` to be the first."""
        if len(result.seat_names) > len(self.seat_names):
            extra = len(result.seat_names) - len(self.seat_names)
            self.seat_names, self.seat_bots = list(result.seat_names), list(result.seat_bots)
            for per_seat in (self.wins, self.sole_wins, self.shared_wins, self.returns_totals,
                             self.score_sums, self.score_square_sums, self.returns_sums, self.returns_square_sums):
                per_seat += [0] * extra
        record = result.record
        if "error" in record:
            self.errors += 1
            if self.first_error is None:
                self.first_error = f"game {record['game']} (seed {record['seed']}): {record['error']}"
            return
        if record.get("unfinished"):
            self.unfinished += 1
            return
        self.completed += 1
        self.rounds_total += record["rounds"]
        score_sums, score_square_sums = self.score_sums, self.score_square_sums
        for seat, score in enumerate(record["scores"]):
            value = score if score.__class__ is int else exact(score)
            score_sums[seat] += value
            score_square_sums[seat] += value * value
        returns, returns_totals = record["returns"], self.returns_totals
        for seat, share in enumerate(returns):
            returns_totals[seat] += share
        if self.payoff:  # the exact sums serve only the payoff figures (fractions: dear to add up)
            for seat, share in enumerate(returns):
                value = exact(share)
                self.returns_sums[seat] += value
                self.returns_square_sums[seat] += value * value
        winners = record["winners"]
        for seat in winners:
            self.wins[seat] += 1
        if len(winners) == 1:
            self.sole_wins[winners[0]] += 1
        elif winners:
            self.draws += 1
            for seat in winners:
                self.shared_wins[seat] += 1
        else:
            self.no_winner += 1

    def per_completed(self, total: Any) -> float | None:
        """`total` over the completed games, as a float; None when none completed."""
        return float(total / self.completed) if self.completed else None

    def score_sd(self, seat: int) -> float | None:
        """The sample standard deviation (n - 1) of the seat's final scores; None below two games."""
        count, total, squares = self.completed, self.score_sums[seat], self.score_square_sums[seat]
        if count < 2:
            return None
        if isinstance(total, float) or isinstance(squares, float):
            return math.nan  # an infinite or undefined score
        return sqrt_of_fraction(Fraction(count * squares - total * total, count) / (count - 1))

    def payoff_sd(self, seat: int) -> float | None:
        """The sample standard deviation (n - 1) of the seat's payoffs; None below two games."""
        count, total, squares = self.completed, self.returns_sums[seat], self.returns_square_sums[seat]
        if count < 2:
            return None
        if isinstance(total, float) or isinstance(squares, float):
            return math.nan
        return sqrt_of_fraction(Fraction(count * squares - total * total, count) / (count - 1))

    def payoff_interval(self, seat: int) -> list[float] | None:
        """The 95% interval of the seat's mean payoff (normal approximation); None below two games."""
        mean, spread = self.per_completed(self.returns_sums[seat]), self.payoff_sd(seat)
        if mean is None or spread is None:
            return None
        half = WILSON_Z * spread / math.sqrt(self.completed)
        return [mean - half, mean + half]

    def payoff_figures(self) -> dict[str, Any]:
        """The mean payoff per seat, its 95% interval and spread: for a game with a payoff line only."""
        if not self.payoff:
            return {}
        seats = range(len(self.seat_names))
        return {"mean_payoff": [self.per_completed(self.returns_sums[seat]) for seat in seats],
                "mean_payoff_interval": [self.payoff_interval(seat) for seat in seats],
                "payoff_sd": [self.payoff_sd(seat) for seat in seats]}

    def summary(self, games: int, seconds: float, settings: PlaySettings, seed: int, jobs: int) -> dict[str, Any]:
        """The figures as `simulate` returns them."""
        completed = self.completed
        return {
            "games": games,
            "completed": completed,
            "errors": self.errors,
            "unfinished": self.unfinished,
            "wins": list(self.wins),
            "mean_score": [self.per_completed(total) for total in self.score_sums],
            "mean_rounds": self.per_completed(self.rounds_total),
            "games_per_second": games / seconds if seconds > 0 else None,
            "seconds": seconds,
            "seats": list(self.seat_names),
            "first_error": self.first_error,
            "players": settings.players,
            "seed": seed,
            "variants": list(settings.variants),
            **({"params": dict(settings.params)} if settings.params else {}),
            "bot": settings.bot,
            "seat_bots": list(self.seat_bots),
            "sole_wins": list(self.sole_wins),
            "shared_wins": list(self.shared_wins),
            "losses": [completed - sole - shared for sole, shared in zip(self.sole_wins, self.shared_wins)],
            "draws": self.draws,
            "no_winner": self.no_winner,
            "win_rate": [self.per_completed(sole) for sole in self.sole_wins],
            "win_rate_interval": [wilson_interval(sole, completed) for sole in self.sole_wins],
            "score_sd": [self.score_sd(seat) for seat in range(len(self.seat_names))],
            "mean_returns": [self.per_completed(total) for total in self.returns_totals],
            **self.payoff_figures(),
            "jobs": jobs,
        }


# Enough bits that rounding the integer root to odd, then to a float, rounds correctly once.
SQRT_BITS = 2 * sys.float_info.mant_dig + 3


def sqrt_of_fraction(value: Fraction) -> float:
    """The square root of a non-negative fraction, correctly rounded to a float.

    The method `statistics.stdev` uses (its private `_float_sqrt_of_frac`), so that the
    spread from running totals is the one the standard library gives to the last bit.
    """
    numerator, denominator = value.numerator, value.denominator
    shift = (numerator.bit_length() - denominator.bit_length() - SQRT_BITS) // 2
    if shift >= 0:
        return (integer_sqrt_round_to_odd(numerator, denominator << 2 * shift) << shift) / 1
    return integer_sqrt_round_to_odd(numerator << -2 * shift, denominator) / (1 << -shift)


def integer_sqrt_round_to_odd(numerator: int, denominator: int) -> int:
    """The square root of numerator / denominator as an integer, an inexact one made odd (round to odd)."""
    root = math.isqrt(numerator // denominator)
    return root | (root * root * denominator != numerator)


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
    jobs: int = 1,
    loader: Callable[[str], Any] | None = None,
    on_game_done: Callable[[int], None] | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
    rotate: bool = False,
    ray_address: str | None = None,
    balance: bool = False,
    play: Callable[..., GameResult] | None = None,
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
        jobs: processes to play in (never more than there are games); 1 plays every
            game in this one, more start `jobs - 1` worker processes, which load
            `game.path` themselves, and share the games with this one.
        loader: what a worker loads the rules file with (default `interpreter.load_game`);
            it must be importable by name, as the workers are started afresh (spawned).
        on_game_done: called with the number of games played so far, after each game
            (in game order).
        on_record: called after each game with its record (see `game_record`), in game order.
        rotate: move the player seats' bots one seat on for every game (`rotated_bots`).
        ray_address: play the games as Ray tasks on this cluster ("auto" or an address;
            pirdsl/cluster.py) instead of in local processes.
        balance: add the balance figures (`balance`, pirdsl/balance.py) and the keys
            `rotate` and `ray`; always added with `rotate` or `ray_address`.
        play: what plays one game, in place of `playing.play_game` and called as it is
            (pirdsl/analyze/ uses it to watch the games); a module-level function, so that
            worker processes and Ray tasks can be given it by name.

    Returns:
        A dict with `games`, `completed`, `errors`, `unfinished`, `wins` (per seat;
        a shared win counts for each winner), `mean_score` (per seat, over completed
        games, None when none completed), `mean_rounds`, `games_per_second`,
        `seconds`, `seats` (names), `first_error` (message or None), the arguments
        `players`, `seed`, `variants`, `bot`; and the outcomes: per seat
        `sole_wins`, `shared_wins`, `losses`, `win_rate` (sole wins / completed),
        `win_rate_interval` ([low, high], 95% Wilson), `score_sd` (sample standard
        deviation), `mean_returns` (mean of `state.returns()`) and `seat_bots`; for a
        game with a payoff line, per seat `mean_payoff` (the mean of what it was paid),
        `mean_payoff_interval` ([low, high], 95%, normal approximation) and `payoff_sd`; and
        the game counts `draws` (completed games won by more than one seat) and
        `no_winner` (completed games nobody won); and `jobs`, the processes the
        games were shared among. Per-seat figures that need a completed game (two for `score_sd`)
        are None without one.

    Raises:
        ValueError: from `game.new_state` for a bad player count or variant, or
            from `assign_seat_bots` for bad bots.
        SimulationWorkerError: when a worker process cannot load the rules file
            or stops unexpectedly.
    """
    started = time.perf_counter()
    with_balance = balance or rotate or ray_address is not None
    settings = PlaySettings(
        players, tuple(variants), bot, None if seat_bots is None else tuple(seat_bots), step_limit, rotate,
        leaders=with_balance,  # scores after every round only for the balance figures
        params=tuple(sorted(getattr(game, "param_values", {}).items())))
    jobs = max(1, min(jobs, games))
    totals = RunningTotals()
    totals.payoff = getattr(game, "payoff_decl", None) is not None
    totals_of_balance = BalanceTotals()
    if ray_address is not None:
        from pirdsl.cluster import played_on_ray

        results = played_on_ray(game, settings, seed, games, ray_address, play)
    elif jobs == 1:
        results: Iterator[GameResult] = (
            (play or play_game)(game, settings, game_number, seed + game_number) for game_number in range(games)
        )
    else:
        results = played_in_workers(game, settings, seed, games, jobs, loader, play)
    with contextlib.closing(results):
        for done, result in enumerate(results, 1):
            totals.add(result)
            if with_balance:
                totals_of_balance.add(result.record, result.seat_bots, result.leaders)
            if on_record is not None:
                on_record(result.record)
            if on_game_done is not None:
                on_game_done(done)
    summary = totals.summary(games, time.perf_counter() - started, settings, seed, jobs)
    if rotate:
        summary["seat_bots"] = [AUTOMA if kind == AUTOMA else "rotated" for kind in summary["seat_bots"]]
    if with_balance:
        summary["rotate"] = rotate
        summary["ray"] = ray_address
        rotation = [kind for kind in assigned_bots(game, settings) if kind != AUTOMA] if rotate else None
        summary["balance"] = totals_of_balance.summary(summary["seats"], summary["seat_bots"], rotate, rotation)
        if rotate:
            summary["balance"]["rotation"] = rotation
    return summary


def assigned_bots(game: Any, settings: PlaySettings) -> list[str]:
    """Each seat's bot in game 0 (before any rotation)."""
    if settings.params:
        game = game.with_params(dict(settings.params))
    state = game.new_state(players=settings.players, seed=0, variants=list(settings.variants))
    return assign_seat_bots(state, settings.bot, settings.seat_bots)


# --- worker processes -------------------------------------------------------------------


class SimulationWorkerError(Exception):
    """A worker process could not play its games: it could not load the rules file, or it died."""


class WorkerDied(SimulationWorkerError):
    """A worker process ended in the middle of the run (killed, out of memory, a crash)."""


WORKER_DIED = "a worker process stopped unexpectedly (killed, or out of memory?)"


# Chunks of games handed out at a time: each a share of the games not yet handed out, so that the
# processes finish together (big chunks first, single games at the end), and at most this many,
# so that the first results come soon and a progress bar moves.
GAMES_PER_CHUNK_LIMIT = 50
CHUNKS_PER_PROCESS = 4  # a chunk is at most the games left over this many chunks per process
CHUNKS_AHEAD_PER_WORKER = 2  # chunks a worker has to play, the one it plays included: it never waits for the next
CHUNKS_KEPT_PER_WORKER = 8  # chunks handed to workers and not yet taken back: bounds what waits in memory
# Chunks' worth of games this process plays itself ahead of results it is still waiting for (0: it only waits).
OWN_CHUNKS_AHEAD = 8
# Seconds this process waits for a forked worker to be ready before it plays a game itself (a spawned
# one takes half a second or more: then this process plays while its workers start, as it always does).
FORKED_WORKER_WAIT = 0.5

# The game a worker plays, loaded once when the worker starts (or why it could not be).
worker_game: Any = None
worker_problem: str | None = None


def start_worker(loader: Callable[[str], Any] | None, path: str, file_hash: str) -> None:
    """Set up a worker process: leave Ctrl-C to the parent (which stops the workers), load the rules file.

    SIGTERM and SIGHUP end a worker at once (the `pirdsl` command's own handlers, which
    unwind the command, are already undone in the fork; a program that calls `simulate`
    may have others), and so does its parent's end (`end_with_parent`).
    A forked worker has the engine imported already and finds the game among those loaded
    (by its hash) at once; a spawned one imports and loads it from the cache.
    """
    global worker_game, worker_problem
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signal_number in (signal.SIGTERM, signal.SIGHUP):
        if callable(signal.getsignal(signal_number)):  # a Python handler, not SIG_IGN (`nohup`) or the default
            signal.signal(signal_number, signal.SIG_DFL)
    end_with_parent()
    if loader is None:
        from interpreter import load_game as loader
    try:
        game = loader(path)
    except Exception as error:  # noqa: BLE001 - reported in the parent, as one line
        worker_problem = f"{path}: a worker process could not load the rules file ({type(error).__name__}); " \
            "did it change since the simulation started?"
        return
    if game.file_hash != file_hash:
        worker_problem = f"{path}: the rules file changed since the simulation started; start it again"
        return
    worker_game = game


PR_SET_PDEATHSIG = 1  # prctl(2): the signal this process gets when the thread that started it ends


def end_with_parent() -> None:
    """On Linux, have the kernel kill this worker when its parent ends, however it ends (SIGKILL too).

    The parent stops its workers itself when it can (Ctrl-C, SIGTERM, SIGHUP, an error);
    this covers the ends it cannot see coming, so that no worker plays on with no one to
    take its results. The pool starts its workers from the parent's main thread, which
    lives as long as the parent. Elsewhere nothing is done.
    """
    if not sys.platform.startswith("linux"):
        return
    parent = multiprocessing.parent_process()
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            return
    except (OSError, AttributeError):
        return
    if parent is not None and os.getppid() != parent.pid:
        os._exit(1)  # the parent ended before the request was made: no one will ever take the results


def play_chunk(settings: PlaySettings, seed: int, first_game: int, count: int,
               play: Callable[..., GameResult] | None = None) -> list[GameResult]:
    """In a worker: play games `first_game` .. `first_game + count - 1` of the run (none: just say it is ready)."""
    if worker_problem is not None:
        raise SimulationWorkerError(worker_problem)
    play = play or play_game
    return [play(worker_game, settings, number, seed + number) for number in range(first_game, first_game + count)]


def worker_context() -> multiprocessing.context.BaseContext:
    """How worker processes start: forked where the platform can and nothing else runs in this process.

    A forked worker starts in a few milliseconds with the engine already imported; a spawned
    one is a fresh Python (half a second or more). Forking while another thread of this
    process runs (a progress bar's) could leave the worker a lock that thread held, so then,
    and on platforms without fork, workers are spawned.
    """
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def chunk_size(games_left: int, jobs: int) -> int:
    """How many games to hand out next: a share of those left, so that the processes end together."""
    return max(1, min(GAMES_PER_CHUNK_LIMIT, games_left // (jobs * CHUNKS_PER_PROCESS)))


def played_in_workers(
    game: Any, settings: PlaySettings, seed: int, games: int, jobs: int, loader: Callable[[str], Any] | None,
    play: Callable[..., GameResult] | None = None,
) -> Iterator[GameResult]:
    """The results of games 0 .. games - 1, in order, played by this process and `jobs - 1` worker processes.

    This process plays games too, one at a time: every game while the workers
    are still starting (forked ones are given `FORKED_WORKER_WAIT` to start first), then one whenever the results it needs next are not back
    yet (up to `OWN_CHUNKS_AHEAD` chunks' worth ahead of them). Between two of its
    games it hands a chunk to each worker that is down to its last one, so that no
    worker waits for work, from the moment it is ready to the end. So a short run
    takes about as long as in one process, and a long one gains from every
    process. Chunks shrink as the games run out, so that no process waits long
    for the others at the end.

    Workers are forked when nothing else runs in this process, else spawned (see
    `worker_context`); either way each loads the rules file by its path. Closing
    the iterator early, or an exception such as Ctrl-C, stops the workers at once.
    """
    workers = jobs - 1
    context = worker_context()
    executor = concurrent.futures.ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=start_worker,
        initargs=(loader, game.path, game.file_hash),
    )
    # A worker answers an empty chunk once it has loaded the rules file: from then on it gets games.
    readiness = [executor.submit(play_chunk, settings, seed, 0, 0) for _ in range(workers)]
    if context.get_start_method() == "fork":
        # A forked worker is ready in milliseconds: wait that long before playing a first game here, or a
        # worker idles through all of that game, which with searching bots is a minute and more.
        concurrent.futures.wait(readiness, timeout=FORKED_WORKER_WAIT, return_when=concurrent.futures.FIRST_COMPLETED)
    ready = False
    # The chunks handed out, in game order: each at a worker (a future) or played here (a list).
    handed_out: collections.deque[concurrent.futures.Future | list[GameResult]] = collections.deque()
    next_game = 0
    played_ahead = 0  # games played here whose results are in handed_out, not yet given back
    own_games_ahead = OWN_CHUNKS_AHEAD * GAMES_PER_CHUNK_LIMIT

    def hand_out_to_workers() -> None:
        nonlocal next_game
        kept = [item for item in handed_out if item.__class__ is not list]
        playing = sum(not future.done() for future in kept)
        for _ in range(min(workers * CHUNKS_AHEAD_PER_WORKER - playing, workers * CHUNKS_KEPT_PER_WORKER - len(kept))):
            if next_game >= games:
                break
            count = chunk_size(games - next_game, jobs)
            # The function that plays goes to a worker only when it is not the usual one.
            extra = () if play is None else (play,)
            handed_out.append(executor.submit(play_chunk, settings, seed, next_game, count, *extra))
            next_game += count

    finished = False
    try:
        while handed_out or next_game < games:
            if next_game < games:
                if not ready:
                    ready = any(answered(signal) for signal in readiness)
                if ready:
                    hand_out_to_workers()
            if handed_out and (handed_out[0].__class__ is list or handed_out[0].done()):
                chunk = handed_out.popleft()
                if chunk.__class__ is list:
                    played_ahead -= len(chunk)
                yield from results_of(chunk)
            elif next_game < games and played_ahead < own_games_ahead:
                result = (play or play_game)(game, settings, next_game, seed + next_game)
                if handed_out and handed_out[-1].__class__ is list:
                    handed_out[-1].append(result)  # the games played here since the last chunk handed out
                else:
                    handed_out.append([result])
                next_game += 1
                played_ahead += 1
            elif handed_out:
                yield from results_of(handed_out.popleft())  # a worker's chunk: wait for it
            else:
                concurrent.futures.wait(readiness, return_when=concurrent.futures.FIRST_COMPLETED)
        finished = True
    except concurrent.futures.process.BrokenProcessPool:  # from `submit`, once the pool knows a worker died
        raise WorkerDied(WORKER_DIED) from None
    finally:
        if finished and all(signal.done() for signal in readiness):
            executor.shutdown(wait=True)
        else:
            stop_workers(executor)  # Ctrl-C, an error, or workers still starting when the games were all played


def answered(future: concurrent.futures.Future) -> bool:
    """Whether a worker has answered `future` (raising what the worker raised, as `results_of` does)."""
    if not future.done():
        return False
    results_of(future)
    return True


def results_of(chunk: concurrent.futures.Future | list[GameResult]) -> list[GameResult]:
    """The results of a chunk: played here, or by a worker (waiting for them)."""
    if isinstance(chunk, list):
        return chunk
    try:
        return chunk.result()
    except concurrent.futures.process.BrokenProcessPool:
        raise WorkerDied(WORKER_DIED) from None


def stop_workers(executor: concurrent.futures.ProcessPoolExecutor) -> None:
    """Stop a pool's workers now, mid-game, rather than after the chunks they are playing."""
    terminate = getattr(executor, "terminate_workers", None)  # Python 3.14 and later
    if terminate is not None:
        terminate()
        return
    # Before 3.14 the executor has no public way to do this; its process table is the only handle.
    processes = list((getattr(executor, "_processes", None) or {}).values())
    manager = getattr(executor, "_executor_manager_thread", None)  # shutdown() forgets it
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()
    # Ctrl-C may have come while this thread held the pool's lock (inside `submit`): then
    # shutdown() would wait for it forever. The workers are gone either way.
    lock = getattr(executor, "_shutdown_lock", None)
    if lock is None or lock.acquire(blocking=False):
        if lock is not None:
            lock.release()
        executor.shutdown(wait=False, cancel_futures=True)
    # Give the executor's own thread a moment to see its workers gone and close its wake-up
    # pipe: left running, it races Python's exit hook, which writes to that pipe (a traceback,
    # "Exception ignored in: threading"). It may never end (a worker stopped in the middle of
    # sending a result leaves it waiting for the rest), so not for long; after Ctrl-C the
    # command exits without the hooks anyway (cli.entry).
    if manager is not None:
        manager.join(timeout=2)
