# error: expected ':'
# at: 6:5
game "Missing colon":
  players 2 to 4

play
  pass
