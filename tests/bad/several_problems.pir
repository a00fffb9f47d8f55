# error: unknown name 'pile'
# at: 8:15
game "Several problems":
  players 2 to 4
zone bag
var coins per player = 0
play:
  move bag to pile
  coins += 1
  log "{cuont(bag)}"
score p: p.coinz
