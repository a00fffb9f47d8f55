# error: board 'track' has two caption lines
# at: 13:11
game "Track":
  players 2 to 4
board track: grid 1 by 3
  layer kind:
    "R S P"
  layer number:
    "0 1 2"
  layer cost:
    "0 2 3"
  caption number
  caption cost
play:
  pass
score p: 0
