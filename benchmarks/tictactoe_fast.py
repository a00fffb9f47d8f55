"""Tic-tac-toe random games written for speed in plain Python: how fast a tight hand-written playout goes.

benchmarks/tictactoe_baseline.py is the game as a Python programmer would write it
for the engine's protocol (a state object, its legal actions, `apply_action`); this
module is the fastest plain playout of the same game, the yardstick issue 32 measures
`pirdsl simulate` against. One function plays a whole game: the board is a list of
nine marks, the empty squares a list whose first `left` items are the squares still
free (a square taken is swapped with the last free one), and only the lines through
the square just marked are looked at. Every decision is uniform among the empty
squares, drawn as `int(rnd() * left)`; the last square takes no number, as the
engine's random seat takes a single option without drawing (the engine still counts
it as a decision, and so does this).

It plays tests/classic/tic_tac_toe.pir (crosses first; three in a row wins, a full
board is a draw) but draws its random numbers its own way, so it is checked against
the rules by its figures, not move by move: `python benchmarks/tictactoe_fast.py
--check` plays games here and through `pirdsl.simulate.simulate` with random seats,
and compares each side's rates of crosses' wins, noughts' wins and draws, and of games
ending after 5, 6, 7, 8 and 9 marks, with the exact odds of uniformly random play
(worked out here over the whole game tree: 737/1260, 121/420 and 8/63 for the
outcomes, the figures tests/test_classic.py checks the engine against).
tests/test_tictactoe_fast.py runs a smaller check.

    python benchmarks/tictactoe_fast.py                    # games per second
    python benchmarks/tictactoe_fast.py --check --games 20000
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

SQUARES = 9
# Squares 0 to 8, row by row from the top left (the rules file's 1 to 9).
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
# For each square, the other two squares of each line through it.
PAIRS = tuple(tuple(tuple(other for other in line if other != square) for line in LINES if square in line)
              for square in range(SQUARES))


def play_game(rnd: Callable[[], float]) -> tuple[int, int]:
    """One random game: (the winner, 0 for crosses and 1 for noughts, or -1 for a draw; the marks made)."""
    board = [0] * SQUARES  # 0 empty, 1 a cross, 2 a nought
    free = list(range(SQUARES))  # the first `left` are the empty squares
    mark = 1
    for left in range(SQUARES, 0, -1):
        if left > 1:
            i = int(rnd() * left)
            square = free[i]
            free[i] = free[left - 1]
        else:
            square = free[0]
        board[square] = mark
        for a, b in PAIRS[square]:
            if board[a] == mark and board[b] == mark:
                return mark - 1, SQUARES + 1 - left
        mark = 3 - mark
    return -1, SQUARES


def play_random_game(rng: random.Random) -> list[int]:
    """One random game drawn from `rng` (benchmarks/run.py's protocol for the hand-coded games): the winners."""
    winner, _ = play_game(rng.random)
    return [winner] if winner >= 0 else [0, 1]  # a draw: both share it, as in pirdsl


# ---------------------------------------------------------------- the check against the rules file

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "tests" / "classic" / "tic_tac_toe.pir"
OUTCOMES = ("crosses win", "noughts win", "draw")


def exact_odds() -> dict[tuple[str, int], Fraction]:
    """The exact chance of each (outcome, marks made) under uniformly random play, over the whole game tree."""
    odds: dict[tuple[str, int], Fraction] = {}

    def walk(board: list[int], mark: int, made: int, chance: Fraction) -> None:
        empty = [square for square in range(SQUARES) if not board[square]]
        for square in empty:
            board[square] = mark
            share = chance / len(empty)
            if any(board[a] == mark and board[b] == mark for a, b in PAIRS[square]):
                key = (OUTCOMES[mark - 1], made + 1)
                odds[key] = odds.get(key, 0) + share
            elif made + 1 == SQUARES:
                odds[("draw", SQUARES)] = odds.get(("draw", SQUARES), 0) + share
            else:
                walk(board, 3 - mark, made + 1, share)
            board[square] = 0

    walk([0] * SQUARES, 1, 0, Fraction(1))
    return odds


def figures(results: list[tuple[str, int]]) -> dict[str, float]:
    """The share of games with each outcome and of games of each length (5 to 9 marks)."""
    games = len(results)
    shares = {outcome: sum(1 for o, _ in results if o == outcome) / games for outcome in OUTCOMES}
    for marks in range(5, SQUARES + 1):
        shares[f"{marks} marks"] = sum(1 for _, m in results if m == marks) / games
    return shares


def exact_figures() -> dict[str, float]:
    odds = exact_odds()
    shares = {outcome: float(sum(p for (o, _), p in odds.items() if o == outcome)) for outcome in OUTCOMES}
    for marks in range(5, SQUARES + 1):
        shares[f"{marks} marks"] = float(sum(p for (_, m), p in odds.items() if m == marks))
    return shares


def fast_results(games: int, seed: int = 0) -> list[tuple[str, int]]:
    """`games` games of this module, from one `random.Random(seed)`: (outcome, marks) each."""
    rnd = random.Random(seed).random
    results = []
    for _ in range(games):
        winner, marks = play_game(rnd)
        results.append((OUTCOMES[winner] if winner >= 0 else "draw", marks))
    return results


def engine_results(games: int, seed: int = 0) -> list[tuple[str, int]]:
    """`games` games of the rules file through `pirdsl simulate`'s own function, random seats, seeds from `seed`."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from interpreter import load_game
    from pirdsl.simulate import simulate

    records: list[dict[str, Any]] = []
    result = simulate(load_game(str(RULES)), 2, games, seed=seed, bot="random", jobs=1, on_record=records.append)
    if result["completed"] != games:
        raise RuntimeError(f"only {result['completed']} of {games} engine games finished ({result['first_error']})")
    results = []
    for record in records:
        winners = record["winners"]
        results.append((OUTCOMES[winners[0]] if len(winners) == 1 else "draw", record["length"]))
    return results


def z_p(share: float, expected: float, games: int) -> float:
    """Two-sided p-value of a share of `games` against its exact chance (normal approximation to the binomial)."""
    spread = math.sqrt(expected * (1 - expected) / games)
    if spread == 0:
        return 1.0 if share == expected else 0.0
    return math.erfc(abs(share - expected) / spread / math.sqrt(2))


def check(games: int, fast_games: int, seed: int = 0, family_alpha: float = 0.01) -> tuple[list[dict], float, bool]:
    """Both sides' figures against the exact odds; agreement when no p-value is below `family_alpha` over the number
    of figures (Bonferroni)."""
    exact = exact_figures()
    engine, fast = figures(engine_results(games, seed)), figures(fast_results(fast_games, seed))
    rows = [{"figure": name, "exact": exact[name], "engine": engine[name], "fast": fast[name],
             "p_engine": z_p(engine[name], exact[name], games), "p_fast": z_p(fast[name], exact[name], fast_games)}
            for name in exact]
    threshold = family_alpha / (2 * len(rows))
    agree = all(min(row["p_engine"], row["p_fast"]) >= threshold for row in rows)
    return rows, threshold, agree


def measure_speed(games: int, repeats: int) -> float:
    """Games per second by CPU time, the best of `repeats` runs of games 0 .. games - 1 (one Random(i) each)."""
    best = math.inf
    for _ in range(repeats):
        started = time.process_time()
        for seed in range(games):
            play_random_game(random.Random(seed))
        best = min(best, time.process_time() - started)
    return games / best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the rules file and the exact odds")
    parser.add_argument("--games", type=int, default=20000, help="games of each side (default 20000)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.check:
        rows, threshold, agree = check(args.games, args.games, args.seed)
        print(f"Tic-tac-toe, random seats: pirdsl simulate and this playout ({args.games} games each, seed "
              f"{args.seed}) against the exact odds of random play")
        print(f"  {'figure':<12} {'exact':>8} {'engine':>8} {'p':>7} {'fast':>8} {'p':>7}")
        for row in rows:
            mark = "" if min(row["p_engine"], row["p_fast"]) >= threshold else "  DIFFERS"
            print(f"  {row['figure']:<12} {row['exact']:>8.4f} {row['engine']:>8.4f} {row['p_engine']:>7.3f} "
                  f"{row['fast']:>8.4f} {row['p_fast']:>7.3f}{mark}")
        print(f"agreement: every p-value at least {threshold:.5f} (1% over the number of figures, Bonferroni)")
        print("the same game" if agree else "THE FIGURES DIFFER")
        return 0 if agree else 1
    print(f"{measure_speed(args.games, 3):,.0f} games/s (CPU, best of 3 runs of {args.games}, one Random(i) a game)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
