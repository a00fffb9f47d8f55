"""Random playouts of every game in games/: they end, conserve pieces, and survive JSON and copying.

Hypothesis picks the seed and every decision; at each decision the state is
saved to JSON text and restored, and copied, and both must equal the original.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter import load_game

GAMES = Path(__file__).resolve().parent.parent / "games"
GAME_FILES = sorted(GAMES.glob("*.pir"))
LOADED = {path.stem: load_game(str(path)) for path in GAME_FILES}
GLORY = LOADED["glory_islands"]
MAX_STEPS = 20_000


def _configurations(game):
    variant_sets = [[]] + [[v] for v in sorted(game.variants)]
    if len(game.variants) > 1:
        variant_sets.append(sorted(game.variants))
    for players in range(game.min_players, game.max_players + 1):
        for variants in variant_sets:
            yield players, variants


def _all_configurations():
    for name, game in LOADED.items():
        for players, variants in _configurations(game):
            yield pytest.param(name, players, variants, id=f"{name}-{players}-{'+'.join(variants) or 'base'}")


def _inventory(state) -> Counter:
    return Counter(piece.signature() for piece in state.pieces)


def _check_partition(state) -> None:
    """Every piece sits in exactly one zone, and `loc` agrees with the zones."""
    seen = [i for ids in state.contents for i in ids]
    assert sorted(seen) == list(range(len(state.pieces)))
    for zone_id, ids in enumerate(state.contents):
        for piece_id in ids:
            assert state.loc[piece_id] == zone_id


def _round_trip(game, state) -> None:
    saved = state.to_json()
    text = json.dumps(saved)
    restored = game.state_from_json(json.loads(text))
    assert restored.to_json() == saved
    assert state.clone().to_json() == saved
    assert restored.current_player() == state.current_player()
    assert restored.num_actions() == state.num_actions()


@pytest.mark.parametrize("name,players,variants", list(_all_configurations()))
@settings(max_examples=3, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_random_playout(name, players, variants, data, seed):
    """Any game, any player count and variant: it ends, conserves pieces, round-trips."""
    game = LOADED[name]
    state = game.new_state(players, seed=seed, variants=variants)
    inventory, piece_count = None, None
    steps = 0
    while not state.is_terminal():
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
        if steps % 7 == 1:
            _round_trip(game, state)
        _check_partition(state)
        if inventory is None and not state.in_setup:
            # Setup may create pieces, even after a chance event; from then on none appear or vanish.
            inventory, piece_count = _inventory(state), len(state.pieces)
        if state.is_chance():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply_action(data.draw(st.integers(0, len(outcomes) - 1), label="chance"))
        else:
            seat = state.current_player()
            assert not state.is_automa(seat)
            actions = state.legal_actions()
            assert actions and all(a.label for a in actions)
            state.apply_action(data.draw(st.integers(0, len(actions) - 1), label="action"))
        if inventory is not None:
            assert len(state.pieces) == piece_count
            assert _inventory(state) == inventory
    _check_partition(state)
    _round_trip(game, state)
    winners = state.winners()
    # Only a game in which every seat was eliminated has no winner.
    assert winners or all(state.eliminated)
    assert not any(state.eliminated[w] for w in winners)
    scores = state.scores()
    assert len(scores) == state.num_seats
    if winners:
        best = max(scores[w] for w in winners)
        assert all(scores[w] == best for w in winners)


def _play(game, players, seed, variants=(), choose=lambda n, step: (step * 7) % n):
    state = game.new_state(players, seed=seed, variants=variants)
    step = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance()
        else:
            state.apply_action(choose(state.num_actions(), step))
        step += 1
    return state


@pytest.mark.parametrize("name,players,variants", list(_all_configurations()))
def test_same_seed_and_choices_give_the_same_game(name, players, variants):
    game = LOADED[name]
    first = _play(game, players, seed=11, variants=variants)
    second = _play(game, players, seed=11, variants=variants)
    assert first.to_json() == second.to_json()


def test_restored_state_plays_on_identically():
    state = GLORY.new_state(3, seed=5)
    for step in range(40):
        if state.is_chance():
            state.apply_chance()
        else:
            state.apply_action(step % state.num_actions())
    a = state
    b = GLORY.state_from_json(json.loads(json.dumps(state.to_json())))
    c = state.clone()
    for step in range(200):
        if a.is_terminal():
            break
        if a.is_chance():
            # Each state draws from its own copy of the generator: same outcome.
            assert a.apply_chance() == b.apply_chance() == c.apply_chance()
        else:
            index = (step * 3) % a.num_actions()
            for s in (a, b, c):
                s.apply_action(index)
        assert a.to_json() == b.to_json() == c.to_json()


def test_a_seat_never_sees_another_seats_hand_or_face_down_treasure():
    state = GLORY.new_state(4, seed=3)
    for step in range(150):
        if state.is_terminal():
            break
        for seat in range(state.num_seats):
            view = state.observation(seat)
            for other, info in enumerate(view["seats"]):
                for zone in ("hand", "played", "treasures", "looking", "wrecks"):
                    if other != seat:
                        assert info["zones"][zone]["items"] is None
                    else:
                        assert info["zones"][zone]["items"] is not None
            assert view["globals"]["zones"]["bag"]["items"] is None
            json.dumps(view)
        if state.is_chance():
            state.apply_chance()
        else:
            state.apply_action(step % state.num_actions())


def test_every_game_file_loads_and_passes_its_examples():
    from interpreter.examples import run_examples
    files = sorted(GAMES.glob("*.pir"))
    assert files
    for path in files:
        game = load_game(str(path))
        results = run_examples(game)
        failures = [r.message for r in results if not r.passed]
        assert not failures, "\n".join(failures)
