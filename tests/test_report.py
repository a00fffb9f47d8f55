"""`pirdsl simulate --report FILE.html`: one self-contained page with the tables and plots (matplotlib extra)."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

import pirdsl.cli as cli

ROOT = Path(__file__).resolve().parent.parent


def test_the_report_holds_tables_verdict_and_plots(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    report = tmp_path / "report.html"
    code = cli.main(["simulate", str(ROOT / "games" / "decks_of_glory.pir"), "--games", "8", "--jobs", "1",
                     "--seat", "greedy", "--rotate", "--report", str(report)])
    assert code == 0
    page = report.read_text(encoding="utf-8")
    assert "Decks of Glory: balance report" in page
    assert "Per seat" in page and "Per bot" in page and "seat order" in page
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(images) == 4  # win rates, scores, length, lead
    for image in images:
        assert base64.b64decode(image).startswith(b"\x89PNG")
    assert "report written to" in capsys.readouterr().err


def test_a_report_without_matplotlib_is_a_one_line_usage_error(tmp_path, capsys, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    code = cli.main(["simulate", str(ROOT / "tests" / "classic" / "tic_tac_toe.pir"), "--games", "2",
                     "--report", str(tmp_path / "r.html")])
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("pirdsl: error:") and "pirdsl[report]" in err and "\n" not in err


def test_a_seat_that_always_wins_is_drawn_without_error():
    pytest.importorskip("matplotlib")
    from interpreter.game import load_source
    from pirdsl.report import report_html
    from pirdsl.simulate import simulate

    always = 'game "First":\n  players 2 to 2\n\nplay:\n  log "The first seat wins."\n\nscore p: 1 if p == players[0] else 0\n'
    result = simulate(load_source(always), 2, 12, seat_bots=["greedy", "random"], rotate=True)
    assert result["win_rate"] == [1.0, 0.0]
    assert "SEAT-ORDER BIAS" in report_html("First", result)
