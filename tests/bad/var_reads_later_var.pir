# error: the starting value of 'total' reads 'base', which has no value yet
# at: 5:13
game "Order":
  players 2 to 4
var total = base * 2
var base = 3
play:
  total += base
score p: total
