# Catalogues: `table NAME of PIECE:` lists pieces as data, one row per piece: the key is the
# piece's first field, the list its other fields in order. `NAME[KEY].FIELD` reads a row,
# `create N PIECE(KEY) in ZONE` makes the piece a row describes, and `keys(NAME)` lists
# the keys. `PLAYER chooses NAME from OPTIONS up to BUDGET costing COST` picks several
# options, each at most once, while their costs fit the budget.

game "Catalogues":
  players 2 to 2

kind side: red, blue

piece unit(name, side, cost, moves) labelled "{name}"

table units of unit:
  header "Unit" -> "Side", "Cost", "Moves"
  scout  -> [red, 2, [1, 2]]
  knight -> [red, 5, [2]]
  tower  -> [blue, 7, []]
  pawn   -> [blue, 1, [1]]

zone reserve per player
zone army per player

var build_total = 8

setup:
  for each p in players:
    p chooses picked from keys(units) up to build_total costing units[picked].cost "Add a unit to your army"
    for each k in picked:
      create 1 unit(k) in p.army

play:
  end game

score p: sum([u.cost for u in p.army])

example "a row's fields are read by name, the key is the first field":
  answers "Done", "Done"
  expect:
    units[knight].cost == 5
    units[knight].name == knight
    units[scout].moves == [1, 2]
    keys(units) == [scout, knight, tower, pawn]

example "a piece made from its key takes the other fields from its row":
  answers "Done", "Done"
  when:
    create 1 unit(tower) in players[0].reserve
  expect:
    [u.side for u in players[0].reserve] == [blue]
    [u.cost for u in players[0].reserve] == [7]

example "building under a budget: only what fits is offered, and choosing stops when nothing does":
  players 2
  answers knight, pawn, "Done", tower, pawn
  expect:
    [u.name for u in players[0].army] == [knight, pawn]
    [u.name for u in players[1].army] == [tower, pawn]
