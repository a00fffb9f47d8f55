"""The summary of a simulation is built from running totals: a finished run holds nothing per game.

The mean and spread of the scores come from exact running sums, so they must be
those of the whole list of scores to the last bit; and the memory held after
2,000 games must be what it was after 500.
"""

from __future__ import annotations

import gc
import statistics
import tracemalloc

import pytest

from interpreter import load_game
from pirdsl.simulate import simulate

# ---------------------------------------------------------------- running totals and memory

# Each player takes 1,000, 2,000 or 3,000 points: scores that vary, and too big for
# Python's shared small integers, so a list of them would show in the memory count.
TALLY = """game "Tally":
  players 2 to 2

var points per player = 0

play:
  for each p in players:
    p chooses n from [1000, 2000, 3000] "Take points"
    p.points = n

score p: p.points
"""


@pytest.fixture(scope="module")
def tally(tmp_path_factory):
    path = tmp_path_factory.mktemp("tally") / "tally.pir"
    path.write_text(TALLY, encoding="utf-8")
    return load_game(str(path))


def test_mean_and_spread_from_running_totals_are_those_of_the_whole_list(tally):
    records = []
    result = simulate(tally, 2, 300, on_record=records.append)
    for seat in range(2):
        scores = [record["scores"][seat] for record in records]
        assert result["mean_score"][seat] == sum(scores) / len(scores)
        assert result["score_sd"][seat] == statistics.stdev(scores)  # to the last bit


def test_a_finished_simulation_holds_nothing_per_game(tally):
    """From game 500 to game 2,000 the memory held must not grow with the games.

    Keeping even one score per seat per game (a list entry, 8 bytes) would add
    about 24 KB over those 1,500 games; the running totals add a few hundred bytes
    (their integers grow longer).
    """
    held = {}

    def measure(done: int) -> None:
        if done in (500, 2_000):
            gc.collect()
            held[done] = tracemalloc.get_traced_memory()[0]

    tracemalloc.start()
    try:
        result = simulate(tally, 2, 2_000, on_game_done=measure)
    finally:
        tracemalloc.stop()
    assert result["completed"] == 2_000
    assert held[2_000] - held[500] < 4_000, held
