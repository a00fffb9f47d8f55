"""`pirdsl compare A B`: two rules files (or variant sets) simulated alike, each difference with its interval."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pirdsl.cli as cli
from tests.test_balance import FAIR, RIVAL, TILTED

ROOT = Path(__file__).resolve().parent.parent


def _run(capsys, *argv):
    code = cli.main(["compare", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_file_against_itself_differs_in_nothing(capsys):
    path = str(ROOT / "games" / "decks_of_glory.pir")
    code, out, _ = _run(capsys, path, path, "--games", "6", "--jobs", "1", "--json")
    assert code == 0
    result = json.loads(out)
    for row in result["differences"]:
        assert row["difference"] in (0, 0.0, None) and not row["shown"]


def test_a_tilted_game_against_a_fair_one_shows_the_seat_that_gains(capsys, tmp_path):
    tilted, fair = tmp_path / "tilted.pir", tmp_path / "fair.pir"
    tilted.write_text(TILTED, encoding="utf-8")
    fair.write_text(FAIR, encoding="utf-8")
    code, out, _ = _run(capsys, str(tilted), str(fair), "--games", "300", "--jobs", "1", "--json")
    assert code == 0
    rows = {row["figure"]: row for row in json.loads(out)["differences"]}
    first = rows["Player 1 win rate"]
    assert first["a"] == pytest.approx(0.75, abs=0.07) and first["b"] == pytest.approx(0.5, abs=0.07)
    assert first["shown"] and first["interval"][1] < 0
    code, out, _ = _run(capsys, str(tilted), str(fair), "--games", "300", "--jobs", "1")
    assert "Player 1 win rate" in out and "differs" in out


def test_variant_sets_and_bad_options(capsys):
    path = str(ROOT / "games" / "glory_islands.pir")
    code, out, _ = _run(capsys, path, path, "--players", "3", "--variant-b", "storm", "--games", "4", "--jobs", "1")
    assert code == 0 and "variants storm" in out
    code, _, err = _run(capsys, path, path, "--variant-b", "stormy", "--games", "2")
    assert code == 2 and err.startswith("pirdsl: error:") and err.count("\n") == 1
    code, _, err = _run(capsys, path, path, "--seat", "mcts:zero")
    assert code == 2 and "bad budget" in err and err.count("\n") == 1


def test_a_comparison_of_random_bots_against_an_automa_warns_once(capsys, tmp_path):
    rival = tmp_path / "rival.pir"
    rival.write_text(RIVAL, encoding="utf-8")
    code, out, _ = _run(capsys, str(rival), str(rival), "--games", "40", "--jobs", "1")
    out = " ".join(out.split())
    assert code == 0
    assert "random, and The Rival (automa)" in out
    assert out.count("warning: The Rival is an automa") == 1 and "--bot greedy" in out
    code, out, _ = _run(capsys, str(rival), str(rival), "--games", "10", "--jobs", "1", "--bot", "greedy")
    assert code == 0 and "warning:" not in out
