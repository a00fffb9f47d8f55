# Breakthrough, written in pirdsl.
#
# A classic whose first moves have been counted (22, 484, 11,132 and 256,036
# sequences of one to four moves): tests/test_classic.py checks the engine's
# counts against them.

game "Breakthrough":
  players 2 to 2
  # Pawns only go forward. Before the winning move a pawn can advance at most 5 rows from the
  # second row and 6 from the first (the far row ends the game): 8 x 5 + 8 x 6 = 88 moves a
  # side, so 88 + 88 + 1 = 177 decisions at most.
  longest 177 decisions
  credits "Breakthrough, Dan Troyka (2000). Rules encoded for pirdsl."
  overview "Each player has sixteen pawns on the two rows nearest to them on an eight-by-eight board. White moves first. In turn, each player moves one pawn one square forward: straight ahead onto an empty square, or diagonally ahead onto an empty square or onto an enemy pawn, which is captured. Pawns never capture straight ahead and never move back."
  goal "Be the first to bring a pawn to the far row, or to capture every enemy pawn."

# ---------------------------------------------------------------- components

table colour:
  0 -> "white"
  1 -> "black"

table colour_mark:
  0 -> "W"
  1 -> "B"

piece pawn(owner) labelled "{colour[owner.index]} pawn" marked "{colour_mark[owner.index]}"

zone captured per player              # the enemy pawns a player has taken
zone box                              # pawns out of the game (the examples set up positions from it)

var winner = none

# ---------------------------------------------------------------- the board

# Row 0 is the top of the board, Black's back row (rank 8); row 7 is White's
# back row (rank 1). Columns are the files a to h.
board chessboard: grid 8 by 8
  layer square:
    ". . . . . . . ."
    ". . . . . . . ."
    ". . . . . . . ."
    ". . . . . . . ."
    ". . . . . . . ."
    ". . . . . . . ."
    ". . . . . . . ."
    ". . . . . . . ."

# By seat: White is the first player, Black the second.
table home_rows:
  0 -> [6, 7]
  1 -> [0, 1]

table forward:                        # the row step of a move forward
  0 -> -1
  1 -> 1

table far_row:                        # the row a pawn must reach to win
  0 -> 0
  1 -> 7

define file_letters = ["a", "b", "c", "d", "e", "f", "g", "h"]
# Squares are named as in chess: the file letter, then the rank, 1 at White's end.
#: the name of square {s}
define square_name(s) = "{file_letters[s.col]}{8 - s.row}"

#: {p}'s opponent
define opponent(p) = players[1 - p.index]
#: {p}'s pawns on the board
define pawns_of(p) = [x for x in all_pieces(cells(chessboard)) where x.owner == p]

# A move goes one row forward and -1 (left, as White sees it), 0 (straight) or 1
# (right) columns across.
#: the square one row forward of {s} for {p}, {side} columns across
define forward_of(s, p, side) = step(s, [forward[p.index], side])
#: the square pawn {x} reaches going forward {side} columns across
define ahead(x, side) = forward_of(where(x), x.owner, side)
# Straight ahead only onto an empty square; diagonally onto an empty square or an
# enemy pawn.
#: {p} may move a pawn onto square {t}, {side} columns across
define may_enter(p, t, side) = t != none and (empty(t) or (side != 0 and top(t).owner != p))

# Each move is a pair: the pawn, and the square it moves to.
#: {p}'s moves to the left, straight ahead and to the right
define moves_by_side(p) = ([[x, ahead(x, -1)] for x in pawns_of(p) where may_enter(p, ahead(x, -1), -1)]
                         + [[x, ahead(x, 0)] for x in pawns_of(p) where may_enter(p, ahead(x, 0), 0)]
                         + [[x, ahead(x, 1)] for x in pawns_of(p) where may_enter(p, ahead(x, 1), 1)])
# Listed file by file, so that a player finds each pawn's moves together.
#: {p}'s moves
define moves(p) = [m for m in moves_by_side(p) order by [where(m[0]).col, where(m[0]).row, m[1].col]]

# A move is named as in chess: where from, "-" or "x" for a capture, where to (e2-e3, d4xe5).
#: the name of move {m}
define move_name(m) = "{square_name(where(m[0]))}{\"-\" if empty(m[1]) else \"x\"}{square_name(m[1])}"

# ---------------------------------------------------------------- setup

