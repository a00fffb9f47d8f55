# error: the header of table 'prizes' names 2 value columns, but this row has a list of 3 values
# at: 8:8
# hint: give each row a list of at most 2 values
game "Prizes":
  players 2 to 4
table prizes:
  header "Players" -> "1st", "2nd"
  4 -> [5, 3, 1]
  3 -> [4, 2]
play:
  log "{prizes[3]}"
score p: 0
