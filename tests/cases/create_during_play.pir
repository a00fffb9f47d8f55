# `create` during play: a supply that makes pieces on demand, in play, in rules, in loops,
# after a decision and in final scoring. Saving, restoring and copying a game with
# pieces made during play is tested in tests/test_engine_api.py.

game "Mint on demand":
  players 2 to 3

var edition = 1
piece coin(value) labelled "{value} gold"
piece ticket(number) labelled "ticket {number}, edition {edition}"
zone purse per player
zone counter

setup:
  create 1 ticket(0) in counter

rule mint(p) "Strike as many coins as the player asks for":
  p chooses amount from [1, 2, 3] "How many coins?"
  create amount coin(1) in p.purse

play:
  rounds until round_number == 2:
    for each p in players:
      mint(p)
      create 1 ticket(count(counter)) in counter
    edition += 1

final scoring:
  for each p in players:
    create 1 coin(5) in p.purse

score p: sum([c.value for c in p.purse])

example "a rule creates pieces after its player's decision":
  players 2 named anna, bob
  when:
    mint(anna)
  answers 3
  expect:
    count(anna.purse) == 3
    count(bob.purse) == 0
    [c.value for c in anna.purse] == [1, 1, 1]

example "a loop creates pieces on each pass":
  players 3 named anna, bob, cleo
  when:
    for each p in players:
      repeat p.index + 1 times:
        create 1 coin(p.index + 1) in p.purse
  expect:
    [c.value for c in anna.purse] == [1]
    [c.value for c in bob.purse] == [2, 2]
    [c.value for c in cleo.purse] == [3, 3, 3]

example "one decision after another, each followed by its create":
  players 2 named anna, bob
  when:
    mint(anna)
    mint(bob)
    mint(anna)
  answers 1, 2, 3
  expect:
    count(anna.purse) == 4
    count(bob.purse) == 2

example "final scoring may create pieces too":
  players 2 named anna, bob
  when:
    end game
  expect:
    [c.value for c in anna.purse] == [5]
    [c.value for c in bob.purse] == [5]

example "a piece's label is worked out when the piece is made":
  players 2 named anna, bob
  when:
    edition = 2
    create 1 ticket(1) in counter
  expect:
    "{first(counter)}" == "ticket 0, edition 1"
    "{top(counter)}" == "ticket 1, edition 2"
