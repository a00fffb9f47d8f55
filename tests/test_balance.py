"""Balance figures (pirdsl/balance.py) and `simulate --rotate`: exact statistics, rotation, the seat-order test."""

from __future__ import annotations

import random
import statistics
from pathlib import Path

import pytest

from interpreter import load_game
from interpreter.game import load_source
from pirdsl.balance import Distribution, binomial_two_sided, bots_played, difference_interval, same_strength
from pirdsl.playing import rotated_bots
from pirdsl.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent

# Player 1 wins three games in four, Player 2 the rest: no decision, a loaded die.
TILTED = """game "Tilted":
  players 2 to 2

die d4: 1, 2, 3, 4
var points per player = 0

play:
  roll side on d4
  if side == 4:
    players[1].points = 1
  else:
    players[0].points = 1

score p: p.points
"""

# A fair coin between the two seats, no draws.
FAIR = TILTED.replace('"Tilted"', '"Fair"').replace("if side == 4:", "if side >= 3:")

# An automa that always scores 1; each player takes 0 or 2. Random players let it win;
# greedy ones always take 2 and share the win.
RIVAL = """game "Rival":
  players 2 to 3

var points per player = 0

automa rival "The Rival" when true

play:
  for each p in players:
    if automa(p):
      p.points = 1
    else:
      p chooses n from [0, 2] "Take points"
      p.points = n

score p: p.points
"""


def test_distribution_figures_are_those_of_the_whole_list():
    rng = random.Random(3)
    values = [rng.choice([0, 1, 2.5, 7, 7, 10]) for _ in range(101)]
    distribution = Distribution()
    for value in values:
        distribution.add(value)
    assert distribution.mean() == pytest.approx(statistics.mean(values))
    assert distribution.sd() == pytest.approx(statistics.stdev(values))
    for q in (0.1, 0.25, 0.5, 0.75, 0.9):
        ordered = sorted(values)
        position = (len(values) - 1) * q
        low = int(position)
        expected = ordered[low] + (ordered[min(low + 1, len(values) - 1)] - ordered[low]) * (position - low)
        assert distribution.quantile(q) == pytest.approx(expected)


def test_binomial_p_values_match_known_ones():
    assert binomial_two_sided(5, 10, 0.5) == pytest.approx(1.0)
    assert binomial_two_sided(9, 10, 0.5) == pytest.approx(0.021484375)  # 22 / 1024
    assert binomial_two_sided(0, 20, 0.25) == pytest.approx(0.007113353603017462)  # scipy.stats.binomtest
    assert binomial_two_sided(37, 100, 0.3) == pytest.approx(0.12774578094200498)
    assert binomial_two_sided(3, 10, 0.0) is None


def test_a_difference_interval_holds_the_difference():
    low, high = difference_interval(30, 100, 50, 100)
    assert low < 0.2 < high and low > 0


def test_rotation_moves_the_player_seats_bots_and_leaves_automa_alone():
    kinds = ["greedy", "automa", "random", "mcts"]
    assert rotated_bots(kinds, 0) == kinds
    assert rotated_bots(kinds, 1) == ["mcts", "automa", "greedy", "random"]
    assert rotated_bots(kinds, 3) == kinds


def test_rotated_bots_play_every_seat_equally_often_and_are_counted_per_bot():
    game = load_game(str(ROOT / "tests" / "classic" / "tic_tac_toe.pir"))
    result = simulate(game, 2, 20, seat_bots=["greedy", "random"], rotate=True, balance=True)
    assert result["seat_bots"] == ["rotated", "rotated"]
    bots = result["balance"]["bots"]
    assert bots["greedy"]["games"] == bots["random"]["games"] == 20
    assert result["balance"]["rotation"] == ["greedy", "random"]


def test_a_first_seat_advantage_is_flagged_in_words():
    result = simulate(load_source(TILTED), 2, 300, seed=1, balance=True)
    order = result["balance"]["seat_order"]
    assert order["biased"] and "SEAT-ORDER BIAS" in order["verdict"] and "advantage" in order["verdict"]
    fair = simulate(load_source(FAIR), 2, 300, seed=1, balance=True)["balance"]["seat_order"]
    assert not fair["biased"] and "consistent with fair" in fair["verdict"] and fair["seats_alike"]


def test_margins_lengths_and_quantiles_are_reported():
    result = simulate(load_game(str(ROOT / "games" / "decks_of_glory.pir")), 2, 6, seed=2, balance=True)
    balance = result["balance"]
    assert balance["has_scores"]
    assert balance["rounds"]["n"] == balance["decisions"]["n"] == result["completed"]
    assert balance["margin_of_victory"]["n"] <= result["completed"]
    assert set(balance["seats"][0]["score"]["quantiles"]) == {"10%", "25%", "50%", "75%", "90%"}
    assert balance["lead_changes"]["n"] == result["completed"]


