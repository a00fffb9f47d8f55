# error: a single '=' gives a value
# at: 8:24
# hint: did you mean '=='?
game "Single equals in a check":
  players 2 to 4

play:
  check count(players) = 2 "two seats"
