"""The `payoff` line: what `State.returns()` pays, the promises it checks, and how it reads.

tests/cases/payoff.pir pins the construct through worked examples (whose finished
games also check the promises); here the returns themselves, the errors an author
can cause (at check time and in a playout), and the printed rules.
"""

from __future__ import annotations

import json
import textwrap

import pytest

import pirdsl.cli as cli
from interpreter import GameRuleError, load_source
from tests.test_check import assert_one_error, diagnose

# The first player takes 0, 1 or 2 chips from the second.
TAKE = """game "Take":
  players 2 to 2

var chips per player = 2

play:
  players[0] chooses n from [0, 1, 2] "Take how many?"
  players[0].chips += n
  players[1].chips -= n

score p: p.chips
payoff p PROMISE: p.chips - 2
"""


def take(promise: str = "zero-sum from -2 to 2", payoff: str = "p.chips - 2"):
    source = TAKE.replace("PROMISE", promise).replace("p.chips - 2\n", payoff + "\n")
    return load_source(source, "take.pir")


def finished(game, action: int, players: int = 2):
    state = game.new_state(players=players, seed=0)
    assert state.returns() == [0.0] * players  # nothing is paid before the end
    state.apply_action(action)
    assert state.is_terminal()
    return state


@pytest.mark.parametrize("action, paid", [(0, [0.0, 0.0]), (1, [1.0, -1.0]), (2, [2.0, -2.0])])
def test_returns_are_the_declared_payoff(action, paid):
    state = finished(take(), action)
    assert state.returns() == paid
    assert state.outcome()[2] == paid
    assert state.winners() == ([0, 1] if action == 0 else [0])  # who wins still goes by score


def test_without_a_promise_the_payoff_may_add_up_to_anything():
    state = finished(take("general-sum", "p.chips"), 2)
    assert state.returns() == [4.0, 0.0]
    assert finished(take("", "p.chips * 3"), 1).returns() == [9.0, 3.0]


def test_constant_sum_checks_its_own_total():
    assert finished(take("constant-sum 4", "p.chips"), 2).returns() == [4.0, 0.0]
    with pytest.raises(GameRuleError, match=r"add up to 4, but the payoff line promises 'constant-sum 5'"):
        finished(take("constant-sum 5", "p.chips"), 2).returns()


def test_a_playout_that_breaks_zero_sum_is_a_rule_error_naming_the_payoff_line():
    state = finished(take("zero-sum", "p.chips"), 1)
    with pytest.raises(GameRuleError) as caught:
        state.returns()
    text = str(caught.value)
    assert "the payments add up to 4, but the payoff line promises 'zero-sum' (they are 3, 1)" in text
    assert "take.pir:12:1" in text and "general-sum promises nothing" in text


def test_a_payment_outside_the_declared_range_is_a_rule_error():
    with pytest.raises(GameRuleError, match=r"Player 1 is paid 2, outside the range .* \(from -1 to 1\)"):
        finished(take("zero-sum from -1 to 1"), 2).returns()


def test_payments_are_summed_exactly_and_fractions_are_paid_as_floats():
    state = finished(take("constant-sum 1", "1 / 3 if p.index == 0 else 2 / 3"), 0)
    assert state.returns() == [pytest.approx(1 / 3), pytest.approx(2 / 3)]


def test_a_payoff_that_is_not_a_number_at_play_is_a_rule_error():
    with pytest.raises(GameRuleError, match="cannot work out a player's payoff: it must be a number"):
        finished(take("", 'p.chips if p.index == 0 else "lots"'), 1).returns()


def test_simulate_reports_a_broken_promise_in_one_line_and_no_traceback(capsys, tmp_path):
    path = tmp_path / "take.pir"
    path.write_text(TAKE.replace("PROMISE", "zero-sum").replace("p.chips - 2\n", "p.chips\n"), encoding="utf-8")
    code = cli.main(["simulate", str(path), "--games", "4"])
    err = capsys.readouterr().err
    assert code != 0
    assert "promises 'zero-sum'" in err and "Traceback" not in err


