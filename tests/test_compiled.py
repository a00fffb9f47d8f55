"""Games compiled to Python: waiting anywhere in the rules, and going on from a copy or a save.

The rules run as generated Python functions that stop at a decision or chance
outcome and are resumed from plain data (interpreter/compiler.py). These games
wait in every kind of place a function can: inside loops inside branches inside
rules that call themselves, inside a simultaneous loop, after a `let` that was
never run, in final scoring. At every step, a copy, a state restored from
its save and one unpickled (in this process or another) must go on exactly as
the original does.
"""

from __future__ import annotations

import json
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter import GameRuleError, compiler, load_game, load_source

NESTED = '''
game "Nested":
  players 2 to 3

piece card(value) labelled "card {value}"
zone deck hidden
zone hand per player owner
zone table
var total per player = 0
var steps = 0
die d3: 1, 2, 3

setup:
  for each v in [1, 2, 3, 4, 5, 6]:
    create 6 card(v) in deck
  shuffle deck

rule deal(p, n):
  repeat n times:
    draw c from deck
    move c to p.hand
    if count(p.hand) > 3:
      return

rule pick(p, depth):
  if depth > 0:
    p chooses k from [1, 2] "Go deeper?" labelled "deeper {k} at {depth}" optional "stop"
    if k == none:
      return
    let kept = k
    pick(p, depth - 1)
    p.total += kept
  else:
    roll r on d3
    p.total += r

play:
  rounds until round_number > 3:
    for each p in players simultaneously:
      log "{p.name} thinks"
      deal(p, 2)
      let i = 0
      while i < 2:
        i += 1
        if i == 2:
          p chooses c from p.hand "Play a card" labelled "{c} at {i}"
          move c to table
          log "{p.name} plays {c} ({i})"
        elif steps > 100:
          end game
        else:
          steps += 1
    for each p in players:
      pick(p, 2)
      if p.total > 12:
        log "{p.name} ends it"
        end game

final scoring:
  for each p in players:
    p chooses bonus from [0, 1] "Bonus?"
    p.total += bonus

score p: p.total + count(p.hand)
'''

UNSET = '''
game "Unset":
  players 1 to 2

var n = 0
var seen = []

rule maybe(p, k):
  if k > 3:
    let late = k
  p chooses x from [k, k + 1] "Pick {k}"
  seen = seen + [x]
  n += late

play:
  for each p in players:
    for each k in [5, 1]:
      repeat 2 times:
        maybe(p, k)

score p: n
'''


def _view(state) -> str:
    """Everything the API shows now, as text."""
    shown = {"to_move": state.current_player(), "scores": state.scores(), "winners": state.winners(),
             "seats": [state.observation(seat) for seat in range(state.num_seats)],
             "saved": state.to_json()}
    if state.is_chance():
        shown["outcomes"] = [[a.label, p] for a, p in state.chance_outcomes()]
    elif not state.is_terminal():
        shown["prompt"] = state.prompt()
        shown["actions"] = [a.label for a in state.legal_actions()]
    return json.dumps(shown, sort_keys=True)


def _step(state, index) -> None:
    if state.is_chance():
        state.apply_chance()
    else:
        state.apply_action(index)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("seed", range(4))
def test_copies_and_saves_go_on_as_the_original_at_every_step(players, seed):
    game = load_source(NESTED, "nested.pir")
    state = game.new_state(players=players, seed=seed)
    hand = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        copy = state.clone()
        restored = game.state_from_json(json.loads(json.dumps(state.to_json())))
        index = 0 if state.is_chance() else hand.randrange(state.num_actions())
        for each in (state, copy, restored):
            _step(each, index)
        assert _view(copy) == _view(state) == _view(restored)
        steps += 1
    assert steps > 20
    assert state.phase == "Game over"


def test_a_local_without_a_value_keeps_having_none_after_a_save():
    game = load_source(UNSET, "unset.pir")
    state = game.new_state(players=1)
    state.apply_action(0)  # k = 5: `late` has a value
    state.apply_action(0)
    assert state.vars["n"] == 10
    assert state.prompt() == "Pick 1"
    restored = game.state_from_json(json.loads(json.dumps(state.to_json())))
    for each in (state, state.clone(), restored):
        with pytest.raises(GameRuleError, match="'late' has no value yet here") as raised:
            each.apply_action(0)
        assert raised.value.span.line == UNSET.splitlines().index("  n += late") + 1


