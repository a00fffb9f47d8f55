"""Tests of the `pirdsl` command line, its bots, simulation and perft, on the fake engine.

Every command is run through `pirdsl.cli.main(argv)`, which returns the exit
code; `capsys` captures what a user would see. `load_game` (in
`pirdsl.commands.common`, where every command looks it up) is patched to the
Dice Race engine in tests/fake_engine.py, so these tests do not depend on the
real engine or on the games shipped in games/.
"""

from __future__ import annotations

import io
import json
import sys
import types

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

import fake_engine
import pirdsl.cli as cli
from pirdsl.baseline_bots import GreedyBot, RandomBot
from pirdsl.bots import make_bot, seat_seed
from pirdsl.commands import common
from pirdsl.commands.play import SEAT_KINDS as SEAT_KINDS_OFFERED
from pirdsl.perft import perft
from pirdsl.play import SEAT_KINDS
from pirdsl.playing import play_to_end
from pirdsl.simulate import simulate, wilson_interval
from pirdsl.terminal import fit_marks, format_zones, group_items, render_board, render_log

RULES = 'fake-game "Dice Race"\ntarget 10\nrounds 8\n'
VIEW_RULE = "── Dice Race ──"  # the line that starts each view of the table


@pytest.fixture(autouse=True)
def fake_engine_loader(monkeypatch):
    """The command line loads rules files with the fake engine."""
    monkeypatch.setattr(common, "load_game", fake_engine.load_game)



@pytest.fixture
def rules_file(tmp_path):
    path = tmp_path / "dice.pir"
    path.write_text(RULES, encoding="utf-8")
    return str(path)




def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_line_error(err: str) -> None:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("pirdsl: error: ")


# --- check --------------------------------------------------------------------------


def test_check_prints_ok_for_a_valid_file(capsys, rules_file):
    code, out, err = run(capsys, "check", rules_file)
    assert code == 0
    assert out.strip() == f"{rules_file}: ok"
    assert err == ""


def test_check_reports_every_diagnostic_and_goes_on_to_the_next_file(capsys, rules_file, tmp_path):
    bad = tmp_path / "bad.pir"
    bad.write_text('fake-game "X"\nbogus 1\nalso wrong\n', encoding="utf-8")
    code, out, err = run(capsys, "check", str(bad), rules_file)
    assert code == 1
    assert f"{rules_file}: ok" in out
    assert f"{bad}:2:1: error: unknown setting 'bogus'" in err
    assert f"{bad}:3:1: error: unknown setting 'also'" in err
    assert "^" in err  # the caret excerpt from Diagnostic.format
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "content, expected",
    [
        (None, "no such file"),
        (b"", "the file is empty"),
        (b"  \n\n", "the file is empty"),
        (b"\x00\x01\x02\xff garbage", "binary file"),
        (b"\xff\xfe game", "not UTF-8"),
    ],
)
def test_check_rejects_unusable_files_in_one_line(capsys, tmp_path, content, expected):
    path = tmp_path / "game.pir"
    if content is not None:
        path.write_bytes(content)
    code, out, err = run(capsys, "check", str(path))
    assert code == 1
    assert_one_line_error(err)
    assert expected in err


def test_check_rejects_a_directory(capsys, tmp_path):
    code, _, err = run(capsys, "check", str(tmp_path))
    assert code == 1
    assert_one_line_error(err)
    assert "directory" in err


@pytest.fixture
def warned_file(tmp_path):
    """A rules file that loads, with one checker warning on its third line."""
    path = tmp_path / "warned.pir"
    path.write_text(RULES + "warn setting 'rounds' is never used\n", encoding="utf-8")
    return str(path)


def assert_warning_shown(err: str, path: str) -> None:
    """The warning is printed like an error: place, message, the line, a caret, the hint."""
    assert f"{path}:4:6: warning: setting 'rounds' is never used" in err
    assert "    warn setting 'rounds' is never used\n         ^^^" in err
    assert "  a hint for the warning" in err
    assert "Traceback" not in err


def test_check_prints_warnings_of_a_file_that_has_no_errors(capsys, warned_file, rules_file):
    code, out, err = run(capsys, "check", warned_file, rules_file)
    assert code == 0
    assert out.splitlines() == [f"{warned_file}: ok (1 warning)", f"{rules_file}: ok"]
    assert_warning_shown(err, warned_file)


def test_check_quiet_hides_warnings(capsys, warned_file):
    code, out, err = run(capsys, "check", "--quiet", warned_file)
    assert (code, out.strip(), err) == (0, f"{warned_file}: ok", "")


def test_check_strict_fails_on_warnings(capsys, warned_file, rules_file):
    code, out, err = run(capsys, "check", "--strict", warned_file, rules_file)
    assert code == 1
    assert out.strip() == f"{rules_file}: ok"
    assert_warning_shown(err, warned_file)
    assert f"{warned_file}: 1 warning, which --strict counts as errors" in err
    code, out, err = run(capsys, "check", "--strict", "-q", warned_file)
    assert code == 1 and out == "" and "warning:" not in err and "--strict" in err


def test_check_quiet_keeps_errors_and_drops_the_warnings_beside_them(capsys, tmp_path):
    bad = tmp_path / "bad.pir"
    bad.write_text(RULES + "warn a warning\nbogus 1\n", encoding="utf-8")
    code, _, err = run(capsys, "check", str(bad))
    assert code == 1 and "warning: a warning" in err and "error: unknown setting 'bogus'" in err
    code, _, err = run(capsys, "check", "-q", str(bad))
    assert code == 1 and "warning" not in err and "error: unknown setting 'bogus'" in err


