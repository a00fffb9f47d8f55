"""Hostile and peeking input (issue 8): each case driven the way a user would, ending in one clear line.

Section 2 of the issue: undo, seeds and saves must not let a seat see what it may
not. Undo takes back only a seat's own decisions since anything new came to light;
the seed of a game with people at the table is 64 bits from the OS and not shown;
a save is sealed, so an edited one is refused as damaged.

Section 3: inputs that used to end in a traceback (exit 70) end in one line with
exit 1, and change nothing: hostile save files, typed numbers and save paths,
a bots-only game that never ends, a rules file that creates ten million pieces,
and rules text that is too long, too deep or too large for the reader.

Commands run through `pirdsl.cli.main(argv)` with piped standard input, on small
rules files written for each case (or the shipped Glory Islands).
"""

from __future__ import annotations

import json
import math
import os
import secrets
import stat
import time
from pathlib import Path

import pytest

import pirdsl.cli as cli
from interpreter import load_game, load_source
from pirdsl.seal import load_key, seal

GLORY_ISLANDS = str(Path(__file__).resolve().parent.parent / "games" / "glory_islands.pir")




def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_line_error(err: str, expected: str) -> None:
    assert "Traceback" not in err and "internal error" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("pirdsl: error: ") and expected in err, err


def rules(tmp_path: Path, text: str, name: str = "game.pir") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# ================================================================ 2. undo


STEPS = '''\
game "Steps":
  players 2 to 2

var points per player = 0

play:
  for each p in players:
    p chooses a from [1, 2, 3] "First step"
    p.points += a
    log "{p.name} steps {a}."
    p chooses b from [1, 2, 3] "Second step"
    p.points += b
    log "{p.name} steps {b} more."
    p chooses c from [1, 2] "Third step"
    p.points += c

score p: p.points
'''

PEEK = '''\
game "Peek":
  players 2 to 2

piece card(value) labelled "card {value}"
zone hand per player owner
var points per player = 0

setup:
  for each p in players:
    create 1 card(p.index + 1) in p.hand

play:
  for each p in players:
    let other = first([q for q in players where q != p])
    p chooses g from [1, 2] "Guess the other's card"
    if g == first(other.hand).value:
      p.points += 1
    p chooses x from [1, 2] "Then"

score p: p.points
'''

SECRET = '''\
game "Secret":
  players 2 to 2

var mark per player = 0 secret
var points per player = 0

setup:
  for each p in players:
    p.mark = p.index + 1

play:
  for each p in players:
    let other = first([q for q in players where q != p])
    p chooses g from [1, 2] "Guess the other's mark"
    if g == other.mark:
      p.points += 1
    p chooses x from [1, 2] "Then"

score p: p.points
'''

REVEAL = '''\
game "Reveal":
  players 2 to 2

piece card(value) labelled "card {value}"
zone hand per player owner
zone played per player owner
zone table

setup:
  for each p in players:
    create 1 card(1) in p.hand
    create 1 card(2) in p.hand

play:
  for each p in players simultaneously:
    p chooses c from p.hand "Play a card face down"
    move c to p.played
  for each p in players:
    move p.played to table
  for each p in players:
    if p.index == 1:
      p chooses bet from [1, 2] "Bet"
'''

HELD_LOG = '''\
game "Held log":
  players 2 to 2

play:
  for each p in players simultaneously:
    p chooses n from [1, 2, 3] "Pick a number in secret"
    log "{p.name} picked {n}."
  for each p in players:
    if p.index == 1:
      p chooses bet from [1, 2] "Bet"
'''

BLIND = '''\
game "Blind":
  players 2 to 2

piece card(value) labelled "card {value}"
zone hand per player owner

setup:
  for each p in players:
    create 1 card(10 + p.index) in p.hand
    create 1 card(20 + p.index) in p.hand

play:
  for each p in players:
    let other = first([q for q in players where q != p])
    p chooses c from other.hand "Take a card from the other hand, unseen" labelled "a card"
    move c to p.hand
    p chooses x from [1, 2] "Then"
'''

