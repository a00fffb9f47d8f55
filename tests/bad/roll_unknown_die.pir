# error: unknown die 'd8'
# at: 9:13
# hint: did you mean 'd6'?
game "Dice":
  players 2 to 4
die d6: 1, 2, 3, 4, 5, 6
var last = 0
play:
  roll r on d8
  last = r
score p: last
