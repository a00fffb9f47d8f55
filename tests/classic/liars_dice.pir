# Liar's Dice, written in pirdsl from its well-known rules, with the dice as parameters.
#
# Each player rolls their dice in secret. Players bid in turn on how many dice on the
# whole table show a face; each bid must be higher than the last, or the player calls
# the last bid a lie. The highest face is wild: it counts as any face. The bid is then
# checked: if it holds, the caller loses, else the bidder does. With one six-sided die
# each it is OpenSpiel's liars_dice; tests/test_liars_dice.py walks both game trees
# (1 die of 3 sides and of 6 sides) and compares their nodes and information states.

game "Liar's Dice":
  players 2 to 4
  credits "A bluffing game played with dice in cups for centuries; the rules here are those of OpenSpiel's Liar's Dice."
  overview "Each player rolls dice in secret. In turn, players bid that at least so many dice on the table show a face, each bid higher than the last, until someone calls the last bid a lie and the dice are shown."
  goal "Do not be the one who is wrong when the dice are shown: the caller of a true bid, or the bidder of a false one."

param dice_each = 1 from 1 to 5 "dice each player rolls"
param dice_sides = 6 from 2 to 10 "sides on each die"

# ---------------------------------------------------------------- components

var dice per player = [] secret   # what a player rolled: only they see it
var bid = 0                       # the standing bid, numbered from the lowest (0: none yet)
var bidder = none                 # who made it
var loser = none                  # who lost, once the bid is checked

#: the dice on the table
define total_dice = dice_each * player_count
#: the highest bid there is
define top_bid = total_dice * dice_sides
#: how many dice {b} says show its face
define quantity(b) = floor((b - 1) / dice_sides) + 1
#: the face {b} names
define face(b) = (b - 1) % dice_sides + 1
#: {b} as said at the table
define said(b) = "liar" if b == 0 else "{quantity(b)} dice of {face(b)}"
#: the dice on the table that count as {f}: those showing it, and the wild highest face
define showing(f) = count([d for p in players for d in p.dice where d == f or d == dice_sides])

# ---------------------------------------------------------------- play

play:
  for each p in players:
    repeat dice_each times:
      draw d from range(1, dice_sides)
      p.dice = [x for x in p.dice + [d] order by x]   # a cup of dice has no order
  # Each bid is higher than the last, so after at most top_bid bids someone calls liar.
  let turn = 0
  repeat top_bid + 1 times:
    if loser == none:
      take_turn(players[turn % player_count])
      turn += 1

rule take_turn(p) "Bid or call liar":
  if bid == 0:
    p chooses b from range(1, top_bid) "Your opening bid?" labelled "{said(b)}"
  else:
    p chooses b from [x for x in range(bid + 1, top_bid)] + [0] "Raise the bid, or call liar?" labelled "{said(b)}"
  if b == 0:
    call_liar(p)
  else:
    bid = b
    bidder = p
    log "{p.name} bids {said(b)}."

rule call_liar(p) "Check the bid":
  log "{p.name} calls liar: {showing(face(bid))} dice count as {face(bid)}."
  if showing(face(bid)) >= quantity(bid):
    loser = p
  else:
    loser = bidder

# ---------------------------------------------------------------- scoring

score p: 0 if p == loser else 1
# The loser pays 1, shared out among the others (nobody pays before a bid is checked).
payoff p zero-sum from -1 to 1: 0 if loser == none else -1 if p == loser else 1 / (player_count - 1)

# ---------------------------------------------------------------- examples

example "bids are numbered by quantity, then face":
  players 2 named ann, bob
  expect:
    quantity(1) == 1
    face(1) == 1
    quantity(7) == 2
    face(7) == 1
    said(12) == "2 dice of 6"
    top_bid == 12

example "the highest face is wild: a true bid makes the caller lose":
  players 2 named ann, bob
  given:
    ann.dice = [6]
    bob.dice = [1]
    bid = 7
    bidder = ann
  when:
    call_liar(bob)
  expect:
    showing(1) == 2
    loser == bob

example "a false bid makes the bidder lose":
  players 2 named ann, bob
  given:
    ann.dice = [2]
    bob.dice = [1]
    bid = 7
    bidder = ann
  when:
    call_liar(bob)
  expect:
    loser == ann

example "with three-sided dice, 3 is wild and the top bid is 2 dice of 3":
  players 2 named ann, bob
  param dice_sides = 3
  given:
    ann.dice = [3]
    bob.dice = [1]
    bid = 4
    bidder = ann
  when:
    call_liar(bob)
  expect:
    top_bid == 6
    said(4) == "2 dice of 1"
    loser == bob

example "a raise must be higher: after the top bid only liar is left":
  players 2 named ann, bob
  given:
    bid = 11
    bidder = ann
  when:
    take_turn(bob)
    take_turn(ann)
  answers "2 dice of 6"
  expect:
    bid == 12
    loser != none
