# Creating pieces during setup: `create count piece(fields) in zone`.

game "Create":
  players 2 to 3

kind metal: gold, silver
piece coin(metal, value) labelled "{metal} coin worth {value}"
piece pawn(owner) labelled "{owner.name}'s pawn"
piece marker
zone bank
zone pool per player
zone empty_box

board map: grid 2 by 2
  layer ground:
    ". ."
    ". ."

setup:
  create 3 coin(gold, 5) in bank
  create 2 coin(silver, 1) in bank
  create 0 coin(gold, 100) in bank
  for each p in players:
    create p.index + 1 pawn(p) in p.pool
  create 1 marker in at(map, 1, 0)
  create count(players) * 2 marker in empty_box
  create 0 marker in empty_box

play:
  pass

example "created pieces carry their fields and go in order, each on top":
  expect:
    count(bank) == 5
    [c.value for c in bank] == [5, 5, 5, 1, 1]
    [c.metal for c in bank] == [gold, gold, gold, silver, silver]
    top(bank).metal == silver

example "create 0 makes nothing":
  expect:
    count([c for c in bank where c.value == 100]) == 0

example "the count can be any expression, worked out when the line runs":
  players 3 named anna, bob, cleo
  expect:
    count(anna.pool) == 1
    count(bob.pool) == 2
    count(cleo.pool) == 3
    count(empty_box) == 6
    all([x.owner == cleo for x in cleo.pool])

example "pieces can be created on a board cell":
  expect:
    count(at(map, 1, 0)) == 1
    piece_type(top(at(map, 1, 0))) == "marker"
    empty(at(map, 0, 0))

example "an example's given block may create pieces too":
  given:
    create 2 coin(silver, 9) in empty_box
  expect:
    count(empty_box) == 6
    [c.value for c in empty_box where piece_type(c) == "coin"] == [9, 9]

example "labels are made from the fields when the piece is created":
  players 2 named anna, bob
  expect:
    "{first(bank)}" == "gold coin worth 5"
    "{first(bob.pool)}" == "Bob's pawn"
    "{top(empty_box)}" == "marker"
