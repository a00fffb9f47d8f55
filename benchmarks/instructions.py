"""Instructions per game, by callgrind: the engine's builds and the hand-coded games, side by side.

    python benchmarks/instructions.py            # the table below, about five minutes; needs valgrind
    python benchmarks/instructions.py --only glory_islands_simulate

On a busy machine times move by a third from run to run; the instructions a game
executes do not (hash randomisation is fixed: PYTHONHASHSEED=0). Each figure is a
fresh Python under `valgrind --tool=callgrind` that loads the game and plays N games,
minus the same with 0 games, over N. Every measurement plays one game first, untimed,
as `run.py` does, so that what is worked out once per table is not counted.

- `glory_islands_simulate`: `simulate`, four players, random bots (seeds 0 to 9): the
  random seats played out by the playout build (interpreter/playout.py).
- `glory_islands_step_by_step`: the same games with the random bot stopping the rules at
  every decision, as before the playout build (`RandomBot.plays_out` off).
- `tic_tac_toe_playouts`, `connect_four_playouts`: the engine's playouts as `run.py`
  times them (`playouts_run`: `apply_action` at every decision); `..._played_out`: the
  same games through `State.play_out`.
- `tic_tac_toe_simulate`: `simulate`, random bots (seeds 0 to 299), as `pirdsl simulate`
  plays tic-tac-toe: a bot per seat, a record per game, the run's figures.
- `*_by_hand`: the hand-coded games of this folder; `glory_islands_fast_by_hand` is
  glory_islands_fast.py, the four-player game written for speed (`glory_islands_by_hand`
  is glory_islands_baseline.py, written in the engine's shape); `tic_tac_toe_fast_by_hand`
  is tictactoe_fast.py, tic-tac-toe written for speed (`tic_tac_toe_by_hand` is
  tictactoe_baseline.py, a state object played through the engine's protocol).

`run.py --instructions` adds these figures to results.json.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLAY = r'''
import random, sys
sys.path[:0] = [{root!r}, {root!r} + "/benchmarks"]
from interpreter import load_game
from interpreter.playout import Playout
what, games = {what!r}, int(sys.argv[1])
if what.endswith("_by_hand"):
    module = __import__({{"tic_tac_toe_by_hand": "tictactoe_baseline", "connect_four_by_hand": "connect_four_baseline",
                         "tic_tac_toe_fast_by_hand": "tictactoe_fast",
                         "glory_islands_by_hand": "glory_islands_baseline",
                         "glory_islands_fast_by_hand": "glory_islands_fast"}}[what])
    module.play_random_game(random.Random(1000))
    for seed in range(games):
        module.play_random_game(random.Random(seed))
elif what.startswith("glory_islands_"):
    from pirdsl import baseline_bots
    from pirdsl.simulate import simulate
    baseline_bots.RandomBot.plays_out = what.endswith("simulate")
    game = load_game({root!r} + "/games/glory_islands.pir")
    simulate(game, 4, 1, seed=1000, balance=False)
    if games:
        simulate(game, 4, games, seed=0, balance=False)
elif what.endswith("_simulate"):
    from pirdsl.simulate import simulate
    name = "tic_tac_toe" if what.startswith("tic_tac_toe") else "connect_four"
    game = load_game({root!r} + f"/tests/classic/{{name}}.pir")
    simulate(game, 2, 1, seed=1000)
    if games:
        simulate(game, 2, games, seed=0)
else:
    name = "tic_tac_toe" if what.startswith("tic_tac_toe") else "connect_four"
    game = load_game({root!r} + f"/tests/classic/{{name}}.pir")
    played_out = what.endswith("_played_out")
    def run(first, count):
        for seed in range(first, first + count):
            state = game.new_state(players=2, seed=seed)
            rng = random.Random(seed)
            if played_out:
                randrange = rng.randrange
                state.play_out(Playout(lambda seat, options: randrange(options), 1_000_000, log=False))
            else:
                while not state.is_terminal():
                    if state.is_chance():
                        state.apply_chance()
                    else:
                        state.apply_action(rng.randrange(state.num_actions()))
            state.winners()
    run(1000, 1)
    run(0, games)
'''

# name -> games measured
MEASURES = {
    "glory_islands_simulate": 10,
    "glory_islands_step_by_step": 10,
    "glory_islands_by_hand": 50,
    "glory_islands_fast_by_hand": 200,
    "tic_tac_toe_playouts": 300,
    "tic_tac_toe_played_out": 300,
    "tic_tac_toe_by_hand": 1000,
    "tic_tac_toe_simulate": 300,
    "tic_tac_toe_fast_by_hand": 3000,
    "connect_four_playouts": 100,
    "connect_four_played_out": 100,
    "connect_four_by_hand": 500,
}


def instructions(what: str, games: int) -> int:
    """Instructions executed by a fresh Python playing `games` games of `what`."""
    script = PLAY.format(root=str(ROOT), what=what)
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    output = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", script, str(games)],
        capture_output=True, text=True, env=environment, check=True).stderr
    found = re.search(r"refs:\s*([\d,]+)", output)
    if found is None:
        raise RuntimeError(f"callgrind gave no count for {what}:\n{output[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_game(what: str, games: int) -> float:
    subprocess.run([sys.executable, "-c", PLAY.format(root=str(ROOT), what=what), "0"], check=True)  # fill the cache
    return (instructions(what, games) - instructions(what, 0)) / games


def measure(only: list[str] | None = None) -> dict[str, dict[str, float]]:
    """{name: {"games": N, "instructions_per_game": count}} for each measure (or those in `only`)."""
    if shutil.which("valgrind") is None:
        raise RuntimeError("valgrind is not installed")
    return {name: {"games": games, "instructions_per_game": per_game(name, games)}
            for name, games in MEASURES.items() if not only or name in only}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=list(MEASURES), help="measure only this (repeatable)")
    args = parser.parse_args(argv)
    for name, row in measure(args.only).items():
        print(f"{name:<30} {row['instructions_per_game']:>14,.0f} instructions per game ({row['games']} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
