# `eliminate p` takes a player out: eliminated(p) is then true and p can no longer win.
# Who wins is tested in tests/test_engine_api.py.

game "Eliminate":
  players 2 to 4

var gold per player = 0

play:
  for each p in players:
    p.gold = p.index
  eliminate players[0]

score p: p.gold

define in_play = [p for p in players where not eliminated(p)]

example "nobody starts eliminated":
  players 3
  expect:
    not any([eliminated(p) for p in players])
    count(in_play) == 3

example "an eliminated player is marked, and stays a seat":
  players 3 named anna, bob, cleo
  when:
    eliminate bob
  expect:
    eliminated(bob)
    not eliminated(anna)
    not eliminated(cleo)
    count(players) == 3
    in_play == [anna, cleo]

example "eliminating twice is the same as once":
  players 2 named anna, bob
  when:
    eliminate anna
    eliminate anna
  expect:
    eliminated(anna)
    in_play == [bob]

example "an eliminated player's variables still count and can change":
  players 2 named anna, bob
  when:
    anna.gold = 3
    eliminate anna
    anna.gold += 1
  expect:
    anna.gold == 4