def test_simulate_reports_the_mean_payoff_as_its_mean_returns(capsys, tmp_path):
    path = tmp_path / "take.pir"
    path.write_text(TAKE.replace("PROMISE", "zero-sum from -2 to 2"), encoding="utf-8")
    assert cli.main(["simulate", str(path), "--games", "30", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    first, second = result["mean_returns"]
    assert first == pytest.approx(-second) and 0 <= first <= 2


def test_pirdsl_test_fails_an_example_whose_finished_game_breaks_the_promise(capsys, tmp_path):
    source = TAKE.replace("PROMISE", "zero-sum").replace("p.chips - 2\n", "p.chips\n") + textwrap.dedent("""
        example "take one":
          when:
            players[0].chips += 1
        """)
    path = tmp_path / "take.pir"
    path.write_text(source, encoding="utf-8")
    assert cli.main(["test", str(path)]) != 0
    out = capsys.readouterr().out
    assert "FAIL" in out and "promises 'zero-sum'" in out


# ---------------------------------------------------------------- what the checker says

PLAY = "var chips per player = 0\nplay:\n  pass\nscore p: p.chips\n"


def test_a_payoff_line_checks_clean():
    errors, warnings = diagnose(PLAY + "payoff p zero-sum from -3 to 3: p.chips\n")
    assert errors == [] and warnings == []


def test_an_empty_range_is_an_error_with_the_bounds_swapped_as_a_hint():
    assert_one_error(PLAY + "payoff p from 3 to -3: p.chips\n", "'from 3 to -3' holds no payment",
                     "from -3 to 3")


def test_a_range_that_cannot_keep_the_promised_sum_is_an_error():
    assert_one_error(PLAY + "payoff p zero-sum from 1 to 3: p.chips\n", "can never add up to 0", "'zero-sum'")
    assert_one_error(PLAY + "payoff p constant-sum 20 from 0 to 4: p.chips\n", "can never add up to 20",
                     "'constant-sum 20'")


def test_a_payoff_that_is_evidently_not_a_number_is_an_error():
    assert_one_error(PLAY + "payoff p: p.chips > 2\n", "a payoff is a number, not true or false")


def test_a_second_payoff_line_is_an_error():
    assert_one_error(PLAY + "payoff p: p.chips\npayoff q: 0\n", "a second 'payoff' section")


def test_the_payoff_param_must_not_hide_a_declaration():
    assert_one_error(PLAY + "var pot = 0\npayoff pot: 0\n", "the player name 'pot' hides the variable")


# ---------------------------------------------------------------- the printed rules

def test_the_printed_rules_say_what_each_player_is_paid(capsys, tmp_path):
    path = tmp_path / "take.pir"
    path.write_text(TAKE.replace("PROMISE", "zero-sum from -2 to 2"), encoding="utf-8")
    assert cli.main(["reference", str(path)]) == 0
    out = capsys.readouterr().out
    assert "When the game ends, you are paid your chips − 2." in out
    assert "The payments always add up to 0" in out and "between −2 and 2" in out


# ---------------------------------------------------------------- the mean payoff in simulate and compare

def test_simulate_reports_the_mean_payoff_per_seat_with_its_interval(capsys, tmp_path):
    path = tmp_path / "take.pir"
    path.write_text(TAKE.replace("PROMISE", "zero-sum from -2 to 2"), encoding="utf-8")
    assert cli.main(["simulate", str(path), "--games", "40", "--json", "--jobs", "1"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["mean_payoff"] == pytest.approx(result["mean_returns"])
    for mean, (low, high), spread in zip(result["mean_payoff"], result["mean_payoff_interval"], result["payoff_sd"]):
        assert low < mean < high and spread > 0
        assert (high - low) / 2 == pytest.approx(1.959963984540054 * spread / 40 ** 0.5)
    assert cli.main(["simulate", str(path), "--games", "40", "--jobs", "1"]) == 0
    assert "mean payoff" in capsys.readouterr().out


def test_without_a_payoff_line_simulate_keeps_its_keys(capsys, tmp_path):
    path = tmp_path / "plain.pir"
    path.write_text(TAKE.replace("payoff p PROMISE: p.chips - 2\n", ""), encoding="utf-8")
    assert cli.main(["simulate", str(path), "--games", "5", "--json", "--jobs", "1"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert "mean_payoff" not in result and "mean_payoff_interval" not in result and "mean_returns" in result


def test_compare_sets_the_mean_payoffs_side_by_side(capsys, tmp_path):
    path = tmp_path / "take.pir"
    path.write_text(TAKE.replace("PROMISE", "zero-sum from -2 to 2"), encoding="utf-8")
    assert cli.main(["compare", str(path), str(path), "--games", "20", "--jobs", "1", "--json"]) == 0
    rows = {row["figure"]: row for row in json.loads(capsys.readouterr().out)["differences"]}
    assert rows["Player 1 mean payoff"]["difference"] == 0 and rows["Player 1 mean payoff"]["interval"] is not None