def test_the_saved_position_names_the_waiting_rule_and_its_locals():
    game = load_source(UNSET, "unset.pir")
    state = game.new_state(players=1)
    frames = state.to_json()["frames"]
    assert frames[-1] == ["maybe", 1, {"p": {"player": 0}, "k": 5, "late": 5}]
    assert [frame[0] for frame in frames] == ["<main>", "<play>", "maybe"]


def test_a_failure_after_going_on_names_the_line_inside_the_loops():
    source = NESTED.replace("    p.total += r\n", "    p.total += r / (r - r)\n")
    game = load_source(source, "nested.pir")
    state = game.new_state(players=2, seed=1)
    with pytest.raises(GameRuleError, match="division by zero") as raised:
        while True:
            _step(state, 0)
    line = source.splitlines().index("    p.total += r / (r - r)") + 1
    assert str(raised.value).startswith(f"nested.pir:{line}:5: error: division by zero")


# ---------------------------------------------------------------- pickling

ROOT = Path(__file__).resolve().parent.parent


def test_a_pickled_state_comes_back_equal_and_independent_at_every_step():
    game = load_source(NESTED, "nested.pir")
    state = game.new_state(players=3, seed=2)
    hand = random.Random(2)
    while not state.is_terminal():
        copy = pickle.loads(pickle.dumps(state))
        assert copy is not state and _view(copy) == _view(state)
        index = 0 if state.is_chance() else hand.randrange(state.num_actions())
        _step(copy, index)
        assert _view(copy) != _view(state) or copy.is_terminal()
        _step(state, index)
        assert _view(copy) == _view(state)


def test_a_pickled_state_goes_on_in_another_process():
    game = load_game(str(ROOT / "games" / "glory_islands.pir"))
    state = game.new_state(players=3, seed=5)
    for step in range(25):
        _step(state, step % max(state.num_actions(), 1))
    child = ("import pickle, sys, json\n"
             "state = pickle.loads(sys.stdin.buffer.read())\n"
             "for step in range(25):\n"
             "    state.apply_chance() if state.is_chance() else state.apply_action(step % state.num_actions())\n"
             "print(json.dumps(state.to_json(), sort_keys=True))\n")
    done = subprocess.run([sys.executable, "-c", child], input=pickle.dumps(state), capture_output=True,
                          cwd=ROOT, check=True)
    for step in range(25):
        _step(state, step % max(state.num_actions(), 1))
    assert json.loads(done.stdout) == json.loads(json.dumps(state.to_json(), sort_keys=True))


# ---------------------------------------------------------------- the generated module and its cache

TIC_TAC_TOE = ROOT / "tests" / "classic" / "tic_tac_toe.pir"


def test_the_generated_module_shows_each_statement_s_line_of_the_rules():
    game = load_game(str(TIC_TAC_TOE))
    source = game.python_source()
    lines = source.splitlines()
    comment = '    # 71: p chooses s from empty_squares "Mark a square" labelled "square {s.number}"'
    assert comment in lines
    assert lines.index(comment) < lines.index("def rule_take_turn(st, _pc=0, _saved=None, v_p=None):") + 12
    compile(source, "tic_tac_toe.py", "exec")


def test_a_game_loads_from_the_cache_without_compiling(monkeypatch, tmp_path):
    monkeypatch.setenv("PIRDSL_CACHE_DIR", str(tmp_path))
    first = load_game(str(TIC_TAC_TOE))
    folder = tmp_path / "pirdsl-cache"
    entries = sorted(path.suffix for path in folder.iterdir())
    assert entries == [".TAG", ".code", ".load", ".py"]  # the marker, the module's code, the checked syntax tree
    # (see test_cache.py), the module's source
    assert first.code_filename == str(next(folder.glob("*.py")))
    monkeypatch.setattr(compiler.ModuleWriter, "module", lambda self: pytest.fail("compiled again"))
    second = load_game(str(TIC_TAC_TOE))
    assert second.code_filename == first.code_filename
    assert second.new_state(players=2).legal_actions()[4].label == "square 5"


