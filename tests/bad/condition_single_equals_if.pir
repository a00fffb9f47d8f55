# error: a single '=' gives a value
# at: 10:8
# hint: did you mean '=='?
game "Single equals in an if":
  players 2 to 4

var x = 0

play:
  if x = 1:
    pass
