# error: row 2 of layer 'terrain' has 2 cells, but board 'map' has 3 columns
# at: 8:5
game "Map":
  players 2 to 4
board map: grid 2 by 3
  layer terrain:
    "1 2 3"
    "1 2"
play:
  log "{cells(map)}"
score p: 0