setup:
  for each p in players:
    for each s in cells(chessboard):
      if s.row in home_rows[p.index]:
        create 1 pawn(p) in s

# ---------------------------------------------------------------- play

play:
  rounds:
    for each p in players:
      take_turn(p)

rule take_turn(p) "Move a pawn one square forward, capturing diagonally; the far row or the last capture wins":
  let options = moves(p)
  # assumed: a player who cannot move loses. The rules do not say, since it hardly
  # ever happens: every one of their pawns would have to be blocked.
  if count(options) == 0:
    log "{p.name} cannot move and loses."
    winner = opponent(p)
    end game
  p chooses m from options "Move a pawn" labelled move_name(m)
  let target = m[1]
  let taken = top(target)               # the enemy pawn on the square, or none
  if taken != none:
    log "{p.name} captures {taken} on {square_name(target)}."
    move taken to p.captured
  move m[0] to target
  #: If the pawn has reached the far row:
  if target.row == far_row[p.index]:
    log "{p.name} reaches the far row and wins."
    winner = p
    end game
  if taken != none and count(pawns_of(opponent(p))) == 0:
    log "{p.name} has captured every enemy pawn and wins."
    winner = p
    end game

# ---------------------------------------------------------------- scoring

score p: 1 if p == winner else 0

# ---------------------------------------------------------------- examples

#: the square called {name}
define square(name) = first([s for s in cells(chessboard) where square_name(s) == name])

rule clear_board() "(examples) Put every pawn back in the box":
  move all_pieces(cells(chessboard)) to box

rule put(p, name) "(examples) Set one of p's pawns from the box on the named square":
  move first([x for x in box where x.owner == p]) to square(name)

example "each side starts with sixteen pawns on its two home rows":
  players 2 named white, black
  expect:
    count(pawns_of(white)) == 16
    count(pawns_of(black)) == 16
    top(square("a1")).owner == white
    top(square("h2")).owner == white
    top(square("d7")).owner == black
    empty(square("e4"))
    square_name(at(chessboard, 7, 0)) == "a1"

example "White opens with 22 moves: three for each pawn on rank 2, two on the edge files":
  players 2 named white, black
  expect:
    count(moves(white)) == 22
    count([m for m in moves(white) where square_name(where(m[0])) == "a2"]) == 2
    count([m for m in moves(white) where square_name(where(m[0])) == "d2"]) == 3

example "a pawn moves one square diagonally forward":
  players 2 named white, black
  when:
    take_turn(white)
  answers "d2-e3"
  expect:
    top(square("e3")).owner == white
    empty(square("d2"))
    winner == none

example "a pawn captures diagonally forward":
  players 2 named white, black
  given:
    clear_board()
    put(white, "d4")
    put(black, "e5")
    put(black, "a7")
  when:
    take_turn(white)
  answers "d4xe5"
  expect:
    top(square("e5")).owner == white
    count(white.captured) == 1
    count(pawns_of(black)) == 1
    winner == none

example "a pawn cannot move or capture straight ahead onto an occupied square":
  players 2 named white, black
  given:
    clear_board()
    put(white, "d4")
    put(black, "d5")
  expect:
    [move_name(m) for m in moves(white)] == ["d4-c5", "d4-e5"]
    [move_name(m) for m in moves(black)] == ["d5-c4", "d5-e4"]

example "the moves are listed file by file":
  players 2 named white, black
  expect:
    take([move_name(m) for m in moves(white)], 5) == ["a2-a3", "a2-b3", "b2-a3", "b2-b3", "b2-c3"]

example "a pawn reaching the far row wins":
  players 2 named white, black
  given:
    clear_board()
    put(white, "g7")
    put(black, "a7")
    put(black, "b8")
  when:
    take_turn(white)
  answers "g7-g8"
  expect:
    winner == white
    top(square("g8")).owner == white

example "Black's pawns run the other way: reaching rank 1 wins":
  players 2 named white, black
  given:
    clear_board()
    put(white, "h1")
    put(white, "c1")
    put(black, "b2")
  when:
    take_turn(black)
  answers "b2xc1"
  expect:
    winner == black
    count(black.captured) == 1

example "capturing the last enemy pawn wins":
  players 2 named white, black
  given:
    clear_board()
    put(white, "c3")
    put(black, "d4")
  when:
    take_turn(white)
  answers "c3xd4"
  expect:
    winner == white
    count(pawns_of(black)) == 0
