"""benchmarks/tictactoe_fast.py plays the rules file's tic-tac-toe, by its figures.

The playout written for speed draws its random numbers its own way, so it is not
played move by move beside the engine as benchmarks/tictactoe_baseline.py is
(tests/test_baselines.py). Instead its exact odds of random play, worked out over the
whole game tree, are the published ones, and a few thousand random games of it and of
`pirdsl simulate` each land on those odds: outcomes and game lengths. `python
benchmarks/tictactoe_fast.py --check` runs the same comparison on more games.
"""

from __future__ import annotations

import random
from fractions import Fraction

from test_baselines import load_baseline

fast = load_baseline("tictactoe_fast")


def test_the_exact_odds_are_the_published_ones():
    odds = fast.exact_odds()
    assert sum(odds.values()) == 1
    by_outcome = {outcome: sum(p for (o, _), p in odds.items() if o == outcome) for outcome in fast.OUTCOMES}
    assert by_outcome == {"crosses win": Fraction(737, 1260), "noughts win": Fraction(121, 420), "draw": Fraction(8, 63)}
    assert min(marks for _, marks in odds) == 5
    # Crosses make the odd marks, noughts the even ones: each wins only on its own mark.
    assert all(marks % 2 == (1 if outcome == "crosses win" else 0) for outcome, marks in odds if outcome != "draw")


def test_a_game_is_the_same_for_the_same_random_numbers():
    first = fast.play_game(random.Random(7).random)
    assert first == fast.play_game(random.Random(7).random)
    winner, marks = first
    assert winner in (-1, 0, 1) and 5 <= marks <= 9
    assert fast.play_random_game(random.Random(7)) == ([winner] if winner >= 0 else [0, 1])


def test_random_games_have_the_rules_files_figures():
    """3,000 engine games (seeds 0 to 2,999) and 30,000 of the fast playout against the exact odds: no p-value below
    0.01%. A missing line (the diagonals) or a wrong turn order moves these figures by many times that."""
    rows, _, _ = fast.check(3000, 30000, seed=0, family_alpha=1e-4 * 16)
    assert len(rows) == 8
    failed = [row for row in rows if min(row["p_engine"], row["p_fast"]) < 1e-4]
    assert not failed, failed
