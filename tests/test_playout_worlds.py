"""The playout build reads each world's own fixed things (interpreter/game.py, `Game.bind_playout`).

The playout build reads what a world holds that play never changes (its zones, the memo
of its world-level defines, its variants, its players) from globals bound once per
world, each world running a namespace of its own. States of several worlds of one game
played out in turn, one inside another (a choice of one playout plays out a state of
another world), or in two threads, must each reach the state the ordinary build reaches;
and a world-level define that fails must fail with the same message both ways, only in
the worlds where it fails, and only where it is read.
"""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

from interpreter import GameRuleError, load_game, load_source
from interpreter.playout import Playout

ROOT = Path(__file__).resolve().parent.parent
WORLDS = [(2, []), (4, ["storm"]), (3, ["shipwrecks"]), (4, []), (2, ["storm", "shipwrecks"])]


def _chooser(seed: int):
    rng = random.Random(seed)

    def choose(state_or_seat, count=None) -> int:
        if count is None:
            count = state_or_seat.num_actions()
        return rng.randrange(count) if count > 1 else 0

    return choose


def _step_by_step(state, choose) -> None:
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance()
        else:
            state.apply_action(choose(state))


def _expected(game, players, variants, seed):
    state = game.new_state(players=players, seed=seed, variants=variants)
    _step_by_step(state, _chooser(seed))
    return state.to_json()


def test_worlds_played_out_in_turn_each_read_their_own():
    game = load_game(str(ROOT / "games" / "glory_islands.pir"))
    assert all(variant in game.variants for _, variants in WORLDS for variant in variants)
    for seed in range(2):
        for players, variants in WORLDS + WORLDS[::-1]:
            state = game.new_state(players=players, seed=seed, variants=variants)
            assert state.play_out(Playout(_chooser(seed), 100_000)) is True
            assert state.to_json() == _expected(game, players, variants, seed)
    worlds = {id(game._world(players, variants)) for players, variants in WORLDS}
    assert len(worlds) == len(WORLDS)


def test_a_playout_inside_a_playout_of_another_world():
    """Each decision of the outer playout (2 players) plays a whole game of another world out first."""
    game = load_game(str(ROOT / "games" / "glory_islands.pir"))
    inner_worlds = WORLDS[1:4]
    played = []
    outer_choose = _chooser(5)

    def choose(seat: int, count: int) -> int:
        if len(played) < 6:
            players, variants = inner_worlds[len(played) % len(inner_worlds)]
            inner = game.new_state(players=players, seed=len(played), variants=variants)
            assert inner.play_out(Playout(_chooser(len(played)), 100_000)) is True
            played.append((players, variants, len(played), inner.to_json()))
        return outer_choose(seat, count)

    outer = game.new_state(players=2, seed=5)
    assert outer.play_out(Playout(choose, 100_000)) is True
    assert outer.to_json() == _expected(game, 2, [], 5)
    assert len(played) == 6
    for players, variants, seed, saved in played:
        assert saved == _expected(game, players, variants, seed)


