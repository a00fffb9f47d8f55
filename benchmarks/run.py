"""Measure how fast pirdsl reads rules files and plays random games; print a table and write JSON.

Two measurements, both in one process:

* for every rules file in games/: the time to parse it (`dsl.parser.parse_source`),
  to check it (`dsl.check.check_game`) and to load it completely
  (`interpreter.load_game`: read, parse, check and compile), each the median of
  `--load-runs` runs after one warm-up run;
* random games of Glory Islands at 2, 3 and 4 players (`pirdsl.simulate.simulate`
  with random bots, game i played with seed i): the best of `--repeats` runs of
  `--games` games each, timed by the wall clock and by the process's CPU time.

Run from the repository root::

    python benchmarks/run.py                # the figures in benchmarks/README.md
    python benchmarks/run.py --games 50 --repeats 1 --load-runs 3   # a quick look

The results go to benchmarks/results.json (`--output` to change), with the date,
the git commit measured, and the machine (Python version, platform, CPU count). Nothing here is a test:
timings depend on the machine, so no test asserts them.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from dsl.check import check_game  # noqa: E402
from dsl.parser import parse_source, read_source  # noqa: E402
from interpreter import load_game  # noqa: E402
from pirdsl.bots import make_bot, seat_seed  # noqa: E402
from pirdsl.simulate import play_to_end, simulate  # noqa: E402

GLORY_ISLANDS = ROOT / "games" / "glory_islands.pir"
PLAYER_COUNTS = (2, 3, 4)


def median_seconds(action: Callable[[], Any], runs: int) -> float:
    """The median wall-clock time of `runs` calls of `action`, after one untimed warm-up call."""
    action()
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def measure_loading(path: Path, runs: int) -> dict[str, Any]:
    """Parse, check and full-load times of one rules file, in milliseconds."""
    source = read_source(str(path))
    parsed = parse_source(source, str(path))
    return {
        "file": str(path.relative_to(ROOT)),
        "lines": source.count("\n") + 1,
        "parse_ms": 1000 * median_seconds(lambda: parse_source(source, str(path)), runs),
        "check_ms": 1000 * median_seconds(lambda: check_game(parsed, source), runs),
        "load_ms": 1000 * median_seconds(lambda: load_game(str(path)), runs),
        "runs": runs,
    }


def measure_random_games(game: Any, players: int, games: int, repeats: int) -> dict[str, Any]:
    """Random games per second at `players`, the best of `repeats` runs by wall clock and by CPU time."""
    wall_times, cpu_times = [], []
    for _ in range(repeats):
        wall_started, cpu_started = time.perf_counter(), time.process_time()
        result = simulate(game, players, games, seed=0, bot="random")
        wall_times.append(time.perf_counter() - wall_started)
        cpu_times.append(time.process_time() - cpu_started)
        if result["completed"] != games:
            raise SystemExit(f"{players} players: only {result['completed']} of {games} games finished")
    return {
        "players": players,
        "games": games,
        "repeats": repeats,
        "games_per_second_wall": games / min(wall_times),
        "games_per_second_cpu": games / min(cpu_times),
        "mean_rounds": result["mean_rounds"],
        "actions_per_game": actions_per_game(game, players, min(games, 50)),
    }


def actions_per_game(game: Any, players: int, games: int) -> float:
    """How many actions (decisions and chance outcomes) a random game takes, on average."""
    total = 0
    for seed in range(games):
        state = game.new_state(players=players, seed=seed)
        play_to_end(state, [make_bot("random", seat_seed(seed, seat)) for seat in range(state.num_seats)])
        total += len(state.history)
    return total / games


def machine() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "cpu_count": os.cpu_count(),
    }


def source_version() -> dict[str, Any]:
    """The git commit measured, and whether the files differed from it (None outside a checkout)."""

    def git(*arguments: str) -> str | None:
        try:
            done = subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True, timeout=10)
        except (OSError, subprocess.SubprocessError):
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    commit = git("rev-parse", "--short", "HEAD")
    changes = git("status", "--porcelain", "--untracked-files=no", "--", "dsl", "interpreter", "pirdsl", "games")
    return {"commit": commit, "uncommitted_changes": None if changes is None else bool(changes)}


def print_table(results: dict[str, Any]) -> None:
    info = results["machine"]
    version = results["source"]
    print(f"pirdsl benchmarks, {results['date']}, commit {version['commit']}"
          + (" with uncommitted changes" if version["uncommitted_changes"] else ""))
    print(f"Python {info['python']} ({info['implementation']}), {info['platform']}, {info['cpu_count']} CPUs")
    print()
    print(f"{'rules file':<28} {'lines':>6} {'parse ms':>9} {'check ms':>9} {'load ms':>9}")
    for row in results["loading"]:
        print(f"{row['file']:<28} {row['lines']:>6} {row['parse_ms']:>9.1f} {row['check_ms']:>9.1f} "
              f"{row['load_ms']:>9.1f}")
    print(f"(median of {results['settings']['load_runs']} runs after a warm-up; "
          "load = read + parse + check + compile)")
    print()
    print(f"{'Glory Islands, random bots':<28} {'games/s wall':>12} {'games/s CPU':>12} {'rounds':>7} "
          f"{'actions/game':>13}")
    for row in results["random_games"]:
        print(f"{str(row['players']) + ' players':<28} {row['games_per_second_wall']:>12.1f} "
              f"{row['games_per_second_cpu']:>12.1f} {row['mean_rounds']:>7.2f} {row['actions_per_game']:>13.1f}")
    settings = results["settings"]
    print(f"(best of {settings['repeats']} runs of {settings['games']} games, one process)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per player count; the best counts (default 3)")
    parser.add_argument("--load-runs", type=int, default=10, help="timed runs per rules file (default 10)")
    parser.add_argument("--output", default=str(ROOT / "benchmarks" / "results.json"), help="where to write JSON")
    args = parser.parse_args(argv)

    game = load_game(str(GLORY_ISLANDS))
    loading = [measure_loading(path, args.load_runs) for path in sorted((ROOT / "games").glob("*.pir"))]
    random_games = [measure_random_games(game, players, args.games, args.repeats) for players in PLAYER_COUNTS]
    results = {
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "source": source_version(),
        "settings": {"games": args.games, "repeats": args.repeats, "load_runs": args.load_runs},
        "loading": loading,
        "random_games": random_games,
    }
    print_table(results)
    Path(args.output).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(f"\nwritten to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
