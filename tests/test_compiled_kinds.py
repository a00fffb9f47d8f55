"""Kinds known at compile time: the generated code leaves out the tests of a value's class it
does not need, and gives the same values and the same errors as with them.

What a rule's parameter, a local, a shared name of play or a define's value may hold is
worked out from the whole file (interpreter/compiler.py, `_infer_kinds` and `_specialised`).
"""

from __future__ import annotations

import pytest

from interpreter import GameRuleError, load_source
from interpreter.compiler import ModuleWriter
from interpreter.playout import Playout

KNOWN = '''
game "Kinds":
  players 2 to 2

score p: p.points

piece card(value) labelled "card {value}"
piece token labelled "token"
zone deck
zone hand per player owner
zone table
var points per player = 0
var seen = []

define best(cards) = max([c.value for c in cards])
define lead(p) = first(p.hand)

rule gain(p, n):
  p.points += n

rule tally(p):
  let c = lead(p)
  if c != none and c.value > 1:
    gain(p, c.value)
  gain(p, count(p.hand + table))

setup:
  for each v in [1, 2, 3, 4]:
    create 1 card(v) in deck
  create 1 token in table

play:
  for each p in players:
    move top(deck) to p.hand
    tally(p)
    seen = seen + [p]
  for each q in seen:
    gain(q, best(q.hand))
'''


def _function(source: str, name: str) -> str:
    body = source[source.index(f"def {name}("):]
    return body[:body.index("\n\n\n")]


def test_a_rule_only_ever_given_players_reads_their_variables_without_testing_the_class():
    game = load_source(KNOWN, "kinds.pir")
    source = game.python_source()
    assert "_Player" not in _function(source, "rule_gain")
    tally = _function(source, "rule_tally")
    assert "_Player" not in tally
    assert "len(_plus(" in tally  # a zone joined to a zone is a list of pieces, not a zone
    assert "recall_best__1(" in _function(source, "body_play")  # the copy of `best` for a zone
    state = game.new_state(players=2)
    # Each draws a card (4, then 3): its value when more than 1, hand and table (2), then the best card.
    assert state.terminal and [state.pvars[i]["points"] for i in range(2)] == [4 + 2 + 4, 3 + 2 + 3]


MIXED = '''
game "Mixed":
  players 2 to 2

score p: p.points

piece card(value) labelled "card {value}"
piece token labelled "token"
zone table
var points per player = 0

rule gain(p, n):
  p.points += n

setup:
  create 1 card(2) in table
  create 1 token in table

play:
  for each p in players:
    gain(p, 1)
  for each x in table:
    gain(first(players), WHO)
'''


@pytest.mark.parametrize("who, message", [
    ("x.value", "a token has no field 'value'"),  # a piece without the field fails as it did
    ("x", "'.points' belongs to a player, not a piece"),  # a rule given a piece somewhere keeps its test
])
def test_a_value_of_another_kind_than_most_fails_with_the_same_message(who, message):
    rules = MIXED.replace("gain(first(players), WHO)", "gain(first(players), x.value)" if who == "x.value"
                          else "gain(x, 1)")
    game = load_source(rules, "mixed.pir")
    with pytest.raises(GameRuleError, match=message):
        game.new_state(players=2)
    if who == "x":
        assert "_Player" in _function(game.python_source(), "rule_gain")


HOLDERS = '''
game "Holders":
  players 2 to 2

score p: p.points

piece disc(owner) labelled "disc"
zone pile per player
var points per player = 0

define mine(p, z) = not empty(z) and top(z).owner == p

rule tally(p):
  for each q in players:
    if mine(p, WHERE):
      p.points += 1

setup:
  create 2 disc(first(players)) in first(players).pile

play:
  STIR
  for each p in players:
    tally(p)
'''


def test_a_place_that_empty_said_holds_a_piece_has_its_top_read_without_tests():
    game = load_source(HOLDERS.replace("WHERE", "q.pile").replace("STIR", "pass"), "holders.pir")
    mine = _function(game.python_source(), "define_mine")
    right = mine[mine.index(" and "):]
    assert "_Zone" not in right and "_Piece" not in right  # empty(z) passed: z is a zone holding a piece
    state = game.new_state(players=2)
    assert [state.pvars[i]["points"] for i in range(2)] == [1, 0]


@pytest.mark.parametrize("where, stir, message", [
    ("3", "pass", "empty\\(\\) needs a zone or cell, got a number"),  # empty() still says what is wrong
    ("q.pile", "shuffle first(players).pile", "shuffled"),  # top() of a shuffled zone is still refused
])
def test_what_empty_says_leaves_the_errors_as_they_were(where, stir, message):
    game = load_source(HOLDERS.replace("WHERE", where).replace("STIR", stir), "holders.pir")
    with pytest.raises(GameRuleError, match=message):
        game.new_state(players=2)