def test_worlds_played_out_in_two_threads():
    game = load_game(str(ROOT / "games" / "glory_islands.pir"))
    jobs = [(2, ["storm"]), (4, ["shipwrecks"])]
    results: dict = {}

    def play(players, variants):
        saves = []
        for seed in range(3):
            state = game.new_state(players=players, seed=seed, variants=variants)
            state.play_out(Playout(_chooser(seed), 100_000))
            saves.append(state.to_json())
        results[players] = saves

    threads = [threading.Thread(target=play, args=job) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for players, variants in jobs:
        assert results[players] == [_expected(game, players, variants, seed) for seed in range(3)]


# `third` fails with three players (no row for 3), and only where it is read: in round 2.
# `spare` fails with four players but is never read: it never fails.
FAILING_DEFINE = """game "Counts its seats":
  players 2 to 4

var total = 0

table seat_bonus:
  2 -> 10
  4 -> 40

table spare_row:
  2 -> 1
  3 -> 2

define third = seat_bonus[player_count]
define spare = spare_row[player_count]
define doubled(n) = [0, 2, 4, 6, 8][n + player_count - 2]

play:
  rounds until total >= 100:
    for each p in players:
      p chooses n from [1, 2]
      if round_number >= 2:
        total += third
      total += n + doubled(n)
      if total > 1000:
        total += spare

score p: total
"""


def _failure(state, play_out: bool) -> str:
    with pytest.raises(GameRuleError) as failure:
        if play_out:
            state.play_out(Playout(_chooser(0), 100_000))
        else:
            _step_by_step(state, _chooser(0))
    return str(failure.value)


def test_a_failing_world_level_define_fails_the_same_way_in_both_builds():
    game = load_source(FAILING_DEFINE, "counts_its_seats.pir")
    # Two and four players: `third` and `doubled` are fine, `spare` is never read. With two,
    # every world-level define is worked out before the playout; with four, `spare` fails,
    # and the world plays the build that works them out where they are read.
    for players in (2, 4, 2):
        played_out = game.new_state(players=players, seed=0)
        assert played_out.play_out(Playout(_chooser(0), 100_000)) is True
        ordinary = game.new_state(players=players, seed=0)
        _step_by_step(ordinary, _chooser(0))
        assert played_out.to_json() == ordinary.to_json()
        bound = played_out.world.playout_final.__globals__
        assert ("W_define_third" in bound) is (players == 2) and bound["WORLD_DEFINES"] == (
            ("third", "spare") if players == 2 else ())
    # Three players: the same message, at the same line, after the same steps.
    ordinary = game.new_state(players=3, seed=0)
    message = _failure(ordinary, play_out=False)
    assert "counts_its_seats.pir:23:" in message and "no row for 3" in message
    played_out = game.new_state(players=3, seed=0)
    assert _failure(played_out, play_out=True) == message
    assert played_out.history == ordinary.history and played_out.round == ordinary.round == 2
    # And again, now that the three-player world has played out once; and other worlds still play.
    assert _failure(game.new_state(players=3, seed=0), play_out=True) == message
    state = game.new_state(players=4, seed=1)
    assert state.play_out(Playout(_chooser(1), 100_000)) is True


# The values of `bonus` and `track` differ in kind from one player count to another: each
# world plays out with the playout build written for the kinds of its own values.
KINDS_DIFFER = """game "Kinds by seats":
  players 2 to 4

var total = 0

define bonus = 3 if player_count == 2 else none
define track = [1, 2, 3] if player_count == 3 else [[4], 5]
define names = ["north", "south"] if player_count == 4 else [1, 2]
define half(x) = [x, x]

play:
  rounds until total >= 60:
    for each p in players:
      p chooses n from [1, 2]
      total += n
      if bonus != none:
        total += bonus
      let step = track[round_number % 2]
      if step != [4]:
        total += step
      for each name in names:
        total += count(half(name))

score p: total
"""


def test_each_world_plays_the_build_for_the_kinds_of_its_values():
    game = load_source(KINDS_DIFFER, "kinds_by_seats.pir")
    builds = {}
    for players in (2, 3, 4, 3, 2, 4):
        for seed in range(2):
            played_out = game.new_state(players=players, seed=seed)
            assert played_out.play_out(Playout(_chooser(seed), 100_000)) is True
            ordinary = game.new_state(players=players, seed=seed)
            _step_by_step(ordinary, _chooser(seed))
            assert played_out.to_json() == ordinary.to_json()
            builds.setdefault(players, set()).add(played_out.world.playout_final.__code__.co_filename)
    assert all(len(codes) == 1 for codes in builds.values())
    assert len(set.union(*builds.values())) == 3  # three worlds, three kinds of values, three builds


def test_a_copy_of_a_world_plays_out_with_its_own_namespace():
    """A seat's veiled view copies the world with a memo of its own: the copy binds its own."""
    import copy

    game = load_game(str(ROOT / "games" / "glory_islands.pir"))
    state = game.new_state(players=3, seed=4)
    assert state.clone().play_out(Playout(_chooser(4), 100_000)) is True
    world = copy.copy(state.world)
    assert world.playout_functions is None and world.memo is state.world.memo
    world.memo = type(world.memo)(world.memo.module, None, len(world.zones))
    other = state.clone()
    other.world = world
    world.memo.state = other
    assert other.play_out(Playout(_chooser(4), 100_000)) is True
    assert other.to_json() == _expected(game, 3, [], 4)
    bound = world.playout_final.__globals__
    assert bound["W_memo"] is world.memo is not state.world.memo
    assert state.world.playout_final.__globals__["W_memo"] is state.world.memo
