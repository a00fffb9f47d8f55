"""Deals of the hidden information from one seat's point of view (`State.resample_hidden`, `SeatMemory`).

A determinisation must agree with everything the seat sees (its observation is
unchanged), must be a table the rules can go on from (random playouts from it
reach the end), must not depend on which of the pieces the seat cannot tell
apart lies where, and must not carry the real game's chance to come.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import load_game
from interpreter.knowledge import SeatMemory
from pirdsl.baseline_bots import RandomBot

ROOT = Path(__file__).resolve().parent.parent
GAMES = {path.stem: load_game(str(path)) for path in sorted((ROOT / "games").glob("*.pir"))}
CONFIGURATIONS = [("glory_islands", 3, ["shipwrecks"]), ("jamaica", 3, ["ghost_ship"]), ("decks_of_glory", 2, [])]
CHECK_EVERY = 7


def _random_playout(state, seed: int, limit: int = 5_000) -> None:
    bot = RandomBot(seed)
    for _ in range(limit):
        if state.is_terminal():
            return
        if state.is_chance():
            state.apply_chance()
        else:
            state.apply_action(bot.choose_action(state))
    raise AssertionError("the playout did not end")


def _decisions(game, players, variants, seed):
    """The states at a random game's decisions (every CHECK_EVERY-th), as it goes."""
    state = game.new_state(players=players, seed=seed, variants=variants)
    bot = RandomBot(seed)
    count = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance()
            continue
        if count % CHECK_EVERY == 0:
            yield state
        count += 1
        state.apply_action(bot.choose_action(state))


@pytest.mark.parametrize("name, players, variants", CONFIGURATIONS)
def test_a_deal_agrees_with_what_the_seat_sees_and_plays_on(name, players, variants):
    game = GAMES[name]
    rng = random.Random(1)
    memories = None
    dealt_differently = 0
    for state in _decisions(game, players, variants, seed=3):
        if memories is None:
            memories = [SeatMemory(seat) for seat in range(state.num_seats)]
        for seat in range(state.num_seats):
            for known in (memories[seat].update(state), None):
                deal = state.clone()
                deal.resample_hidden(seat, rng, known)
                assert deal.observation(seat) == state.observation(seat)
                dealt_differently += deal.contents != state.contents
                if known is not None:
                    _random_playout(deal, seed=len(state.history))
    assert dealt_differently > 0


def _swap_alike(state, seat, known, rng):
    """A copy in which two hidden pieces the seat cannot tell apart (kind and last known zone) trade places."""
    hidden = [i for zone in state.world.zones if not zone.seen_by(seat) for i in state.contents[zone.id]]
    rng.shuffle(hidden)
    for a in hidden:
        for b in hidden:
            alike = state.pieces[a].type == state.pieces[b].type and known.get(a) == known.get(b)
            if a != b and alike and state.piece_key(state.pieces[a]) != state.piece_key(state.pieces[b]):
                other = state.clone()
                zone_a, zone_b = other.loc[a], other.loc[b]
                index_a, index_b = other.contents[zone_a].index(a), other.contents[zone_b].index(b)
                other.own_zone(zone_a)[index_a], other.own_zone(zone_b)[index_b] = b, a  # a copy shares lists until it changes one
                other.loc[a], other.loc[b] = zone_b, zone_a
                return other
    return None


@pytest.mark.parametrize("name, players, variants", CONFIGURATIONS)
def test_a_deal_does_not_depend_on_where_the_hidden_pieces_really_are(name, players, variants):
    game = GAMES[name]
    rng = random.Random(2)
    swapped = 0
    for state in _decisions(game, players, variants, seed=5):
        seat = state.current_player()
        known = SeatMemory(seat).update(state)
        other = _swap_alike(state, seat, known, rng)
        if other is None:
            continue
        swapped += 1
        deal, other_deal = state.clone(), other.clone()
        deal.resample_hidden(seat, random.Random(9), known)
        other_deal.resample_hidden(seat, random.Random(9), known)
        assert deal.contents == other_deal.contents
        assert deal.rng == other_deal.rng
    assert swapped > 0


@pytest.mark.parametrize("name, players, variants", CONFIGURATIONS)
def test_groups_worked_out_once_deal_as_those_worked_out_each_time(name, players, variants):
    # A search works out a decision's groups once (`hidden_groups`) and deals every copy with them.
    game = GAMES[name]
    for state in _decisions(game, players, variants, seed=3):
        seat = state.current_player()
        known = SeatMemory(seat).update(state)
        groups = state.hidden_groups(seat, known)
        for seed in (1, 2):
            deal, again = state.clone(), state.clone()
            deal_rng, again_rng = random.Random(seed), random.Random(seed)
            deal.resample_hidden(seat, deal_rng, known)
            again.resample_hidden(seat, again_rng, known, groups=groups)
            assert again.contents == deal.contents
            assert again.loc == deal.loc
            assert again.rng == deal.rng
            assert again.pvars == deal.pvars
            assert again.frames == deal.frames
            assert again_rng.getstate() == deal_rng.getstate()  # the same draws from the search's generator


def test_a_deal_draws_its_own_chance():
    game = GAMES["decks_of_glory"]
    state = next(_decisions(game, 2, [], seed=1))
    deal = state.clone()
    deal.resample_hidden(state.current_player(), random.Random(4))
    assert deal.rng != state.rng


def test_a_draw_from_a_hidden_pile_shows_the_seat_no_contents():
    game = GAMES["decks_of_glory"]
    state = game.new_state(players=2, seed=1)
    bot = RandomBot(0)
    while not state.is_chance():
        state.apply_action(bot.choose_action(state))
    real = state.chance_outcomes()
    assert len(real) > 1
    for seat in range(state.num_seats):
        seen = state.chance_outcomes_for(seat)
        assert len(seen) == 1
        label, probability = seen[0]
        assert label.startswith("a face-down ") and probability == pytest.approx(1.0)