ROLL = '''\
game "Roll":
  players 2 to 2

die d6: 1, 2, 3, 4, 5, 6
var points per player = 0

play:
  for each p in players:
    p chooses a from [1, 2] "Before the roll"
    roll r on d6
    p.points += a * r
    p chooses b from [1, 2] "After the roll"

score p: p.points
'''


def first_decision(text: str):
    state = load_source(text).new_state(players=2, seed=1)
    assert state.current_player() == 0
    return state


def test_own_decisions_with_nothing_hidden_show_nothing_new():
    state = first_decision(STEPS)
    before = json.dumps(state.to_json(), sort_keys=True)
    assert state.reveals(0) is False
    assert json.dumps(state.to_json(), sort_keys=True) == before  # the check changes nothing
    state.apply_action(0)
    assert state.reveals(1) is False
    state.apply_action(1)
    assert state.reveals(0) is True  # the last step: the other seat decides next


@pytest.mark.parametrize(
    "game, why",
    [
        (PEEK, "the rules compare the guess with the other's hidden card"),
        (SECRET, "the rules compare the guess with the other's secret variable"),
        (BLIND, "the option taken was a card the seat could not see"),
        (ROLL, "a roll comes before the seat's next decision"),
    ],
    ids=["hidden-hand", "secret-variable", "blind-pick", "roll"],
)
def test_a_decision_that_can_show_something_hidden_reveals(game, why):
    state = first_decision(game)
    assert all(state.reveals(index) for index in range(state.num_actions())), why


@pytest.mark.parametrize("game", [REVEAL, HELD_LOG], ids=["cards-turned-over", "held-log-released"])
def test_the_last_choice_of_a_simultaneous_loop_reveals_the_others(game):
    state = first_decision(game)
    state.apply_action(0)  # Player 1 chooses in secret
    assert state.current_player() == 1
    assert all(state.reveals(index) for index in range(state.num_actions()))


def _memo_snapshot(memo) -> dict:
    """A world's remembered defines, the one-parameter defines' tables (runtime.WorldMemo) copied too."""
    return {key: ({kind: dict(values) for kind, values in value.items()} if str(key)[:1] in "@#" else value)
            for key, value in memo.items()}


def test_a_veiled_check_never_leaves_anything_behind_in_the_real_game():
    state = first_decision(PEEK)
    memo = _memo_snapshot(state.world.memo)
    for index in range(state.num_actions()):
        state.reveals(index)
    assert _memo_snapshot(state.world.memo) == memo
    assert state.pieces[0].label == "card 1"


def play_rules(capsys, typed, path: str, lines: str, *options: str) -> str:
    typed(lines)
    code, out, err = run(capsys, "play", path, *options)
    assert code == 0, err
    assert "Traceback" not in err
    return out


def test_undo_takes_back_own_decisions_one_at_a_time(capsys, typed, tmp_path):
    out = play_rules(capsys, typed, rules(tmp_path, STEPS), "1\n2\nundo\nundo\nundo\n3\nquit\n", "--seed", "1")
    assert out.count("Undone: back to your previous decision.") == 2
    assert out.count("Nothing to undo") == 1  # back at the first decision
    assert "Player 1 steps 3." in out


def test_undo_does_not_show_old_log_lines_again(capsys, typed, tmp_path):
    out = play_rules(capsys, typed, rules(tmp_path, STEPS), "1\n1\nundo\nquit\n", "--seed", "1")
    after_undo = out.split("Undone")[1]
    assert "Player 1 steps 1." not in after_undo


