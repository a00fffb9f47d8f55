"""Liar's Dice written in pirdsl, with its dice as game parameters, against OpenSpiel's own liars_dice.

tests/classic/liars_dice.pir declares `dice_each` and `dice_sides`; OpenSpiel's game
calls them `numdice` and `dice_sides`. With one three-sided die each both trees are
walked here through pirdsl.adapters.openspiel (1,147 nodes): the same chance, decision
and terminal nodes and the same information states per player; OpenSpiel's CFR then
gives the same exploitability on both, so the payoffs agree too. The six-sided game
(294,883 nodes) takes minutes through the adapter: its figures, measured once, are in
docs/adapters.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402

from interpreter import load_game  # noqa: E402
from interpreter.examples import run_examples  # noqa: E402
from pirdsl import cli  # noqa: E402
from pirdsl.adapters import openspiel as adapter  # noqa: E402
from tests.test_kuhn import walk  # noqa: E402

LIARS_DICE = Path(__file__).parent / "classic" / "liars_dice.pir"


def test_the_file_checks_clean_and_its_worked_examples_pass(capsys):
    assert cli.main(["check", str(LIARS_DICE)]) == 0
    assert capsys.readouterr().out.strip() == f"{LIARS_DICE}: ok"
    results = run_examples(load_game(str(LIARS_DICE)))
    assert len(results) >= 5 and all(result.passed for result in results), [r.message for r in results]


@pytest.fixture(scope="module")
def three_sided():
    return (adapter.load(str(LIARS_DICE), dice_sides=3),
            pyspiel.load_game("liars_dice", {"numdice": 1, "dice_sides": 3}))


def test_one_three_sided_die_each_has_openspiels_tree_and_information_states(three_sided):
    ours, theirs = three_sided
    counts, infostates = walk(ours)
    assert (counts, infostates) == walk(theirs)
    assert counts == {"chance": 4, "decision": 576, "terminal": 567} and infostates == [96, 96]


def test_the_game_facts_follow_the_parameters(three_sided):
    ours, theirs = three_sided
    assert ours.max_game_length() == theirs.max_game_length() == 7  # derived from the parameters: 6 bids and a call
    assert (ours.min_utility(), ours.max_utility(), ours.utility_sum()) == (-1.0, 1.0, 0.0)
    assert ours.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert adapter.load(str(LIARS_DICE)).max_game_length() == 13  # six sides: 12 bids and a call


def test_cfr_gives_the_same_exploitability_on_both(three_sided):
    curves = []
    for game in three_sided:
        solver = cfr.CFRSolver(game)
        curve = []
        for iteration in range(1, 5):
            solver.evaluate_and_update_policy()
            if iteration in (1, 4):
                curve.append(exploitability.exploitability(game, solver.average_policy()))
        curves.append(curve)
    assert curves[0] == pytest.approx(curves[1], abs=1e-9)
    assert curves[0][-1] < curves[0][0]


def test_two_dice_each_counts_like_openspiel():
    ours = adapter.load(str(LIARS_DICE), dice_each=2, dice_sides=2)
    theirs = pyspiel.load_game("liars_dice", {"numdice": 2, "dice_sides": 2})
    assert walk(ours) == walk(theirs)
