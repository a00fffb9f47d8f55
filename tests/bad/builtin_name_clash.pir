# error: define 'count' clashes with the built-in function 'count'
# at: 5:8
game "Shadowing a built-in":
  players 2 to 4
define count = 3
play:
  log "{count}"
score p: 0
