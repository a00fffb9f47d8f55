"""`pirdsl simulate` on the real engine, with tiny games whose outcomes are known exactly.

tests/test_cli.py pins the command on the fake Dice Race engine, where draws are
rare and their odds unknown. Here each game is a few lines of pirdsl whose odds
can be worked out by hand, so the outcome figures (sole and shared wins, losses,
draws, win rates, returns) and the per-game records can be checked against them.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import pirdsl.cli as cli

# Both players score nothing: every game is a draw shared by all, never a win for all.
EVEN = """game "Even":
  players 2 to 4

play:
  log "Nobody scores."
"""

# Each player in turn takes 0 or 1 point. At random: Player 1 alone wins 1/4 of the
# games, Player 2 alone 1/4, and half are drawn. Greedy always takes the point.
GRAB = """game "Grab":
  players 2 to 2

var points per player = 0

play:
  for each p in players:
    p chooses n from [0, 1] "Take points"
    p.points = n

score p: p.points
"""

# A three-sided coin: Player 1 wins, Player 2 wins, or a draw, 1/3 each, with no decision at all.
COIN = """game "Coin":
  players 2 to 2

die coin: 0, 1, 2
var points per player = 0

play:
  roll side on coin
  if side == 1:
    players[0].points = 1
  if side == 2:
    players[1].points = 1

score p: p.points
"""

# Every player is eliminated: nobody can win.
WIPEOUT = """game "Wipeout":
  players 2 to 3

play:
  for each p in players:
    eliminate p
"""


@pytest.fixture
def game_file(tmp_path):
    def write(source: str) -> str:
        path = tmp_path / "game.pir"
        path.write_text(source, encoding="utf-8")
        return str(path)

    return write


def simulate_json(capsys, path: str, *argv: str) -> dict:
    code = cli.main(["simulate", path, "--json", *argv])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return json.loads(captured.out)


@pytest.mark.parametrize("players", [2, 4])
def test_a_game_everyone_ties_is_a_draw_not_a_win_for_everyone(capsys, game_file, players):
    result = simulate_json(capsys, game_file(EVEN), "--games", "10", "--players", str(players))
    assert result["completed"] == result["draws"] == 10
    assert result["sole_wins"] == [0] * players
    assert result["shared_wins"] == [10] * players
    assert result["losses"] == [0] * players
    assert result["win_rate"] == [0.0] * players
    assert result["mean_returns"] == [pytest.approx(1 / players)] * players
    assert result["wins"] == [10] * players  # the old key: a shared win counts for each winner


def test_random_play_gives_the_odds_worked_out_by_hand(capsys, game_file):
    games = 400
    result = simulate_json(capsys, game_file(GRAB), "--games", str(games))
    for seat in range(2):
        low, high = result["win_rate_interval"][seat]
        assert low < 0.25 < high
        assert result["sole_wins"][seat] + result["shared_wins"][seat] + result["losses"][seat] == games
        assert result["score_sd"][seat] == pytest.approx(0.5, abs=0.02)  # a fair 0/1 score
    assert abs(result["draws"] / games - 0.5) < 0.1
    assert result["shared_wins"] == [result["draws"]] * 2
    assert sum(result["mean_returns"]) == pytest.approx(1.0)


def test_greedy_measured_against_random_never_loses_grab(capsys, game_file):
    result = simulate_json(capsys, game_file(GRAB), "--games", "100", "--seat", "greedy")
    assert result["seat_bots"] == ["greedy", "random"]
    assert result["losses"][0] == 0 and result["sole_wins"][1] == 0
    assert result["mean_score"][0] == 1 and result["score_sd"][0] == 0


def test_records_count_decisions_and_chance_steps_apart(capsys, game_file, tmp_path):
    records = tmp_path / "records.jsonl"
    simulate_json(capsys, game_file(GRAB), "--games", "5", "--records", str(records))
    lines = [json.loads(line) for line in records.read_text(encoding="utf-8").splitlines()]
    assert [(line["length"], line["chance_steps"]) for line in lines] == [(2, 0)] * 5

    simulate_json(capsys, game_file(COIN), "--games", "30", "--records", str(records))
    lines = [json.loads(line) for line in records.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 30
    assert {(line["length"], line["chance_steps"]) for line in lines} == {(0, 1)}
    outcomes = {(tuple(line["winners"]), tuple(line["returns"])) for line in lines}
    assert outcomes == {((0,), (1.0, 0.0)), ((1,), (0.0, 1.0)), ((0, 1), (0.5, 0.5))}


def test_mean_returns_are_the_exact_shares_of_the_wins(capsys, game_file):
    result = simulate_json(capsys, game_file(COIN), "--games", "60")
    for seat in range(2):
        share = Fraction(result["sole_wins"][seat]) + Fraction(result["shared_wins"][seat], 2)
        assert result["mean_returns"][seat] == pytest.approx(float(share / 60))


def test_when_nobody_can_win_every_seat_loses_and_the_returns_are_0(capsys, game_file):
    result = simulate_json(capsys, game_file(WIPEOUT), "--games", "5", "--players", "3")
    assert result["no_winner"] == 5 and result["draws"] == 0
    assert result["losses"] == [5, 5, 5]
    assert result["mean_returns"] == [0.0, 0.0, 0.0]


def test_the_table_reports_draws_and_each_seats_bot(capsys, game_file):
    code = cli.main(["simulate", game_file(GRAB), "--games", "40", "--seat", "random", "--seat", "greedy"])
    out = capsys.readouterr().out
    assert code == 0
    assert "bots random, greedy" in out
    assert "draws (a win shared by several seats):" in out
    assert "win rate (95% CI)" in out


def test_the_table_warns_when_an_automa_played_random_bots_and_says_what_to_do(capsys, game_file):
    from tests.test_balance import RIVAL

    code = cli.main(["simulate", game_file(RIVAL), "--games", "60", "--jobs", "1"])
    out = " ".join(capsys.readouterr().out.split())  # the lines as one, whatever the terminal's width
    assert code == 0
    assert "2 players, random bots, and The Rival (automa)" in out
    assert "warning: The Rival is an automa" in out and "--bot greedy" in out
    assert "consistent with fair" not in out and "no verdict on the game" in out

    code = cli.main(["simulate", game_file(RIVAL), "--games", "10", "--jobs", "1", "--bot", "greedy"])
    out = capsys.readouterr().out
    assert code == 0 and "warning:" not in out


def test_the_table_warns_when_the_seats_had_bots_of_different_strengths(capsys, game_file):
    code = cli.main(["simulate", game_file(GRAB), "--games", "40", "--jobs", "1", "--seat", "greedy"])
    out = " ".join(capsys.readouterr().out.split())
    assert code == 0
    assert "warning: The player seats had bots of different strengths (Player 1 greedy, Player 2 random)" in out
    assert "add --rotate" in out and "seat order not judged" in out
    code = cli.main(["simulate", game_file(GRAB), "--games", "40", "--jobs", "1", "--seat", "greedy", "--rotate"])
    assert "warning:" not in capsys.readouterr().out


def test_the_readme_documents_every_json_key_and_every_record_key(capsys, game_file, tmp_path):
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### simulate"):readme.index("### test")]
    records = tmp_path / "records.jsonl"
    result = simulate_json(capsys, game_file(GRAB), "--games", "2", "--records", str(records))
    record = json.loads(records.read_text(encoding="utf-8").splitlines()[0])
    for key in [*result, *record, "unfinished", "error", *result["balance"], *result["balance"]["seat_order"]]:
        assert f"`{key}`" in section, key
