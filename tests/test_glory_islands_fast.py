"""benchmarks/glory_islands_fast.py plays the rules file's Glory Islands, by its figures.

The playout written for speed draws its random numbers its own way, so it cannot be
played move by move beside the engine as benchmarks/glory_islands_baseline.py is
(tests/test_baselines.py). Instead: its tables are the baseline's (which that test
ties to the engine), its scoring helpers give the engine's numbers, and a few hundred
random games of each player count agree with `pirdsl simulate`'s on decisions, chance
steps and rounds per game, mean scores and win rates per seat, and the distributions
of scores and game lengths. `python benchmarks/glory_islands_fast.py --check` runs the
same comparison on thousands of games.
"""

from __future__ import annotations

import itertools
import random

import pytest

from interpreter import load_game
from interpreter.builtins import share_places
from test_baselines import GLORY_ISLANDS, glory_islands_baseline, load_baseline

fast = load_baseline("glory_islands_fast")


def test_the_board_is_the_baselines():
    """The same island cells, rewards, islands and lines of sight from every sea space (row by row, nearest first)."""
    cell_of = {baseline_cell: i for i, baseline_cell in enumerate(glory_islands_baseline.ISLAND_CELLS)}
    assert len(cell_of) == fast.CELLS
    kinds = {"f": fast.FIELD, "c": fast.CHEST, "b": fast.BARREL}
    assert [kinds[glory_islands_baseline.SPACE[cell]] for cell in glory_islands_baseline.ISLAND_CELLS] == fast.KIND
    assert [tuple(cell_of[cell] for cell in island) for island in glory_islands_baseline.ISLANDS] == fast.ISLAND_CELLS
    assert fast.LAP == glory_islands_baseline.LAP and fast.COMPASS_STEP == glory_islands_baseline.COMPASS_STEP
    for step, line in enumerate(glory_islands_baseline.IN_LINE):
        assert [distance for _, distance in line] == [1, 2, 3, 4, 5]
        assert tuple(cell_of[cell] for cell, _ in line) == fast.LINES[step]
    assert fast.CARDS == [[value * 10 + rank for value, rank in zip(glory_islands_baseline.CARD_VALUES, ranks)]
                          for ranks in glory_islands_baseline.CARD_RANKS]
    assert fast.TRACK == glory_islands_baseline.SAILING_TRACK


def test_treasure_sets_score_as_the_rules_file_says():
    """The closed form against the rules' wording for every count up to 7 of each kind, and against the rules
    file's own define on a sample."""
    for counts in itertools.product(range(8), repeat=5):
        assert fast.set_points(list(counts)) == fast.set_points_by_the_rules(list(counts)), counts
    game = load_game(str(GLORY_ISLANDS))
    state = game.new_state(players=4, seed=0)
    rng = random.Random(3)
    for counts in [[7, 7, 7, 7, 7], [3, 0, 2, 2, 1]] + [[rng.randrange(8) for _ in range(5)] for _ in range(100)]:
        assert fast.set_points(counts) == game.module["define_set_points"](state, counts), counts


def test_island_places_are_shared_as_the_engine_shares_them():
    rng = random.Random(4)
    for _ in range(500):
        counts = [rng.randrange(4) for _ in range(rng.randrange(2, 5))]
        prizes = rng.choice(list(fast.PRIZES.values()))
        assert fast.share_places(counts, prizes) == share_places(counts, list(prizes)), (counts, prizes)


def test_a_game_is_the_same_for_the_same_random_numbers():
    first = fast.play_game(4, random.Random(7).random)
    assert first == fast.play_game(4, random.Random(7).random)
    scores, winners, rounds, decisions, chance_steps, draws = first
    assert len(scores) == 4 and winners and rounds >= 1 and decisions > 0 and draws >= chance_steps
    assert len(fast.play_game(2, random.Random(7).random)[0]) == 3  # Henry Morgan's seat


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_have_the_rules_files_figures(players):
    """300 engine games (seeds 0 to 299) against 3,000 of the fast playout: no figure's p-value below 0.01% (so
    a playout of the same game fails with a chance of about 1 in 500 for the 20 or so figures, but these seeds
    are fixed, so the test does not flicker). A decision per game more or less shows at this size, as does a
    seat scoring a point more or less."""
    rows = fast.compare(players, fast.engine_records(players, 300, seed=0), fast.fast_records(players, 3000, seed=1))
    assert len(rows) >= 14
    failed = [row for row in rows if row["p"] < 1e-4]
    assert not failed, failed
