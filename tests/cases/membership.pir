# Membership: `x in xs` and `x not in xs`, for lists, zones (pieces) and tables (keys).

game "Membership":
  players 2 to 2

kind colour: red, green, blue
piece card(value)
zone deck
zone hand per player

table points:
  red  -> 1
  blue -> 2

setup:
  create 1 card(1) in deck
  create 1 card(2) in deck

play:
  pass

example "in and not in for lists":
  expect:
    2 in [1, 2, 3]
    4 not in [1, 2, 3]
    not (4 in [1, 2, 3])
    not (2 not in [1, 2, 3])
    1 not in []
    [1] in [[1], [2]]
    none in [1, none]

example "in for kinds, which are lists of their members":
  expect:
    green in colour
    "purple" not in colour

example "in for zones: is this piece there now":
  players 2 named anna, bob
  given:
    let c = first(deck)
  when:
    move c to anna.hand
  expect:
    c in anna.hand
    c not in deck
    c not in bob.hand
    top(deck) in deck

example "something that is not a piece is never in a zone":
  expect:
    1 not in deck
    "card" not in deck
    none not in deck

example "in for tables asks about keys":
  expect:
    red in points
    green not in points
    1 not in points

example "in for players":
  players 2 named anna, bob
  expect:
    anna in players
    bob in [bob]
    anna not in [bob]
