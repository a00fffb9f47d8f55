"""Random playouts of every shipped game and variant file: they end, conserve pieces, survive JSON and copying.

Hypothesis picks the seed and every decision; at each decision the state is
saved to JSON text and restored, and copied, and both must equal the original.
Pieces are conserved: once setup is over, every piece setup made stays in the
game unchanged, and the only new pieces are the ones `create` statements make
(the engine counts them in `state.created_in_play`), of kinds that a `create`
outside setup names.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pydantic import BaseModel

from dsl import ast
from interpreter import load_game

GAMES = Path(__file__).resolve().parent.parent / "games"
GAME_FILES = sorted(GAMES.glob("*.pir")) + sorted(GAMES.glob("variants/*.pir"))  # the shipped variant files too
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


def _inventory(pieces) -> Counter:
    return Counter(piece.signature() for piece in pieces)


def _creates(node):
    """Every `create` statement inside an AST node."""
    if isinstance(node, ast.Create):
        yield node
    if isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from _creates(getattr(node, name))
    elif isinstance(node, list):
        for item in node:
            yield from _creates(item)


def _kinds_made_after_setup(game) -> set[str]:
    """The piece kinds a `create` in play, final scoring or a rule names: what play may make."""
    return {create.piece for decl in game.file.declarations
            if not isinstance(decl, (ast.SetupDecl, ast.ExampleDecl)) for create in _creates(decl)}


def _check_partition(state) -> None:
    """Every piece sits in exactly one zone, and `loc` agrees with the zones."""
    seen = [i for ids in state.contents for i in ids]
    assert sorted(seen) == list(range(len(state.pieces)))
    for zone_id, ids in enumerate(state.contents):
        for piece_id in ids:
            assert state.loc[piece_id] == zone_id
    _check_group_counts(state)


def _check_group_counts(state) -> None:
    """The running counts of the world's groups of zones (`State.group_counts`) agree with the zones."""
    memo = state.world.memo
    if state.zone_groups is memo.zone_groups:
        assert state.group_counts == [sum(len(state.contents[z]) for z in ids) for ids in memo.groups]
    for zone_id, groups in enumerate(state.zone_groups):
        assert all(zone_id in memo.groups[group] for group in groups)


def _round_trip(game, state) -> None:
    saved = state.to_json()
    text = json.dumps(saved)
    restored = game.state_from_json(json.loads(text))
    assert restored.to_json() == saved
    assert state.clone().to_json() == saved
    # Running counts are not saved: a restored state works them out, a copy takes them.
    assert restored.zone_groups is restored.world.memo.zone_groups
    for other in (restored, state.clone()):
        _check_group_counts(other)
    assert restored.current_player() == state.current_player()
    assert restored.num_actions() == state.num_actions()


class _Conservation:
    """What setup made, remembered once setup is over, to check every later state against."""

    def __init__(self, game):
        self.makeable = _kinds_made_after_setup(game)
        self.made_in_setup: int | None = None
        self.inventory: Counter | None = None

    def check(self, state) -> None:
        if self.inventory is None:
            if state.in_setup:
                return  # setup may create pieces, even after a chance event
            # The step that ended setup may have gone on into play and made pieces there.
            self.made_in_setup = len(state.pieces) - state.created_in_play
            self.inventory = _inventory(state.pieces[:self.made_in_setup])
        # Setup's pieces never vanish or change; every other piece was made by a `create`
        # outside setup, and the engine counted it.
        assert len(state.pieces) == self.made_in_setup + state.created_in_play
        assert _inventory(state.pieces[:self.made_in_setup]) == self.inventory
        assert {piece.type for piece in state.pieces[self.made_in_setup:]} <= self.makeable


def _play_checking(game, state, pick) -> None:
    """Play to the end with `pick(count, label)` choosing each index, checking the state at every step."""
    conservation = _Conservation(game)
    steps = 0
    while not state.is_terminal():
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
        if steps % 7 == 1:
            _round_trip(game, state)
        _check_partition(state)
        conservation.check(state)
        if state.is_chance():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply_action(pick(len(outcomes), "chance"))
        else:
            seat = state.current_player()
            assert not state.is_automa(seat)
            actions = state.legal_actions()
            assert actions and all(a.label for a in actions)
            state.apply_action(pick(len(actions), "action"))
    _check_partition(state)
    conservation.check(state)
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


