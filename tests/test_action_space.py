"""The fixed action space and the observation encoding (interpreter/actions.py, interpreter/encoding.py).

Along random playouts of every game, player count and variant: every option gets a
number inside the space, different options different numbers, and taking a number
takes its option; the encoding has its fixed length and, like the observation, does
not change when two pieces a seat may not see trade places.
"""

from __future__ import annotations

import random

import pytest

from interpreter import load_source
from interpreter.actions import ActionSpace, ActionSpaceError
from interpreter.encoding import ObservationEncoding, game_facts
from pirdsl.adapters.check import NOT_YET
from tests.test_secrets import LOADED, _configurations, _swapped

STEPS = 400  # moves per playout: enough to reach every kind of decision, quick enough for the suite


def _with_not_yet(configurations):
    """The configurations, those of games the adapters cannot play yet expected to fail as NOT_YET says."""
    for configuration in configurations:
        name = configuration.values[0]
        if f"games/{name}.pir" in NOT_YET:
            configuration = pytest.param(*configuration.values, id=configuration.id, marks=pytest.mark.xfail(
                raises=ActionSpaceError, strict=True, reason=NOT_YET[f"games/{name}.pir"]))
        yield configuration


@pytest.mark.parametrize("name, players, variants", list(_with_not_yet(_configurations())))
def test_actions_have_fixed_numbers_and_encodings_hide_what_they_should(name, players, variants):
    game = LOADED[name]
    space = ActionSpace(game, players, variants)
    encoding = ObservationEncoding(game, players, variants)
    state = game.new_state(players=players, seed=3, variants=variants)
    rng = random.Random(3)
    for step in range(STEPS):
        if state.is_terminal():
            break
        if state.is_chance():
            outcomes = space.chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert all(0 <= a < space.size for a, _ in outcomes)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            numbers = space.decode(state)
            assert len(set(numbers.values())) == len(numbers)
            assert all(0 <= a < space.size for a in numbers)
            labels = state.action_labels()
            # Every option is one of the numbered ones or a look-alike of one (same label but the copy count).
            assert {labels[i].split(" (")[0] for i in numbers.values()} == {text.split(" (")[0] for text in labels}
            action = rng.choice(sorted(numbers))
            if step % 5 == 0:
                for seat in range(state.num_seats):
                    other = _swapped(state, seat, rng)
                    if other is not None:
                        assert encoding.encode(other, seat) == encoding.encode(state, seat)
                        if seat == state.current_player():
                            assert space.legal_actions(other) == space.legal_actions(state)
        vector = encoding.encode(state, max(state.current_player(), 0))
        assert len(vector) == encoding.size
        space.apply(state, action)


def test_facts_tell_chance_hidden_information_and_automa_seats():
    glory = game_facts(LOADED["glory_islands"], 2)
    assert glory.automa_seats == (2,) and glory.players == 2 and not glory.constant_sum
    assert glory.chance and not glory.perfect_information
    assert game_facts(LOADED["glory_islands"], 3).automa_seats == ()


NUMBERS = """
game "Pick":
  players 2 to 2

play:
  rounds:
    for each p in players:
      p chooses n from range(1, 3 + (1 - p.index) * 10) "Pick a number"
      end game
"""


def test_an_option_outside_the_space_stops_with_one_line_naming_the_statement():
    game = load_source(NUMBERS, "pick.pir")
    space = ActionSpace(game, 2)
    state = game.new_state(players=2)
    with pytest.raises(ActionSpaceError, match=r"pick.pir:\d+: it offers 11, but the fixed action space"):
        space.legal_actions(state)