@pytest.mark.parametrize(
    "game, lines, seats",
    [
        # The roll between the two decisions: undo would let the player choose again knowing it.
        (ROLL, "2\nundo\nquit\n", ["--seat", "human", "--seat", "random"]),
        # Player 2 lays the second card; the cards are turned over before its bet.
        (REVEAL, "1\nundo\nquit\n", ["--seat", "random", "--seat", "human"]),
        (HELD_LOG, "1\nundo\nquit\n", ["--seat", "random", "--seat", "human"]),
        # The guess is checked against the other's hidden card or secret before "Then".
        (PEEK, "1\nundo\nquit\n", ["--seat", "human", "--seat", "random"]),
        (SECRET, "1\nundo\nquit\n", ["--seat", "human", "--seat", "random"]),
    ],
    ids=["roll", "cards-turned-over", "held-log-released", "hidden-hand", "secret-variable"],
)
def test_undo_is_refused_once_something_new_came_to_light(capsys, typed, tmp_path, game, lines, seats):
    out = play_rules(capsys, typed, rules(tmp_path, game), lines, "--seed", "3", *seats)
    assert "Nothing to undo: undo takes back only your own decisions since anything new came to light" in out
    assert "Undone" not in out


def test_undo_is_refused_after_another_players_decision(capsys, typed, tmp_path):
    # Two people at one device: Player 1 finishes its steps, Player 2 takes one, Player 1 is
    # not asked again; Player 2's undo after its first step works, Player 1's earlier ones are gone.
    game = STEPS.replace("  for each p in players:\n", "  for each p in players + players:\n")
    out = play_rules(capsys, typed, rules(tmp_path, game), "1\n1\n1\nundo\n1\nundo\nundo\nquit\n",
                     "--seed", "1", "--seat", "human", "--seat", "human")
    # Player 2's first prompt: undo refused (Player 1 decided since); after one step, undo works.
    assert out.count("Nothing to undo") == 2
    assert out.count("Undone") == 1


# ================================================================ 2. seeds


def header(out: str) -> str:
    return out.splitlines()[0]


def test_an_unseeded_game_draws_64_bits_from_the_os_and_hides_them_from_people(capsys, typed, tmp_path, monkeypatch):
    drawn = []
    real = secrets.randbits
    monkeypatch.setattr(secrets, "randbits", lambda bits: drawn.append(bits) or real(bits))
    out = play_rules(capsys, typed, rules(tmp_path, STEPS), "quit\n")
    assert drawn == [64]
    assert "seed" not in header(out)


@pytest.mark.parametrize(
    "options, shown",
    [
        (["--seat", "random", "--seat", "random"], True),             # bots only: a reproducible log
        (["--seed", "7"], True),                                       # one person, who chose the seed
        (["--seed", "7", "--seat", "human", "--seat", "human"], False),  # the other person must not see it
        ([], False),                                                   # one person, a seed from the OS
    ],
)
def test_the_seed_is_shown_only_where_it_tells_no_one_anything(capsys, typed, tmp_path, options, shown):
    out = play_rules(capsys, typed, rules(tmp_path, STEPS), "quit\n", *options)
    assert ("; seed " in header(out)) == shown


# ================================================================ 2. saves


@pytest.fixture
def glory_save(capsys, typed, tmp_path):
    """A save of a two-player Glory Islands game, a few decisions in."""
    save = tmp_path / "evening.json"
    play_rules(capsys, typed, GLORY_ISLANDS, f"1\n2\n1\nsave {save}\nquit\n", "--players", "2", "--seed", "9")
    return save


def assert_load_refused(capsys, typed, save: Path, expected: str, game: str = GLORY_ISLANDS) -> None:
    before = save.read_bytes() if save.is_file() else None
    typed("1\n")
    code, out, err = run(capsys, "play", game, "--load", str(save))
    assert code == 1
    assert_one_line_error(err, expected)
    assert "your choice" not in out
    if before is not None:
        assert save.read_bytes() == before


def test_a_save_is_sealed_and_readable_by_its_owner_only(glory_save, tmp_path):
    data = json.loads(glory_save.read_text())
    assert data["version"] == 2 and data["seal"].startswith("hmac-sha256:")
    assert stat.S_IMODE(glory_save.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "config" / "save-key").stat().st_mode) == 0o600


