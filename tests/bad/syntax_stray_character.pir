# error: unexpected character '$'
# at: 5:18
game "Stray character":
  players 2 to 4
define price = 3 $ 4
play:
  pass
