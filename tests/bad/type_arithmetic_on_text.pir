# error: '-' works on numbers, not on a text
# at: 9:10
game "Arithmetic on a text":
  players 2 to 4

var gold = 10

play:
  gold = "10" - 1

score p: gold
