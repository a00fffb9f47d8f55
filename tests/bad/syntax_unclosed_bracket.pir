# error: expected ')', ',', ']'
# at: 6:1
game "Unclosed bracket":
  players 2 to 4
define prizes = [4, 2, 1
play:
  pass
