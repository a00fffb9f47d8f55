# error: this '[' is never closed
# at: 6:17
# hint: close it with ']'
game "Unclosed bracket":
  players 2 to 4
define prizes = [4, 2, 1
play:
  pass
