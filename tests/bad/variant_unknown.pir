# error: unknown variant 'strom'
# at: 8:14
# hint: did you mean 'storm'?
game "Weather":
  players 2 to 4
variant storm "Wind blows"
play:
  if variant strom:
    pass
score p: 0
