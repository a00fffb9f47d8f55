# error: a single '=' gives a value
# at: 8:29
# hint: did you mean '=='?
game "Single equals in an until":
  players 2 to 4

play:
  rounds until round_number = 3:
    pass
