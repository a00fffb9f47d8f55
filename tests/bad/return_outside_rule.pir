# error: 'return' leaves a rule, but this is play, not a rule
# at: 7:5
game "Early exit":
  players 2 to 4
play:
  if round_number > 3:
    return
score p: 0
