# error: at most 12 players are supported
# at: 4:3
game "Crowd":
  players 2 to 40
play:
  pass
score p: 0
