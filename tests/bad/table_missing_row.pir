# error: table 'prize' has no row for 3
# at: 9:15
game "Prizes":
  players 2 to 4
table prize:
  1 -> 5
  2 -> 3
play:
  log "{prize[3]}"
score p: 0
