# error: the game header must come first
# at: 4:1
zone bag
game "Header second":
  players 2 to 4
play:
  move bag to bag
score p: 0