@pytest.mark.parametrize("argv", [
    ["play", "--seat", "random", "--seat", "random", "--seed", "1"],
    ["simulate", "--games", "2", "--json"],
    ["test"],
    ["perft", "--depth", "1"],
])
def test_every_command_that_loads_a_file_shows_its_warnings_unless_quiet(capsys, typed, warned_file, argv,
                                                                          example_results):
    command, *options = argv
    example_results([])  # `test` runs no examples on the fake engine
    typed("")
    code, out, err = run(capsys, command, warned_file, *options)
    assert code == 0, err
    assert_warning_shown(err, warned_file)
    if command == "simulate":
        json.loads(out)  # the warnings stay off standard output
    typed("")
    code, _, err = run(capsys, command, warned_file, "--quiet", *options)
    assert code == 0 and "warning" not in err


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.binary(max_size=120))
def test_check_never_crashes_on_arbitrary_bytes(capsys, tmp_path, content):
    path = tmp_path / "any.pir"
    path.write_bytes(content)
    code, _, err = run(capsys, "check", str(path))
    assert code in (0, 1)
    assert "Traceback" not in err and "internal error" not in err


@pytest.mark.parametrize(
    "argv",
    [[], ["check"], ["frobnicate"], ["simulate"], ["perft", "x.pir"], ["perft", "x.pir", "--depth", "0"],
     ["simulate", "x.pir", "--games", "many"], ["play", "x.pir", "--seat", "alien"]],
)
def test_usage_errors_exit_2(capsys, argv):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "Traceback" not in err


def test_help_and_version_exit_0(capsys):
    assert run(capsys, "--help")[0] == 0
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("pirdsl ")


# --- the safety net of main ----------------------------------------------------------


def test_an_unexpected_exception_is_one_line_and_exit_70(capsys, monkeypatch, rules_file):
    def broken_loader(path):
        raise RuntimeError("boom\nwith a second line")

    monkeypatch.setattr(common, "load_game", broken_loader)
    code, _, err = run(capsys, "check", rules_file)
    assert code == 70
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert "internal error: RuntimeError: boom with a second line" in err
    assert "please report" in err


def test_ctrl_c_exits_130_quietly(capsys, monkeypatch, rules_file):
    def interrupted(path):
        raise KeyboardInterrupt

    monkeypatch.setattr(common, "load_game", interrupted)
    code, out, err = run(capsys, "check", rules_file)
    assert code == 130
    assert err == ""


@pytest.mark.parametrize("broken", ["interpreter", "dsl.diagnostics"])
def test_an_engine_that_cannot_be_imported_is_one_line_and_exit_1(capsys, monkeypatch, rules_file, broken):
    monkeypatch.setitem(sys.modules, broken, None)  # makes `import` of it fail
    for argv in (["check", rules_file], ["play", rules_file], ["simulate", rules_file], ["perft", rules_file,
                                                                                           "--depth", "1"]):
        code, out, err = run(capsys, *argv)
        assert code == 1
        assert_one_line_error(err)
        assert "cannot import the pirdsl engine" in err
    assert run(capsys, "--help")[0] == 0  # the options still parse without the engine


def test_the_seat_kinds_offered_are_the_ones_play_knows():
    assert SEAT_KINDS_OFFERED == SEAT_KINDS


# --- play ------------------------------------------------------------------------------


def test_bots_only_play_to_the_end_and_print_log_scores_and_winners(capsys, typed, rules_file):
    typed("")  # a bots-only game never reads input
    code, out, err = run(capsys, "play", rules_file, "--seat", "random", "--seat", "greedy", "--seed", "3")
    assert code == 0, err
    assert "Round 1" in out and "Game over" in out
    assert "Final scores" in out
    assert "wins." in out or "share the win" in out


def test_bots_only_play_is_deterministic_for_a_seed(capsys, typed, rules_file):
    argv = ["play", rules_file, "--seat", "greedy", "--seat", "random", "--seed", "11", "--variant", "rival"]
    typed("")
    first = run(capsys, *argv)
    typed("")
    second = run(capsys, *argv)
    assert first == second


def test_human_sees_numbered_actions_and_bad_input_reprompts(capsys, typed, rules_file):
    typed("9\n0\nabc\n²\n\nhelp\n1\n")
    code, out, err = run(capsys, "play", rules_file, "--seed", "1")
    assert code == 0, err
    assert "  1. Move " in out
    assert "There is no action 9" in out
    assert "There is no action 0" in out
    assert "Not understood: 'abc'" in out
    assert "Not understood: '²'" in out
    assert "Type a number from 1 to" in out
    assert "undo" in out and "save FILE" in out  # the help text
    assert "Player 1 moves" in out  # '1' was accepted
    assert "End of input: game abandoned." in out  # then EOF quits cleanly
    assert "Traceback" not in err


def test_human_sees_only_its_own_hand(capsys, typed, rules_file):
    typed("quit\n")
    code, out, _ = run(capsys, "play", rules_file, "--seed", "1", "--players", "3")
    assert code == 0
    hands = [line.split("hand:")[1].strip() for line in out.splitlines() if "hand:" in line]
    assert hands == ["1, 3", "2 hidden", "2 hidden"]  # Player 1 (you), then Players 2 and 3


def test_empty_input_quits_cleanly(capsys, typed, rules_file):
    typed("")
    code, out, err = run(capsys, "play", rules_file, "--seed", "2")
    assert code == 0
    assert "game abandoned" in out
    assert err == ""


def test_quit_command(capsys, typed, rules_file):
    typed("quit\n1\n")
    code, out, _ = run(capsys, "play", rules_file, "--seed", "2")
    assert code == 0
    assert "Game abandoned." in out
    assert "Player 1 moves" not in out


def test_human_can_play_a_whole_game_from_piped_input(capsys, typed, rules_file):
    typed("1\n" * 50)
    code, out, err = run(capsys, "play", rules_file, "--seed", "4")
    assert code == 0, err
    assert "Final scores" in out
    assert "game abandoned" not in out


