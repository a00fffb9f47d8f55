# error: 'strength' belongs to each ship: write x.strength
game "Fleet":
  players 2 to 2
piece ship
var strength per ship = 8
play:
  log "{strength}"