@pytest.mark.parametrize("rotate", [False, True])
def test_balance_figures_are_the_same_in_one_process_or_two(rotate):
    game = load_game(str(ROOT / "games" / "glory_islands.pir"))
    one = simulate(game, 3, 12, seed=4, seat_bots=["greedy"], rotate=rotate, jobs=1, balance=True)
    two = simulate(game, 3, 12, seed=4, seat_bots=["greedy"], rotate=rotate, jobs=2, balance=True)
    for result in (one, two):
        for key in ("seconds", "games_per_second", "jobs"):
            result.pop(key)
    assert one == two


def test_the_headline_says_which_bots_played_and_names_the_automa_as_the_rules_do():
    names = ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert bots_played(names, ["random"] * 4) == "4 players, all random bots"
    assert bots_played(names[:2] + ["The Rival"], ["greedy", "greedy", "automa"]) == \
        "2 players, both greedy bots, and The Rival (automa)"
    assert bots_played(names[:2] + ["The Rival"], ["greedy", "random", "automa"]) == \
        "Player 1 greedy, Player 2 random, The Rival (automa)"
    assert bots_played(names[:3], ["rotated"] * 3, ["greedy", "random", "random"]) == \
        "3 players, bots greedy, random, random rotated round the seats"
    assert bots_played(["Player 1", "The Rival"], ["mcts:200", "automa"]) == \
        "1 player, the mcts:200 bot, and The Rival (automa)"


def test_bots_of_one_kind_and_budget_are_alike():
    assert same_strength(["greedy", "greedy"]) and same_strength(["mcts", "mcts:1000"])
    assert not same_strength(["greedy", "random"]) and not same_strength(["mcts:2000", "mcts:100"])


def test_random_bots_against_an_automa_are_warned_about_and_never_called_fair():
    result = simulate(load_source(RIVAL), 2, 200, seed=1, balance=True)
    balance = result["balance"]
    assert balance["bots_played"] == "2 players, both random bots, and The Rival (automa)"
    [warning] = balance["warnings"]
    rate = balance["seats"][2]["win_rate"]
    assert warning.startswith("The Rival is an automa") and f"{100 * rate:.1f}%" in warning
    assert "--bot greedy" in warning and warning.count(". ") == 0  # one sentence
    order = balance["seat_order"]
    assert not order["seats_alike"] and not order["biased"]
    assert "consistent with fair" not in order["verdict"] and "no verdict on the game" in order["verdict"]
    assert "The Rival (automa)" in order["verdict"]

    greedy = simulate(load_source(RIVAL), 2, 20, seed=1, bot="greedy", balance=True)["balance"]
    assert greedy["warnings"] == [] and greedy["seat_order"]["seats_alike"]
    assert greedy["bots_played"] == "2 players, both greedy bots, and The Rival (automa)"


def test_seats_with_bots_of_different_strengths_are_not_judged_unless_rotated():
    mixed = simulate(load_source(TILTED), 2, 300, seed=1, seat_bots=["greedy", "random"], balance=True)["balance"]
    order = mixed["seat_order"]
    assert order["seats"][0]["p_value"] < 0.05  # the figures are still there
    assert not order["biased"] and not order["seats_alike"]
    assert "not judged" in order["verdict"] and "SEAT-ORDER BIAS" not in order["verdict"]
    [warning] = mixed["warnings"]
    assert "(Player 1 greedy, Player 2 random)" in warning and "--rotate" in warning
    assert mixed["bots_played"] == "Player 1 greedy, Player 2 random"

    rotated = simulate(load_source(TILTED), 2, 300, seed=1, seat_bots=["greedy", "random"], rotate=True,
                       balance=True)["balance"]
    assert rotated["warnings"] == [] and rotated["seat_order"]["seats_alike"]
    assert rotated["seat_order"]["biased"] and "SEAT-ORDER BIAS" in rotated["seat_order"]["verdict"]


def test_an_automa_against_mixed_bots_gets_both_warnings():
    balance = simulate(load_source(RIVAL), 2, 10, seat_bots=["greedy", "random"], balance=True)["balance"]
    assert len(balance["warnings"]) == 2
    assert "some players were random bots" in balance["warnings"][1]
    assert balance["bots_played"] == "Player 1 greedy, Player 2 random, The Rival (automa)"
