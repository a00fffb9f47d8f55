# Tic-tac-toe (noughts and crosses), written in pirdsl.
#
# A classic whose game tree is known exactly: tests/test_classic.py checks the
# engine's move counts and the odds of random play against the published figures.

game "Tic-tac-toe":
  players 2 to 2
  # One mark a turn on nine squares: at most nine decisions.
  longest 9 decisions
  credits "Traditional."
  overview "Two players take turns marking the squares of a three-by-three grid, crosses first, then noughts."
  goal "Be the first to get three of your marks in a row: across, down or diagonally. A full board without one is a draw."

# ---------------------------------------------------------------- components

table mark_symbol:
  0 -> "X"
  1 -> "O"

piece mark(owner) labelled "{mark_symbol[owner.index]}" marked "{mark_symbol[owner.index]}"

zone supply per player                # the marks a player has still to place

var winner = none

# ---------------------------------------------------------------- the board

# The squares are numbered like a telephone keypad, 1 at the top left.
board grid: grid 3 by 3
  layer number:
    "1 2 3"
    "4 5 6"
    "7 8 9"

#: square {n}
define square(n) = first([s for s in cells(grid) where s.number == n])
#: the empty squares
define empty_squares = [s for s in cells(grid) where empty(s)]

# The eight lines of three, by square number: three rows, three columns and the
# two diagonals.
define numbered_lines = [[1, 2, 3], [4, 5, 6], [7, 8, 9],
                         [1, 4, 7], [2, 5, 8], [3, 6, 9],
                         [1, 5, 9], [3, 5, 7]]
#: the lines of three squares
define lines = [[square(n) for n in line] for line in numbered_lines]
#: the lines through square {s}
define lines_through(s) = [line for line in lines where s in line]

#: {p} has a mark on square {s}
define marked_by(p, s) = not empty(s) and top(s).owner == p
# Only a line through the square just marked can have become complete.
#: {p}'s mark on square {s} completes a line of three
define completes_a_line(p, s) = any([all([marked_by(p, t) for t in line]) for line in lines_through(s)])

# ---------------------------------------------------------------- setup

setup:
  # Crosses move first, so they place at most five marks and noughts four.
  for each p in players:
    create (5 if p.index == 0 else 4) mark(p) in p.supply

# ---------------------------------------------------------------- play

play:
  rounds:
    for each p in players:
      take_turn(p)

rule take_turn(p) "Mark an empty square; three in a row wins, a full board is a draw":
  p chooses s from empty_squares "Mark a square" labelled "square {s.number}"
  move first(p.supply) to s
  if completes_a_line(p, s):
    log "{p.name} has three in a row and wins."
    winner = p
    end game
  if count(empty_squares) == 0:
    log "The board is full: a draw."
    end game

# ---------------------------------------------------------------- scoring

# A draw leaves both players on 0, so they share it.
score p: 1 if p == winner else 0

# ---------------------------------------------------------------- examples

rule put(p, n) "(examples) Put one of p's marks on square n":
  move first(p.supply) to square(n)

example "the squares are numbered 1 to 9 like a keypad; crosses have five marks, noughts four":
  players 2 named cross, nought
  expect:
    square(1) == at(grid, 0, 0)
    square(5) == at(grid, 1, 1)
    square(9) == at(grid, 2, 2)
    count(empty_squares) == 9
    count(cross.supply) == 5
    count(nought.supply) == 4

example "a mark that makes no line: play goes on":
  players 2 named cross, nought
  given:
    put(cross, 5)
  when:
    take_turn(nought)
  answers "square 1"
  expect:
    top(square(1)).owner == nought
    winner == none
    count(empty_squares) == 7

example "three on a diagonal wins":
  players 2 named cross, nought
  given:
    put(cross, 3)
    put(nought, 1)
    put(cross, 5)
    put(nought, 2)
  when:
    take_turn(cross)
  answers "square 7"
  expect:
    winner == cross
    count(empty_squares) == 4

example "noughts win down a column":
  players 2 named cross, nought
  given:
    put(cross, 1)
    put(nought, 2)
    put(cross, 3)
    put(nought, 5)
    put(cross, 4)
  when:
    take_turn(nought)
  answers "square 8"
  expect:
    winner == nought

# X O X
# X O O
# O X .    crosses take the last square, and no line is made.
example "a full board without three in a row is a draw, and the last square is taken without asking":
  players 2 named cross, nought
  given:
    put(cross, 1)
    put(nought, 2)
    put(cross, 3)
    put(nought, 5)
    put(cross, 4)
    put(nought, 6)
    put(cross, 8)
    put(nought, 7)
  when:
    take_turn(cross)
  expect:
    winner == none
    count(empty_squares) == 0
    count(cross.supply) == 0

# X O X
# O X O
# O X .    the last square fills the board and completes a diagonal.
example "three in a row on the last square is a win, not a draw":
  players 2 named cross, nought
  given:
    put(cross, 1)
    put(nought, 2)
    put(cross, 3)
    put(nought, 4)
    put(cross, 5)
    put(nought, 6)
    put(cross, 8)
    put(nought, 7)
  when:
    take_turn(cross)
  expect:
    winner == cross
    count(empty_squares) == 0
