# error: 'players 5 to 3' is not a sensible range
# at: 4:3
game "Reversed":
  players 5 to 3
play:
  pass
score p: 0