def test_a_choice_among_places_is_a_place_and_a_where_clause_tells_the_element():
    rules = HOLDERS.replace("STIR", "pass").replace("WHERE", "q.pile") + '''
rule pick(p):
  p chooses z from [q.pile for q in players where not empty(q.pile)] "Pick a pile"
  move top(z) to p.pile
'''
    game = load_source(rules, "holders.pir")
    source = game.python_source()
    pick = _function(source, "rule_pick")
    assert "v_z.__class__" not in pick  # z is one of the piles offered: a zone
    assert "st.unordered" not in source  # nothing is ever shuffled in this game


# ---------------------------------------------------------------- copies of rules for arguments not none

SEATS = '''
game "Seats":
  players 2 to 3

score p: p.points

var points per player = 0
var trail = []
zone hand per player

automa bot "The Bot" when player_count == 3

rule gain(p, n):
  repeat n times:
    p.points += 1
  trail = trail + [p.name, count(p.hand)]

rule visit(p):
  if p == none:
    trail = trail + ["nobody"]
  else:
    gain(p, 2)

rule pick(p):
  p chooses x from [1, 2, 3] "Pick"
  p.points += x
  trail = trail + [x]

play:
  for each p in players:
    visit(p)
    if not automa(p):
      pick(p)
  visit(bot)
  LAST
'''

# What play does last: a rule given the automa seat, none where it does not play.
LASTS = ["pass", "gain(bot, 1)", "pick(bot)", "visit(bot)"]


def _seats_outcome(game, players: int, seed: int, played_out: bool):
    """The players' points and the trail at the end, or the first line of the error."""
    try:
        state = game.new_state(players=players, seed=seed)
        if played_out:
            state.play_out(Playout(lambda seat, count: seed % count, 100))
        else:
            while not state.is_terminal():
                state.apply_action(seed % state.num_actions())
    except GameRuleError as error:
        return str(error).splitlines()[0]
    return [variables["points"] for variables in state.pvars], state.vars["trail"]


@pytest.mark.parametrize("last", LASTS)
def test_a_rule_given_none_now_and_then_plays_as_written(last, monkeypatch):
    rules = SEATS.replace("LAST", last)
    game = load_source(rules, "seats.pir")
    for build in (game.python_source(), ModuleWriter(game.file, game.source, playout=True).module()):
        gain = _function(build, "rule_gain")
        assert gain.splitlines()[1].strip() == "if v_p is None: return rule_gain__any(st, v_p, v_n)"
        assert "_Player" not in gain and "_Player" in _function(build, "rule_gain__any")
    playout = ModuleWriter(game.file, game.source, playout=True).module()
    # A rule that may wait: its playout build's started copy has one for arguments not none.
    assert ("def rule_pick__any(" in playout) == (last == "pick(bot)") and "def resume_rule_pick(" in playout
    assert "def rule_visit__any(" not in playout  # the copy would read the same: none is made
    monkeypatch.setattr(ModuleWriter, "_not_none_params", lambda self, fn: None)
    written_once = load_source(rules + "# written once\n", "seats.pir")
    assert "__any" not in ModuleWriter(written_once.file, written_once.source, playout=True).module()
    outcomes = []
    for players in (2, 3):
        for seed in range(3):
            found = {(compiled is game, played_out): _seats_outcome(compiled, players, seed, played_out)
                     for compiled in (game, written_once) for played_out in (False, True)}
            assert len({repr(outcome) for outcome in found.values()}) == 1, found
            outcomes.append(found[(True, True)])
    # None reaches the rules in the two-player worlds: the errors are the runtime's, at the statement.
    if last == "gain(bot, 1)":
        assert outcomes[0] == "seats.pir:15:5: error: '.points' belongs to a player, not none"
    elif last == "pick(bot)":
        assert outcomes[0] == "seats.pir:25:3: error: only a player can choose, not none"
    else:
        assert outcomes[0][1][-1] == "nobody" and outcomes[3][1][-2] == "The Bot"


# ---------------------------------------------------------------- players' variables, fields, layers

FIELDS = '''
game "Fields":
  players 2 to 3

score p: p.points

piece card(value) labelled "card {value}"
piece pawn(owner) labelled "pawn"
board grid: grid 1 by 3
  layer ground:
    "a b c"
zone deck
zone hand per player
var points per player = 0
var best per player = none
var trail = []

automa bot "The Bot" when player_count == 3

rule score_pawns():
  for each s in cells(grid):
    for each x in s:
      x.owner.points += 1
      trail = trail + [s.ground, x.owner.name]

setup:
  for each v in [1, 2, 3]:
    create 1 card(v) in deck
  create 1 card(VALUE) in deck
  for each p in players:
    create 1 pawn(p) in at(grid, 0, 0)
  create 1 pawn(OWNER) in at(grid, 0, 1)

play:
  for each p in players:
    p chooses c from deck "Take a card"
    move c to p.hand
    p.best = top(p.hand)
  for each p in players:
    p.points = min([p.points + p.best.value, 10])
  score_pawns()
  LAST

example "a player's best is given something else than a card":
  players 2 named anna, beth
  when:
    anna.best = GIVEN
    anna.points = min([anna.points + anna.best.value, 10])
  expect:
    anna.points == 1
'''

