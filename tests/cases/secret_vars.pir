# `var name [per player] = value secret`: the rules read and change a secret as any other
# variable; only its owner sees a per-player secret, and nobody sees a shared one
# (what each seat sees is tested in tests/test_engine_api.py).

game "Secrets":
  players 2 to 3

var coins per player = 1
var target per player = 0 secret
var hidden_goal = 7 secret

setup:
  for each p in players:
    p.target = 10 + p.index

play:
  players[0] chooses x from [1, 2] "Anything"

example "secret variables start with their value and setup can change them":
  players 2 named anna, bob
  expect:
    anna.target == 10
    bob.target == 11
    hidden_goal == 7

example "the rules read and change secrets like any variable":
  players 2 named anna, bob
  when:
    anna.target += 5
    hidden_goal = hidden_goal * 2
    bob.coins = anna.target
  expect:
    anna.target == 15
    hidden_goal == 14
    bob.coins == 15
