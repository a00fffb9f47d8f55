# error: a single '=' gives a value
# at: 8:49
# hint: did you mean '=='?
game "Single equals in a where":
  players 2 to 4

play:
  let odd = [n for n in range(1, 9) where n % 2 = 1]