def test_a_damaged_cache_entry_is_compiled_again(monkeypatch, tmp_path):
    monkeypatch.setenv("PIRDSL_CACHE_DIR", str(tmp_path))
    load_game(str(TIC_TAC_TOE))
    next(tmp_path.glob("pirdsl-cache/*.code")).write_bytes(b"not marshal data")
    game = load_game(str(TIC_TAC_TOE))
    assert game.new_state(players=2).num_actions() == 9


@pytest.mark.parametrize("setting", ["read-only", "off"])
def test_without_a_cache_games_load_and_fail_with_their_lines_all_the_same(monkeypatch, tmp_path, setting):
    if setting == "read-only":
        folder = tmp_path / "cache"
        folder.mkdir()
        folder.chmod(0o500)
        if os.access(folder, os.W_OK):  # running as a user every folder is writable to
            pytest.skip("cannot make a folder read-only here")
        monkeypatch.setenv("PIRDSL_CACHE_DIR", str(folder))
    else:
        monkeypatch.setenv("PIRDSL_CACHE_DIR", "")
    path = tmp_path / "nested.pir"
    path.write_text(NESTED.replace("    p.total += r\n", "    p.total += r / (r - r)\n"))
    game = load_game(str(path))
    assert game.code_filename.startswith("<pirdsl nested.pir ")
    state = game.new_state(players=2, seed=1)
    with pytest.raises(GameRuleError, match="division by zero") as raised:
        while True:
            _step(state, 0)
    assert raised.value.span.file == str(path)


# ---------------------------------------------------------------- defines worked out once per evaluation

COUNTED = '''
game "Counted":
  players 2 to 2

score p: p.once

piece card(value) labelled "card {value}"
zone deck
zone hand per player owner
var once per player = 0
var twice per player = 0

define values(p, d) = [c.value * floor(6 / d) for c in p.hand]
define total(p, d) = sum(values(p, d)) + count(values(p, d))
define both(p, extra) = total(p, 1) + total(p, 1) + count(extra)

setup:
  for each v in [1, 2, 3, 4]:
    create 1 card(v) in deck

play:
  for each p in players:
    move top(deck) to p.hand
    p.once = both(p, [1, 2])
    move top(deck) to p.hand
    p.twice = both(p, [1, 2])
    p chooses k from [1, 2] "Go on" labelled "{k}"
    p.once = total(p, 2 - k)
'''


def test_a_define_that_goes_through_a_list_is_worked_out_once_per_evaluation_and_never_stale():
    game = load_source(COUNTED, "counted.pir")
    calls = []
    # The define as written and its copies for arguments of known kinds (compiler `_specialised`).
    for name in [name for name in game.module if name == "define_values" or name.startswith("define_values__")]:
        game.module[name] = lambda st, p, d, values=game.module[name]: calls.append(p) or values(st, p, d)
    state = game.new_state(players=2)
    # `both` asks `total` twice and `total` asks `values` twice: one evaluation of `both`
    # works `total` and `values` out once each, whatever the other argument (a list) is.
    assert len(calls) == 2
    hand = [state.pieces[i].fields["value"] for i in state.contents[state.world.player_zones[0]["hand"].id]]
    assert len(hand) == 2
    assert state.pvars[0]["once"] == 2 * (6 * hand[0] + 1) + 2
    # The card moved in between is counted: nothing is kept from one statement to the next.
    assert state.pvars[0]["twice"] == 2 * (6 * sum(hand) + 2) + 2
    assert state.memo is None and state.clone().memo is None
    state.apply_action(0)  # k = 1: total(p, 1) again, in a statement of its own; then the second player's turn
    assert state.pvars[0]["once"] == 6 * sum(hand) + 2
    one, two = state.world.players
    assert calls == [one, one, one, two, two]


def test_a_define_failing_inside_another_leaves_no_evaluation_open():
    game = load_source(COUNTED, "counted.pir")
    state = game.new_state(players=2)
    with pytest.raises(GameRuleError, match="division by zero") as raised:
        state.apply_action(1)  # k = 2: values(p, 0), inside total(p, 0)
    assert raised.value.span.line == COUNTED.splitlines().index("    p.once = total(p, 2 - k)") + 1
    assert state.memo is None
