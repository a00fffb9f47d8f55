"""The command line on the real engine and games/glory_islands.pir: play, save and load, simulate, perft, compile.

tests/test_cli.py pins every command's behaviour on a small fake game; this file
checks that the same commands work end to end on the shipped game. Commands run
in process through `pirdsl.cli.main`; the rules file is loaded once per content
(loading parses, checks and compiles it, which is the slow part) and reused.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest

import pirdsl.cli as cli
from pirdsl.commands import common
from interpreter import load_game

GAME = str(Path(__file__).resolve().parent.parent / "games" / "glory_islands.pir")
SIMULATION_KEYS = ("games", "completed", "errors", "wins", "mean_score", "mean_rounds", "games_per_second")

_loaded: dict[tuple[str, str], object] = {}


def load_once(path: str) -> object:
    """`load_game`, remembered per path and file content (an edited copy loads afresh)."""
    key = (str(path), hashlib.sha256(Path(path).read_bytes()).hexdigest())
    if key not in _loaded:
        _loaded[key] = load_game(str(path))
    return _loaded[key]


@pytest.fixture(autouse=True)
def loaded_once(monkeypatch):
    monkeypatch.setattr(common, "load_game", load_once)




def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def final_scores(out: str) -> dict[str, int]:
    """The 'Final scores' table as {seat name: score}."""
    table = out.split("Final scores")[1]
    scores = {}
    for line in table.splitlines():
        words = line.split()
        if len(words) >= 2 and words[-1] == "winner":
            words = words[:-1]
        if len(words) >= 2 and words[-1].lstrip("-").isdigit():
            scores[" ".join(words[:-1])] = int(words[-1])
    return scores


# --- play ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, options",
    [
        (2, []),
        (3, []),
        (4, []),
        (3, ["--variant", "storm", "--variant", "shipwrecks"]),
    ],
)
def test_a_game_of_bots_plays_to_the_end(capsys, typed, players, options):
    typed("")  # bots never read input
    seats = ["--seat", "greedy"] + ["--seat", "random"] * (players - 1)
    code, out, err = run(capsys, "play", GAME, "--players", str(players), "--seed", "3", *seats, *options)
    assert code == 0, err
    assert err == ""
    scores = final_scores(out)
    expected_seats = [f"Player {number}" for number in range(1, players + 1)]
    if players == 2:
        expected_seats.append("Henry Morgan")
    assert sorted(scores) == sorted(expected_seats)
    assert "wins." in out or "share the win" in out


def test_a_human_plays_with_help_bad_numbers_undo_save_and_load(capsys, typed, tmp_path):
    save = tmp_path / "evening.json"
    # Round 1's card, round 2's card, then in round 2 "Move your ship" and "Place a pirate":
    # the second of these two decisions in a row can be taken back, the first cannot (the
    # cards were revealed and Henry Morgan drew before it).
    typed(f"help\n99\n1\n1\n1\nundo\nundo\n1\nsave {save}\nquit\n")
    code, out, err = run(capsys, "play", GAME, "--players", "2", "--seed", "5")
    assert code == 0, err
    assert "Play a sailing card face down" in out
    assert "undo          take back your last decision, if nothing new came to light since" in out  # help
    assert "There is no action 99" in out
    assert out.count("Undone: back to your previous decision.") == 1
    assert "Nothing to undo" in out.split("Undone")[1]
    assert f"Saved to {save}" in out
    assert json.loads(save.read_text())["format"] == "pirdsl-save"
    question_when_saved = out.split("Saved to")[0].split("\nRound ")[-1].split("your choice")[0]

    # The first option shown, whatever its number: an option keeps its number while the same
    # question is asked again (the 3's second pirate is placed from "2." and "3.").
    typed("1\n2\n3\n" * 400)
    code, out, err = run(capsys, "play", GAME, "--load", str(save))
    assert code == 0, err
    assert out.split("\nRound ")[1].split("your choice")[0] == question_when_saved
    assert set(final_scores(out)) == {"Player 1", "Player 2", "Henry Morgan"}


def test_every_view_fits_in_80_columns(capsys, typed):
    typed("1\n" * 60 + "quit\n")
    code, out, _ = run(capsys, "play", GAME, "--players", "4", "--seed", "2", "--variant", "shipwrecks")
    assert code == 0
    assert out.count("your choice") > 20
    assert max(len(line.rstrip()) for line in out.splitlines()) <= 80


@pytest.fixture
def saved_game(capsys, typed, tmp_path):
    """A save file of a two-player game, a few decisions in."""
    save = tmp_path / "saved.json"
    typed(f"1\n2\n1\nsave {save}\nquit\n")
    code, _, err = run(capsys, "play", GAME, "--players", "2", "--seed", "9")
    assert code == 0, err
    return save


def assert_refused_in_one_line(capsys, save: Path, expected: str, game: str = GAME) -> None:
    code, out, err = run(capsys, "play", game, "--load", str(save))
    assert code == 1
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("pirdsl: error: ") and expected in err
    assert "your choice" not in out


def test_a_corrupt_save_is_refused_in_one_line(capsys, saved_game):
    data = json.loads(saved_game.read_text())
    saved_game.write_text(saved_game.read_text()[:200])  # cut short
    assert_refused_in_one_line(capsys, saved_game, "not valid JSON")
    data["state"]["pieces"] = "not a list of pieces"
    saved_game.write_text(json.dumps(data))
    assert_refused_in_one_line(capsys, saved_game, "damaged save file: its seal does not match")


def test_a_save_for_another_version_of_the_rules_is_refused_in_one_line(capsys, typed, saved_game, tmp_path):
    copy = tmp_path / "glory_islands.pir"
    shutil.copy(GAME, copy)
    save = tmp_path / "on_the_copy.json"
    typed(f"1\nsave {save}\nquit\n")
    assert run(capsys, "play", str(copy), "--players", "3", "--seed", "1")[0] == 0
    with open(copy, "a", encoding="utf-8") as file:
        file.write("\n# a house rule, added later\n")
    assert_refused_in_one_line(capsys, save, "different version", game=str(copy))


# --- simulate and perft ------------------------------------------------------------------


def simulate_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, "simulate", GAME, "--json", *argv)
    assert code == 0, err
    return json.loads(out)


def test_simulate_json_has_the_documented_figures_and_repeats_for_a_seed(capsys):
    argv = ("--players", "3", "--games", "12", "--seed", "40")
    first = simulate_json(capsys, *argv)
    for key in SIMULATION_KEYS:
        assert key in first
    assert first["games"] == first["completed"] == 12 and first["errors"] == 0
    assert len(first["wins"]) == len(first["mean_score"]) == 3
    assert sum(first["wins"]) >= 12
    second = simulate_json(capsys, *argv)
    for timing in ("games_per_second", "seconds"):
        first.pop(timing), second.pop(timing)
    assert first == second


def test_simulate_with_greedy_bots(capsys):
    result = simulate_json(capsys, "--players", "2", "--games", "4", "--bot", "greedy", "--variant", "storm")
    assert result["completed"] == 4 and result["bot"] == "greedy"
    assert result["seats"] == ["Player 1", "Player 2", "Henry Morgan"]


def test_perft_gives_the_same_counts_twice(capsys):
    counts = []
    for _ in range(2):
        code, out, err = run(capsys, "perft", GAME, "--depth", "3", "--players", "3")
        assert code == 0, err
        counts.append([line for line in out.splitlines() if line.startswith("depth ")])
    assert counts[0] == counts[1]
    assert len(counts[0]) == 3 and all(int(line.split(": ")[1]) > 0 for line in counts[0])


def test_the_screen_never_shows_internal_variables(capsys, typed):
    bookkeeping = str(Path(__file__).resolve().parent / "cases" / "internal_vars.pir")
    typed("1\n1\n1\nquit\n")
    code, out, err = run(capsys, "play", bookkeeping, "--seed", "2")
    assert code == 0, err
    assert "gold 1" in out and "harbour open yes" in out and "Valiant (strength" in out
    for word in ("owed", "laps", "moves made"):
        assert word not in out



# --- compile ---------------------------------------------------------------------------------


def test_compile_writes_the_generated_module_with_the_rules_lines(capsys, tmp_path):
    code, out, err = run(capsys, "compile", GAME)
    assert code == 0, err
    assert re.search(r"# \d+: p chooses leg from legs", out) and "def rule_take_turn(" in out
    compile(out, "glory_islands.py", "exec")
    target = tmp_path / "glory_islands.py"
    code, written, err = run(capsys, "compile", GAME, "-o", str(target))
    assert code == 0, err
    assert target.read_text(encoding="utf-8") == out
    assert written == f"wrote {target} ({len(out.splitlines())} lines)\n"
    code, _, err = run(capsys, "compile", GAME, "-o", str(tmp_path / "no" / "such" / "folder.py"))
    assert code == 1 and "cannot write the file" in err


def test_a_loaded_game_is_announced_with_its_own_variants_and_never_a_new_seed(capsys, typed, tmp_path):
    # The seed is shown only where it tells no one anything: a loaded game with a person at
    # the table does not show it (the save cannot tell whether that person chose it).
    save = tmp_path / "stormy.json"
    typed(f"1\nsave {save}\nquit\n")
    code, out, err = run(capsys, "play", GAME, "--players", "3", "--seed", "11", "--variant", "storm")
    assert code == 0, err
    assert " ".join(out.split("\n\n")[0].split()).endswith("; seed 11; variant storm")
    for _ in range(2):  # each load, whatever seed a new game would have drawn
        typed("quit\n")
        code, out, err = run(capsys, "play", GAME, "--load", str(save))
        assert code == 0, err
        header = " ".join(out.split("\n\n")[0].split())
        assert header.endswith(f"(random); variant storm; continued from {save} in round 2"), header
        assert "seed" not in header


# --- choosing by name, and what other seats did -------------------------------------------------

GAMES = Path(GAME).parent


def test_a_choice_is_typed_by_name_and_a_fleet_keeps_its_numbers(capsys, typed):
    # Mysterious Islands: the first ship by name, then a crew card and a ship by number: the
    # numbers of the fleet's cards stay put as cards are bought, and the points left are shown.
    typed("san isidro\ns\n16\n5\nlog\nquit\n")
    code, out, err = run(capsys, "play", str(GAMES / "mysterious_islands.pir"), "--seed", "7")
    assert code == 0, err
    assert "Add a ship or crew to your fleet (29 left to spend)" in out
    assert "'s' could be 3 (smiling jim: cost 7), 4 (sea storm: cost 12) or 18 (shipwright sam: cost 2)" \
        in out.replace("\n", " ")
    after_crew, after_ship = out.split("help): 16")[1], out.split("help): 5")[1]
    assert "(27 left to spend)" in after_crew and "   5. hms resolute: cost 9" in after_crew
    assert "  27. Done" in after_crew and "  16. " not in after_crew.split("your choice")[0]
    assert "(18 left to spend)" in after_ship and "   5. " not in after_ship.split("your choice")[0]
    assert "(1 to 4, 6 to 15, 17 to 27, help)" in after_ship
    # The other player's moves, which the rules do not log, are in the log.
    assert "Player 2 · Choose your first ship" not in out  # nothing on the table changed yet


def test_other_seats_moves_the_rules_do_not_log_are_told_and_hidden_ones_never(capsys, typed):
    from interpreter import load_game
    from pirdsl.play import decision_seen_by

    typed("9\n5\n27\n1\n2,2\n1\n2,8\n" + "1\n" * 10 + "log\nquit\n")
    code, out, err = run(capsys, "play", str(GAMES / "mysterious_islands.pir"), "--seed", "7")
    assert code == 0, err
    log = out.split("help): log")[1]
    assert "Player 2 · Place el dragon: el dragon at row 3, column 20" in log
    # Which leg the bot sails depends on the rules' details; that it is told, and how, does not.
    assert re.search(r"Player 2 · Sail el dragon: [a-z-]+ \d \(of a \d-hex leg\)", log), log

    # A card laid face down from a hidden hand is never told; a ship's move is.
    state = load_game(GAME).new_state(players=2, seed=3)
    while state.is_chance():
        state.apply_chance()
    assert state.prompt() == "Play a sailing card face down"
    assert decision_seen_by(state, 0, 1 - state.current_player()) is None
    while state.prompt() != "Move your ship":
        state.apply_chance() if state.is_chance() else state.apply_action(0)
    seat = state.current_player()
    assert decision_seen_by(state, 0, 1 - seat) == f"{state.seat_names[seat]} · Move your ship: {state.action_label(0)}"


def test_a_rules_line_that_does_not_name_the_mover_is_shown_as_theirs(capsys, typed):
    typed("2,7\nkraken\nend\nend\nlog\nquit\n")
    code, out, err = run(capsys, "play", str(GAMES / "to_glory.pir"), "--seed", "7")
    assert code == 0, err
    log = out.split("help): log")[1]
    assert "Player 2: the Tower turns to face north-east." in log
    assert "Player 2: Round" not in log and "Player 2: Player 2" not in log


def _swap_hidden(state, viewer, rng):
    """A copy in which two different pieces of one kind, both hidden from `viewer`, trade places; None if none."""
    hidden = [piece for zone in state.world.zones if not zone.seen_by(viewer) for piece in state.contents[zone.id]]
    rng.shuffle(hidden)
    for a in hidden:
        for b in hidden:
            piece_a, piece_b = state.pieces[a], state.pieces[b]
            if piece_a.type == piece_b.type and state.piece_key(piece_a) != state.piece_key(piece_b):
                other = state.clone()
                zone_a, zone_b = other.loc[a], other.loc[b]
                contents_a, contents_b = other.own_zone(zone_a), other.own_zone(zone_b)
                contents_a[contents_a.index(a)], contents_b[contents_b.index(b)] = b, a
                other.loc[a], other.loc[b] = zone_b, zone_a
                return other
    return None


@pytest.mark.parametrize("name", ["glory_islands", "jamaica", "decks_of_glory", "to_glory", "mysterious_islands"])
def test_what_is_told_of_another_seats_decision_follows_only_from_what_the_viewer_may_see(name):
    import random

    from interpreter import load_game
    from pirdsl.play import decision_seen_by

    game = load_game(str(GAMES / f"{name}.pir"))
    rng = random.Random(1)
    told = checked = 0
    for seed in range(3):
        state = game.new_state(players=game.min_players, seed=seed)
        for _ in range(600):
            if state.is_terminal():
                break
            if state.is_chance():
                state.apply_chance()
                continue
            index = rng.randrange(state.num_actions())
            seat = state.current_player()
            for viewer in range(state.num_seats):
                if viewer == seat or state.num_actions() < 2:
                    continue
                text = decision_seen_by(state, index, viewer)
                told += text is not None
                swapped = _swap_hidden(state, viewer, rng)
                if swapped is not None and swapped.num_actions() == state.num_actions():
                    assert decision_seen_by(swapped, index, viewer) == text, (name, state.prompt())
                    checked += 1
            state.apply_action(index)
    assert told > 0
    if name in ("glory_islands", "jamaica"):
        assert checked > 0  # games with hidden hands and piles: the swap was tried


BLIND_PICK = '''\
game "Blind pick":
  players 2 to 2

var shown per player = 0

play:
  for each p in players simultaneously:
    p chooses n from [1, 2, 3] "Pick a number in secret"
    p.shown = n
  for each p in players:
    p chooses x from [4, 5] "Then"
    p.shown = x
'''

SECRET_PICK = '''\
game "Secret pick":
  players 2 to 2

var hidden_number per player = 0 secret
var open_number per player = 0

play:
  for each p in players:
    p chooses n from [1, 2, 3] "Pick a number"
    p.hidden_number = n
  for each p in players:
    p chooses x from [1, 2, 3] "Show a number"
    p.open_number = x
'''

LABELLED_SECRET = '''\
game "Labelled secret":
  players 2 to 2

var mark per player = 0 secret
var points per player = 0

setup:
  for each p in players:
    p.mark = p.index + 1

play:
  for each p in players:
    p chooses g from [1, 2] "Guess" labelled "{g} (your mark is {p.mark})"
    p.points += g
'''


@pytest.mark.parametrize("rules_text, told", [
    (BLIND_PICK, ["Player 1 · Then: "]),  # the blind picks never, what follows them yes
    (SECRET_PICK, ["Player 1 · Show a number: "]),  # a number kept in a secret is not told
    (LABELLED_SECRET, []),  # an option whose words read a secret is not told
], ids=["simultaneous", "secret-variable", "secret-in-label"])
def test_another_seats_hidden_choice_is_never_told(capsys, typed, tmp_path, rules_text, told):
    path = tmp_path / "game.pir"
    path.write_text(rules_text, encoding="utf-8")
    typed("1\n" * 4 + "log\nquit\n")
    code, out, err = run(capsys, "play", str(path), "--seed", "1", "--seat", "random", "--seat", "human")
    assert code == 0, err
    log = [line.strip() for line in out.split("help): log")[-1].splitlines() if " · " in line]
    assert len(log) == len(told) and all(line.startswith(start) for line, start in zip(log, told)), log


def test_every_bot_seat_plays_as_the_bot_it_names():
    """A search bot asked for at the table is that bot, never a random one standing in for it."""
    import io

    from rich.console import Console

    from pirdsl.mcts import SearchBot
    from pirdsl.play import PlaySession, assign_controllers

    game = load_game(GAME)
    state = game.new_state(players=2, seed=1)
    controllers = assign_controllers(state, ["mcts:50", "ismcts:50"])
    session = PlaySession(game, state, controllers, Console(file=io.StringIO()))
    player_seats = [seat for seat in range(state.num_seats) if not state.is_automa(seat)]
    assert [type(session.bots[seat]) for seat in player_seats] == [SearchBot, SearchBot]
