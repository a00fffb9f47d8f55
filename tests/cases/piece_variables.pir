# Per-piece variables: every piece of a kind keeps its own changing values.
game "Piece variables":
  players 2 to 2

piece ship(rate) labelled "{rate} rate" marked "s"

table rate_strength:
  1 -> 12
  4 -> 6

var strength per ship = rate_strength[rate]
var facing per ship = 0
zone fleet per player
zone wrecks

setup:
  for each p in players:
    create 1 ship(1) in p.fleet
    create 2 ship(4) in p.fleet

play:
  for each p in players:
    p chooses target from p.fleet "Which ship is hit?"
    target.strength -= 3

score p: sum([s.strength for s in p.fleet])

example "each piece starts from its own fields":
  players 2 named red, black
  expect:
    [s.strength for s in red.fleet] == [12, 6, 6]
    [s.facing for s in black.fleet] == [0, 0, 0]

example "changing one piece leaves the others alone":
  players 2 named red, black
  when:
    let flagship = first(red.fleet)
    let frigate = top(red.fleet)
    flagship.strength -= 5
    frigate.facing += 1
    frigate.facing = frigate.facing * 4
  expect:
    flagship.strength == 7
    frigate.strength == 6
    frigate.facing == 4
    first(black.fleet).strength == 12

example "a damaged piece is no longer interchangeable with an undamaged twin":
  players 2 named red, black
  given:
    let frigate = top(red.fleet)
    frigate.strength -= 1
  when:
    red chooses target from red.fleet "Which ship is hit?"
  answers "4 rate (strength 5"
  expect:
    target == top(red.fleet)
    target.strength == 5

example "values move with the piece":
  players 2 named red, black
  given:
    let frigate = top(red.fleet)
    frigate.strength = 0
    move frigate to wrecks
  expect:
    first(wrecks).strength == 0
    sum([s.strength for s in red.fleet]) == 18