def test_undo_is_refused_before_the_first_decision_and_after_the_dice(capsys, typed, rules_file):
    # In Dice Race a roll follows every move: the mover has seen the next roll (or its
    # rival's move) before it could undo, so undo never goes back (docs/engine-api.md).
    typed("undo\n1\nundo\nquit\n")
    code, out, _ = run(capsys, "play", rules_file, "--seed", "1")
    assert code == 0
    assert out.count("Nothing to undo: undo takes back only your own decisions since anything new") == 2
    assert "Undone" not in out


def test_undo_asks_the_engine_whether_a_decision_showed_anything_new(capsys, typed, rules_file, monkeypatch):
    asked = []

    def reveals(state, index):
        asked.append(index)
        return True

    monkeypatch.setattr(fake_engine.FakeState, "reveals", reveals)
    typed("2\nundo\nquit\n")
    code, out, _ = run(capsys, "play", rules_file, "--seed", "1")
    assert code == 0
    assert asked == [1]  # the human's choice "2", and not the bot's moves
    assert "Nothing to undo" in out


def test_each_log_line_is_shown_once_and_the_log_command_shows_them_all(capsys, typed, rules_file):
    typed("1\n1\n1\nlog\nquit\n")
    code, out, _ = run(capsys, "play", rules_file, "--seed", "1")
    assert code == 0
    full_log = [line.strip() for line in out.split("help): log\n")[1].split("Player 1, your choice")[0].splitlines()]
    shown = []
    for view in out.split(VIEW_RULE)[1:]:
        between, status = view.split("Shared:")[1].split("\nRound ", 1)
        lines = [line.strip() for line in between.splitlines()[1:]]
        round_line = "Round " + status.split(" ·")[0]
        # A log ending with the line that opened this round leaves it to the status line under it,
        # which would otherwise say the round a second time.
        assert lines[-1:] != [round_line]
        shown += lines
        if full_log[len(shown):len(shown) + 1] == [round_line]:
            shown.append(round_line)
    assert shown == full_log
    assert len(shown) > 8 and shown[0] == "Round 1"


def test_hot_seat_asks_to_pass_the_device_only_at_a_terminal(capsys, typed, rules_file):
    argv = ["play", rules_file, "--seat", "human", "--seat", "human", "--seed", "1"]
    typed("1\n1\nquit\n")
    _, piped, _ = run(capsys, *argv)
    assert "Pass the device" not in piped
    typed("1\n\n1\nquit\n", terminal=True)
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert "Pass the device to Player 2, then press Enter." in out


def test_too_many_seats_and_bad_options_are_usage_errors(capsys, typed, rules_file):
    typed("")
    for argv in (
        ["--seat", "human"] * 4,
        ["--players", "9"],
        ["--variant", "stormy"],
    ):
        code, _, err = run(capsys, "play", rules_file, *argv)
        assert code == 2
        assert_one_line_error(err)


def test_automa_seats_are_never_asked(capsys, typed, rules_file):
    typed("1\n" * 50)
    code, out, _ = run(capsys, "play", rules_file, "--variant", "rival", "--seed", "8")
    assert code == 0
    assert "The Rival (automa)" in out
    assert "The Rival, your choice" not in out


def test_a_rules_failure_during_play_is_reported_without_traceback(capsys, typed, rules_file):
    for seed in range(40):
        typed("")
        code, _, err = run(capsys, "play", rules_file, "--seat", "random", "--seat", "random",
                           "--variant", "fragile", "--seed", str(seed))
        if code != 0:
            break
    assert code == 1
    assert "dice.pir:2:1: error: the fragile rule broke" in err
    assert "Traceback" not in err


# --- save and load ------------------------------------------------------------------------


def save_game(capsys, typed, rules_file, save_path, moves: str = "2\n") -> str:
    typed(f"{moves}save {save_path}\nquit\n")
    code, out, err = run(capsys, "play", rules_file, "--seed", "1", "--variant", "rival")
    assert code == 0, err
    assert f"Saved to {save_path}" in out
    return out


def test_save_writes_the_documented_format(capsys, typed, rules_file, tmp_path):
    save_path = tmp_path / "game.json"
    save_game(capsys, typed, rules_file, save_path)
    data = json.loads(save_path.read_text())
    assert data["format"] == "pirdsl-save"
    assert data["version"] == 2
    assert data["seal"].startswith("hmac-sha256:")
    assert data["file_hash"] == fake_engine.load_game(rules_file).file_hash
    assert data["game"] == "Dice Race"
    assert data["seats"] == ["human", "random", "automa"]
    assert isinstance(data["state"], dict)


def test_save_without_a_file_name_or_to_a_bad_place_reprompts(capsys, typed, rules_file, tmp_path):
    typed(f"save\nsave {tmp_path / 'missing-folder' / 'x.json'}\nquit\n")
    code, out, _ = run(capsys, "play", rules_file, "--seed", "1")
    assert code == 0
    assert "Usage: save FILE" in out
    assert "Could not save to" in out


def test_load_continues_the_saved_game(capsys, typed, rules_file, tmp_path):
    save_path = tmp_path / "game.json"
    before = save_game(capsys, typed, rules_file, save_path)
    saved_view = before.split("Saved to")[0].split(VIEW_RULE)[-1]
    typed("quit\n")
    code, out, err = run(capsys, "play", rules_file, "--load", str(save_path))
    assert code == 0, err
    loaded_view = out.split(VIEW_RULE)[1]
    # The same board, seats and question (the log differs: a loaded game shows its last lines).
    assert saved_view.split("Shared:")[0] == loaded_view.split("Shared:")[0]
    assert saved_view.split("Round ")[-1].split("your choice")[0] == loaded_view.split("Round ")[-1].split("your choice")[0]
    typed("1\n" * 50)
    code, out, _ = run(capsys, "play", rules_file, "--load", str(save_path), "--seat", "greedy", "--seat", "random")
    assert code == 0
    assert "Final scores" in out