# (what is substituted, its choices): the first of each is what the compiler's shortcuts are for.
FIELD_CHOICES = {
    "VALUE": ["4", '"high"'],  # a card's value: a number, or a name somewhere (`+` then fails)
    "OWNER": ["players[0]", "bot"],  # a pawn's owner: a player, or none where the bot does not play
    "LAST": ["pass", "trail = trail + [where(first(first(players).hand)).ground]",  # a layer of a zone: none
             "first(players).best = none\n  trail = trail + [first(players).best.value]",  # a card or none
             "repeat 3 times:\n    move top(deck) to first(players).hand"],  # a card, then none
    "GIVEN": ["first(deck)", "beth"],  # in the example: a card, or a player (who has no value)
}


def _fields_rules(**chosen) -> str:
    rules = FIELDS
    for key, choices in FIELD_CHOICES.items():
        rules = rules.replace(key, chosen.get(key, choices[0]))
    return rules


def _without_shortcuts(monkeypatch) -> None:
    """As the compiler wrote these before: nothing known of players' variables, fields or layers."""
    from interpreter.expressions import ExpressionWriter
    infer = ModuleWriter._infer_kinds

    def plain_variables_only(self):
        infer(self)
        self.var_kinds = {name: kind for name, kind in self.var_kinds.items() if not self.vars[name].per_player}
        self.field_kinds = {}
        self.purity.forget()

    monkeypatch.setattr(ModuleWriter, "_infer_kinds", plain_variables_only)
    monkeypatch.setattr(ExpressionWriter, "_every_board_has", lambda self, layer: False)
    monkeypatch.setattr(ExpressionWriter, "_none_or", lambda self, test, node, names: test)
    monkeypatch.setattr(ExpressionWriter, "_piece_or_none", lambda self, node, names: False)


def _fields_outcome(game, players: int, seed: int, played_out: bool):
    try:
        state = game.new_state(players=players, seed=seed)
        if played_out:
            state.play_out(Playout(lambda seat, count: seed % count, 100))
        else:
            while not state.is_terminal():
                state.apply_action(seed % state.num_actions())
    except GameRuleError as error:
        return str(error).splitlines()[0]
    return [variables["points"] for variables in state.pvars], state.vars["trail"]


def test_players_variables_fields_and_layers_known_are_read_without_tests():
    game = load_source(_fields_rules(), "fields.pir")
    source = game.python_source()
    pawns = _function(source, "rule_score_pawns")
    assert "_Player" not in pawns  # a pawn's owner is a player
    assert "_layer(" not in pawns  # a cell of the only board has its layers
    play = _function(source, "body_play")
    assert "_Zone" not in play[play.index("min("):]  # a player's points and a card's value are numbers
    # A player's best card, or none before one is taken: only none is told apart.
    best = play[play.index("min("):]
    assert "['best']) is not None and 'value' in" in best and "_Piece" not in best
    # The top of a player's hand, a piece or none, moved to a zone: only none is told apart.
    game = load_source(_fields_rules(LAST=FIELD_CHOICES["LAST"][3]), "fields.pir")
    assert "if _a is not None:\n" in _function(game.python_source(), "body_play")


@pytest.mark.parametrize("key, choice", [(key, choice) for key, choices in FIELD_CHOICES.items()
                                         for choice in choices[1:]] + [("VALUE", "4")])
def test_what_players_variables_fields_and_layers_hold_now_and_then_plays_as_written(key, choice, monkeypatch):
    from interpreter.examples import run_examples

    rules = _fields_rules(**{key: choice})
    game = load_source(rules, "fields.pir")
    _without_shortcuts(monkeypatch)
    tested = load_source(rules + "# tested\n", "fields.pir")
    assert "_layer(" in _function(tested.python_source(), "rule_score_pawns")
    assert "if _a is not None:" not in tested.python_source()
    outcomes = set()
    for players in (2, 3):
        for seed in range(3):
            found = {(compiled is game, played_out): _fields_outcome(compiled, players, seed, played_out)
                     for compiled in (game, tested) for played_out in (False, True)}
            assert len({repr(outcome) for outcome in found.values()}) == 1, found
            outcomes.add(repr(found[(True, True)]))
    examples = [[(result.passed, result.message) for result in run_examples(compiled)] for compiled in (game, tested)]
    assert examples[0] == examples[1]
    if key == "GIVEN":  # the example's error is the runtime's
        assert "a player has no 'value'" in examples[0][0][1]
    else:
        assert examples[0][0][0]
    if key == "OWNER":
        assert any("'.points' belongs to a player, not none" in outcome for outcome in outcomes)
    elif key == "LAST":
        expected = "has no 'ground'" if "ground" in choice else "none has no 'value'" if "best" in choice \
            else "there is nothing to move (the value is none)"
        assert all(expected in outcome for outcome in outcomes)
