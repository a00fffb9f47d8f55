"""Measure how fast pirdsl reads rules files and plays games, against hand-coded baselines; print and write JSON.

Everything is measured in one process and one run (`simulate --jobs` starts its
worker processes from it), so that the figures and their ratios come from the
same machine in the same state:

* reading rules files: for every file in games/, the time to parse it
  (`dsl.parser.parse_source`), to check it (`dsl.check.check_game`) and to load
  it completely (`interpreter.load_game`), each the median of `--load-runs` runs
  after one warm-up run;
* classic games against plain Python: random games per second of tic-tac-toe and
  Connect Four (tests/classic/*.pir, through `pirdsl.simulate.simulate` with
  random bots), next to the hand-coded playout of the same game
  (benchmarks/tictactoe_baseline.py, benchmarks/connect_four_baseline.py), and
  how many times faster the hand-coded one is;
* Glory Islands against plain Python: random games per second of the four-player
  game played by the engine exactly as the hand-coded one
  (benchmarks/glory_islands_baseline.py) is played, and how many times faster
  the hand-coded one is; and the same playouts through the playout build
  (`State.play_out`, interpreter/playout.py), which need not stop at decisions;
* Glory Islands against the fastest plain Python: the four-player game through
  `simulate` in one process, the baseline above, and
  benchmarks/glory_islands_fast.py (the same game written for speed, checked
  against the rules file by its figures' distributions), the three taking turns,
  and how many times faster the fast one is than each;
* tic-tac-toe against the fastest plain Python: `simulate` in one process and
  benchmarks/tictactoe_fast.py (written for speed, checked against the exact odds
  of random play), taking turns, and how many times faster the fast one is;
* the shipped games with random bots: Glory Islands with 2, 3 and 4 players,
  Jamaica with 6, Decks of Glory with 2 (games per second on one core);
* copying a state: clones per second, and JSON round trips per second
  (`to_json`, `json.dumps`, `json.loads`, `state_from_json`, as a save file
  does), of a four-player Glory Islands game halfway through;
* `simulate` in 2 processes against 1 (`jobs`): the same Glory Islands games both
  ways, the speed-up factor, the cores each run had the use of (CPU time of the
  processes over the wall clock: below 2 for two processes when the machine is
  busy), and how long a worker process takes to start.

With `--instructions`, instructions per game by callgrind too (benchmarks/instructions.py).

Each games-per-second figure is the best of `--repeats` runs of the same seeded
games, by the wall clock and by the process's CPU time; ratios use CPU time,
which a busy machine disturbs less than the wall clock. Run from the repository
root::

    python benchmarks/run.py            # the figures in benchmarks/README.md, a few minutes
    python benchmarks/run.py --quick    # a short look, well under a minute

The results go to benchmarks/results.json (`--output` to change), with the date,
the git commit measured, and the machine (Python version, platform, CPU count,
load averages before and after). Nothing here is a test: timings depend on the
machine, so no test asserts them.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

import connect_four_baseline  # noqa: E402 - benchmarks/ is the script's own folder, first on sys.path
import glory_islands_baseline  # noqa: E402
import glory_islands_fast  # noqa: E402
import tictactoe_baseline  # noqa: E402
import tictactoe_fast  # noqa: E402
from dsl.check import check_game  # noqa: E402
from dsl.parser import parse_source, read_source  # noqa: E402
from interpreter import load_game  # noqa: E402
from interpreter.files import write_file  # noqa: E402
from interpreter.playout import Playout  # noqa: E402
from pirdsl.bots import make_bot, seat_seed  # noqa: E402
from pirdsl.simulate import simulate  # noqa: E402

GAMES = ROOT / "games"
CLASSIC = ROOT / "tests" / "classic"

# Games per timed run (the full run; --quick divides them). Each takes a second or
# two on the reference machine, so that a run is long enough to time and short
# enough to repeat.
CLASSIC_GAMES = [
    # (name, rules file, pirdsl games per run, baseline module, baseline games per run)
    ("Tic-tac-toe", CLASSIC / "tic_tac_toe.pir", 2_000, tictactoe_baseline, 50_000),
    ("Connect Four", CLASSIC / "connect_four.pir", 500, connect_four_baseline, 10_000),
]
SHIPPED_GAMES = [
    # (rules file, players, games per run)
    (GAMES / "glory_islands.pir", 2, 200),
    (GAMES / "glory_islands.pir", 3, 200),
    (GAMES / "glory_islands.pir", 4, 200),
    (GAMES / "jamaica.pir", 6, 60),
    (GAMES / "decks_of_glory.pir", 2, 100),
]
# The shipped game with a hand-coded baseline: (name, rules file, players, engine games per run,
# baseline module, baseline games per run). Its `simulate` figure is the SHIPPED_GAMES row
# of the same file and players.
BASELINE_GAME = ("Glory Islands", GAMES / "glory_islands.pir", 4, 200, glory_islands_baseline, 1_000)
# The same game written for speed (benchmarks/glory_islands_fast.py), against `simulate` (one process) and the
# baseline above, the three taking turns: (rules file, players, simulate games, baseline games, fast games).
FAST_GAME = (GAMES / "glory_islands.pir", 4, 200, 1_000, 3_000)
# Tic-tac-toe through `simulate` against benchmarks/tictactoe_fast.py: (rules file, simulate games, fast games).
CLASSIC_FAST = (CLASSIC / "tic_tac_toe.pir", 2_000, 100_000)
STATE_GAME = (GAMES / "glory_islands.pir", 4, 0)  # rules file, players, seed of the mid-game state
STATE_SECONDS = 1.0  # time each copying figure for at least this long
JOBS_GAME = (GAMES / "glory_islands.pir", 4)
JOBS_GAMES = 3_000  # long enough (about 15 s in one process) that starting a worker is a small part of it
QUICK_DIVISOR = 5


def median_seconds(action: Callable[[], Any], runs: int) -> float:
    """The median wall-clock time of `runs` calls of `action`, after one untimed warm-up call."""
    action()
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def best_times(action: Callable[[], Any], repeats: int) -> tuple[float, float]:
    """The shortest wall-clock and CPU times of `repeats` calls of `action`."""
    return best_times_in_turn([action], repeats)[0]


def best_times_in_turn(actions: list[Callable[[], Any]], repeats: int) -> list[tuple[float, float]]:
    """The shortest wall-clock and CPU times of each action, called in turn `repeats` times.

    Taking turns (a, b, a, b, ...) rather than all of a then all of b gives both the
    same spells of a busy machine, so their ratio moves less from one run to the next.
    """
    times: list[tuple[list[float], list[float]]] = [([], []) for _ in actions]
    for _ in range(repeats):
        for action, (wall_times, cpu_times) in zip(actions, times):
            wall_started, cpu_started = time.perf_counter(), time.process_time()
            action()
            wall_times.append(time.perf_counter() - wall_started)
            cpu_times.append(time.process_time() - cpu_started)
    return [(min(wall_times), min(cpu_times)) for wall_times, cpu_times in times]


def measure_loading(path: Path, runs: int) -> dict[str, Any]:
    """Times to read one rules file, in milliseconds.

    Parse and check from the text every time (no cache); a full load as commands do
    it (`load_game`: from the cache of checked files and generated modules, after the
    warm-up call has filled it); and `pirdsl check FILE` as a fresh process, from
    starting Python to its answer, the cache filled.
    """
    source = read_source(str(path))
    parsed = parse_source(source, str(path))
    check_command = [sys.executable, "-m", "pirdsl", "check", str(path)]
    return {
        "file": str(path.relative_to(ROOT)),
        "lines": source.count("\n") + 1,
        "parse_ms": 1000 * median_seconds(lambda: parse_source(source, str(path)), runs),
        "check_ms": 1000 * median_seconds(lambda: check_game(parsed, source), runs),
        "load_ms": 1000 * median_seconds(lambda: load_game(str(path)), runs),
        "check_command_ms": 1000 * median_seconds(
            lambda: subprocess.run(check_command, cwd=ROOT, check=True, capture_output=True), max(3, runs // 2)),
        "runs": runs,
    }


def measure_random_games(path: Path, players: int, games: int, repeats: int) -> dict[str, Any]:
    """Random games per second of one rules file in this process, the best of `repeats` runs of seeds 0 .. games - 1."""
    game = load_game(str(path))
    lengths: list[int] = []
    results: list[dict[str, Any]] = []

    def run() -> None:
        lengths.clear()
        results.append(simulate(
            game, players, games, seed=0, bot="random",
            on_record=lambda record: lengths.append(record["length"] + record["chance_steps"]),
        ))

    wall, cpu = best_times(run, repeats)
    result = results[-1]
    if result["completed"] != games:
        raise SystemExit(f"{path.name}, {players} players: only {result['completed']} of {games} games finished "
                         f"({result['first_error']})")
    return {
        "game": game.name,
        "file": str(path.relative_to(ROOT)),
        "players": players,
        "games": games,
        "repeats": repeats,
        "games_per_second_wall": games / wall,
        "games_per_second_cpu": games / cpu,
        "mean_rounds": result["mean_rounds"],
        "actions_per_game": sum(lengths) / len(lengths),
    }


def playouts_run(path: Path, games: int, players: int, played_out: bool = False) -> Callable[[], None]:
    """Random games of a rules file played exactly as the hand-coded baselines play theirs, as one call.

    Game i starts from `new_state(seed=i)` and every move is drawn with one
    `random.Random(i)` among the legal actions, until the end, then the winners
    are asked for: the same protocol as `play_random_game` in the baselines, so the
    ratio compares the engine with the hand-coded game and nothing else. (Through
    `simulate`, a game also seeds a bot per seat, works out scores and returns, and
    adds to the run's figures: measured separately by `measure_random_games`.)
    The first game is played once now, untimed: what the engine works out once per
    table of players, as the board's cells, is then ready. With `played_out`, the same
    games through `State.play_out`, the game's playout build (interpreter/playout.py):
    the same choices from the same generator, without the rules stopping for them.
    """
    game = load_game(str(path))

    def run(games: int = games) -> None:
        for seed in range(games):
            state = game.new_state(players=players, seed=seed)
            rng = random.Random(seed)
            if played_out:
                randrange = rng.randrange
                state.play_out(Playout(lambda seat, count: randrange(count), 1_000_000, log=False))  # as the bots play out
            while not state.is_terminal():
                if state.is_chance():
                    state.apply_chance()
                else:
                    state.apply_action(rng.randrange(state.num_actions()))
            state.winners()

    run(1)
    return run


def playouts_figures(path: Path, games: int, repeats: int, players: int, wall: float, cpu: float) -> dict[str, Any]:
    return {"file": str(path.relative_to(ROOT)), "players": players, "games": games, "repeats": repeats,
            "games_per_second_wall": games / wall, "games_per_second_cpu": games / cpu}


def baseline_run(module: Any, games: int) -> Callable[[], None]:
    """Random games of a hand-coded game, as one call: game i plays with `random.Random(i)`."""

    def run() -> None:
        for seed in range(games):
            module.play_random_game(random.Random(seed))

    return run


def baseline_figures(module: Any, games: int, repeats: int, wall: float, cpu: float) -> dict[str, Any]:
    return {
        "module": f"benchmarks/{module.__name__}.py",
        "games": games,
        "repeats": repeats,
        "games_per_second_wall": games / wall,
        "games_per_second_cpu": games / cpu,
    }


def measure_classic(name: str, path: Path, games: int, module: Any, baseline_games: int, repeats: int,
                    players: int = 2, simulated: dict[str, Any] | None = None) -> dict[str, Any]:
    """A game in pirdsl next to its hand-coded baseline (`module.play_random_game`, the same number of
    players), and how many times faster the baseline is. `simulated`: the game's `measure_random_games`
    row when the run has it already (a shipped game's), else it is measured here."""
    engine = simulated if simulated is not None else measure_random_games(path, players, games, repeats)
    # The engine's playouts and the baseline take turns (best_times_in_turn): their ratio is the figure.
    engine_times, baseline_times, played_out_times = best_times_in_turn(
        [playouts_run(path, games, players), baseline_run(module, baseline_games),
         playouts_run(path, games, players, played_out=True)], repeats)
    playouts_row = playouts_figures(path, games, repeats, players, *engine_times)
    played_out_row = playouts_figures(path, games, repeats, players, *played_out_times)
    baseline = baseline_figures(module, baseline_games, repeats, *baseline_times)
    return {
        "game": name,
        "players": players,
        "pirdsl": engine,
        "pirdsl_playouts": playouts_row,
        "pirdsl_played_out": played_out_row,  # the same playouts through the playout build (State.play_out)
        "baseline": baseline,
        # The engine against the hand-coded game, both played the same way (playouts_run).
        "playout_baseline_times_faster_cpu": baseline["games_per_second_cpu"] / playouts_row["games_per_second_cpu"],
        "played_out_baseline_times_faster_cpu":
            baseline["games_per_second_cpu"] / played_out_row["games_per_second_cpu"],
        # `pirdsl simulate` (statistics, a bot per seat) against the hand-coded playout.
        "baseline_times_faster_cpu": baseline["games_per_second_cpu"] / engine["games_per_second_cpu"],
        "baseline_times_faster_wall": baseline["games_per_second_wall"] / engine["games_per_second_wall"],
    }


def simulate_run(path: Path, players: int, games: int) -> Callable[[], None]:
    """`simulate` in this process (`--jobs 1`), random bots, seeds 0 .. games - 1, as one call."""
    game = load_game(str(path))

    def run() -> None:
        result = simulate(game, players, games, seed=0, bot="random")
        if result["completed"] != games:
            raise SystemExit(f"{path.name}, {players} players: only {result['completed']} of {games} games finished "
                             f"({result['first_error']})")

    return run


def measure_fast(path: Path, players: int, games: int, baseline_games: int, fast_games: int,
                 repeats: int) -> dict[str, Any]:
    """Random games per second of `simulate`, the engine-shaped baseline and the playout written for speed.

    The three take turns (best_times_in_turn), so that their ratios come from the same spells of the
    machine: how far `simulate --jobs 1` is from the fastest plain Python game, and how much of that the
    baseline's engine-like shape accounts for.
    """
    simulate_times, baseline_times, fast_times = best_times_in_turn(
        [simulate_run(path, players, games), baseline_run(glory_islands_baseline, baseline_games),
         baseline_run(glory_islands_fast, fast_games)], repeats)
    simulated = playouts_figures(path, games, repeats, players, *simulate_times)
    baseline = baseline_figures(glory_islands_baseline, baseline_games, repeats, *baseline_times)
    fast = baseline_figures(glory_islands_fast, fast_games, repeats, *fast_times)
    return {
        "game": "Glory Islands",
        "players": players,
        "simulate": simulated,
        "baseline": baseline,
        "fast": fast,
        "fast_over_simulate_cpu": fast["games_per_second_cpu"] / simulated["games_per_second_cpu"],
        "fast_over_baseline_cpu": fast["games_per_second_cpu"] / baseline["games_per_second_cpu"],
        "baseline_over_simulate_cpu": baseline["games_per_second_cpu"] / simulated["games_per_second_cpu"],
    }


def measure_classic_fast(path: Path, games: int, fast_games: int, repeats: int) -> dict[str, Any]:
    """Random tic-tac-toe games per second of `simulate` (one process) and of the playout written for speed,
    taking turns (best_times_in_turn): how far `pirdsl simulate` is from the fastest plain Python game."""
    simulate_times, fast_times = best_times_in_turn(
        [simulate_run(path, 2, games), baseline_run(tictactoe_fast, fast_games)], repeats)
    simulated = playouts_figures(path, games, repeats, 2, *simulate_times)
    fast = baseline_figures(tictactoe_fast, fast_games, repeats, *fast_times)
    return {"game": "Tic-tac-toe", "players": 2, "simulate": simulated, "fast": fast,
            "fast_over_simulate_cpu": fast["games_per_second_cpu"] / simulated["games_per_second_cpu"]}


def mid_game_state(game: Any, players: int, seed: int) -> Any:
    """The state of game `seed` with random bots halfway through: after half the actions the whole game takes."""

    def play(stop_after: int | None) -> Any:
        state = game.new_state(players=players, seed=seed)
        bots = [make_bot("random", seat_seed(seed, seat)) for seat in range(state.num_seats)]
        while not state.is_terminal() and (stop_after is None or len(state.history) < stop_after):
            if state.is_chance():
                state.apply_chance()
            else:
                state.apply_action(bots[state.current_player()].choose_action(state))
        return state

    return play(len(play(None).history) // 2)


def per_second(action: Callable[[], Any], seconds: float, repeats: int) -> float:
    """How many calls of `action` a second, the best of `repeats` stretches of at least `seconds` each."""
    best = 0.0
    for _ in range(repeats):
        calls, started = 0, time.process_time()
        while (elapsed := time.process_time() - started) < seconds:
            for _ in range(10):
                action()
            calls += 10
        best = max(best, calls / elapsed)
    return best


def measure_state_copies(path: Path, players: int, seed: int, seconds: float, repeats: int) -> dict[str, Any]:
    """Clones and JSON round trips per second (CPU time) of a mid-game state."""
    game = load_game(str(path))
    state = mid_game_state(game, players, seed)
    saved = state.to_json()
    text = json.dumps(saved)

    def round_trip() -> Any:
        return game.state_from_json(json.loads(json.dumps(state.to_json())))

    return {
        "game": game.name,
        "file": str(path.relative_to(ROOT)),
        "players": players,
        "seed": seed,
        "round": state.round,
        "actions_played": len(state.history),
        "json_bytes": len(text.encode("utf-8")),
        "round_trip_gives_the_same_state": round_trip().to_json() == saved,
        "clones_per_second": per_second(state.clone, seconds, repeats),
        "json_round_trips_per_second": per_second(round_trip, seconds, repeats),
    }


def measure_jobs(path: Path, players: int, games: int) -> dict[str, Any]:
    """The same games with `simulate` in 1 and in 2 processes: wall-clock times and the speed-up.

    Also how long a worker takes to start (`worker_start_seconds`).
    """
    game = load_game(str(path))
    seconds, cores, figures = {}, {}, {}
    for jobs in (1, 2):
        started, cpu_started = time.perf_counter(), cpu_seconds_with_children()
        result = simulate(game, players, games, seed=0, bot="random", jobs=jobs)
        seconds[jobs] = time.perf_counter() - started
        cores[jobs] = (cpu_seconds_with_children() - cpu_started) / seconds[jobs]
        figures[jobs] = {key: value for key, value in result.items() if key not in ("seconds", "games_per_second", "jobs")}
    worker_start, start_method = worker_start_seconds(game)
    return {
        "game": game.name,
        "file": str(path.relative_to(ROOT)),
        "players": players,
        "games": games,
        "one_job_seconds": seconds[1],
        "two_jobs_seconds": seconds[2],
        "speedup": seconds[1] / seconds[2],
        "one_job_cores_used": cores[1],
        "two_jobs_cores_used": cores[2],
        "worker_start_seconds": worker_start,
        "worker_start_method": start_method,
        "same_figures": figures[1] == figures[2],
    }


def worker_start_seconds(game) -> tuple[float, str]:
    """How long `simulate` waits for a worker to be ready to play (this process plays games meanwhile), and how it starts.

    Timed as `simulate` starts one: from making the pool to the worker's answer that
    it has loaded the rules file (forked where the platform allows, else a fresh Python
    that imports the engine; see `pirdsl.simulate.worker_context`).
    """
    from concurrent.futures import ProcessPoolExecutor

    from pirdsl.playing import PlaySettings
    from pirdsl.simulate import play_chunk, start_worker, worker_context

    context = worker_context()
    started = time.perf_counter()
    with ProcessPoolExecutor(1, mp_context=context, initializer=start_worker,
                             initargs=(None, game.path, game.file_hash)) as pool:
        pool.submit(play_chunk, PlaySettings(game.min_players), 0, 0, 0).result()
        seconds = time.perf_counter() - started
    return seconds, context.get_start_method()


def cpu_seconds_with_children() -> float:
    """CPU time used so far by this process and by its child processes that have ended (the workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def machine() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "cpu_count": os.cpu_count(),
    }


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages (runnable processes), where the system reports them."""
    try:
        return [round(value, 2) for value in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def source_version() -> dict[str, Any]:
    """The git commit measured, and whether the files differed from it (None outside a checkout)."""

    def git(*arguments: str) -> str | None:
        try:
            done = subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True, timeout=10)
        except (OSError, subprocess.SubprocessError):
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    commit = git("rev-parse", "--short", "HEAD")
    changes = git("status", "--porcelain", "--untracked-files=no", "--",
                  "dsl", "interpreter", "pirdsl", "games", "benchmarks/*.py", "tests/classic")
    return {"commit": commit, "uncommitted_changes": None if changes is None else bool(changes)}


def print_table(results: dict[str, Any]) -> None:
    info = results["machine"]
    version = results["source"]
    print(f"pirdsl benchmarks, {results['date']}, commit {version['commit']}"
          + (" with uncommitted changes" if version["uncommitted_changes"] else ""))
    print(f"Python {info['python']} ({info['implementation']}), {info['platform']}, {info['cpu_count']} CPUs; "
          f"load average {info['load_average_before']} before, {info['load_average_after']} after")
    settings = results["settings"]
    print()
    print(f"{'rules file':<28} {'lines':>6} {'parse ms':>9} {'check ms':>9} {'load ms':>9} {'pirdsl check ms':>16}")
    for row in results["loading"]:
        print(f"{row['file']:<28} {row['lines']:>6} {row['parse_ms']:>9.1f} {row['check_ms']:>9.1f} "
              f"{row['load_ms']:>9.1f} {row['check_command_ms']:>16.0f}")
    print(f"(median of {settings['load_runs']} runs after a warm-up; parse and check without the cache; "
          "load = load_game, from the cache;\n pirdsl check = the command in a fresh process, cache filled)")
    print()
    print(f"{'random games, one core, CPU':<28} {'playouts/s':>10} {'by hand/s':>10} {'by hand faster':>15} "
          f"{'simulate/s':>11} {'by hand faster':>15}")
    for row in results["classic"] + [results["shipped_baseline"]]:
        name = row["game"] if row is not results["shipped_baseline"] else f"{row['game']}, {row['players']} players"
        print(f"{name:<28} {row['pirdsl_playouts']['games_per_second_cpu']:>10.0f} "
              f"{row['baseline']['games_per_second_cpu']:>10.0f} {row['playout_baseline_times_faster_cpu']:>14.1f}x "
              f"{row['pirdsl']['games_per_second_cpu']:>11.0f} {row['baseline_times_faster_cpu']:>14.1f}x")
    print("(playouts: the engine played exactly as the hand-coded game is; simulate: pirdsl simulate's games, "
          "with a bot per seat and the run's figures)")
    for row in results["classic"] + [results["shipped_baseline"]]:
        print(f"{row['game']}: the same playouts through the playout build (State.play_out) "
              f"{row['pirdsl_played_out']['games_per_second_cpu']:.0f}/s, by hand "
              f"{row['played_out_baseline_times_faster_cpu']:.1f}x faster")
    fast = results["shipped_fast"]
    print()
    print(f"Glory Islands, {fast['players']} players, random games, one core, CPU, taking turns: "
          f"simulate {fast['simulate']['games_per_second_cpu']:.0f}/s, "
          f"baseline {fast['baseline']['games_per_second_cpu']:.0f}/s, "
          f"written for speed {fast['fast']['games_per_second_cpu']:.0f}/s;\n the fast one "
          f"{fast['fast_over_simulate_cpu']:.1f}x simulate and {fast['fast_over_baseline_cpu']:.1f}x the baseline, "
          f"the baseline {fast['baseline_over_simulate_cpu']:.1f}x simulate")
    classic_fast = results["classic_fast"]
    print(f"Tic-tac-toe, random games, one core, CPU, taking turns: simulate "
          f"{classic_fast['simulate']['games_per_second_cpu']:.0f}/s, written for speed "
          f"{classic_fast['fast']['games_per_second_cpu']:.0f}/s: {classic_fast['fast_over_simulate_cpu']:.1f}x simulate")
    if "instructions" in results:
        print()
        for name, row in results["instructions"].items():
            print(f"{name:<30} {row['instructions_per_game']:>14,.0f} instructions per game ({row['games']} games)")
        ratios = results.get("instructions_ratios")
        if ratios:
            print(f"Glory Islands, 4 players, by instructions: simulate {ratios['simulate_over_fast']:.1f}x and the "
                  f"baseline {ratios['baseline_over_fast']:.1f}x the game written for speed")
            if "tic_tac_toe_simulate_over_fast" in ratios:
                print(f"Tic-tac-toe by instructions: simulate {ratios['tic_tac_toe_simulate_over_fast']:.1f}x the game "
                      f"written for speed; engine playouts (State.play_out) "
                      f"{ratios['tic_tac_toe_played_out_over_baseline']:.1f}x the baseline, Connect Four "
                      f"{ratios['connect_four_played_out_over_baseline']:.1f}x")
    print()
    print(f"{'random games, one core':<24} {'players':>7} {'games/s wall':>12} {'games/s CPU':>12} {'rounds':>7} "
          f"{'actions/game':>13}")
    for row in results["random_games"]:
        print(f"{row['game']:<24} {row['players']:>7} {row['games_per_second_wall']:>12.1f} "
              f"{row['games_per_second_cpu']:>12.1f} {row['mean_rounds']:>7.2f} {row['actions_per_game']:>13.1f}")
    print(f"(best of {settings['repeats']} runs of the same seeded games, one process)")
    print()
    copies = results["state_copies"]
    print(f"{copies['game']}, {copies['players']} players, seed {copies['seed']}, halfway "
          f"({copies['actions_played']} actions, round {copies['round']}): "
          f"{copies['clones_per_second']:.0f} clones/s, {copies['json_round_trips_per_second']:.0f} JSON round trips/s "
          f"({copies['json_bytes']} bytes"
          + ("" if copies["round_trip_gives_the_same_state"] else "; THE ROUND TRIP CHANGED THE STATE") + ")")
    jobs = results["jobs"]
    print(f"simulate, {jobs['game']} {jobs['players']} players, {jobs['games']} games: "
          f"{jobs['one_job_seconds']:.1f} s in 1 process, {jobs['two_jobs_seconds']:.1f} s in 2 "
          f"(a worker starts in {jobs['worker_start_seconds']:.1f} s): speed-up {jobs['speedup']:.2f}; "
          f"cores used {jobs['one_job_cores_used']:.2f} and {jobs['two_jobs_cores_used']:.2f}"
          + ("" if jobs["same_figures"] else "; THE FIGURES DIFFER"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help=f"a short look: a {QUICK_DIVISOR}th of the games, one run each, fewer load runs")
    parser.add_argument("--repeats", type=int, help="runs of each game count; the best counts (default 3, quick 1)")
    parser.add_argument("--load-runs", type=int, help="timed runs per rules file (default 10, quick 3)")
    parser.add_argument("--instructions", action="store_true",
                        help="add instructions per game by callgrind (benchmarks/instructions.py; minutes more)")
    parser.add_argument("--output", default=str(ROOT / "benchmarks" / "results.json"), help="where to write JSON")
    args = parser.parse_args(argv)
    divisor = QUICK_DIVISOR if args.quick else 1
    repeats = args.repeats or (1 if args.quick else 3)
    load_runs = args.load_runs or (3 if args.quick else 10)

    def scaled(games: int) -> int:
        return max(10, games // divisor)

    load_before = load_average()
    loading = [measure_loading(path, load_runs) for path in sorted(GAMES.glob("*.pir"))]
    classic = [
        measure_classic(name, path, scaled(games), module, scaled(baseline_games), repeats)
        for name, path, games, module, baseline_games in CLASSIC_GAMES
    ]
    random_games = [measure_random_games(path, players, scaled(games), repeats) for path, players, games in SHIPPED_GAMES]
    name, path, players, games, module, baseline_games = BASELINE_GAME
    simulated = next(row for row in random_games if row["file"] == str(path.relative_to(ROOT)) and row["players"] == players)
    shipped_baseline = measure_classic(name, path, scaled(games), module, scaled(baseline_games), repeats,
                                       players, simulated)
    fast_path, fast_players, fast_simulated, fast_baseline, fast_games = FAST_GAME
    shipped_fast = measure_fast(fast_path, fast_players, scaled(fast_simulated), scaled(fast_baseline),
                                scaled(fast_games), repeats)
    classic_fast_path, classic_fast_games, classic_fast_fast_games = CLASSIC_FAST
    classic_fast = measure_classic_fast(classic_fast_path, scaled(classic_fast_games), scaled(classic_fast_fast_games),
                                        repeats)
    state_copies = measure_state_copies(*STATE_GAME, STATE_SECONDS / divisor, repeats)
    jobs = measure_jobs(*JOBS_GAME, scaled(JOBS_GAMES))
    results = {
        "date": datetime.date.today().isoformat(),
        "machine": {**machine(), "load_average_before": load_before, "load_average_after": load_average()},
        "source": source_version(),
        "settings": {"quick": args.quick, "repeats": repeats, "load_runs": load_runs},
        "loading": loading,
        "classic": classic,
        "random_games": random_games,
        "shipped_baseline": shipped_baseline,
        "shipped_fast": shipped_fast,
        "classic_fast": classic_fast,
        "state_copies": state_copies,
        "jobs": jobs,
    }
    if args.instructions:
        import instructions

        results["instructions"] = instructions.measure()
        counts = {name: row["instructions_per_game"] for name, row in results["instructions"].items()}
        results["instructions_ratios"] = {
            "simulate_over_fast": counts["glory_islands_simulate"] / counts["glory_islands_fast_by_hand"],
            "baseline_over_fast": counts["glory_islands_by_hand"] / counts["glory_islands_fast_by_hand"],
            "tic_tac_toe_simulate_over_fast": counts["tic_tac_toe_simulate"] / counts["tic_tac_toe_fast_by_hand"],
            "tic_tac_toe_played_out_over_baseline": counts["tic_tac_toe_played_out"] / counts["tic_tac_toe_by_hand"],
            "connect_four_played_out_over_baseline":
                counts["connect_four_played_out"] / counts["connect_four_by_hand"],
        }
    print_table(results)
    write_file(args.output, json.dumps(results, indent=1) + "\n")
    print(f"\nwritten to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