def resealed(data: dict) -> str:
    """A save's text with its fields changed by a test and sealed again with the test's key."""
    from pirdsl.seal import load_key, seal

    body = {name: value for name, value in data.items() if name != "seal"}
    return json.dumps({**body, "seal": seal(body, load_key(create=False))})


@pytest.mark.parametrize(
    "corrupt, expected",
    [
        (lambda data: "{not json", "not valid JSON"),
        (lambda data: json.dumps([1, 2]), "not a pirdsl save file"),
        (lambda data: json.dumps({**data, "format": "other"}), "not a pirdsl save file"),
        (lambda data: json.dumps({**data, "version": 99}), "version 99 is not supported"),
        (lambda data: json.dumps({**data, "version": 1}), "older pirdsl, without a seal"),
        # Edited by hand: the seal no longer matches.
        (lambda data: json.dumps({**data, "file_hash": "0" * 64}), "damaged save file: its seal does not match"),
        (lambda data: json.dumps({**data, "state": {**data["state"], "positions": [9, 9, 9]}}), "its seal does not match"),
        (lambda data: json.dumps({name: value for name, value in data.items() if name != "seal"}), "its seal does not match"),
        # Sealed again (as someone holding the key could): the checks behind the seal still hold.
        (lambda data: resealed({**data, "file_hash": "0" * 64}), "different version"),
        (lambda data: resealed({**data, "game": "Chess"}), "this is a save of another game ('Chess')"),
        (lambda data: resealed({**data, "state": {**data["state"], "positions": "x"}}), "corrupt save file"),
        (lambda data: resealed({**data, "state": None}), "corrupt save file"),
        (lambda data: resealed({**data, "seats": ["human"]}), "corrupt save file"),
        (lambda data: resealed({**data, "seats": ["human", "wizard", "automa"]}), "corrupt save file"),
    ],
)
def test_load_refuses_a_bad_save_in_one_line(capsys, typed, rules_file, tmp_path, corrupt, expected):
    save_path = tmp_path / "game.json"
    save_game(capsys, typed, rules_file, save_path)
    save_path.write_text(corrupt(json.loads(save_path.read_text())))
    typed("1\n")
    code, out, err = run(capsys, "play", rules_file, "--load", str(save_path))
    assert code == 1
    assert_one_line_error(err)
    assert expected in err


def test_load_refuses_a_save_made_before_the_rules_file_changed(capsys, typed, rules_file, tmp_path):
    save_path = tmp_path / "game.json"
    save_game(capsys, typed, rules_file, save_path)
    with open(rules_file, "a", encoding="utf-8") as file:
        file.write("# a later edit\n")
    code, _, err = run(capsys, "play", rules_file, "--load", str(save_path))
    assert code == 1
    assert_one_line_error(err)
    assert "different version" in err


def test_load_of_a_missing_or_binary_save(capsys, rules_file, tmp_path):
    for path, expected in ((tmp_path / "none.json", "cannot read"), (tmp_path, "directory")):
        code, _, err = run(capsys, "play", rules_file, "--load", str(path))
        assert code == 1
        assert_one_line_error(err)
        assert expected in err
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\x00\xff\xfe")
    code, _, err = run(capsys, "play", rules_file, "--load", str(binary))
    assert code == 1
    assert_one_line_error(err)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=12), max_size=12))
def test_play_survives_any_typed_lines(capsys, monkeypatch, rules_file, lines):
    typed_lines = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    typed_lines = [line for line in typed_lines if not line.strip().lower().startswith("save")]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in typed_lines)))
    code, _, err = run(capsys, "play", rules_file, "--seed", "1")
    assert code == 0
    assert "Traceback" not in err and "internal error" not in err


# --- simulate -------------------------------------------------------------------------------


def simulate_json(capsys, rules_file, *argv: str) -> tuple[int, dict, str]:
    code, out, err = run(capsys, "simulate", rules_file, "--json", *argv)
    return code, json.loads(out), err


def test_simulate_prints_win_rates_scores_rounds_and_speed(capsys, rules_file):
    code, out, err = run(capsys, "simulate", rules_file, "--games", "20")
    assert code == 0, err
    for text in ("win rate", "mean score", "Player 1", "Player 2", "mean rounds:", "games per second:"):
        assert text in out
    assert "\r" not in out  # no progress bar when stdout is not a terminal


def test_simulate_json_is_one_object_with_the_documented_keys(capsys, rules_file):
    code, result, _ = simulate_json(capsys, rules_file, "--games", "15", "--variant", "rival")
    assert code == 0
    for key in ("games", "completed", "errors", "wins", "mean_score", "mean_rounds", "games_per_second"):
        assert key in result
    assert result["games"] == 15
    assert result["completed"] + result["errors"] + result["unfinished"] == 15
    assert len(result["wins"]) == len(result["mean_score"]) == 3
    assert result["seats"] == ["Player 1", "Player 2", "The Rival"]
    assert sum(result["wins"]) >= result["completed"]  # a shared win counts for each winner


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_simulate_is_deterministic_for_a_seed(capsys, rules_file, bot):
    argv = ("--games", "12", "--seed", "7", "--bot", bot, "--players", "3")
    _, first, _ = simulate_json(capsys, rules_file, *argv)
    _, second, _ = simulate_json(capsys, rules_file, *argv)
    for timing in ("games_per_second", "seconds"):
        first.pop(timing), second.pop(timing)
    assert first == second
    _, other_seed, _ = simulate_json(capsys, rules_file, "--games", "12", "--seed", "8", "--bot", bot,
                                     "--players", "3")
    assert other_seed["mean_score"] != first["mean_score"]


