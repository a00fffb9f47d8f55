# error: legend for 'terain', but board 'map' has no layer of that name
# at: 9:10
# hint: did you mean 'terrain'?
game "Map":
  players 2 to 4
board map: grid 1 by 2
  layer terrain:
    "s l"
  legend terain: "s" = water, "l" = ground
play:
  log "{cells(map)}"
score p: 0
