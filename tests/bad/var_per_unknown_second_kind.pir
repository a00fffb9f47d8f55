# error: 'rok' names no piece kind
# at: 8:22
# hint: did you mean 'rock'?
game "Kinds":
  players 2 to 2
piece ship
piece rock
var facing per ship, rok = 0
play:
  pass
