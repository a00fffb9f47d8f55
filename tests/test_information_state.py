"""Information states as data through pirdsl.adapters.openspiel: tensors as fine as the strings.

An information state (perfect recall) is what a seat has seen, in order. The adapter
gives it as a string (the observation and a digest of the record) and as a tensor of
fixed shape (docs/adapters.md, "Information states"). Over whole game trees
of Kuhn poker, Liar's Dice and Leduc poker both partition the states alike: two states
with the same string have the same tensor, and there are as many distinct tensors as
strings. The tensor of a state asked cold (by replaying its game) is the one a walk
builds step by step. Games too long for that layout get the recent one
(tests/test_information_tensors.py).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from pirdsl.adapters import openspiel as adapter  # noqa: E402

CLASSIC = Path(__file__).parent / "classic"


def partitions(game) -> tuple[int, int, int]:
    """Walk the tree: (decision nodes, distinct strings, distinct tensors), checking they agree."""
    tensor_of: dict[str, bytes] = {}
    tensors: set[bytes] = set()
    nodes = 0
    shape = game.information_state_tensor_shape()

    def visit(state):
        nonlocal nodes
        if state.is_terminal():
            return
        if state.is_chance_node():
            for action, _ in state.chance_outcomes():
                visit(state.child(action))
            return
        nodes += 1
        player = state.current_player()
        text = state.information_state_string(player)
        tensor = np.asarray(state.information_state_tensor(player), np.float32)
        assert list(tensor.shape) == shape
        key = tensor.tobytes()
        assert tensor_of.setdefault(text, key) == key, "one information-state string, two tensors"
        tensors.add(key)
        for action in state.legal_actions():
            visit(state.child(action))

    visit(game.new_initial_state())
    return nodes, len(tensor_of), len(tensors)


@pytest.mark.parametrize("file, params, expected", [
    ("kuhn_poker.pir", {}, (24, 12, 12)),
    ("liars_dice.pir", {"dice_sides": 3}, (576, 192, 192)),
    ("liars_dice.pir", {"dice_sides": 2, "dice_each": 2}, (4096, 768, 768)),
])
def test_as_many_distinct_tensors_as_information_state_strings(file, params, expected):
    game = adapter.load(str(CLASSIC / file), **params)
    assert game.get_type().provides_information_state_tensor
    assert partitions(game) == expected


def test_leduc_tensors_are_as_fine_as_its_strings():
    nodes, strings, tensors = partitions(adapter.load(str(CLASSIC / "leduc_poker.pir")))
    assert (nodes, strings, tensors) == (3780, 936, 936)


def test_a_state_asked_cold_gives_the_tensor_of_one_asked_on_the_way():
    game = adapter.load(str(CLASSIC / "liars_dice.pir"), dice_sides=3)
    walked = game.new_initial_state()
    rng = np.random.default_rng(3)
    while not walked.is_terminal():
        if walked.is_chance_node():
            walked.apply_action(int(rng.choice([a for a, _ in walked.chance_outcomes()])))
            continue
        for player in range(2):
            walked.information_state_tensor(player)  # asked at every decision: the trail grows
        walked.apply_action(int(rng.choice(walked.legal_actions())))
    cold = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, walked))[1]
    for player in range(2):
        assert cold.information_state_tensor(player) == walked.information_state_tensor(player)
        assert cold.information_state_string(player) == walked.information_state_string(player)


def test_the_layout_adds_up_and_a_huge_game_gets_the_recent_one():
    game = adapter.load(str(CLASSIC / "tic_tac_toe.pir"))
    layout = game.information_layout
    assert layout.kind == "perfect_recall" and layout.perfect_recall
    assert sum(length for _, length in layout.parts()) == layout.size == game.information_state_tensor_shape()[0]
    islands = adapter.load("games/mysterious_islands.pir")
    assert islands.get_type().provides_information_state_tensor
    assert islands.information_layout.kind == "recent" and not islands.information_layout.perfect_recall
    tensor = islands.new_initial_state().information_state_tensor(0)
    assert len(tensor) == islands.information_layout.size == islands.information_state_tensor_shape()[0]
