# error: 'red' is already a member of kind 'colour' (line 5)
# at: 6:12
game "Colours":
  players 2 to 4
kind colour: red, blue
kind suit: red, black
play:
  log "{colour} {suit}"
score p: 0
