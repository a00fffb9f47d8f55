# error: unexpected indentation
# at: 8:5
game "Unexpected indent":
  players 2 to 4

play:
  pass
    pass