def test_simulate_game_i_uses_seed_s_plus_i(rules_file):
    game = fake_engine.load_game(rules_file)
    together = simulate(game, 2, 4, seed=10)
    one_by_one = [simulate(game, 2, 1, seed=10 + number) for number in range(4)]
    assert together["wins"] == [sum(result["wins"][seat] for result in one_by_one) for seat in range(2)]


def test_simulate_counts_rule_errors_and_reports_the_first(capsys, rules_file):
    code, result, err = simulate_json(capsys, rules_file, "--games", "20", "--variant", "fragile")
    assert code == 1
    assert 0 < result["errors"] < 20
    assert result["completed"] == 20 - result["errors"]
    assert "error: the fragile rule broke" in err
    assert len(err.strip().splitlines()) == 1
    assert "fragile rule broke" in result["first_error"]


def test_simulate_rejects_bad_options(capsys, rules_file):
    for argv in (["--players", "1"], ["--variant", "nope"]):
        code, out, err = run(capsys, "simulate", rules_file, *argv)
        assert code == 2
        assert out == ""
        assert_one_line_error(err)


def test_simulate_outcomes_add_up_and_a_draw_is_not_a_win(capsys, tmp_path):
    # One round to a far target: the race is decided on position alone, and ties are common.
    path = tmp_path / "short.pir"
    path.write_text('fake-game "Dice Race"\ntarget 100\nrounds 1\n', encoding="utf-8")
    code, result, _ = simulate_json(capsys, str(path), "--games", "60", "--players", "3")
    assert code == 0
    completed = result["completed"]
    assert completed == 60
    assert 0 < result["draws"] < completed
    assert sum(result["sole_wins"]) + result["draws"] + result["no_winner"] == completed
    for seat in range(3):
        sole, shared, lost = result["sole_wins"][seat], result["shared_wins"][seat], result["losses"][seat]
        assert sole + shared + lost == completed
        assert result["wins"][seat] == sole + shared  # the old key keeps counting a shared win for each
        assert result["win_rate"][seat] == sole / completed
        low, high = result["win_rate_interval"][seat]
        assert 0 <= low <= result["win_rate"][seat] <= high <= 1
        assert result["score_sd"][seat] > 0
    assert sum(result["mean_returns"]) == pytest.approx(1.0)  # somebody wins every game of Dice Race
    assert sum(result["win_rate"]) < 1  # the draws are missing from the win rates, as they should be
    assert result["seat_bots"] == ["random"] * 3


def test_simulate_table_shows_sole_and_shared_wins_losses_and_draws(capsys, rules_file):
    code, out, err = run(capsys, "simulate", rules_file, "--games", "20", "--seat", "greedy")
    assert code == 0, err
    for text in ("won", "drew", "lost", "win rate (95% CI)", "mean score ± sd", "draws", "greedy", "random"):
        assert text in out
    assert "bots greedy, random" in out
    code, out, err = run(capsys, "simulate", rules_file, "--games", "5", "--seat", "greedy", "--seat", "greedy")
    assert "greedy bots" in out  # every player seat's bot, whatever --bot says


def test_simulate_seat_chooses_each_player_seats_bot_and_bot_fills_the_rest(capsys, rules_file):
    _, result, _ = simulate_json(capsys, rules_file, "--games", "4", "--seat", "greedy")
    assert result["seat_bots"] == ["greedy", "random"] and result["bot"] == "random"
    _, result, _ = simulate_json(capsys, rules_file, "--games", "4", "--bot", "greedy", "--seat", "random",
                                 "--players", "3")
    assert result["seat_bots"] == ["random", "greedy", "greedy"] and result["bot"] == "greedy"
    _, result, _ = simulate_json(capsys, rules_file, "--games", "4", "--variant", "rival", "--seat", "greedy",
                                 "--seat", "greedy")
    assert result["seat_bots"] == ["greedy", "greedy", "automa"]
    _, result, _ = simulate_json(capsys, rules_file, "--games", "4", "--seat", "random", "--seat", "greedy",
                                 "--seat", "random")
    assert result["players"] == 3  # as many players as --seat values, as play does


def test_simulate_seat_for_every_seat_is_the_same_as_bot(capsys, rules_file):
    _, by_seat, _ = simulate_json(capsys, rules_file, "--games", "10", "--seat", "greedy", "--seat", "greedy")
    _, by_bot, _ = simulate_json(capsys, rules_file, "--games", "10", "--bot", "greedy")
    for key in ("games_per_second", "seconds", "bot"):
        by_seat.pop(key), by_bot.pop(key)
    assert by_seat == by_bot


def test_simulate_measures_greedy_against_random(capsys, rules_file):
    _, result, _ = simulate_json(capsys, rules_file, "--games", "60", "--seat", "greedy", "--seat", "random")
    assert result["win_rate"][0] > result["win_rate"][1]
    _, swapped, _ = simulate_json(capsys, rules_file, "--games", "60", "--seat", "random", "--seat", "greedy")
    assert swapped["win_rate"][1] > swapped["win_rate"][0]


@pytest.mark.parametrize("argv, message", [
    (["--seat", "alien"], "unknown bot 'alien'"),
    (["--seat", "human"], "--seat human is for play"),
    (["--players", "2", "--seat", "random", "--seat", "random", "--seat", "greedy"], "3 bots given for 2 player"),
    (["--seat", "random", "--seat", "random", "--seat", "random", "--seat", "random"], "not 4"),
])
def test_simulate_rejects_bad_seats_in_one_line(capsys, rules_file, argv, message):
    code, out, err = run(capsys, "simulate", rules_file, *argv)
    assert code == 2
    assert out == ""
    assert_one_line_error(err)
    assert message in err


