# error: a second game header (the first is on line 3)
# at: 5:1
game "One":
  players 2 to 4
game "Two":
  players 2 to 4
play:
  pass
score p: 0
