# error: unknown function 'cuont'
# at: 8:9
# hint: did you mean 'count'?
game "Count":
  players 2 to 4
zone bag
play:
  log "{cuont(bag)}"
score p: 0
