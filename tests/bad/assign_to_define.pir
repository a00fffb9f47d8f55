# error: cannot change the define 'limit'
# at: 7:3
game "Limit":
  players 2 to 4
define limit = 10
play:
  limit = 12
score p: limit
