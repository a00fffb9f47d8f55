# error: zone 'bag' is declared twice (first on line 5)
# at: 6:6
game "Two bags":
  players 2 to 4
zone bag
zone bag hidden
play:
  move bag to bag
score p: 0
