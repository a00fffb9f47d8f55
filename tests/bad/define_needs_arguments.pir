# error: define 'double' needs arguments: double(n)
# at: 7:9
game "Double":
  players 2 to 4
define double(n) = n * 2
play:
  log "{double}"
score p: double(1)
