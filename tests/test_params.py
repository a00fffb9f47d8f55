"""Game parameters (`param NAME = DEFAULT from LOW to HIGH`): the engine, the commands, saves, adapters, errors.

tests/cases/params.pir pins the construct through worked examples (an example's own
`param` lines); here what every way of setting a parameter gives, that nothing worked
out for one value is used for another (worlds, starting states, action spaces, bounds),
that saves and pickles bring their values back, and the errors an author or a user can
cause: at the file's line and column, or in one line on the command line.
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

import pirdsl.cli as cli
from interpreter import load_game, load_source
from interpreter.actions import ActionSpace
from interpreter.bounds import Bounds
from tests.test_check import assert_one_error, diagnose

CASE = str(Path(__file__).parent / "cases" / "params.pir")

# The first player picks a face of a die with `sides` sides; the pick is their score.
PICK = """game "Pick":
  players 2 to 2

param sides = 6 from 2 to 12
var picked per player = 0

play:
  players[0] chooses n from range(1, sides) "Which face?"
  players[0].picked = n

score p: p.picked
"""


def pick():
    return load_source(PICK, "pick.pir")


# ---------------------------------------------------------------- the engine

def test_a_parameter_is_its_default_unless_set():
    game = pick()
    assert game.param_values == {"sides": 6}
    assert game.new_state(2).num_actions() == 6
    assert game.with_params({"sides": 3}).new_state(2).num_actions() == 3
    assert game.with_params({}) is game  # the defaults: the same game


def test_each_set_of_values_has_its_own_worlds_and_starts_and_is_made_once():
    game = pick()
    three = game.with_params({"sides": 3})
    assert three is game.with_params({"sides": "3"}) is three.with_params({"sides": 3})
    assert three.with_params({}) is not three and three.with_params({}).param_values == {"sides": 6}
    assert game.new_state(2).world is not three.new_state(2).world
    assert game.new_state(2).num_actions() == 6  # the first table's start is not the other's
    assert three.new_state(2).world.params == {"sides": 3}


def test_action_spaces_and_bounds_follow_the_parameters():
    game = load_game(CASE)
    assert Bounds(game.file, 2, params={"dice_each": 2}).number(_name("dice_each")) == 2
    assert Bounds(game.file, 2).number(_name("dice_each")) == 3  # not given: the top of its range
    low, high = ActionSpace(game.with_params({"dice_each": 1}), 2), ActionSpace(game.with_params({"dice_each": 3}), 2)
    assert low.size >= 1 and high.size >= 1
    assert game.with_params({"dice_each": 3}).new_state(2).program.param_values["dice_each"] == 3


def _name(identifier: str):
    from dsl import ast
    from dsl.diagnostics import Span
    return ast.Name(span=Span("params.pir", 1, 1, 1, 1), id=identifier)


@pytest.mark.parametrize("values, message", [
    ({"side": 3}, "unknown parameter 'side' (this game has: sides)"),
    ({"sides": 13}, "parameter 'sides' goes from 2 to 12, not 13"),
    ({"sides": 1}, "parameter 'sides' goes from 2 to 12, not 1"),
    ({"sides": "3.5"}, "parameter 'sides' takes a whole number, not '3.5'"),
    ({"sides": 2.0}, "parameter 'sides' takes a whole number, not 2.0"),
    ({"sides": True}, "parameter 'sides' takes a whole number, not True"),
])
def test_a_value_the_game_cannot_take_is_a_one_line_value_error(values, message):
    with pytest.raises(ValueError) as raised:
        pick().with_params(values)
    assert str(raised.value) == message


def test_a_save_records_its_parameters_and_restores_them():
    game = pick()
    state = game.with_params({"sides": 4}).new_state(2, seed=5)
    data = json.loads(json.dumps(state.to_json()))
    assert data["params"] == {"sides": 4}
    restored = game.state_from_json(data)  # restored from the default game: the save's values come back
    assert restored.num_actions() == 4 and restored.program.param_values == {"sides": 4}
    assert pickle.loads(pickle.dumps(state)).num_actions() == 4
    data["params"] = {"sides": 40}
    with pytest.raises(ValueError, match="parameters do not fit the rules file: parameter 'sides' goes from 2 to 12"):
        game.state_from_json(data)


def test_a_game_without_parameters_saves_as_before():
    game = load_source(PICK.replace("param sides = 6 from 2 to 12\n", "").replace("sides", "6"), "plain.pir")
    assert "params" not in game.new_state(2).to_json()


# ---------------------------------------------------------------- the checker

PLAY = "var chips per player = 0\nplay:\n  pass\nscore p: p.chips + bonus\n"


def test_a_parameter_line_checks_clean():
    errors, warnings = diagnose(PLAY + "param bonus = 2 from 0 to 5 \"points each player starts with\"\n")
    assert errors == [] and warnings == []


def test_a_default_outside_the_range_is_an_error_at_its_column():
    assert_one_error(PLAY + "param bonus = 9 from 0 to 5\n", "parameter 'bonus' starts at 9, outside its range 0 to 5")


def test_an_empty_range_is_an_error_with_the_bounds_swapped_as_a_hint():
    assert_one_error(PLAY + "param bonus = 2 from 5 to 0\n", "goes from 5 to 0", "from 0 to 5")


def test_a_parameter_cannot_change_in_play():
    errors, _ = diagnose("var chips per player = 0\nparam bonus = 2 from 0 to 5\nplay:\n  bonus = 3\n"
                         "score p: p.chips + bonus\n")
    assert len(errors) == 1 and "cannot change the parameter 'bonus'" in errors[0]


def test_an_unread_parameter_is_a_warning():
    _, warnings = diagnose("var chips per player = 0\nparam bonus = 2 from 0 to 5\nplay:\n  pass\n"
                           "score p: p.chips\n")
    assert any("parameter 'bonus' is never read" in warning for warning in warnings)


def test_an_example_must_set_a_known_parameter_within_its_range():
    example = "example \"x\":\n  param {0}\n  expect:\n    bonus == 2\n"
    assert_one_error(PLAY + "param bonus = 2 from 0 to 5\n" + example.format("bonu = 1"),
                     "sets unknown parameter 'bonu'", "did you mean 'bonus'")
    assert_one_error(PLAY + "param bonus = 2 from 0 to 5\n" + example.format("bonus = 7"),
                     "sets 'bonus' to 7, outside its range 0 to 5")


def test_the_error_names_the_file_line_and_column(tmp_path, capsys):
    path = tmp_path / "bad.pir"
    path.write_text(PICK.replace("param sides = 6", "param sides = 60"), encoding="utf-8")
    assert cli.main(["check", str(path)]) != 0
    err = capsys.readouterr().err
    assert f"{path}:4:15: error: parameter 'sides' starts at 60" in err and "Traceback" not in err


# ---------------------------------------------------------------- the commands

def test_perft_simulate_and_test_take_param(capsys):
    assert cli.main(["perft", CASE, "--depth", "1", "--param", "dice_sides=3"]) == 0
    assert "depth 1: 3" in capsys.readouterr().out
    assert cli.main(["perft", CASE, "--depth", "1"]) == 0
    assert "depth 1: 6" in capsys.readouterr().out
    assert cli.main(["simulate", CASE, "--games", "6", "--json", "--param", "dice_sides=2",
                     "--param", "dice_each=3", "--jobs", "2"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["params"] == {"dice_sides": 2, "dice_each": 3, "handicap": 0}
    assert all(3 <= score <= 6 for score in result["mean_score"])  # three dice of two sides each, in every worker
    assert cli.main(["test", CASE, "--param", "handicap=1"]) != 0  # the first example expects a total of 0
    assert "FAIL" in capsys.readouterr().out


def test_compare_sets_parameters_on_each_side(capsys):
    assert cli.main(["compare", CASE, CASE, "--games", "10", "--jobs", "1", "--json",
                     "--param", "dice_each=2", "--param-b", "dice_sides=12"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["a"]["params"]["dice_sides"] == 6 and result["b"]["params"]["dice_sides"] == 12
    assert result["a"]["params"]["dice_each"] == result["b"]["params"]["dice_each"] == 2


def test_reference_prints_the_value_and_the_default(capsys):
    assert cli.main(["reference", CASE, "--param", "dice_sides=3"]) == 0
    out = capsys.readouterr().out
    assert "Dice sides (sides on each die): 3 (the default is 6; " \
           "the players may agree on any whole number from 2 to 12)." in out
    assert "Dice each: 1 (the default; the players may agree on any whole number from 1 to 3)." in out
    assert "the dice sides (3)" in out


@pytest.mark.parametrize("given, message", [
    ("dice_sides=13", "pirdsl: error: Parameters: --param: parameter 'dice_sides' goes from 2 to 12, not 13"),
    ("dice=3", "pirdsl: error: Parameters: --param: unknown parameter 'dice' (this game has: "),
    ("dice_sides=three", "pirdsl: error: Parameters: --param: parameter 'dice_sides' takes a whole number, not 'three'"),
    ("dice_sides", "pirdsl: error: --param takes NAME=VALUE (e.g. --param dice_sides=3), not 'dice_sides'"),
])
@pytest.mark.parametrize("command", [["perft", CASE, "--depth", "1"], ["simulate", CASE, "--games", "1"],
                                     ["play", CASE, "--seat", "random", "--seat", "random"], ["test", CASE],
                                     ["reference", CASE]])
def test_a_bad_param_is_one_line_on_every_command(command, given, message, capsys):
    code = cli.main([*command, "--param", given])
    captured = capsys.readouterr()
    text = captured.err + captured.out
    assert code != 0
    assert message in text and "Traceback" not in text


# ---------------------------------------------------------------- the adapters

def test_openspiel_takes_parameters_by_name_and_as_one_text():
    pyspiel = pytest.importorskip("pyspiel")
    from pirdsl.adapters import openspiel

    by_load = openspiel.load(CASE, dice_sides=3)
    assert by_load.new_initial_state().legal_actions() == by_load.new_initial_state().legal_actions()
    assert len(by_load.new_initial_state().legal_actions()) == 3
    by_name = pyspiel.load_game("pirdsl", {"file": CASE, "dice_sides": 4})
    assert len(by_name.new_initial_state().legal_actions()) == 4
    as_text = pyspiel.load_game("pirdsl", {"file": CASE, "params": "dice_sides:5+dice_each:2"})
    assert len(as_text.new_initial_state().legal_actions()) == 5
    assert pyspiel.load_game(str(as_text)).rules.param_values["dice_each"] == 2  # the name reads back
    state = as_text.new_initial_state()
    assert len(pickle.loads(pickle.dumps(state)).legal_actions()) == 5
    assert len(pyspiel.load_game("pirdsl", {"file": CASE}).new_initial_state().legal_actions()) == 6
    with pytest.raises(ValueError, match="parameter 'dice_sides' goes from 2 to 12, not 20"):
        pyspiel.load_game("pirdsl", {"file": CASE, "dice_sides": 20})


def test_pettingzoo_takes_parameters_as_keyword_arguments():
    pytest.importorskip("pettingzoo")
    from pirdsl.adapters import pettingzoo

    env = pettingzoo.env(CASE, dice_sides=3)
    env.reset(seed=1)
    assert int(env.observe(env.agent_selection)["action_mask"].sum()) == 3
    with pytest.raises(ValueError, match="unknown parameter 'dice'"):
        pettingzoo.env(CASE, dice=3)


def test_the_action_space_numbers_what_the_parameters_let_a_range_reach():
    liars_dice = load_game(str(Path(__file__).parent / "classic" / "liars_dice.pir"))
    assert ActionSpace(liars_dice, 2).high == 12  # one six-sided die each: bids 1 to 12
    widest = ActionSpace(liars_dice.with_params({"dice_each": 5, "dice_sides": 10}), 4)
    assert widest.high == 200  # 5 dice of 10 sides for each of 4 players
    state = liars_dice.with_params({"dice_each": 2}).new_state(3, seed=1)
    while state.is_chance():
        state.apply_chance()
    space = ActionSpace(state.program, 3)
    assert len(space.legal_actions(state)) == 36  # every opening bid of 6 dice has its own number
