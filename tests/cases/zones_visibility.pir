# Zones: shared or `per player`, and `public` (the default), `owner` or `hidden`.
# What each seat may see is tested in tests/test_engine_api.py; here, what the rules see.

game "Zones":
  players 2 to 3

piece card(value) labelled "card {value}"
zone table
zone market public
zone bag hidden
zone hand per player owner
zone vault per player hidden
zone tableau per player public

setup:
  create 2 card(1) in bag
  for each p in players:
    create 1 card(p.index + 10) in p.hand
    create 1 card(p.index + 20) in p.vault

play:
  pass

example "each player has their own copy of a per-player zone":
  players 2 named anna, bob
  expect:
    anna.hand != bob.hand
    [c.value for c in anna.hand] == [10]
    [c.value for c in bob.hand] == [11]
    anna.hand.owner == anna
    bob.vault.owner == bob

example "zones know their name; shared zones have no owner":
  players 2 named anna, bob
  expect:
    anna.hand.name == "hand"
    table.name == "table"
    table.owner == none
    bag.owner == none

example "zones show as their labels: the owner's name and the zone's":
  players 2
  expect:
    "{players[1].tableau}" == "Player 2's tableau"
    "{market}" == "market"

example "the rules see inside hidden and owner zones":
  players 2 named anna, bob
  when:
    move first(bob.vault) to anna.hand
    move first(bag) to market
  expect:
    [c.value for c in anna.hand] == [10, 21]
    count(bob.vault) == 0
    count(bag) == 1
    count(market) == 1
