"""A random seat's draw taken by `take_decision` itself (`Playout.bits`) is the draw `Random._randbelow` makes.

Where every seat's `uniform` draw is a `random.Random`'s own `_randbelow`, the playout
takes its steps (`getrandbits` until a number below the count comes up) without calling
it. The same generators must give the same games, and leave the generators in the same
state, as the call would.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import load_game
from interpreter.playout import Playout

GAMES = Path(__file__).resolve().parent.parent / "games"


def _played(game, players, seed, written_out):
    state = game.new_state(players=players, seed=seed)
    generators = [random.Random(seed * 10 + seat) for seat in range(players)]
    if written_out:
        draws = [generator._randbelow for generator in generators]
    else:
        draws = [lambda count, generator=generator: generator._randbelow(count) for generator in generators]

    def choose(seat, count):
        return draws[seat](count) if count > 1 else 0

    playout = Playout(choose, 100_000, log=False, uniform=draws)
    assert (playout.bits is not None) == written_out
    state.play_out(playout)
    return (state.history, state.scores(), playout.decisions, playout.chance_steps,
            [generator.getstate() for generator in generators])


@pytest.mark.parametrize("name, players", [("glory_islands", 4), ("glory_islands", 2), ("tic_tac_toe", 2)])
def test_written_out_draws_play_the_same_games(name, players):
    path = GAMES / f"{name}.pir"
    if not path.exists():
        path = GAMES.parent / "tests" / "classic" / f"{name}.pir"
    game = load_game(str(path))
    for seed in range(4):
        assert _played(game, players, seed, True) == _played(game, players, seed, False)


def test_other_draws_are_called():
    """A draw that is not a Random's `_randbelow` (a bot's own rule) is called as before."""
    asked = []

    def draw(count):
        asked.append(count)
        return count - 1

    playout = Playout(lambda seat, count: draw(count), 10, uniform=[draw, random.Random(1)._randbelow])
    assert playout.bits is None
