# A game whose first seat is paid for nothing every round: a lopsided seat for
# `pirdsl analyze` to find (tests/test_analyze.py), even between random bots.

game "Analyze: a lopsided seat":
  players 2 to 2

die d3: 1, 2, 3

var gold per player = 0

play:
  rounds until max([p.gold for p in players]) >= 10:
    first(players).gold += 1
    for each p in players:
      p chooses how from ["dig", "dive"] "Dig or dive?"
      roll r on d3
      p.gold += r

score p: p.gold

example "the first seat is paid every round":
  players 2 named ann, bo
  when:
    first(players).gold += 1
  expect:
    ann.gold == 1
