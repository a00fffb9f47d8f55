# error: 'longest 0 decisions' leaves no decision to play
# at: 5:3
game "Nothing":
  players 2 to 2
  longest 0 decisions
play:
  pass
score p: 0
