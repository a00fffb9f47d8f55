# Connect Four, written in pirdsl.
#
# A classic whose first moves are easy to count (no line of four is possible
# before the seventh disc, so there are 7^n ways to drop the first n discs):
# tests/test_classic.py checks the engine's counts against them.

game "Connect Four":
  players 2 to 2
  # One disc a turn into 42 slots: at most 42 decisions.
  longest 42 decisions
  credits "Connect Four, Milton Bradley (1974); the game itself is older. Rules encoded for pirdsl."
  overview "Two players take turns dropping discs of their colour into a rack of seven columns and six rows; a disc falls to the lowest empty slot of its column. Red drops first."
  goal "Be the first to line up four of your discs: across, down or diagonally. A full rack without one is a draw."

# ---------------------------------------------------------------- components

table colour:
  0 -> "red"
  1 -> "yellow"

table colour_mark:
  0 -> "R"
  1 -> "Y"

piece disc(owner) labelled "{colour[owner.index]} disc" marked "{colour_mark[owner.index]}"

zone supply per player                # the discs a player has still to drop

var winner = none

# ---------------------------------------------------------------- the board

# Seven columns of six slots; row 0 is the top of the rack, row 5 the bottom.
board rack: grid 6 by 7
  layer slot:
    ". . . . . . ."
    ". . . . . . ."
    ". . . . . . ."
    ". . . . . . ."
    ". . . . . . ."
    ". . . . . . ."

#: the slots of column {c} (counted from 0), from the top down
define column(c) = [at(rack, r, c) for r in range(0, 5)]
# A disc falls to the lowest empty slot of its column.
#: the lowest empty slot of column {c}
define landing_slot(c) = top([s for s in column(c) where empty(s)])
#: the top row of the rack
define top_row = [at(rack, 0, c) for c in range(0, 6)]
#: the columns that are not full (counted from 0)
define open_columns = [s.col for s in top_row where empty(s)]
#: the rack is full
define rack_full = all([not empty(s) for s in top_row])

# A line runs along one of four axes: across, down, and the two diagonals.
define axes = [[0, 1], [1, 0], [1, 1], [1, -1]]
#: the opposite direction to {d}
define backwards(d) = [-d[0], -d[1]]

#: {p} has a disc in slot {s}
define holds(p, s) = s != none and not empty(s) and top(s).owner == p
#: how many of {p}'s discs follow slot {s} without a break in direction {d}
define run(p, s, d) = 1 + run(p, step(s, d), d) if holds(p, step(s, d)) else 0
# Only a line through the disc just dropped can have become complete.
#: {p}'s disc in slot {s} lines up four or more
define four_in_a_row(p, s) = any([run(p, s, d) + 1 + run(p, s, backwards(d)) >= 4 for d in axes])

# ---------------------------------------------------------------- setup

setup:
  for each p in players:
    create 21 disc(p) in p.supply

# ---------------------------------------------------------------- play

play:
  rounds:
    for each p in players:
      take_turn(p)

rule take_turn(p) "Drop a disc; four in a row wins, a full rack is a draw":
  p chooses c from open_columns "Drop a disc" labelled "column {c + 1}"
  let s = landing_slot(c)
  move first(p.supply) to s
  if four_in_a_row(p, s):
    log "{p.name} lines up four and wins."
    winner = p
    end game
  if rack_full:
    log "The rack is full: a draw."
    end game

# ---------------------------------------------------------------- scoring

# A draw leaves both players on 0, so they share it.
score p: 1 if p == winner else 0

# ---------------------------------------------------------------- examples

rule drop(p, n) "(examples) Drop one of p's discs in column n (counted from 1)":
  move first(p.supply) to landing_slot(n - 1)

example "a disc falls to the lowest empty slot of its column":
  players 2 named red, yellow
  given:
    drop(red, 4)
  when:
    take_turn(yellow)
  answers "column 4"
  expect:
    top(at(rack, 5, 3)).owner == red
    top(at(rack, 4, 3)).owner == yellow
    empty(at(rack, 3, 3))
    winner == none

example "a full column is not offered":
  players 2 named red, yellow
  given:
    repeat 3 times:
      drop(red, 1)
      drop(yellow, 1)
  expect:
    count(open_columns) == 6
    landing_slot(0) == none
    open_columns == [1, 2, 3, 4, 5, 6]

example "four across wins":
  players 2 named red, yellow
  given:
    drop(red, 1)
    drop(yellow, 1)
    drop(red, 2)
    drop(yellow, 2)
    drop(red, 3)
    drop(yellow, 3)
  when:
    take_turn(red)
  answers "column 4"
  expect:
    winner == red

example "four down wins":
  players 2 named red, yellow
  given:
    drop(red, 1)
    drop(yellow, 7)
    drop(red, 1)
    drop(yellow, 7)
    drop(red, 2)
    drop(yellow, 7)
    drop(red, 3)
  when:
    take_turn(yellow)
  answers "column 7"
  expect:
    winner == yellow

# . . . R
# . . R Y
# . R Y Y
# R Y Y R      red's fourth disc, in column 4, completes the rising diagonal.
example "four on a diagonal wins":
  players 2 named red, yellow
  given:
    drop(red, 1)
    drop(yellow, 2)
    drop(red, 2)
    drop(yellow, 3)
    drop(red, 4)
    drop(yellow, 3)
    drop(red, 3)
    drop(yellow, 4)
    drop(red, 5)
    drop(yellow, 4)
  when:
    take_turn(red)
  answers "column 4"
  expect:
    winner == red
    top(at(rack, 2, 3)).owner == red

example "three in a row is not enough":
  players 2 named red, yellow
  given:
    drop(red, 1)
    drop(yellow, 1)
    drop(red, 2)
    drop(yellow, 2)
  when:
    take_turn(red)
  answers "column 3"
  expect:
    winner == none

# Top row first; 0 is red, 1 is yellow. No four line up anywhere.
#   R R Y Y R R .      yellow drops the last disc in column 7
#   R R Y Y R R Y
#   Y Y R R Y Y R
#   R R Y Y R R Y
#   Y Y R R Y Y R
#   Y Y R R Y Y R
example "a full rack without four in a row is a draw, and the last column is taken without asking":
  players 2 named red, yellow
  given:
    let layout = [[0, 0, 1, 1, 0, 0, 1],
                  [0, 0, 1, 1, 0, 0, 1],
                  [1, 1, 0, 0, 1, 1, 0],
                  [0, 0, 1, 1, 0, 0, 1],
                  [1, 1, 0, 0, 1, 1, 0],
                  [1, 1, 0, 0, 1, 1, 0]]
    for each r in [5, 4, 3, 2, 1, 0]:
      for each c in range(0, 6):
        if r > 0 or c < 6:
          move first(players[layout[r][c]].supply) to at(rack, r, c)
  when:
    take_turn(yellow)
  expect:
    winner == none
    rack_full
    count(open_columns) == 0
    count(red.supply) == 0
    count(yellow.supply) == 0
