"""Leduc poker written in pirdsl, against OpenSpiel's own leduc_poker through the adapter.

tests/classic/leduc_poker.pir is written from the usual rules (six cards in two suits,
antes of 1, bets of 2 then 4, at most two raises a round, a public card between the
rounds). Its tree, walked through pirdsl.adapters.openspiel, has the nodes of
OpenSpiel's leduc_poker and its 468 + 468 information states; both players playing
at random are worth the same on both, so the payoffs agree. OpenSpiel's CFR leaves
an average policy as exploitable on one as on the other after each iteration: one
iteration and its exploitability through the adapter take about 15 seconds and run
every time; two run with PIRDSL_CFR=full (figures in docs/adapters.md). The exported
file's C++ CFR curve is checked against leduc_poker's in tests/test_export.py.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy  # noqa: E402
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability  # noqa: E402

from interpreter import load_game  # noqa: E402
from interpreter.examples import run_examples  # noqa: E402
from pirdsl import cli  # noqa: E402
from pirdsl.adapters import openspiel as adapter  # noqa: E402
from tests.test_kuhn import walk  # noqa: E402

LEDUC = Path(__file__).parent / "classic" / "leduc_poker.pir"
ITERATIONS = 2


@pytest.fixture(scope="module")
def games():
    return adapter.load(str(LEDUC)), pyspiel.load_game("leduc_poker")


def test_the_file_checks_clean_and_its_worked_examples_pass(capsys):
    assert cli.main(["check", str(LEDUC)]) == 0
    assert capsys.readouterr().out.strip() == f"{LEDUC}: ok"
    results = run_examples(load_game(str(LEDUC)))
    assert len(results) >= 5 and all(result.passed for result in results), [r.message for r in results]


def test_the_tree_and_information_states_are_openspiels(games):
    ours, theirs = games
    counts, infostates = walk(ours)
    assert (counts, infostates) == walk(theirs)
    assert counts == {"chance": 157, "decision": 3780, "terminal": 5520} and sum(infostates) == 936


def test_the_game_facts_are_openspiels(games):
    ours, theirs = games
    assert ours.max_game_length() == theirs.max_game_length() == 8
    assert (ours.min_utility(), ours.max_utility()) == (theirs.min_utility(), theirs.max_utility()) == (-13, 13)
    assert ours.get_type().utility == theirs.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_random_play_is_worth_the_same_on_both(games):
    values = [expected_game_score.policy_value(game.new_initial_state(), [policy.UniformRandomPolicy(game)] * 2)
              for game in games]
    assert values[0] == pytest.approx(values[1], abs=1e-12)
    assert values[1] == pytest.approx([-0.078125, 0.078125])


def cfr_curves(games, iterations: int) -> list[list[float]]:
    """OpenSpiel's Python CFR on each game: the average policy's exploitability after each iteration."""
    curves = []
    for game in games:
        solver = cfr.CFRSolver(game)
        curve = []
        for _ in range(iterations):
            solver.evaluate_and_update_policy()
            curve.append(exploitability.exploitability(game, solver.average_policy()))
        curves.append(curve)
    return curves


def test_one_cfr_iteration_gives_the_same_exploitability_on_both(games):
    # About 15 seconds through the adapter: the iteration, then OpenSpiel's exploitability.
    curves = cfr_curves(games, 1)
    assert curves[0] == pytest.approx(curves[1], abs=1e-9)
    assert curves[1] == pytest.approx([2.37361], abs=1e-5)


@pytest.mark.skipif(os.environ.get("PIRDSL_CFR") != "full", reason="PIRDSL_CFR=full runs it (a minute)")
def test_cfr_gives_the_same_exploitability_on_both(games):
    curves = cfr_curves(games, ITERATIONS)
    assert curves[0] == pytest.approx(curves[1], abs=1e-9)
    assert curves[1] == pytest.approx([2.37361, 2.06132], abs=1e-5)
