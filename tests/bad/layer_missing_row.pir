# error: layer 'terrain' has 1 row, but board 'map' is 2 by 2
# at: 6:3
game "Map":
  players 2 to 4
board map: grid 2 by 2
  layer terrain:
    "1 2"
play:
  log "{cells(map)}"
score p: 0
