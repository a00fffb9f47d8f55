# Variables and locals: `var name [per player] = value`, `let`, `=`, `+=`, `-=`, and `pass`.

game "Variables":
  players 2 to 3

kind colour: red, blue
piece pawn(owner)
zone board_zone

var counter = 0
var items = [1, [2, 3], []]
var nothing = none
var flag = true
var title = "start"
var favourite = red
var glory per player = 2
var bag per player = []

setup:
  for each p in players:
    create 1 pawn(p) in board_zone

play:
  pass

example "variables start with their declared values":
  players 2 named anna, bob
  expect:
    counter == 0
    items == [1, [2, 3], []]
    nothing == none
    flag
    title == "start"
    favourite == red
    anna.glory == 2
    bob.glory == 2
    anna.bag == []

example "each player has their own copy of a per-player variable":
  players 2 named anna, bob
  when:
    anna.glory += 3
    bob.glory -= 1
    anna.bag = anna.bag + [blue]
  expect:
    anna.glory == 5
    bob.glory == 1
    anna.bag == [blue]
    bob.bag == []

example "let names a local; = and += change it":
  given:
    let a = 1
  when:
    let b = a + 1
    a = 10
    b += a
  expect:
    a == 10
    b == 12

example "a shared variable changes with =, += and -=":
  when:
    counter = 5
    counter += 2
    counter -= 10
    title = "end"
    nothing = [1]
  expect:
    counter == -3
    title == "end"
    nothing == [1]

example "a player's variable can be reached through any expression giving a player":
  players 3 named anna, bob, cleo
  when:
    players[2].glory = 9
    first(board_zone).owner.glory += 1
    for each p in [q for q in players where q != anna]:
      p.glory -= 2
  expect:
    cleo.glory == 7
    anna.glory == 3
    bob.glory == 0

example "pass does nothing":
  when:
    pass
    if counter == 0:
      pass
    else:
      counter = 99
  expect:
    counter == 0
