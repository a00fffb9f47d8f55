# `example setup:` runs in place of `setup` in every worked example: the setup of play asks each
# player to draft a token, which examples would otherwise have to answer one by one.

game "Example setup":
  players 2 to 3

piece token(value)
zone bag
zone kept per player

var order = []

setup:
  for each v in [1, 2, 3, 4, 5, 6]:
    create 1 token(v) in bag
  for each p in players:
    p chooses t from [x for x in bag] "Keep a token" labelled "{t.value}"
    move t to p.kept
  order = order + ["setup"]

play:
  pass

score p: sum([t.value for t in p.kept])

example setup:
  for each v in [1, 2, 3]:
    create 1 token(v) in bag
  order = order + ["example setup"]

example "examples run the example setup, not the setup of play, and ask nothing":
  given:
    order = order + ["given"]
  expect:
    order == ["example setup", "given"]
    count(bag) == 3
    count(players[0].kept) == 0

example "the example setup ends setup: a question in when is a question of play":
  players 2 named ann, bo
  when:
    ann chooses t from [x for x in bag] "Keep a token" labelled "{t.value}"
    move t to ann.kept
  answers "2"
  expect:
    sum([t.value for t in ann.kept]) == 2
    round_number == 0
