"""`pirdsl export --efg`: a small game's tree as OpenSpiel's EFG text, solved the same as through the adapter.

The file Kuhn poker exports loads with `pyspiel.load_efg_game`; it has the adapter's
information sets, and OpenSpiel's C++ CFR on it finds the published value (-1/18 for
the first player) and the same exploitability as Python's CFR through the adapter.
Errors (no format, a tree past the node limit, a bad parameter) are one line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import cfr, expected_game_score, exploitability  # noqa: E402

from pirdsl import cli  # noqa: E402
from pirdsl.adapters import openspiel as adapter  # noqa: E402
from tests.test_kuhn import walk  # noqa: E402

CLASSIC = Path(__file__).parent / "classic"
KUHN = CLASSIC / "kuhn_poker.pir"
LIARS_DICE = CLASSIC / "liars_dice.pir"


def exported(tmp_path, *options) -> str:
    out = tmp_path / "game.efg"
    assert cli.main(["export", "--efg", *options, "-o", str(out)]) == 0
    return out.read_text()


def test_kuhn_poker_exports_a_game_that_cfr_solves_to_its_published_value(tmp_path, capsys):
    text = exported(tmp_path, str(KUHN))
    assert "wrote" in capsys.readouterr().out
    efg_game = pyspiel.load_efg_game(text)
    ours = adapter.load(str(KUHN))
    assert walk(efg_game) == walk(ours)  # the same nodes and the same 6 + 6 information sets
    solver = pyspiel.CFRSolver(efg_game)
    reference = cfr.CFRSolver(ours)
    for _ in range(100):
        solver.evaluate_and_update_policy()
        reference.evaluate_and_update_policy()
    average = solver.average_policy()
    value = pyspiel.expected_returns(efg_game.new_initial_state(), average, -1, True)[0]
    through_adapter = reference.average_policy()
    expected = expected_game_score.policy_value(ours.new_initial_state(), [through_adapter] * 2)[0]
    assert value == pytest.approx(expected, abs=1e-9)
    assert value == pytest.approx(-1 / 18, abs=5e-3)
    assert pyspiel.exploitability(efg_game, average) == pytest.approx(
        exploitability.exploitability(ours, through_adapter), abs=1e-9)


def test_liars_dice_with_a_parameter_exports_the_adapters_information_sets(tmp_path):
    text = exported(tmp_path, str(LIARS_DICE), "--param", "dice_sides=3")
    efg_game = pyspiel.load_efg_game(text)
    assert walk(efg_game) == walk(adapter.load(str(LIARS_DICE), dice_sides=3))
    assert walk(efg_game)[1] == [96, 96]


@pytest.mark.parametrize("arguments, message, code", [
    (["export", str(KUHN)], "say what to export: --efg", 2),
    (["export", "--efg", str(LIARS_DICE), "--max-nodes", "500"], "more than 500 nodes: too large", 1),
    (["export", "--efg", str(LIARS_DICE), "--param", "dice_sides=30"], "goes from 2 to 10, not 30", 2),
    (["export", "--efg", str(KUHN), "-o", str(KUHN)], "is the rules file this command reads", 1),
])
def test_errors_are_one_line(arguments, message, code, capsys):
    assert cli.main(arguments) == code
    error = capsys.readouterr().err.strip()
    assert message in error and "\n" not in error and "Traceback" not in error


def test_leduc_poker_exported_follows_openspiels_cfr_curve(tmp_path):
    # Python's CFR through the adapter takes minutes on Leduc (tests/test_leduc.py runs it with
    # PIRDSL_CFR=full); on the exported file OpenSpiel's C++ CFR takes a second.
    efg_game = pyspiel.load_efg_game(exported(tmp_path, str(CLASSIC / "leduc_poker.pir")))
    curves = []
    for game in (efg_game, pyspiel.load_game("leduc_poker")):
        solver = pyspiel.CFRSolver(game)
        curve = []
        for _ in range(10):
            solver.evaluate_and_update_policy()
            curve.append(pyspiel.exploitability(game, solver.average_policy()))
        curves.append(curve)
    assert curves[0] == pytest.approx(curves[1], abs=1e-9)
    assert curves[1][0] == pytest.approx(2.37361, abs=1e-5) and curves[1][-1] == pytest.approx(0.88858, abs=1e-5)