def test_a_save_with_cards_moved_between_hands_is_refused_as_damaged(capsys, typed, glory_save):
    data = json.loads(glory_save.read_text())
    game = load_game(GLORY_ISLANDS)
    state = data["state"]
    # Move one card from Player 2's hand to Player 1's: the zones of a seat follow the shared ones.
    world = game.new_state(players=2, seed=9).world
    hand_1, hand_2 = (world.player_zones[seat]["hand"].id for seat in (0, 1))
    state["contents"][hand_1].append(state["contents"][hand_2].pop())
    glory_save.write_text(json.dumps(data))
    assert_load_refused(capsys, typed, glory_save, "damaged save file: its seal does not match")


def test_a_save_with_a_score_set_to_99_is_refused_as_damaged(capsys, typed, glory_save):
    text = glory_save.read_text()
    data = json.loads(text)
    data["state"]["pvars"][0]["glory"] = 99
    glory_save.write_text(json.dumps(data, indent=1))
    assert_load_refused(capsys, typed, glory_save, "damaged save file: its seal does not match")


def test_a_save_from_another_key_is_refused(capsys, typed, glory_save, tmp_path, monkeypatch):
    monkeypatch.setenv("PIRDSL_CONFIG_DIR", str(tmp_path / "another user"))
    assert_load_refused(capsys, typed, glory_save, "cannot check this save's seal: there is no save key")
    load_key(create=True)
    assert_load_refused(capsys, typed, glory_save, "its seal does not match")


def test_a_save_of_another_game_is_refused_as_another_game(capsys, typed, tmp_path):
    save = tmp_path / "steps.json"
    play_rules(capsys, typed, rules(tmp_path, STEPS), f"save {save}\nquit\n", "--seed", "1")
    assert_load_refused(capsys, typed, save, "this is a save of another game ('Steps'), not of Glory Islands")


def test_the_engine_refuses_a_state_of_another_game_by_name():
    steps = load_source(STEPS).new_state(players=2).to_json()
    with pytest.raises(ValueError, match="it is a saved game of 'Steps', not of 'Glory Islands'"):
        load_game(GLORY_ISLANDS).state_from_json(steps)


# ================================================================ 3. hostile save files


def resealed(data: dict) -> dict:
    body = {name: value for name, value in data.items() if name != "seal"}
    return {**body, "seal": seal(body, load_key(create=False))}


def nested(depth: int):
    value: object = 0
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "make, expected",
    [
        (lambda text: "[" * 100_000, "it is nested too deeply"),
        (lambda text: text.replace('"seed": 9,', '"seed": Infinity,'), "Infinity is not a JSON number"),
        (lambda text: text.replace('"history": [', '"history": [Infinity, '), "Infinity is not a JSON number"),
        (lambda text: text.replace('"history": [', '"history": [NaN, '), "NaN is not a JSON number"),
        (lambda text: text.replace('"history": [', '"history": [1e400, '), "too large a number"),
        (lambda text: text.replace('"history": [', '"history": [' + "9" * 5000 + ", "), "5000 digits"),
        (lambda text: json.dumps({**json.loads(text), "deep": nested(950)}), "nested too deeply"),
        (lambda text: json.dumps({**json.loads(text), "deep": nested(150)}), "nested too deeply: more than 100 levels"),
        (lambda text: "\ufeff" + text[:100], "not valid JSON"),
    ],
)
def test_hostile_save_files_are_refused_in_one_line(capsys, typed, glory_save, make, expected):
    glory_save.write_text(make(glory_save.read_text()))
    assert_load_refused(capsys, typed, glory_save, expected)