def read_records(path) -> list[dict]:
    with open(path, encoding="utf-8") as file:
        return [json.loads(line) for line in file]


def test_simulate_records_one_json_line_per_game(capsys, rules_file, tmp_path):
    path = tmp_path / "games.jsonl"
    code, result, _ = simulate_json(capsys, rules_file, "--games", "12", "--seed", "5", "--records", str(path))
    assert code == 0
    records = read_records(path)
    assert [record["game"] for record in records] == list(range(1, 13))
    assert [record["seed"] for record in records] == list(range(5, 17))
    for record in records:
        assert set(record) == {"game", "seed", "scores", "winners", "returns", "rounds", "length", "chance_steps"}
        assert len(record["scores"]) == len(record["returns"]) == 2
        assert record["winners"] == [seat for seat, share in enumerate(record["returns"]) if share > 0]
        assert sum(record["returns"]) == pytest.approx(1.0)
        assert record["length"] > 0 and record["chance_steps"] > 0  # Dice Race rolls before every move
        assert record["chance_steps"] == record["length"]  # one roll per decision, exactly
        assert 1 <= record["rounds"] <= 8
    for seat in range(2):
        assert sum(record["winners"] == [seat] for record in records) == result["sole_wins"][seat]
        assert sum(record["scores"][seat] for record in records) / 12 == pytest.approx(result["mean_score"][seat])
    assert sum(record["rounds"] for record in records) / 12 == pytest.approx(result["mean_rounds"])


def test_simulate_records_a_failed_game_with_its_error(capsys, rules_file, tmp_path):
    path = tmp_path / "games.jsonl"
    code, result, _ = simulate_json(capsys, rules_file, "--games", "20", "--variant", "fragile",
                                    "--records", str(path))
    assert code == 1
    records = read_records(path)
    assert len(records) == 20
    failed = [record for record in records if "error" in record]
    assert len(failed) == result["errors"] > 0
    for record in failed:
        assert "the fragile rule broke" in record["error"]
        assert record["scores"] is None and record["winners"] is None and record["returns"] is None
        assert record["rounds"] == 2 and record["length"] > 0  # as far as the game got


def test_simulate_records_an_unfinished_game(rules_file):
    game = fake_engine.load_game(rules_file)
    records = []
    result = simulate(game, 2, 3, step_limit=5, on_record=records.append)
    assert result["unfinished"] == 3 and result["completed"] == 0
    assert result["win_rate"] == [None, None] and result["win_rate_interval"] == [None, None]
    for record in records:
        assert record["unfinished"] is True
        assert record["winners"] == [] and record["returns"] == [0.0, 0.0]
        assert record["length"] + record["chance_steps"] == 5
        assert len(record["scores"]) == 2


def test_simulate_records_to_a_file_that_cannot_be_written_is_one_line(capsys, rules_file, tmp_path):
    code, out, err = run(capsys, "simulate", rules_file, "--records", str(tmp_path / "missing" / "games.jsonl"))
    assert code == 1
    assert out == ""
    assert_one_line_error(err)
    assert "cannot write the file" in err


@pytest.mark.parametrize("successes, trials, low, high", [
    (0, 10, 0.0, 0.2775),
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
    (1160, 2000, 0.5583, 0.6015),
])
def test_wilson_interval_matches_the_textbook_values(successes, trials, low, high):
    interval = wilson_interval(successes, trials)
    assert interval == [pytest.approx(low, abs=1e-4), pytest.approx(high, abs=1e-4)]


def test_wilson_interval_without_trials_is_none():
    assert wilson_interval(0, 0) is None


# --- test (examples in the rules files) -----------------------------------------------------


@pytest.fixture
def example_results(monkeypatch):
    """Install an `interpreter.examples` whose run_examples returns the given results."""

    def install(results):
        module = types.ModuleType("interpreter.examples")
        module.run_examples = lambda game: list(results)
        monkeypatch.setitem(sys.modules, "interpreter.examples", module)

    return install


def test_test_command_passes_when_every_example_passes(capsys, rules_file, example_results):
    example_results([types.SimpleNamespace(name="first roll", passed=True, message="")])
    code, out, _ = run(capsys, "test", rules_file)
    assert code == 0
    assert f"PASS {rules_file}: first roll" in out
    assert out.strip().splitlines()[-1] == "1 passed, 0 failed"


def test_test_command_fails_and_shows_where(capsys, rules_file, example_results):
    failure = f"{rules_file}:9:3: error: expected score 4, got 3"
    example_results(
        [
            types.SimpleNamespace(name="first roll", passed=True, message=""),
            types.SimpleNamespace(name="card play", passed=False, message=failure),
        ]
    )
    code, out, _ = run(capsys, "test", rules_file)
    assert code == 1
    assert f"FAIL {rules_file}: card play" in out
    assert failure in out
    assert "1 passed, 1 failed" in out


def test_test_command_fails_for_a_file_that_does_not_load(capsys, tmp_path, rules_file, example_results):
    example_results([types.SimpleNamespace(name="ok", passed=True, message="")])
    code, out, err = run(capsys, "test", str(tmp_path / "missing.pir"), rules_file)
    assert code == 1
    assert "no such file" in err
    assert "1 passed, 0 failed (1 file could not be tested)" in out


def test_test_command_without_an_example_runner_is_one_line(capsys, monkeypatch, rules_file):
    monkeypatch.setitem(sys.modules, "interpreter.examples", None)  # makes the import fail
    code, _, err = run(capsys, "test", rules_file)
    assert code == 1
    assert_one_line_error(err)


# --- perft -------------------------------------------------------------------------------------


