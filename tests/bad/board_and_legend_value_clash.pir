# error: legend value 'sea' clashes with the board 'sea' on line 5
# at: 8:25
game "Sea":
  players 2 to 4
board sea: grid 1 by 2
  layer terrain:
    "s l"
  legend terrain: "s" = sea, "l" = land
play:
  log "{at(sea, 0, 0).terrain}"
score p: 0