@pytest.mark.parametrize(
    "damage",
    [
        lambda state: state.__setitem__("seed", math.inf),
        lambda state: state["history"].insert(0, math.inf),
        lambda state: state["scopes"][0].__setitem__("deep", nested(950)),
        lambda state: state["vars"].__setitem__("compass_passes", {"fraction": [1, 0]}),
    ],
)
def test_the_engine_refuses_hostile_values_behind_a_valid_seal(damage):
    game = load_game(GLORY_ISLANDS)
    data = game.new_state(players=2, seed=9).to_json()
    damage(data)
    with pytest.raises(ValueError, match="damaged"):
        game.state_from_json(data)


def test_a_deeply_nested_value_behind_a_valid_seal_is_one_line(capsys, typed, glory_save):
    data = json.loads(glory_save.read_text())
    data["state"]["scopes"][0]["deep"] = nested(90)
    data["state"]["scopes"][0]["bad"] = {"fraction": [1, 0]}
    glory_save.write_text(json.dumps(resealed(data)))
    assert_load_refused(capsys, typed, glory_save, "corrupt save file")


def test_loading_a_device_a_pipe_or_a_folder_is_refused(capsys, typed, tmp_path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for path, expected in ((Path("/dev/zero"), "special file"), (pipe, "special file"), (tmp_path, "directory")):
        assert_load_refused(capsys, typed, path, expected)


# ================================================================ 3. typed input and save paths


def test_a_5000_digit_number_typed_at_a_choice_is_no_such_action(capsys, typed, tmp_path):
    out = play_rules(capsys, typed, rules(tmp_path, STEPS), "9" * 5000 + "\n" + "0" * 5000 + "1\nquit\n",
                     "--seed", "1")
    assert "There is no action 999999999...: choose from 1 to 3." in out
    assert "Player 1 steps 1." in out  # 000...01 is 1
    assert "9" * 100 not in out.split("your choice")[-1]


@pytest.mark.parametrize("kind", ["fifo", "folder", "link to a folder", "link to a device", "link to a file"])
def test_save_writes_only_to_a_regular_file_or_a_new_one(capsys, typed, tmp_path, kind):
    target = tmp_path / "target"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    elif kind == "link to a folder":
        target.symlink_to(tmp_path)
    elif kind == "link to a device":
        target.symlink_to("/dev/full")
    else:
        (tmp_path / "a file").write_text("keep me")
        target.symlink_to(tmp_path / "a file")
    before = os.lstat(target)
    out = play_rules(capsys, typed, rules(tmp_path, STEPS), f"save {target}\nquit\n", "--seed", "1")
    assert f"Could not save to {target}: " in out
    after = os.lstat(target)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert not list(tmp_path.glob(".pirdsl-*"))
    if kind == "link to a file":
        assert (tmp_path / "a file").read_text() == "keep me"


def test_save_over_an_earlier_save_and_to_a_new_file_still_work(capsys, typed, tmp_path):
    save = tmp_path / "game.json"
    save.write_text("an older save")
    out = play_rules(capsys, typed, rules(tmp_path, STEPS), f"save {save}\nsave {tmp_path / 'new.json'}\nquit\n")
    assert out.count("Saved to") == 2
    assert json.loads(save.read_text())["format"] == "pirdsl-save"


def test_save_with_a_nul_byte_in_the_name_is_refused(capsys, typed, tmp_path):
    out = play_rules(capsys, typed, rules(tmp_path, STEPS), f"save {tmp_path}/a\0b.json\nquit\n", "--seed", "1")
    assert "a file name cannot contain a NUL byte" in out
    assert not list(tmp_path.glob("a*"))


def test_load_with_a_nul_byte_in_the_name_is_one_line(capsys, typed, tmp_path):
    code, _, err = run(capsys, "play", rules(tmp_path, STEPS), "--load", "a\0b.json")
    assert code == 1
    assert_one_line_error(err, "a file name cannot contain a NUL byte")


# ================================================================ 3. runaway games


FOREVER = '''\
game "Forever":
  players 2 to 2

var n per player = 0

play:
  while true:
    for each p in players:
      p chooses x from [1, 2] "Pick"
      p.n += x

score p: p.n
'''

MANY_PIECES = '''\
game "Many":
  players 2 to 2

piece token
zone pile

setup:
  create 10000000 token in pile

play:
  for each p in players:
    p chooses x from [1, 2] "Pick"
'''


def test_a_bots_only_game_that_never_ends_meets_the_step_limit(capsys, typed, tmp_path):
    typed("")
    # --quiet: `check` also warns that this loop never ends (tests/test_faults_proc.py); here only the run counts.
    code, out, err = run(capsys, "play", rules(tmp_path, FOREVER), "--quiet", "--seat", "random", "--seat", "random")
    assert code == 1
    assert_one_line_error(err, "unfinished after 100000 steps with no one asked (hit the step limit)")
    assert "Final scores" not in out


def test_ten_million_pieces_are_refused_at_the_create_line(capsys, typed, tmp_path):
    path = rules(tmp_path, MANY_PIECES)
    typed("")
    started = time.perf_counter()
    code, _, err = run(capsys, "play", path, "--quiet", "--seat", "random", "--seat", "random")
    assert time.perf_counter() - started < 10
    assert code == 1
    assert err.startswith(f"{path}:8:3: error: a game may have at most 100,000 pieces, and this would make 10,000,000")
    assert "Traceback" not in err and len(err.strip().splitlines()) == 3  # the message, the line, the caret


# ================================================================ 3. rules text beyond the reader's limits


HEAD = 'game "X":\n  players 2 to 2\n\nvar n = 0\n\nplay:\n'


@pytest.mark.parametrize(
    "body, expected",
    [
        ("  n = " + "+".join(["1"] * 500_000) + "\n", "7:1: error: this line is 1,000,005 characters long"),
        ("".join("  " * (depth + 1) + "if n == 0:\n" for depth in range(400)) + "  " * 401 + "n = 1\n",
         "39:1: error: blocks are nested more than 32 deep here"),
        ("  n = " + "7" * 5000 + "\n", "7:1: error: this number has 5,000 digits; a number may have at most 30"),
        ("  n = " + "7" * 900 + "\n", "7:1: error: this number has 900 digits"),
        ("  n = " + "(" * 40 + "1" + ")" * 40 + "\n", "7:1: error: brackets are nested more than 32 deep here"),
        ("  n = (" + " +\n    ".join(["1"] * 150) + ")\n", "7:1: error: this expression has more than 100 operators"),
    ],
)
def test_rules_beyond_the_readers_limits_get_a_message_in_the_languages_terms(capsys, tmp_path, body, expected):
    path = rules(tmp_path, HEAD + body)
    run(capsys, "check", rules(tmp_path, HEAD + "  n = 1\n", "warm.pir"))  # the parser tables, once
    started = time.perf_counter()
    code, _, err = run(capsys, "check", path)
    elapsed = time.perf_counter() - started
    assert code == 1
    assert err.startswith(f"{path}:{expected}"), err[:300]
    assert "recursion" not in err and "sys." not in err and "Traceback" not in err
    assert max(len(line) for line in err.splitlines()) < 300
    assert elapsed < 3  # typically a few hundredths of a second; it used to be up to 18 s


def test_prose_given_as_a_rules_file_is_told_it_is_not_one(capsys, tmp_path):
    """A README (an unclosed bracket, then lines of prose full of '-' and '/') trips a limit before the
    parser runs; the message says what is really wrong."""
    prose = "# pirdsl\n\nA game is one text file (see the docs\n" + "- a list item / with - dashes\n" * 60
    code, _, err = run(capsys, "check", rules(tmp_path, prose, "README.md"))
    assert code == 1
    assert "README.md:3:1: error: this does not look like a rules file: it does not open with the game header" in err
    assert 'a rules file starts with: game "Name":' in err
