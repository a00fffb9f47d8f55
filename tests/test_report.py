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


def test_one_game_is_one_game_and_a_single_value_gets_whole_number_ticks():
    pytest.importorskip("matplotlib")
    from interpreter import load_game
    from pirdsl.report import _pyplot, length_plot, report_html, score_plot
    from pirdsl.simulate import simulate

    result = simulate(load_game(str(ROOT / "tests" / "classic" / "tic_tac_toe.pir")), 2, 1, balance=True)
    page = report_html("Tic-tac-toe", result)
    assert "1 game (" in page and "1 games" not in page and "seed 0<" in page
    import pirdsl.report as report

    ticks = []
    real_png = report._png

    def keep_ticks(figure):
        for axes in figure.axes:
            ticks.extend(axes.get_xticks())
        return real_png(figure)

    report._png, saved = keep_ticks, report._png
    try:
        length_plot(result)
        if result["balance"]["has_scores"]:
            score_plot(result)
    finally:
        report._png = saved
    assert ticks and all(float(tick).is_integer() for tick in ticks)
    _pyplot().close("all")


def test_a_stopped_run_leaves_no_empty_page(tmp_path, monkeypatch):
    """The check before the games creates nothing; the page appears whole at the end."""
    pytest.importorskip("matplotlib")
    import pirdsl.simulate

    report = tmp_path / "report.html"

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(pirdsl.simulate, "simulate", stopped)
    code = cli.main(["simulate", str(ROOT / "tests" / "classic" / "tic_tac_toe.pir"), "--games", "2", "--jobs", "1",
                     "--report", str(report)])
    assert code == cli.EXIT_INTERRUPTED
    assert [path for path in tmp_path.iterdir() if path.name != "config"] == []  # config: the test's keys


def test_a_report_replaces_the_old_page_whole(tmp_path):
    pytest.importorskip("matplotlib")
    from interpreter import load_game
    from pirdsl.report import write_report
    from pirdsl.simulate import simulate

    report = tmp_path / "report.html"
    report.write_text("old page", encoding="utf-8")
    result = simulate(load_game(str(ROOT / "tests" / "classic" / "tic_tac_toe.pir")), 2, 2, balance=True)
    write_report(str(report), "Tic-tac-toe", result)
    assert report.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert [path.name for path in tmp_path.iterdir() if path.name != "config"] == ["report.html"]


def test_the_headline_says_who_played_and_a_fair_among_random_bots_beside_an_automa_is_not_green():
    pytest.importorskip("matplotlib")
    from interpreter.game import load_source
    from pirdsl.report import report_html
    from pirdsl.simulate import simulate
    from tests.test_balance import FAIR, RIVAL

    page = report_html("Rival", simulate(load_source(RIVAL), 2, 100, seed=1, balance=True))
    assert "<p class=headline>2 players, both random bots, and The Rival (automa)</p>" in page
    assert "<p class=warning><strong>Warning:</strong> The Rival is an automa" in page
    assert '<p class="verdict caution">' in page and "consistent with fair" not in page

    page = report_html("Fair", simulate(load_source(FAIR), 2, 100, seed=1, seat_bots=["greedy", "random"],
                                        balance=True))
    assert "<p class=headline>Player 1 greedy, Player 2 random</p>" in page
    assert '<p class="verdict caution">' in page and "--rotate" in page

    page = report_html("Fair", simulate(load_source(FAIR), 2, 100, seed=1, balance=True))
    assert "<p class=headline>2 players, both random bots</p>" in page
    assert '<p class="verdict fair">' in page and "class=warning" not in page
