# error: a single '=' gives a value
# at: 10:11
# hint: did you mean '=='?
game "Single equals in a while":
  players 2 to 4

var x = 0

play:
  while x = 1:
    x += 1