def test_perft_prints_a_count_per_depth_and_the_time(capsys, rules_file):
    code, out, err = run(capsys, "perft", rules_file, "--depth", "3", "--seed", "2")
    assert code == 0, err
    lines = out.strip().splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == ["depth 1", "depth 2", "depth 3"]
    assert lines[0] == "depth 1: 3"  # the first roll: three faces
    assert lines[3].startswith("time: ")


class TreeState:
    """A hand-made game tree: nested dicts, ("chance", children) or ("decide", children)."""

    def __init__(self, node):
        self.node = node

    def is_terminal(self):
        return self.node is None

    def is_chance(self):
        return self.node is not None and self.node[0] == "chance"

    def chance_outcomes(self):
        return [(fake_engine.Action(index, str(index)), probability) for index, (probability, _) in
                self.node[1].items()]

    def legal_actions(self):
        return [fake_engine.Action(index, str(index)) for index in self.node[1]]

    def apply_action(self, index):
        child = self.node[1][index]
        self.node = child[1] if self.is_chance() else child

    def clone(self):
        return TreeState(self.node)


def test_perft_counts_chance_outcomes_as_steps_and_stops_at_the_end():
    decide = ("decide", {7: None, 9: ("decide", {1: None})})  # 2 moves; one ends, one goes on
    root = ("chance", {0: (0.5, decide), 1: (0.5, decide), 2: (0.0, decide)})  # zero odds: skipped
    assert perft(TreeState(root), 4) == [2, 4, 2, 0]


# --- bots ------------------------------------------------------------------------------------------


def test_random_bot_is_repeatable_and_legal(rules_file):
    game = fake_engine.load_game(rules_file)
    state = game.new_state(players=2, seed=1)
    state.apply_chance()
    legal = {action.index for action in state.legal_actions()}
    picks = [RandomBot(5).choose_action(state) for _ in range(3)]
    assert len(set(picks)) == 1 and picks[0] in legal


def test_greedy_bot_never_rolls_the_real_dice_while_looking_ahead(rules_file, monkeypatch):
    game = fake_engine.load_game(rules_file)
    state = game.new_state(players=3, seed=1)
    state.apply_chance()

    def peek(self):
        raise AssertionError("GreedyBot used the state's own dice")

    monkeypatch.setattr(fake_engine.FakeState, "apply_chance", peek)
    assert GreedyBot(1).choose_action(state) in {action.index for action in state.legal_actions()}


def test_greedy_bot_beats_random_bot(rules_file):
    game = fake_engine.load_game(rules_file)
    greedy_wins = random_wins = 0
    for seed in range(60):
        state = game.new_state(players=2, seed=seed)
        # greedy moves second, so the first-player advantage works against it
        play_to_end(state, [RandomBot(seat_seed(seed, 0)), GreedyBot(seat_seed(seed, 1))])
        greedy_wins += 1 in state.winners()
        random_wins += 0 in state.winners()
    assert greedy_wins > random_wins


def test_make_bot_rejects_unknown_kinds():
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    with pytest.raises(ValueError):
        make_bot("clever", 1)


def test_greedy_bot_uses_nothing_hidden_from_its_seat(rules_file):
    """Positions that differ only in what the seat cannot see get the same choice."""
    game = fake_engine.load_game(rules_file)
    compared = 0
    for seed in range(40):
        state = game.new_state(players=3, seed=seed)
        driver = RandomBot(seed)
        for _ in range(seed % 7):
            state.apply_chance() if state.is_chance() else state.apply_action(driver.choose_action(state))
            if state.is_terminal():
                break
        if state.is_terminal():
            continue
        if state.is_chance():
            state.apply_chance()
        seat = state.current_player()
        other = state.clone()
        # Deal the cards this seat cannot see (other hands and the deck) afresh, keeping each count.
        unseen = [card for hand_seat, hand in enumerate(other.hands) if hand_seat != seat for card in hand] + other.deck
        reshuffled = sorted(unseen, reverse=True)  # a different deal of the same cards
        for hand_seat, hand in enumerate(other.hands):
            if hand_seat != seat:
                other.hands[hand_seat] = sorted(reshuffled.pop() for _ in hand)
        other.deck = reshuffled
        assert other.observation(seat) == state.observation(seat)
        for bot_seed in range(5):
            assert GreedyBot(bot_seed).choose_action(state) == GreedyBot(bot_seed).choose_action(other)
        compared += 1
    assert compared > 20


class SpyState:
    """Wraps a state and records what a bot does with it and with its clones."""

    def __init__(self, state, calls, depth=0):
        self.state, self.calls, self.depth = state, calls, depth

    def __getattr__(self, name):
        attribute = getattr(self.state, name)
        if not callable(attribute):
            return attribute

        def recorded(*args):
            self.calls.append((self.depth, name, args))
            return attribute(*args)

        return recorded

    def clone(self):
        self.calls.append((self.depth, "clone", ()))
        return SpyState(self.state.clone(), self.calls, self.depth + 1)


def test_greedy_bot_applies_only_its_own_move_and_never_touches_chance(rules_file):
    game = fake_engine.load_game(rules_file)
    for seed in range(10):
        state = game.new_state(players=3, seed=seed)
        state.apply_chance()
        seat = state.current_player()
        calls = []
        GreedyBot(seed).choose_action(SpyState(state, calls))
        on_clones = [name for depth, name, _ in calls if depth > 0]
        assert on_clones.count("apply_action") == len(state.legal_actions())  # one move per clone, no more
        for forbidden in ("chance_outcomes", "apply_chance", "legal_actions", "to_json", "log_for"):
            assert forbidden not in on_clones
        assert all(args == (seat,) for _, name, args in calls if name == "observation")


