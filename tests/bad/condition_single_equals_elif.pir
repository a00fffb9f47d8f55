# error: a single '=' gives a value
# at: 12:10
# hint: did you mean '=='?
game "Single equals in an elif":
  players 2 to 4

var x = 0

play:
  if x > 1:
    pass
  elif x = 1:
    pass
