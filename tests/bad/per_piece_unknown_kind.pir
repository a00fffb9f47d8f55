# error: 'var strength per shp' names no piece kind
# at: 6:18
game "Fleet":
  players 2 to 2
piece ship
var strength per shp = 8
play:
  pass
