# error: indentation does not match any outer block
# at: 9:5
game "Bad dedent":
  players 2 to 4

play:
  if round_number > 1:
      pass
    pass
