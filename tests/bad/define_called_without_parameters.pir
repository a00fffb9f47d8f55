# error: define 'target' has no parameters: write it without brackets
# at: 7:9
game "Target":
  players 2 to 4
define target = 10
play:
  log "{target()}"
score p: target
