# error: 'weighted' gives 2 weights for 3 elements
# at: 7:34
# hint: give one weight for each element, in order
game "Odds":
  players 2 to 2
play:
  draw r from [1, 2, 3] weighted [1, 2]
