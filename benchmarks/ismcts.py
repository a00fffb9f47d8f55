"""Iterations a second of the ismcts bot on Glory Islands and Mysterious Islands (2 players), decision by decision.

    python benchmarks/ismcts.py                      # this checkout: about two minutes
    python benchmarks/ismcts.py --against 523e741    # side by side with another commit
    python benchmarks/ismcts.py --iterations 200 --repeats 1    # a short look

Each position is reached from a fixed start (seed 7) by random decisions (`random.Random(3)`),
the forced ones and chance taken on the way; there `ismcts` (the default budget unless
`--iterations`, bot seed 11) makes one decision, timed by CPU time. A game's figure is the
iterations of all its positions over their CPU time, the best of `--repeats` runs. The choice
made at each position is printed too: a change that keeps what the bot decides for a seed
shows the same choices on both sides.

With `--against COMMIT` the same positions are measured on that commit's code (taken with `git
archive` into a temporary folder, this script run there), the two sides taking turns run by
run, so that both meet the same load on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing (and from another commit's copy)

# game file -> (players, the random decisions played before each measured decision)
POSITIONS = {
    "glory_islands": ("games/glory_islands.pir", 2, (2, 8, 20)),
    "mysterious_islands": ("games/mysterious_islands.pir", 2, (20,)),
}


def position(game, players: int, steps: int):
    """The state after `steps` random decisions from the start of seed 7, at a decision with options."""
    state = game.new_state(players=players, seed=7)
    rng = random.Random(3)
    taken = 0
    while taken < steps and not state.is_terminal():
        if state.is_chance():
            state.apply_chance()
        else:
            state.apply_action(rng.randrange(state.num_actions()))
            taken += 1
    while not state.is_terminal() and (state.is_chance() or state.num_actions() == 1):
        if state.is_chance():
            state.apply_chance()
        else:
            state.apply_action(0)
    return state


def measure(names: list[str], iterations: int | None) -> dict:
    """{game: {"positions": [{steps, choice, iterations, seconds}], "iterations_per_second"}} for one run here."""
    from interpreter import load_game
    from pirdsl.bots import make_bot

    found = {}
    for name in names:
        path, players, steps_list = POSITIONS[name]
        game = load_game(str(ROOT / path))
        spec = "ismcts" if iterations is None else f"ismcts:{iterations}"
        rows = []
        for steps in steps_list:
            state = position(game, players, steps)
            bot = make_bot(spec, 11)
            started = time.process_time()
            choice = bot.choose_action(state)
            seconds = time.process_time() - started
            rows.append({"steps": steps, "choice": choice, "iterations": bot.last_iterations, "seconds": seconds})
        total = sum(row["seconds"] for row in rows)
        found[name] = {"positions": rows, "iterations_per_second": sum(row["iterations"] for row in rows) / total}
    return found


def run_at(root: Path, names: list[str], iterations: int | None) -> dict:
    """One run of this script in a fresh Python at `root` (this checkout or another commit's copy)."""
    command = [sys.executable, str(root / "benchmarks" / "ismcts.py"), "--json", "--repeats", "1"]
    for name in names:
        command += ["--game", name]
    if iterations is not None:
        command += ["--iterations", str(iterations)]
    output = subprocess.run(command, cwd=root, capture_output=True, text=True, check=True).stdout
    return json.loads(output)


def best(runs: list[dict]) -> dict:
    """Per game, the run with the most iterations a second."""
    return {name: max((run[name] for run in runs), key=lambda entry: entry["iterations_per_second"])
            for name in runs[0]}


def checkout(commit: str, into: Path) -> Path:
    """That commit's files in `into` (git archive), with this script copied in."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    (into / "benchmarks").mkdir(exist_ok=True)
    shutil.copy(Path(__file__), into / "benchmarks" / "ismcts.py")
    return into


def choices(entry: dict) -> str:
    return " ".join(str(row["choice"]) for row in entry["positions"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=list(POSITIONS), help="only this game (repeatable)")
    parser.add_argument("--iterations", type=int, help="ismcts's budget (default: its default, 1000)")
    parser.add_argument("--repeats", type=int, default=2, help="runs of each side; the best counts (default 2)")
    parser.add_argument("--against", metavar="COMMIT", help="measure this commit's code too, side by side")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    names = args.game or list(POSITIONS)
    if args.against is None:
        runs = [measure(names, args.iterations) if args.repeats == 1 else run_at(ROOT, names, args.iterations)
                for _ in range(args.repeats)]
        found = best(runs)
        if args.json:
            print(json.dumps(found))
            return 0
        for name, entry in found.items():
            print(f"{name:<20} {entry['iterations_per_second']:8.1f} iterations/s   choices {choices(entry)}")
        return 0
    with tempfile.TemporaryDirectory(prefix="pirdsl-ismcts-") as folder:
        other = checkout(args.against, Path(folder))
        here_runs, there_runs = [], []
        for _ in range(args.repeats):  # turn about, so that both sides meet the same load
            there_runs.append(run_at(other, names, args.iterations))
            here_runs.append(run_at(ROOT, names, args.iterations))
    here, there = best(here_runs), best(there_runs)
    if args.json:
        print(json.dumps({"here": here, "against": {"commit": args.against, **there}}))
        return 0
    print(f"{'game':<20} {args.against[:12]:>14} {'this checkout':>14} {'ratio':>7}   choices (there | here)")
    for name in names:
        old, new = there[name]["iterations_per_second"], here[name]["iterations_per_second"]
        print(f"{name:<20} {old:10.1f} it/s {new:10.1f} it/s {new / old:6.2f}x   "
              f"{choices(there[name])} | {choices(here[name])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
