# `var name [per player | per PIECE] = value internal`: bookkeeping the rules keep for
# themselves. The rules read and change it as any other variable; no seat sees it, and
# the rule summary and card leave it out (what each seat sees is tested in
# tests/test_engine_api.py, the screen in tests/test_cli.py, the summary in
# tests/test_codegen.py).

game "Bookkeeping":
  players 2 to 3

piece ship(name) labelled "{name}"
var strength per ship = 3
var moves_made per ship = 0 internal       # moves this turn, reset each round
var gold per player = 1
var owed per player = 0 internal           # gold to pay at the end of the round
var laps = 0 internal
var harbour_open = true
zone harbour

setup:
  create 1 ship("Valiant") in harbour
  create 1 ship("Swift") in harbour

play:
  rounds until laps == 2:
    for each p in players:
      p chooses s from harbour "Which ship sails?"
      if harbour_open:
        s.strength -= 1
      s.moves_made += 1
      p.owed += 1
    laps += 1
    for each p in players:
      p.gold -= p.owed
      p.owed = 0

score p: p.gold

example "internal variables start with their value":
  players 2 named anna, bob
  expect:
    laps == 0
    anna.owed == 0
    [s.moves_made for s in harbour] == [0, 0]

example "the rules read and change internal variables like any variable":
  players 2 named anna, bob
  when:
    laps += 2
    anna.owed = laps * 3
    first(harbour).moves_made += anna.owed
  expect:
    laps == 2
    anna.owed == 6
    first(harbour).moves_made == 6
    top(harbour).moves_made == 0
