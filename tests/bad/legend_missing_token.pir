# error: 'lnad' in layer 'terrain' is not in its legend
# at: 8:10
# hint: did you mean 'land'?
game "Map":
  players 2 to 4
board map: grid 2 by 2
  layer terrain:
    "sea lnad"
    "land sea"
  legend terrain: "sea" = water, "land" = ground
play:
  log "{[c.terrain for c in cells(map)]}"
score p: 0
