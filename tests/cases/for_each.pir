# Loops over lists, zones and players: `for each x in xs [simultaneously]: ...`.

game "For each":
  players 2 to 3

kind colour: red, green, blue
piece card(value)
zone deck
zone hand per player

var trail = []
var played per player = none

setup:
  for each v in [1, 2, 3, 4]:
    create 1 card(v) in deck

play:
  for each p in players simultaneously:
    p chooses c from deck "Pick a card"
    p.played = c

example "the body runs once per element, in order":
  when:
    for each x in [3, 1, 2]:
      trail = trail + [x * 10]
  expect:
    trail == [30, 10, 20]

example "an empty list runs the body no times":
  when:
    for each x in []:
      trail = trail + ["never"]
  expect:
    trail == []

example "players, kinds and ranges can be walked through":
  players 3 named anna, bob, cleo
  when:
    for each p in players:
      trail = trail + [p.name]
    for each c in colour:
      trail = trail + [c]
    for each i in range(1, 3):
      trail = trail + [i]
  expect:
    trail == ["Anna", "Bob", "Cleo", red, green, blue, 1, 2, 3]

example "walking through a zone sees the pieces it held when the loop began":
  players 2 named anna, bob
  when:
    for each c in deck:
      move c to anna.hand
  expect:
    count(deck) == 0
    [c.value for c in anna.hand] == [1, 2, 3, 4]

example "changing the list during the loop does not change the loop":
  given:
    let xs = [1, 2]
  when:
    for each x in xs:
      xs = xs + [x]
      trail = trail + [x]
  expect:
    trail == [1, 2]
    xs == [1, 2, 1, 2]

example "loops nest":
  when:
    for each a in [1, 2]:
      for each b in [10, 20]:
        trail = trail + [a + b]
  expect:
    trail == [11, 21, 12, 22]

example "simultaneously still asks each player, in seat order":
  players 2 named anna, bob
  when:
    for each p in players simultaneously:
      p chooses c from deck "Pick a card"
      p.played = c
  answers 2, 4
  expect:
    anna.played.value == 2
    bob.played.value == 4
