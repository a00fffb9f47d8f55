# error: the local 'bag' hides the zone 'bag' declared on line 5
# at: 7:7
game "Shadow":
  players 2 to 4
zone bag
play:
  let bag = 3
  log "{bag}"
score p: 0
