# error: a heading of table 'bonus' is empty
# at: 7:3
game "Bonus":
  players 2 to 4
table bonus:
  # The key column needs a heading too.
  header "" -> "Bonus"
  0 -> 6
play:
  log "{bonus[0]}"
score p: 0
