# `param NAME = DEFAULT from LOW to HIGH "what it counts"` declares a game parameter: a
# whole number the players agree on before the game, read by its name wherever a number
# may be. It keeps its default unless set (`--param NAME=VALUE` on the command line,
# an example's `param NAME = VALUE` line, an adapter's game parameters). Nothing in
# play can change it. tests/test_params.py checks the commands, adapters, saves and errors.

game "Parameters":
  players 2 to 4

param dice_sides = 6 from 2 to 12 "sides on each die"
param dice_each = 1 from 1 to 3
param handicap = 0 from -5 to 5

zone cup per player owner
piece die_face(value)

var total per player = 0

#: the largest total a player can roll
define most = dice_sides * dice_each

setup:
  for each p in players:
    p.total = handicap

play:
  for each p in players:
    roll_cup(p)

rule roll_cup(p) "Roll your dice":
  repeat dice_each times:
    p chooses face from range(1, dice_sides) "Which face comes up?"
    create 1 die_face(face) in p.cup
    p.total += face

score p: p.total

example "the defaults: one six-sided die each":
  players 2 named ann, bob
  expect:
    dice_sides == 6
    dice_each == 1
    most == 6
    ann.total == 0

example "a parameter set by the example, the others at their defaults":
  players 2 named ann, bob
  param dice_sides = 3
  expect:
    dice_sides == 3
    dice_each == 1
    most == 3

example "several parameters, one of them negative":
  players 2 named ann, bob
  param dice_each = 2
  param dice_sides = 4
  param handicap = -2
  when:
    roll_cup(ann)
  answers 4, 3
  expect:
    most == 8
    ann.total == 5
    count(ann.cup) == 2
    bob.total == -2
