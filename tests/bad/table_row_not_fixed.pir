# error: a row of table 'prize' must be a fixed value
# at: 7:8
game "Prizes":
  players 2 to 4
table prize:
  1 -> 5
  2 -> 5 - 2
play:
  log "{prize[1]}"
score p: 0
