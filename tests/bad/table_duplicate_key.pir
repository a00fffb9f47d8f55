# error: table 'prize' has two rows for 2 (the first on line 7)
# at: 8:3
game "Prizes":
  players 2 to 4
table prize:
  1 -> 5
  2 -> 3
  2 -> 1
play:
  log "{prize[1]}"
score p: 0
