# error: the game header does not say how many can play
# at: 3:1
game "Nobody":
  credits "a game for no one"
play:
  pass
score p: 0
