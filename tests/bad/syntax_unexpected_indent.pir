# error: unexpected indentation
# at: 7:7
game "Unexpected indent":
  players 2 to 4

play:
  pass
    pass
