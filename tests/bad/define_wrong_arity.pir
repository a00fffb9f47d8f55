# error: define 'bonus' takes 2 arguments (a, b), but 1 is given
# at: 7:9
game "Bonus":
  players 2 to 4
define bonus(a, b) = a + b
play:
  log "{bonus(1)}"
score p: bonus(1, 2)