@pytest.mark.parametrize("name,players,variants", list(_all_configurations()))
@settings(max_examples=3, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_random_playout(name, players, variants, data, seed):
    """Any game, any player count and variant: it ends, conserves pieces, round-trips."""
    game = LOADED[name]
    state = game.new_state(players, seed=seed, variants=variants)
    _play_checking(game, state, lambda count, label: data.draw(st.integers(0, count - 1), label=label))


MINT = load_game(str(Path(__file__).resolve().parent / "cases" / "create_during_play.pir"))


@pytest.mark.parametrize("seed", range(4))
def test_pieces_made_during_play_are_the_only_new_pieces(seed):
    state = MINT.new_state(2 + seed % 2, seed=seed)
    _play_checking(MINT, state, lambda count, label: (seed + len(state.history)) % count)
    assert state.created_in_play > 0


def test_running_counts_of_groups_of_zones_follow_every_move():
    """`count(all_pieces(island(name)))` reads a running count the state keeps up (runtime.WorldMemo.group_of_zones):
    it agrees with the zones after moves, in a copy, after a JSON or pickle round trip, and in a state
    made before the world had the group."""
    import pickle
    state = GLORY.new_state(4, seed=3)
    early = state.clone()  # made before any group: its counts are worked out when first read
    copies = []
    step = 0
    while not state.is_terminal():
        state.apply_chance() if state.is_chance() else state.apply_action((step * 5) % state.num_actions())
        step += 1
        _check_group_counts(state)
        if step % 25 == 0:
            copies.append((state.clone(), state.recount_groups()[:]))
    assert state.world.memo.groups, "the islands were never counted as groups"
    for copy, counts in copies:
        assert copy.group_counts == counts
    for restored in (GLORY.state_from_json(json.loads(json.dumps(state.to_json()))), pickle.loads(pickle.dumps(state))):
        # Worked out on restoring, for the groups of the world it finds (unpickling may find
        # another load of the same rules file, whose world has made no group yet).
        assert restored.zone_groups is restored.world.memo.zone_groups
        _check_group_counts(restored)
        if restored.world is state.world:
            assert restored.group_counts == state.group_counts
    assert early.zone_groups is not early.world.memo.zone_groups
    early.apply_chance() if early.is_chance() else early.apply_action(0)
    assert early.recount_groups() == [sum(len(early.contents[z]) for z in ids) for ids in early.world.memo.groups]


def test_a_zone_keeps_counts_for_a_few_groups_at_most():
    """A list naming a zone twice, or a zone already in GROUPS_PER_ZONE groups, is summed, not made a group."""
    from interpreter.runtime import GROUPS_PER_ZONE, WorldMemo
    world = GLORY.new_state(3, seed=1).world
    memo = WorldMemo(world.memo.module, None, len(world.zones))
    cells = world.boards["islands"].cells
    assert memo.group_of_zones("a text") is None and memo.group_of_zones([cells[0], 3]) is None
    assert memo.group_of_zones([cells[0], cells[0]]) == (cells[0].id, cells[0].id)
    groups = [memo.group_of_zones([cells[0], cells[i]]) for i in range(1, GROUPS_PER_ZONE + 2)]
    assert groups[:GROUPS_PER_ZONE] == list(range(GROUPS_PER_ZONE))
    assert groups[GROUPS_PER_ZONE:] == [(cells[0].id, cells[GROUPS_PER_ZONE + 1].id)]
    assert memo.group_of_zones([cells[1], cells[0]]) == 0  # the same zones in another order: the same group
    assert memo.zone_groups[cells[1].id] == (0,) and len(memo.zone_groups[cells[0].id]) == GROUPS_PER_ZONE


def test_the_conservation_check_notices_a_piece_no_create_made():
    state = MINT.new_state(2, seed=1)
    conservation = _Conservation(MINT)
    conservation.check(state)
    state.create_piece("coin", {"value": 1}, state.world.zones_by_name["counter"])  # bypasses `create`
    with pytest.raises(AssertionError):
        conservation.check(state)


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
    files = GAME_FILES
    assert files
    for path in files:
        game = load_game(str(path))
        results = run_examples(game)
        failures = [r.message for r in results if not r.passed]
        assert not failures, "\n".join(failures)
