"""What a draw knows of a zone's kinds (`State.drawn_kinds`) is what a look at the zone would say.

From a zone's first draw on, the state follows how many pieces of each kind it holds and
each kind's first piece, in the order the kinds are first met, as pieces come and go
(interpreter/state.py, `move_piece`, `move_zone`), instead of looking at every piece at each
draw. The order is part of the game: it decides which outcome a seed's random number picks.
These tests move pieces at random between a bag that is drawn from, a shuffled pile and
plain zones, on top and at the bottom, one by one and a zone at a time, across copies of
the state, and after every move compare each followed zone with a fresh look at its pieces
(the way draws were worked out before), and each copy's zones with what they held before
the other copy moved anything.
"""

from __future__ import annotations

import random

import pytest

from interpreter import load_source
from interpreter.runtime import _draw_outcomes

RULES = """\
game "Bag":
  players 2 to 2

piece token(kind)
zone bag hidden
zone pile hidden
zone tray per player
zone box

setup:
  for each k in ["red", "blue", "green", "gold"]:
    create 4 token(k) in bag
    create 2 token(k) in pile
    create 1 token(k) in box
  shuffle pile

play:
  for each p in players:
    draw t from bag
    move t to p.tray
"""


def _looked_at(state, zone_id):
    """A draw's outcomes and weights by a look at every piece (as `_draw_outcomes` worked them out before)."""
    ids = state.contents[zone_id]
    shuffled = state.unordered.get(zone_id)
    if shuffled is not None:
        if len(ids) > shuffled:
            return [ids[-1]], [1]
        ids = ids[:shuffled]
    counts, firsts = {}, []
    for piece_id in ids:
        kind = state.piece_kinds[piece_id]
        if kind in counts:
            counts[kind] += 1
        else:
            counts[kind] = 1
            firsts.append(piece_id)
    return firsts, list(counts.values())


def _check(state):
    for zone_id, (counts, firsts) in state.drawn_kinds.items():
        expected_firsts, expected_counts = _looked_at(state, zone_id) if zone_id not in state.unordered else (None, None)
        if expected_firsts is not None:
            assert list(firsts.values()) == expected_firsts, zone_id
            assert list(counts.values()) == expected_counts, zone_id
            assert list(counts) == list(firsts)
        assert not state.owned[zone_id]  # a followed zone always takes `move_piece`'s long way
    for zone_id in state.unordered:
        assert not state.owned[zone_id]
    zones = state.world.zones
    for zone in zones:
        if state.contents[zone.id]:
            outcomes, weights = _draw_outcomes(state, zone)
            assert ([piece.id for piece in outcomes], weights) == _looked_at(state, zone.id), zone.name


def _random_move(state, rng):
    zones = [zone for zone in state.world.zones]
    non_empty = [zone for zone in zones if state.contents[zone.id]]
    on_top = rng.random() < 0.7
    if rng.random() < 0.15:
        source = rng.choice(non_empty)
        target = rng.choice(zones)
        state.move_zone(source.id, target.id, on_top)
        return
    source = rng.choice(non_empty)
    ids = state.contents[source.id]
    if source.name == "bag" and rng.random() < 0.7:
        outcomes, _ = _draw_outcomes(state, source)  # as a draw takes it: the first piece of a kind
        piece_id = rng.choice(outcomes).id
    else:
        piece_id = rng.choice(ids)
    state.move_piece(piece_id, rng.choice(zones).id, on_top)


@pytest.mark.parametrize("seed", range(12))
def test_followed_kinds_match_a_look_at_the_pieces(seed):
    game = load_source(RULES, "bag.pir")
    state = game.new_state(players=2, seed=seed)
    rng = random.Random(seed)
    bag = state.world.zones_by_name["bag"]
    pile = state.world.zones_by_name["pile"]
    _draw_outcomes(state, bag)  # the bag is followed from its first draw on
    _draw_outcomes(state, pile)
    assert bag.id in state.drawn_kinds
    copies = [state]
    for step in range(300):
        current = rng.choice(copies)
        if rng.random() < 0.05:
            before = [list(ids) for ids in current.contents]
            copy = current.clone()
            copies.append(copy)
            _random_move(copy, rng)
            _check(copy)
            assert [list(ids) for ids in current.contents] == before  # the original is untouched
            _check(current)
        else:
            _random_move(current, rng)
            _check(current)
        if rng.random() < 0.03:
            zone = rng.choice(state.world.zones)
            current.mark_unordered(zone.id, len(current.contents[zone.id]))  # a shuffle
            _check(current)
    for copy in copies:
        _check(copy)


def test_a_followed_zone_survives_json_and_resampling():
    game = load_source(RULES, "bag.pir")
    state = game.new_state(players=2, seed=3)
    bag = state.world.zones_by_name["bag"]
    _draw_outcomes(state, bag)
    restored = game.state_from_json(state.to_json())
    assert not restored.drawn_kinds  # never saved: worked out at the next draw
    assert _draw_outcomes(restored, bag)[1] == _draw_outcomes(state, bag)[1]
    pile = state.world.zones_by_name["pile"]
    assert restored.unordered == state.unordered and not restored.owned[pile.id]
    state.resample_hidden(0, random.Random(1))
    _check(state)


def test_games_with_a_followed_bag_play_as_before():
    """Every draw of a played game, by the followed kinds and by a look at the pieces, agree."""
    game = load_source(RULES, "bag.pir")
    for seed in range(20):
        state = game.new_state(players=2, seed=seed)
        while not state.is_terminal():
            if state.is_chance():
                _check(state)
                state.apply_chance()
            else:
                state.apply_action(0)
        _check(state)
