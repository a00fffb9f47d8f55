# `final scoring: ...` runs once when play ends (or at `end game`), before the winner is named.

game "Final scoring":
  players 2 to 2

piece gem
zone vault per player

var glory per player = 0
var finished = false

setup:
  for each p in players:
    create p.index + 2 gem in p.vault

play:
  rounds until round_number == 2:
    for each p in players:
      p.glory += 1

final scoring:
  for each p in players:
    p.glory += count(p.vault) * 10
  finished = true

score p: p.glory

example "end game leads to final scoring":
  players 2 named anna, bob
  when:
    anna.glory = 1
    end game
  expect:
    finished
    anna.glory == 21
    bob.glory == 30

example "final scoring can see and change everything":
  players 2 named anna, bob
  given:
    move bob.vault to anna.vault
  when:
    end game
  expect:
    anna.glory == 50
    bob.glory == 0
