"""Kinds known at compile time: the generated code leaves out the tests of a value's class it
does not need, and gives the same values and the same errors as with them.

What a rule's parameter, a local, a shared name of play or a define's value may hold is
worked out from the whole file (interpreter/compiler.py, `_infer_kinds` and `_specialised`).
"""

from __future__ import annotations

import pytest

from interpreter import GameRuleError, load_source

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
