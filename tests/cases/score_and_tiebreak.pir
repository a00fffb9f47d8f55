# `score p: expr` is each player's score at any moment; `tiebreak p: expr` decides equal
# scores (higher wins; equal on both means a shared win). Eliminated players cannot win.
# Each variant sets up one situation; tests/test_engine_api.py checks who wins each.

game "Score":
  players 2 to 3

piece coin
zone bank
zone purse per player

var glory per player = 0
var gems per player = 0

variant plain "Scores differ: the highest wins"
variant broken_tie "Equal scores, the tiebreak decides"
variant shared "Equal scores and tiebreaks: a shared win"
variant knocked_out "The top scorer is eliminated"
variant everyone_out "Every player is eliminated"

setup:
  create 3 coin in bank

play:
  players[0] chooses go from ["go", "wait"] "Ready?"
  if variant plain:
    set_up([3, 5, 4], [0, 0, 0])
  if variant broken_tie:
    set_up([5, 5, 1], [1, 2, 9])
  if variant shared:
    set_up([5, 5, 1], [2, 2, 0])
  if variant knocked_out:
    set_up([9, 5, 1], [0, 0, 0])
    eliminate players[0]
  if variant everyone_out:
    for each p in players:
      eliminate p

rule set_up(glories, gem_counts):
  for each p in players:
    p.glory = glories[p.index]
    p.gems = gem_counts[p.index]

define final_score(p) = p.glory + count(p.purse)

score p: final_score(p)
tiebreak p: p.gems

example "the score can read variables and zones":
  players 3 named anna, bob, cleo
  when:
    set_up([3, 5, 4], [0, 0, 0])
    move first(bank) to bob.purse
    move bank to cleo.purse
  expect:
    final_score(anna) == 3
    final_score(bob) == 6
    final_score(cleo) == 6