def test_greedy_bot_ignores_a_gain_that_needed_hidden_information():
    """A lookahead in which something left a hidden zone counts as no change at all."""

    class Reveal:
        """Two actions: 0 scores 5 but only after turning over a hidden card; 1 scores 1 openly."""

        def __init__(self, after=None):
            self.after = after

        def current_player(self):
            return 0

        def legal_actions(self):
            return [fake_engine.Action(0, "reveal"), fake_engine.Action(1, "open")]

        def is_terminal(self):
            return self.after is not None

        def clone(self):
            return Reveal(self.after)

        def apply_action(self, index):
            self.after = index

        def scores(self):
            return [{None: 0, 0: 5, 1: 1}[self.after], 0]

        def observation(self, seat):
            hidden = 1 if self.after == 0 else 2  # action 0 takes a card out of the hidden pile
            return {"seats": [], "globals": {"zones": {"pile": {"count": hidden, "items": None}}}}

    assert {GreedyBot(seed).choose_action(Reveal()) for seed in range(10)} == {1}


# --- drawing ---------------------------------------------------------------------------------------


def test_fit_marks_shortens_to_the_room_there_is():
    assert fit_marks([], 4) == ""
    assert fit_marks(["S1", "S2"], 4) == "S1S2"
    assert fit_marks(["S1", "S2", "S3"], 4) == "S1+2"
    assert fit_marks(["p1"] * 12, 4) == "12×"  # a count of pieces, not a mark or a number on the board
    assert fit_marks(["p1"] * 12, 2) == "12"
    assert fit_marks(["S1", "S2"], 2) == "2×"
    assert fit_marks(["S1", "S2"], 1) == "2"
    assert fit_marks(["S1", "S2"], 0) == ""


def board_of(rows):
    cells = [
        [{"glyph": glyph, "kind": {"H": "home", "f": "field", "s": "sea"}[glyph], "pieces": pieces, "marks": marks}
         for glyph, pieces, marks in row]
        for row in rows
    ]
    return {"name": "islands", "shape": "grid", "rows": len(rows), "cols": len(rows[0]), "cells": cells}


def rendered(renderable, width=80):
    console = Console(width=width, file=io.StringIO(), highlight=False)
    console.print(renderable)
    return console.file.getvalue()


def test_a_grid_board_has_cells_of_one_width_and_a_legend():
    board = board_of([
        [("H", ["Player 1's ship", "Player 2's ship", "Player 3's ship"], ["S1", "S2", "S3"]), ("s", [], [])],
        [("f", ["Player 1's pirate"], ["p1"]), ("f", ["Player 2's pirate", "Player 2's pirate"], ["p2", "p2"])],
    ])
    lines = rendered(render_board(board)).splitlines()
    assert lines[0] == "islands"
    assert lines[1].split() == ["1", "2"]
    assert lines[2] == "1 H S1+2 s"
    assert lines[3] == "2 f p1   f p2p2"
    assert lines[4] == "Spaces:  H home  s sea  f field"
    assert lines[5] == "Pieces:  pN Player N's pirate  SN Player N's ship  (S1+2 = S1 and 2 more)"


def test_a_wide_board_shrinks_its_cells_to_the_terminal():
    board = board_of([[("f", ["Player 1's pirate"] * 2, ["p1"] * 2)] * 15])
    lines = rendered(render_board(board), width=80).splitlines()
    assert all(len(line.rstrip()) <= 80 for line in lines)
    assert lines[2].startswith("1 f 2× f 2× f 2×")  # room for two characters of marks: the count
    board = board_of([[("f", ["Player 1's pirate"] * 2, ["p1"] * 2)] * 38])
    lines = rendered(render_board(board), width=80).splitlines()
    assert lines[2].startswith("1 f f f")  # glyphs only
    assert lines[1].split()[8:12] == ["9", "0", "1", "2"]  # columns 9 to 12


def test_marks_that_do_not_share_a_number_with_their_label_are_listed_one_by_one():
    board = board_of([[("s", ["Player 1's ship", "Henry Morgan's ship"], ["S1", "S3"])]])
    assert "Pieces:  S1 Player 1's ship  S3 Henry Morgan's ship" in rendered(render_board(board))


def test_the_log_shows_its_last_lines_indented_and_wraps_under_the_indent():
    lines = [f"line {number}" for number in range(20)] + ["word " * 30]
    shown = rendered(render_log(lines, limit=3, width=40)).splitlines()
    assert shown[0] == "  ... 18 earlier lines (type 'log' to see them)"
    assert shown[1:3] == ["  line 18", "  line 19"]
    assert all(line.startswith("  word") and len(line) <= 40 for line in shown[3:]) and len(shown) > 4


def test_zones_group_equal_items_hide_empty_ones_and_count_hidden_ones():
    zones = {
        "hand": {"count": 3, "items": None},
        "played": {"count": 0, "items": None},
        "crew": {"count": 5, "items": ["Player 1's pirate"] * 5},
        "barrel_supply": {"count": 3, "items": ["barrel", "rum", "barrel"]},
        "discard": {"count": 0, "items": []},
    }
    # What the seat may look at comes first, what it may only count after.
    assert format_zones(zones) == "crew: 5× Player 1's pirate; barrel supply: 2× barrel, rum; hand: 3 hidden"
    assert group_items([str(n) for n in range(12)], limit=3) == "0, 1, 2, ... 9 more"


def test_a_view_fits_in_80_columns(capsys, typed, tmp_path):
    path = tmp_path / "long.pir"
    path.write_text('fake-game "Dice Race"\ntarget 40\nrounds 8\n', encoding="utf-8")
    typed("1\n" * 5 + "quit\n")
    code, out, _ = run(capsys, "play", str(path), "--seed", "3", "--variant", "rival")
    assert code == 0
    assert max(len(line.rstrip()) for line in out.splitlines()) <= 80
