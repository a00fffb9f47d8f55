"""Kuhn poker written in pirdsl, solved by OpenSpiel's own CFR through the adapter.

tests/classic/kuhn_poker.pir is written from the well-known rules (three cards, an
ante of 1, one bet of 1). Its equilibrium value is published: the first player
loses 1/18 of a chip a game. Here OpenSpiel's Python `CFRSolver`, `exploitability`,
`nash_conv` and `expected_game_score` run on it through pirdsl.adapters.openspiel,
side by side with OpenSpiel's built-in `kuhn_poker`: the same tree, the same
information states, the same exploitability curve and the published value.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import cfr, expected_game_score, exploitability  # noqa: E402

from interpreter import load_game  # noqa: E402
from interpreter.examples import run_examples  # noqa: E402
from pirdsl import cli  # noqa: E402
from pirdsl.adapters import openspiel as adapter  # noqa: E402

KUHN = Path(__file__).parent / "classic" / "kuhn_poker.pir"
VALUE = -1 / 18            # the first player's value at equilibrium (Kuhn, 1950)
ITERATIONS = 300           # about 5 seconds through the adapter
CHECKPOINTS = (10, 100, ITERATIONS)


def walk(game) -> tuple[dict[str, int], list[int]]:
    """The nodes of the whole tree by kind, and each player's distinct information states."""
    counts = {"chance": 0, "decision": 0, "terminal": 0}
    states: list[set] = [set() for _ in range(game.num_players())]

    def visit(state):
        if state.is_terminal():
            counts["terminal"] += 1
        elif state.is_chance_node():
            counts["chance"] += 1
            for action, _ in state.chance_outcomes():
                visit(state.child(action))
        else:
            counts["decision"] += 1
            states[state.current_player()].add(state.information_state_string())
            for action in state.legal_actions():
                visit(state.child(action))

    visit(game.new_initial_state())
    return counts, [len(found) for found in states]


def solve(game) -> tuple[dict[int, float], list[float]]:
    """CFR for ITERATIONS: the average policy's exploitability at each checkpoint, and its values."""
    solver = cfr.CFRSolver(game)
    curve = {}
    for iteration in range(1, ITERATIONS + 1):
        solver.evaluate_and_update_policy()
        if iteration in CHECKPOINTS:
            average = solver.average_policy()
            curve[iteration] = exploitability.exploitability(game, average)
            assert exploitability.nash_conv(game, average) == pytest.approx(2 * curve[iteration])
    average = solver.average_policy()
    values = expected_game_score.policy_value(game.new_initial_state(), [average, average])
    return curve, list(values)


@pytest.fixture(scope="module")
def games():
    return adapter.load(str(KUHN)), pyspiel.load_game("kuhn_poker")


def test_the_file_checks_clean_and_its_worked_examples_pass(capsys):
    assert cli.main(["check", str(KUHN)]) == 0
    assert capsys.readouterr().out.strip() == f"{KUHN}: ok"  # no warning either
    results = run_examples(load_game(str(KUHN)))
    assert len(results) >= 3 and all(result.passed for result in results), [r.message for r in results]


def test_the_game_type_is_what_openspiel_says_of_its_kuhn_poker(games):
    ours, theirs = games
    assert ours.get_type().utility == theirs.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert ours.get_type().information == theirs.get_type().information
    assert ours.get_type().chance_mode == theirs.get_type().chance_mode
    assert ours.utility_sum() == theirs.utility_sum() == 0.0
    assert (ours.min_utility(), ours.max_utility()) == (theirs.min_utility(), theirs.max_utility()) == (-2.0, 2.0)
    assert ours.num_players() == theirs.num_players() == 2
    assert ours.max_game_length() == theirs.max_game_length() == 3


def test_the_tree_and_the_information_states_are_openspiels(games):
    ours, theirs = games
    counts, information_states = walk(ours)
    assert (counts, information_states) == walk(theirs)
    assert counts == {"chance": 4, "decision": 24, "terminal": 30}
    assert information_states == [6, 6]


def test_cfr_finds_the_published_value_and_openspiels_exploitability_curve(games):
    ours, theirs = games
    curve, values = solve(ours)
    reference, reference_values = solve(theirs)
    assert values[0] == pytest.approx(VALUE, abs=2e-3)
    assert values[0] + values[1] == pytest.approx(0.0)
    assert values[0] == pytest.approx(reference_values[0], abs=1e-6)
    for iteration in CHECKPOINTS:
        assert curve[iteration] == pytest.approx(reference[iteration], rel=0.10), iteration
    assert curve[ITERATIONS] < curve[100] < curve[10]
    assert curve[ITERATIONS] < 0.005
